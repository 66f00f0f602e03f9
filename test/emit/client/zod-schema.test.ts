import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import ts from 'typescript';
import { formatDiagnostic } from '../../../src/diagnostics/diagnostics';
import { TypeResolver } from '../../../src/go/type-resolver';
import { SchemaRegistry } from '../../../src/emit/client/schemas';
import { JsonShapes } from '../../../src/emit/json-shape';
import { zodFacade } from '../../../src/emit/client/zod-facade';
import { parsedProgram } from '../../support/go-program';

const MOD = 'example.com/app';
const FACADE_JS = ts.transpileModule(zodFacade({ zod: 'classic' }), { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;

/**
 * Maps the Go type `name` of package api (source `src`, plus other files of
 * the module) to the client's schema declarations, in emission order.
 * `schemas()` evaluates the printed schemas with the client's zod facade
 * (classic zod), so tests can check what the schemas accept as well as how
 * they read.
 */
async function mapGo(src: string, name = 'T', extra: Record<string, string> = {}) {
  const program = await parsedProgram(MOD, { 'api/api.go': `package api\n\n${src}`, ...extra });
  const resolver = new TypeResolver(program);
  const mapper = new JsonShapes(resolver);
  const registry = new SchemaRegistry(mapper);
  registry.use(mapper.json(resolver.resolveRef({ name, pkg: program.package(`${MOD}/api`)! })));
  const decls = registry.finish(new Set());
  const byName = Object.fromEntries(decls.map((d) => [d.typeName, d]));
  const schemas = (): Record<string, z.ZodType> => {
    const body = `${decls.map((d) => `const ${d.schemaName} = ${d.zod};`).join('\n')}\nreturn { ${decls.map((d) => `${d.typeName}: ${d.schemaName}`).join(', ')} };`;
    return new Function('z', `${FACADE_JS}\n${body}`)(z) as Record<string, z.ZodType>;
  };
  const diagnostics = [...resolver.diagnostics, ...mapper.diagnostics].map((d) => formatDiagnostic(d, '/mem'));
  return { decls, zod: byName[name]?.zod ?? '', byName, schemas, diagnostics };
}

/** The zod source of one property of T's object schema. */
async function prop(fieldDecl: string, imports = ''): Promise<string> {
  const { zod } = await mapGo(`${imports}\ntype T struct {\n\tF ${fieldDecl} \`json:"f"\`\n}`);
  const m = /^ {2}f: (.*),$/m.exec(zod);
  if (!m) throw new Error(`no property f in:\n${zod}`);
  return m[1]!;
}

describe('Go → zod: one row per kind of type', () => {
  it('string, bool, floats', async () => {
    expect(await prop('string')).toBe('fwString()');
    expect(await prop('bool')).toBe('fwBoolean()');
    expect(await prop('float32')).toBe('fwNumber()');
    expect(await prop('float64')).toBe('fwNumber()');
  });

  it('every integer kind is an integer within its Go range', async () => {
    const expected: Record<string, string> = {
      int: 'fwInt()',
      int8: 'fwIntRange(-128, 127)',
      int16: 'fwIntRange(-32768, 32767)',
      int32: 'fwInt32()',
      rune: 'fwInt32()',
      int64: 'fwInt()',
      uint: 'fwUint()',
      uint8: 'fwIntRange(0, 255)',
      byte: 'fwIntRange(0, 255)',
      uint16: 'fwIntRange(0, 65535)',
      uint32: 'fwUint32()',
      uint64: 'fwUint()',
      uintptr: 'fwUint()',
    };
    for (const [goType, zod] of Object.entries(expected)) expect(await prop(goType), goType).toBe(zod);
  });

  it('slices and maps are nullable (nil encodes as null); arrays are not', async () => {
    expect(await prop('[]string')).toBe('fwNullable(fwArray(fwString()))');
    expect(await prop('[3]int')).toBe('fwArrayOf(fwInt(), 3)');
    expect(await prop('map[string]int')).toBe('fwNullable(fwRecord(fwInt()))');
    expect(await prop('map[int64]bool')).toBe('fwNullable(fwRecord(fwBoolean()))');
  });

  it('pointers are nullable, also a pointer to a slice', async () => {
    expect(await prop('*string')).toBe('fwNullable(fwString())');
    expect(await prop('*[]int')).toBe('fwNullable(fwArray(fwInt()))');
    expect(await prop('[]*int')).toBe('fwNullable(fwArray(fwNullable(fwInt())))');
  });

  it('omitempty and omitzero make a property optional and drop the null of a nil pointer, slice or map (not of what a pointer points to)', async () => {
    const { zod } = await mapGo(
      'type T struct {\n\tA string `json:"a,omitempty"`\n\tB *int `json:"b,omitzero"`\n\tC []string `json:"c,omitempty"`\n\tD *[]string `json:"d,omitempty"`\n}',
    );
    expect(zod).toBe(
      [
        'fwObject({',
        '  a: fwOptional(fwString()),',
        '  b: fwOptional(fwInt()),',
        '  c: fwOptional(fwArray(fwString())),',
        '  d: fwOptional(fwNullable(fwArray(fwString()))),',
        '})',
      ].join('\n'),
    );
  });

  it('skips json:"-" and unexported fields, names untagged fields after the Go field', async () => {
    const { zod } = await mapGo('type T struct {\n\tName string\n\tSecret string `json:"-"`\n\tDash string `json:"-,"`\n\thidden int\n}');
    expect(zod).toBe(['fwObject({', '  Name: fwString(),', "  '-': fwString(),", '})'].join('\n'));
  });

  it('json:",string" values are strings', async () => {
    const { zod } = await mapGo('type T struct {\n\tID int64 `json:"id,string"`\n\tOK *bool `json:"ok,string"`\n\tList []int `json:"list,string"`\n}');
    expect(zod).toBe(['fwObject({', '  id: fwString(),', '  ok: fwNullable(fwString()),', '  list: fwNullable(fwArray(fwInt())),', '})'].join('\n'));
  });

  it('time.Time is an RFC 3339 string, time.Duration integer nanoseconds', async () => {
    const imports = 'import "time"\n';
    expect(await prop('time.Time', imports)).toBe('fwDateTime()');
    expect(await prop('*time.Time', imports)).toBe('fwNullable(fwDateTime())');
    expect(await prop('time.Duration', imports)).toBe('fwInt()');
    const { schemas } = await mapGo(`${imports}type T struct {\n\tAt time.Time \`json:"at"\`\n}`);
    const t = schemas().T!;
    expect(t.safeParse({ at: '2024-05-01T12:30:00.123456789+02:00' }).success).toBe(true);
    expect(t.safeParse({ at: '0001-01-01T00:00:00Z' }).success).toBe(true);
    expect(t.safeParse({ at: 'yesterday' }).success).toBe(false);
  });

  it('[]byte is base64 (nullable), json.RawMessage and any are unknown', async () => {
    expect(await prop('[]byte')).toBe('fwNullable(fwBase64())');
    expect(await prop('json.RawMessage', 'import "encoding/json"\n')).toBe('fwUnknown()');
    expect(await prop('any')).toBe('fwUnknown()');
    expect(await prop('interface{}')).toBe('fwUnknown()');
  });

  it('anonymous structs are inline objects, also inside slices', async () => {
    const { zod } = await mapGo('type T struct {\n\tItems []struct {\n\t\tN int `json:"n"`\n\t} `json:"items"`\n}');
    expect(zod).toBe(['fwObject({', '  items: fwNullable(fwArray(fwObject({', '    n: fwInt(),', '  }))),', '})'].join('\n'));
  });

  it('a map of structs refers to the struct schema, defined first', async () => {
    const { decls } = await mapGo('type Item struct {\n\tN int `json:"n"`\n}\n\ntype T struct {\n\tByID map[string]Item `json:"byId"`\n}');
    expect(decls.map((d) => d.typeName)).toEqual(['Item', 'T']);
    expect(decls[1]!.zod).toContain('byId: fwNullable(fwRecord(ItemSchema)),');
  });

  it('named string and int types with consts are enums (iota, iota + n, literals), with the zero value any zero struct has', async () => {
    const { byName, schemas } = await mapGo(
      [
        'type Role string',
        'const (\n\tRoleAdmin Role = "admin"\n\tRoleUser Role = "user"\n)',
        'type Level int',
        'const (\n\tLow Level = iota + 1\n\tMid\n\tHigh\n)',
        'type Plain string',
        'type T struct {\n\tRole Role `json:"role"`\n\tLevel Level `json:"level"`\n\tPlain Plain `json:"plain"`\n}',
      ].join('\n\n'),
    );
    expect(byName.Role!.zod).toBe("fwEnum(['admin', 'user', ''])");
    expect(byName.Level!.zod).toBe('fwLiteral([1, 2, 3, 0])');
    expect(byName.Plain!.zod).toBe('fwString()');
    expect(schemas().Level!.safeParse(4).success).toBe(false);
    expect(schemas().Level!.safeParse(0).success).toBe(true);
  });

  it('embedded structs are flattened, an embedded pointer struct makes its fields optional', async () => {
    const { zod } = await mapGo(
      'type Base struct {\n\tID int64 `json:"id"`\n}\n\ntype Audit struct {\n\tBy string `json:"by"`\n}\n\ntype T struct {\n\tBase\n\t*Audit\n\tName string `json:"name"`\n}',
    );
    expect(zod).toBe(['fwObject({', '  id: fwInt(),', '  by: fwOptional(fwString()),', '  name: fwString(),', '})'].join('\n'));
  });

  it('a field name clash after embedding keeps the shallower field, and drops equal contenders', async () => {
    const { zod } = await mapGo(
      'type A struct {\n\tName string `json:"name"`\n\tX int\n}\n\ntype B struct {\n\tName int `json:"name"`\n\tX int\n}\n\ntype T struct {\n\tA\n\tB\n\tName bool `json:"name"`\n}',
    );
    expect(zod).toBe(['fwObject({', '  name: fwBoolean(),', '})'].join('\n'));
  });

  it('recursive types go through fwLazy, also through a slice', async () => {
    const { decls, schemas } = await mapGo(
      'type T struct {\n\tName string `json:"name"`\n\tChildren []T `json:"children"`\n\tParent *T `json:"parent,omitempty"`\n}',
    );
    expect(decls).toHaveLength(1);
    expect(decls[0]!.zod).toBe(
      [
        'fwObject({',
        '  name: fwString(),',
        '  children: fwNullable(fwArray(fwLazy(() => TSchema))),',
        '  parent: fwOptional(fwLazy(() => TSchema)),',
        '})',
      ].join('\n'),
    );
    expect(decls[0]!.tsType).toBe(['{', '  name: string;', '  children: T[] | null;', '  parent?: T | undefined;', '}'].join('\n'));
    const tree = { name: 'a', children: [{ name: 'b', children: null }] };
    expect(schemas().T!.safeParse(tree).success).toBe(true);
    expect(schemas().T!.safeParse({ name: 'a', children: [{ name: 1, children: null }] }).success).toBe(false);
  });

  it('mutually recursive types: the later one referred to lazily', async () => {
    const { decls } = await mapGo('type T struct {\n\tOwner *U `json:"owner"`\n}\n\ntype U struct {\n\tItems []T `json:"items"`\n}');
    expect(decls.map((d) => [d.typeName, d.tsType !== ''])).toEqual([
      ['T', true],
      ['U', true],
    ]);
    expect(decls[0]!.zod).toContain('owner: fwNullable(fwLazy(() => USchema))');
    expect(decls[1]!.zod).toContain('items: fwNullable(fwArray(TSchema))');
  });

  it('types from other packages of the module get their own schema', async () => {
    const { decls } = await mapGo('import "example.com/app/models"\n\ntype T struct {\n\tUser models.User `json:"user"`\n}', 'T', {
      'models/models.go': 'package models\n\n// User is a user.\ntype User struct {\n\tName string `json:"name"`\n}\n',
    });
    expect(decls.map((d) => [d.id, d.typeName, d.doc])).toEqual([
      ['example.com/app/models.User', 'User', '/** User is a user. */'],
      [`${MOD}/api.T`, 'T', ''],
    ]);
  });

  it('*multipart.FileHeader has no JSON form: unknown in a JSON body', async () => {
    expect(await prop('*multipart.FileHeader', 'import "mime/multipart"\n')).toBe('fwUnknown()');
  });

  it('an unresolvable external type is unknown, with a warning naming the field', async () => {
    const { zod, diagnostics } = await mapGo('import "github.com/acme/geo"\n\ntype T struct {\n\tWhere geo.Point `json:"where"`\n}');
    expect(zod).toContain('where: fwUnknown(),');
    expect(diagnostics).toEqual([
      'api/api.go:6:2: warning: field Where of T has type geo.Point, which fw cannot resolve (package "github.com/acme/geo" cannot be found); it is treated as unknown (use a type of this module, of the standard library or of a downloaded dependency, a basic type, or json.RawMessage, []byte, any)',
    ]);
  });

  it('a type with MarshalJSON is unknown (with a warning), one with MarshalText a string', async () => {
    const { byName, diagnostics } = await mapGo(
      'type J struct{}\n\nfunc (J) MarshalJSON() ([]byte, error) { return nil, nil }\n\ntype Txt struct{}\n\nfunc (Txt) MarshalText() ([]byte, error) { return nil, nil }\n\ntype T struct {\n\tJ J `json:"j"`\n\tTxt Txt `json:"txt"`\n}',
    );
    expect(byName.J!.zod).toBe('fwUnknown()');
    expect(byName.Txt!.zod).toBe('fwString()');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toContain('type J has a MarshalJSON method');
  });

  it('names two types of the same name after their packages', async () => {
    const { decls } = await mapGo(
      'import "example.com/app/models"\n\ntype User struct{}\n\ntype T struct {\n\tA User `json:"a"`\n\tB models.User `json:"b"`\n}',
      'T',
      {
        'models/models.go': 'package models\n\ntype User struct{}\n',
      },
    );
    expect(decls.map((d) => d.typeName).sort()).toEqual(['ApiUser', 'ModelsUser', 'T']);
  });
});

describe('Go → zod: what encoding/json does that a struct does not show', () => {
  it('generic types get a schema per instantiation, named after the type arguments (nested, other packages)', async () => {
    const { byName, zod } = await mapGo(
      [
        'import "example.com/app/other"',
        'type User struct {\n\tID int64 `json:"id"`\n}',
        'type Page[T any] struct {\n\tItems []T `json:"items"`\n}',
        'type Pair[K comparable, V any] struct {\n\tKey K `json:"key"`\n\tValue V `json:"value"`\n}',
        'type T struct {\n\tA Page[User] `json:"a"`\n\tB Page[Pair[string, User]] `json:"b"`\n\tC other.Box[[]int] `json:"c"`\n}',
      ].join('\n\n'),
      'T',
      { 'other/other.go': 'package other\n\ntype Box[T any] struct {\n\tV T `json:"v"`\n}\n' },
    );
    expect(zod).toBe(['fwObject({', '  a: PageUserSchema,', '  b: PagePairStringUserSchema,', '  c: BoxIntListSchema,', '})'].join('\n'));
    expect(byName.PageUser!.zod).toBe('fwObject({\n  items: fwNullable(fwArray(UserSchema)),\n})');
    expect(byName.PairStringUser!.zod).toBe('fwObject({\n  key: fwString(),\n  value: UserSchema,\n})');
    expect(byName.BoxIntList!.zod).toBe('fwObject({\n  v: fwNullable(fwArray(fwInt())),\n})');
  });

  it('marshalers follow Go method sets: pointer receivers only where the value is addressable, promotion through embedding, defined types have no methods', async () => {
    const { byName, zod, diagnostics } = await mapGo(
      [
        'import "time"',
        'type Sem struct{ Major int }',
        'func (s Sem) MarshalText() ([]byte, error) { return nil, nil }',
        'type Ptr struct {\n\tN int `json:"n"`\n}',
        'func (p *Ptr) MarshalText() ([]byte, error) { return nil, nil }',
        'type Release struct {\n\tSem\n\tName string `json:"name"`\n}',
        'type Event struct {\n\ttime.Time\n\tTitle string `json:"title"`\n}',
        'type Stamp time.Time',
        'type Version Sem',
        'type T struct {\n\tA Ptr `json:"a"`\n\tB *Ptr `json:"b"`\n\tC []Ptr `json:"c"`\n\tD map[string]Ptr `json:"d"`\n\tR Release `json:"r"`\n\tE Event `json:"e"`\n\tS Stamp `json:"s"`\n\tV Version `json:"v"`\n}',
      ].join('\n\n'),
    );
    expect(zod).toBe(
      [
        'fwObject({',
        '  a: PtrSchema,',
        '  b: fwNullable(PtrAddressableSchema),',
        '  c: fwNullable(fwArray(PtrAddressableSchema)),',
        '  d: fwNullable(fwRecord(PtrSchema)),',
        '  r: ReleaseSchema,',
        '  e: EventSchema,',
        '  s: StampSchema,',
        '  v: VersionSchema,',
        '})',
      ].join('\n'),
    );
    expect(byName.Ptr!.zod).toBe('fwObject({\n  n: fwInt(),\n})');
    expect(byName.PtrAddressable!.zod).toBe('fwString()');
    expect(byName.Release!.zod).toBe('fwString()');
    expect(byName.Event!.zod).toBe('fwDateTime()');
    expect(byName.Stamp!.zod).toBe('fwObject({})');
    expect(byName.Version!.zod).toBe('fwObject({\n  Major: fwInt(),\n})');
    expect(diagnostics).toEqual([]);
  });

  it('two marshal methods promoted from the same depth cancel out: the fields are written', async () => {
    const { zod } = await mapGo(
      [
        'type A struct{ X int }',
        'func (A) MarshalText() ([]byte, error) { return nil, nil }',
        'type B struct{ Y int }',
        'func (B) MarshalText() ([]byte, error) { return nil, nil }',
        'type T struct {\n\tA\n\tB\n}',
      ].join('\n\n'),
    );
    expect(zod).toBe('fwObject({\n  X: fwInt(),\n  Y: fwInt(),\n})');
  });

  it('type P *P is always null; type M map[string]M refers to itself through an index signature', async () => {
    const { byName } = await mapGo('type P *P\n\ntype M map[string]M\n\ntype T struct {\n\tP P `json:"p"`\n\tM M `json:"m"`\n}');
    expect(byName.P!.zod).toBe('fwNull()');
    expect(byName.M!.tsType).toBe('{ [key: string]: M } | null');
  });
});

describe('Go → zod: generic types that never end', () => {
  it('an instantiation cycle (which Go rejects) becomes unknown instead of recursing forever', async () => {
    const { diagnostics } = await mapGo('type L[X any] struct {\n\tNext *L[[]X] `json:"next"`\n}\n\ntype T struct {\n\tL L[int] `json:"l"`\n}');
    expect(diagnostics.some((d) => d.includes('instantiates itself without end'))).toBe(true);
  });
});

describe('Go → zod: field comments', () => {
  const src =
    'type T struct {\n\t// Name is shown.\n\tName string `json:"name"`\n\tTags *[]string `json:"tags,omitempty"` // may be empty\n\tID int `json:"id"`\n}';

  it('ride on the JSON shape in every context (written and decoded), so every generator can print them', async () => {
    const program = await parsedProgram(MOD, { 'api/api.go': `package api\n\n${src}` });
    const resolver = new TypeResolver(program);
    const mapper = new JsonShapes(resolver);
    const fields = resolver.jsonFields(resolver.resolveRef({ name: 'T', pkg: program.package(`${MOD}/api`)! }));
    for (const ctx of ['out', 'addr', 'in'] as const) {
      expect(
        mapper.object(fields, ctx).props.map((p) => [p.name, p.doc]),
        ctx,
      ).toEqual([
        ['name', ['Name is shown.']],
        ['tags', ['may be empty']],
        ['id', []],
      ]);
    }
  });

  it('print as the JSDoc of the TypeScript property, not in the schema', async () => {
    const { decls, zod } = await mapGo(src);
    expect(decls[0]!.tsDecl).toBe(
      [
        'interface T {',
        '  /** Name is shown. */',
        '  name: string;',
        '  /** may be empty */',
        '  tags?: string[] | null | undefined;',
        '  id: number;',
        '}',
      ].join('\n'),
    );
    expect(zod).toBe(['fwObject({', '  name: fwString(),', '  tags: fwOptional(fwNullable(fwArray(fwString()))),', '  id: fwInt(),', '})'].join('\n'));
  });
});
