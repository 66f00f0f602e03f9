import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import ts from 'typescript';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { SchemaRegistry } from '../../src/emit/client/schemas';
import { zodFacade } from '../../src/emit/client/zod-facade';
import { printZod } from '../../src/emit/client/zod-schema';
import { JsonShapes } from '../../src/emit/json-shape';
import { TypeResolver } from '../../src/go/type-resolver';
import { parsedProgram } from '../support/go-program';

const MOD = 'example.com/app';
const FACADE_JS = ts.transpileModule(zodFacade({ zod: 'classic' }), { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;

/**
 * Where validator rules apply (src/emit/json-shape.ts): the request body
 * type T of package api (source `src`), read as the decoder reads it and
 * judged where the validator reaches (context `checked`), printed as the
 * client's schemas; `accepts(body)` runs T's schema with the client's zod
 * facade. The validator itself judges the same cases in
 * test/e2e/validate-oracle (fixtures/validate-oracle/internal/api/nested.go).
 */
async function body(src: string) {
  const program = await parsedProgram(MOD, { 'api/api.go': `package api\n\n${src}` });
  const resolver = new TypeResolver(program);
  const mapper = new JsonShapes(resolver);
  const registry = new SchemaRegistry(mapper);
  const t = resolver.resolveRef({ name: 'T', pkg: program.package(`${MOD}/api`)! });
  const shape = mapper.object(resolver.jsonFields(t), 'checked');
  registry.use(shape);
  const decls = registry.finish(new Set());
  const js = `${decls.map((d) => `const ${d.schemaName} = ${d.zod};`).join('\n')}\nreturn ${printZod(shape, (id) => registry.schemaName(id))};`;
  const schema = new Function('z', `${FACADE_JS}\n${js}`)(z) as z.ZodType;
  return {
    names: decls.map((d) => d.typeName),
    accepts: (value: unknown) => schema.safeParse(value).success,
    diagnostics: mapper.diagnostics.map((d) => formatDiagnostic(d, '/mem')),
  };
}

const ITEM = 'type Item struct {\n\tName string `json:"name,omitempty" validate:"min=2"`\n}\n';

describe('validator rules below the request body’s own fields', () => {
  it('an untagged struct field and a pointer to a struct: the validator dives in, at any depth; an absent struct is its zero value', async () => {
    const b = await body(
      `${ITEM}type Outer struct {\n\tIn Item \`json:"in,omitempty"\`\n}\ntype T struct {\n\tA Item \`json:"a,omitempty"\`\n\tP *Item \`json:"p,omitempty"\`\n\tO Outer \`json:"o,omitempty"\`\n}`,
    );
    const ok = { a: { name: 'ab' }, o: { in: { name: 'ab' } } };
    expect(b.accepts(ok)).toBe(true);
    expect(b.accepts({ ...ok, a: { name: 'a' } })).toBe(false);
    expect(b.accepts({ ...ok, o: { in: { name: 'é' } } })).toBe(false);
    expect(b.accepts({ ...ok, p: { name: 'a' } })).toBe(false);
    expect(b.accepts({ ...ok, p: null })).toBe(true);
    // Absent: the zero Item, whose empty name breaks min=2.
    expect(b.accepts({ o: ok.o })).toBe(false);
    expect(b.diagnostics).toEqual([]);
  });

  it('a tagged struct field, and list or map elements without dive: the fields are not judged there (a type used both ways is printed twice)', async () => {
    const b = await body(
      `${ITEM}type T struct {\n\tA Item \`json:"a"\`\n\tR *Item \`json:"r" validate:"required"\`\n\tL []Item \`json:"l"\`\n\tM map[string]Item \`json:"m"\`\n}`,
    );
    expect(b.names).toEqual(['Item', 'ItemUnchecked']);
    const ok = { a: { name: 'ab' }, r: { name: 'a' }, l: [{ name: 'a' }], m: { k: { name: 'a' } } };
    expect(b.accepts(ok)).toBe(true);
    expect(b.diagnostics).toEqual([
      'api/api.go:8:2: warning: rule "required" of the validate tag of field R (T) is checked by neither the client nor the OpenAPI document, which only name it; the server alone checks it (nothing to do if that is intended; the rules fw mirrors are listed in docs/type-mapping.md)',
    ]);
  });

  it('dive: each element takes the rules after it, nested dives, struct elements judged by their fields', async () => {
    const b = await body(
      `${ITEM}type Names []string\ntype T struct {\n\tL []string \`json:"l" validate:"min=1,dive,max=3"\`\n\tN Names \`json:"n" validate:"dive,min=2"\`\n\tD [][]string \`json:"d" validate:"dive,dive,min=2"\`\n\tM map[string]int \`json:"m" validate:"dive,min=1"\`\n\tI []*Item \`json:"i" validate:"dive"\`\n}`,
    );
    const ok = { l: ['abc'], n: ['ab'], d: [['ab'], null], m: { a: 1 }, i: [{ name: 'ab' }, null] };
    expect(b.accepts(ok)).toBe(true);
    for (const [key, bad] of Object.entries({ l: [], n: ['a'], d: [['ab', 'a']], m: { a: 0 }, i: [{ name: 'a' }] }))
      expect(b.accepts({ ...ok, [key]: bad }), key).toBe(false);
    expect(b.accepts({ ...ok, l: ['abcd'] })).toBe(false);
    expect(b.diagnostics).toEqual([]);
  });

  it('dive on nil elements: any rule but omitempty refuses them, none after dive lets them pass', async () => {
    const b = await body(
      'type T struct {\n\tR []*string `json:"r" validate:"dive,required"`\n\tO []*string `json:"o" validate:"dive,omitempty,min=2"`\n\tD [][]string `json:"d" validate:"dive,min=1"`\n}',
    );
    const ok = { r: [''], o: [null, 'ab'], d: [['a']] };
    expect(b.accepts(ok)).toBe(true);
    expect(b.accepts({ ...ok, r: [null] })).toBe(false);
    expect(b.accepts({ ...ok, o: ['a'] })).toBe(false);
    // A nil inner list counts 0.
    expect(b.accepts({ ...ok, d: [null] })).toBe(false);
  });

  it('keys…endkeys, and dive after a skipping rule fw does not mirror, warn and stay the server’s', async () => {
    const b = await body(
      'type T struct {\n\tK map[string]int `json:"k" validate:"dive,keys,min=2,endkeys,min=1"`\n\tN []string `json:"n" validate:"omitnil,dive,min=2"`\n}',
    );
    expect(b.accepts({ k: { a: 0 }, n: ['a'] })).toBe(true);
    expect(b.diagnostics.map((d) => /rule ("[^"]*")/.exec(d)![1])).toEqual(['"dive,keys,min=2,endkeys,min=1"', '"omitnil"', '"dive,min=2"']);
  });
});
