import Ajv2020 from 'ajv/dist/2020';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as zc from 'zod';
import * as zm from 'zod/mini';
import { SchemaRegistry } from '../../src/emit/client/schemas';
import { zodFacade } from '../../src/emit/client/zod-facade';
import { printTs, printZod } from '../../src/emit/client/zod-schema';
import { rulesNote } from '../../src/emit/constraints';
import { type JsonShape, JsonShapes } from '../../src/emit/json-shape';
import { printJsonSchema } from '../../src/emit/openapi/json-schema';
import type { ValidateTag } from '../../src/go/validate-tags';
import { TypeResolver } from '../../src/go/type-resolver';
import { parsedProgram } from '../support/go-program';

/**
 * Validator rules named, not asserted, where the server is the authority
 * (src/emit/constraints.ts, rulesNote): the TypeScript types of requests and
 * responses carry the field's rules in a doc comment (what an editor shows
 * on hover, read here by the TypeScript checker), the OpenAPI schemas in the
 * property's description; a response that breaks them is accepted by the
 * client's schema (zod and zod/mini) and by ajv on the JSON Schema, while
 * the request schema still refuses it. The same, end to end against the
 * validator and a live server: test/e2e/validate-oracle.e2e.test.ts.
 */

const MOD = 'example.com/app';
const SRC = [
  'type T struct {',
  '\tEmail string `json:"email" validate:"required,email,max=64"`',
  '\t// Name is shown.',
  '\tName string `json:"name" binding:"min=3"`',
  '\tOdd string `json:"odd" validate:"contains=*/,excludes=a\\nb"`',
  '\tAt string `json:"at" validate:"oneof=x @deprecated"`',
  '\tPlain string `json:"plain"`',
  '}',
].join('\n');

async function printed(src = SRC) {
  const program = await parsedProgram(MOD, { 'api/api.go': `package api\n\n${src}\n` });
  const resolver = new TypeResolver(program);
  const mapper = new JsonShapes(resolver);
  const t = resolver.resolveRef({ name: 'T', pkg: program.package(`${MOD}/api`)! });
  const fields = resolver.jsonFields(t);
  return { response: mapper.object(fields, 'out'), request: mapper.object(fields, 'checked'), mapper };
}

/** The shape's TypeScript declaration and both flavours' schemas, as the client prints them. */
function client(shape: JsonShape, mapper: JsonShapes) {
  const registry = new SchemaRegistry(mapper);
  registry.use(shape);
  registry.finish(new Set());
  const declaration = `export interface T ${printTs(shape, (id) => registry.typeName(id))}\n`;
  const schema = (flavour: 'classic' | 'mini') => {
    const facade = transpile(zodFacade({ zod: flavour }));
    return new Function('z', `${facade}\nreturn ${printZod(shape, (id) => registry.schemaName(id))};`)(flavour === 'mini' ? zm : zc) as zc.ZodType;
  };
  return { ts: declaration, classic: schema('classic'), mini: schema('mini') };
}

function transpile(source: string): string {
  return ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
}

/** The doc comment of each property of `T` as the TypeScript checker reads it (an editor's hover), and the file's syntax errors. */
function hover(source: string): { docs: Record<string, string>; tags: string[]; errors: string[] } {
  const file = ts.createSourceFile('/t.ts', source, ts.ScriptTarget.ES2022, true);
  const host = ts.createCompilerHost({});
  const program = ts.createProgram(['/t.ts'], { noEmit: true, noLib: true }, { ...host, getSourceFile: (name) => (name === '/t.ts' ? file : undefined) });
  const checker = program.getTypeChecker();
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)[0]!;
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const docs = Object.fromEntries(type.getProperties().map((p) => [p.name, ts.displayPartsToString(p.getDocumentationComment(checker))]));
  const tags = type.getProperties().flatMap((p) => p.getJsDocTags(checker).map((t) => `${p.name}: @${t.name}`));
  return { docs, tags, errors: program.getSyntacticDiagnostics().map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) };
}

describe('validator rules are named in requests and responses, and asserted in requests only', () => {
  it('the TypeScript types carry each field’s rules in a doc comment, mirrored or not, for requests and responses alike', async () => {
    const { response, request, mapper } = await printed();
    for (const shape of [response, request]) {
      const { docs, tags, errors } = hover(client(shape, mapper).ts);
      expect(errors).toEqual([]);
      // An `@` after white space would start a JSDoc tag (here marking the property deprecated): TSDoc's escape `\@`.
      expect(tags).toEqual([]);
      expect(docs).toEqual({
        email: 'Validator rules (validate tag): `required,email,max=64`',
        name: 'Name is shown.\n\nValidator rules (binding tag): `min=3`',
        // `*/` and a line break stay inside the comment, shown as escapes.
        odd: 'Validator rules (validate tag): `contains=*\\/,excludes=a\\nb`',
        at: 'Validator rules (validate tag): `oneof=x \\@deprecated`',
        plain: '',
      });
    }
  });

  it('a response breaking the rules is accepted by zod, zod/mini and ajv; the same value as a request is refused', async () => {
    const { response, request, mapper } = await printed();
    const breaking = { email: 'not an address', name: 'a', odd: 'b', at: 'y', plain: '' };
    const ajv = new Ajv2020({ strict: true });
    const judges = (shape: JsonShape) => {
      const { classic, mini } = client(shape, mapper);
      const ajvJudge = ajv.compile(printJsonSchema(shape, () => 'unused'));
      return [classic.safeParse(breaking).success, mini.safeParse(breaking).success, ajvJudge(breaking) === true];
    };
    expect(judges(response)).toEqual([true, true, true]);
    expect(judges(request)).toEqual([false, false, false]);
  });

  it('the OpenAPI response schema names the rules in the description, without a keyword that asserts them', async () => {
    const { response } = await printed();
    expect(printJsonSchema(response, () => 'unused').properties).toEqual({
      email: { description: 'Validator rules (validate tag): `required,email,max=64`', type: 'string' },
      name: { description: 'Name is shown.\n\nValidator rules (binding tag): `min=3`', type: 'string' },
      odd: { description: 'Validator rules (validate tag): `contains=*/,excludes=a\nb`', type: 'string' },
      at: { description: 'Validator rules (validate tag): `oneof=x @deprecated`', type: 'string' },
      plain: { type: 'string' },
    });
  });

  it('a backtick in the rules gets a longer code span fence', () => {
    const tag = (text: string): ValidateTag => ({ key: 'validate', text, rules: [] });
    expect(rulesNote(tag('max=3'))).toBe('Validator rules (validate tag): `max=3`');
    expect(rulesNote(tag('contains=`'))).toBe('Validator rules (validate tag): `` contains=` ``');
    expect(rulesNote(tag('contains=``x`'))).toBe('Validator rules (validate tag): ``` contains=``x` ```');
  });

  it('an `@` in a Go comment is text in the hover, not a JSDoc tag that hides the rest (only `Deprecated:` makes a tag)', async () => {
    const src = [
      'type T struct {',
      "\t// Handle is the user's @handle on the site, as in (@x) or a@b.c.",
      '\t// @since is not a tag either.',
      '\t//',
      '\t//\tx := @foo bar',
      '\t//',
      '\t// Deprecated: use @Nick instead.',
      '\tHandle string `json:"handle" validate:"oneof=x @y"`',
      '}',
    ].join('\n');
    const { response, request, mapper } = await printed(src);
    for (const shape of [response, request]) {
      const { docs, tags, errors } = hover(client(shape, mapper).ts);
      expect(errors).toEqual([]);
      expect(tags).toEqual(['handle: @deprecated']);
      // The hover is Markdown, where `\@` shows as `@` (outside code blocks).
      expect(docs.handle).toBe(
        [
          "Handle is the user's \\@handle on the site, as in (@x) or a@b.c.",
          '\\@since is not a tag either.',
          '',
          '```',
          'x := \\@foo bar',
          '```',
          '',
          'Validator rules (validate tag): `oneof=x \\@y`',
        ].join('\n'),
      );
    }
  });
});
