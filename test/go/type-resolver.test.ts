import { describe, expect, it } from 'vitest';
import type { GoFile } from '../../src/go/ast';
import { unpackPos } from '../../src/go/packed-pos';
import { TypeResolver } from '../../src/go/type-resolver';
import { constDecl, embed, field, go, goFile, importOf, memoryProgram, method, parsedProgram, typeDecl } from '../support/go-program';
import type { GoPackage } from '../../src/go/package';
import type { ResolvedType } from '../../src/go/resolved-types';

const MOD = 'example.com/app';
const API = '/mem/api.go';

/** One package `api` at the module root (plus optional other packages), and a resolver over it. */
function setup(api: Partial<Pick<GoFile, 'imports' | 'types' | 'consts' | 'funcs'>>, others: Record<string, GoFile[]> = {}) {
  const program = memoryProgram(MOD, { '': [goFile(API, 'api', api)], ...others });
  const pkg = program.package(MOD)!;
  const resolver = new TypeResolver(program);
  return { program, pkg, resolver, resolve: (name: string) => resolver.resolveRef({ name, pkg }) };
}

function namedType(resolver: TypeResolver, t: ResolvedType) {
  if (t.kind !== 'named') throw new Error(`expected a named type, got ${t.kind}`);
  return resolver.named.get(t.id)!;
}

/** JSON property name → resolved type of a struct's JSON view. */
function jsonShape(resolver: TypeResolver, t: ResolvedType) {
  return Object.fromEntries(resolver.jsonFields(t).map((f) => [f.name, f.type]));
}

describe('TypeResolver: basic and composite types', () => {
  it('resolves every predeclared basic kind', () => {
    const kinds = [
      'string',
      'bool',
      'int',
      'int8',
      'int16',
      'int32',
      'int64',
      'uint',
      'uint8',
      'uint16',
      'uint32',
      'uint64',
      'uintptr',
      'float32',
      'float64',
      'byte',
      'rune',
    ];
    const { resolver, resolve } = setup({ types: [typeDecl('T', go.struct(...kinds.map((k) => field(k.toUpperCase(), go.ident(k)))))] });
    const shape = jsonShape(resolver, resolve('T'));
    expect(Object.keys(shape)).toEqual(kinds.map((k) => k.toUpperCase()));
    for (const k of kinds) expect(shape[k.toUpperCase()]).toEqual({ kind: 'basic', name: k });
  });

  it('references named types by import path and name, described once in the table', () => {
    const { resolver, resolve } = setup({ types: [typeDecl('User', go.struct(field('ID', go.ident('int64'), 'json:"id"')))] });
    const t = resolve('User');
    expect(t).toEqual({ kind: 'named', id: 'example.com/app.User' });
    expect(resolve('User')).toEqual(t);
    expect([...resolver.named.keys()]).toEqual(['example.com/app.User']);
    expect(namedType(resolver, t)).toMatchObject({ name: 'User', pkg: { importPath: MOD } });
  });

  it('resolves pointers, slices, arrays, maps and anonymous structs', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('Item', go.struct()),
        typeDecl(
          'T',
          go.struct(
            field('P', go.ptr(go.ident('string'))),
            field('PS', go.ptr(go.slice(go.ident('Item')))),
            field('A', go.array('3', go.ident('int'))),
            field('AN', go.array('N', go.ident('int'))),
            field('M', go.map(go.ident('string'), go.ident('Item'))),
            field('Anon', go.struct(field('X', go.ident('bool'), 'json:"x"'))),
          ),
        ),
      ],
    });
    const t = resolve('T');
    const item = { kind: 'named', id: 'example.com/app.Item' };
    const shape = jsonShape(resolver, t);
    expect(shape.P).toEqual({ kind: 'pointer', elem: { kind: 'basic', name: 'string' } });
    expect(shape.PS).toEqual({ kind: 'pointer', elem: { kind: 'slice', elem: item } });
    expect(shape.A).toEqual({ kind: 'array', length: 3, elem: { kind: 'basic', name: 'int' } });
    expect(shape.AN).toEqual({ kind: 'array', elem: { kind: 'basic', name: 'int' } });
    expect(shape.M).toEqual({ kind: 'map', key: { kind: 'basic', name: 'string' }, value: item });
    expect(jsonShape(resolver, shape.Anon!)).toEqual({ x: { kind: 'basic', name: 'bool' } });
    expect(resolver.diagnostics).toEqual([]);
  });

  it('represents recursion through the named table (directly and through a slice)', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('Node', go.struct(field('Next', go.ptr(go.ident('Node'))), field('Children', go.slice(go.ident('Node')))))],
    });
    const t = resolve('Node');
    const shape = jsonShape(resolver, t);
    expect(shape.Next).toEqual({ kind: 'pointer', elem: t });
    expect(shape.Children).toEqual({ kind: 'slice', elem: t });
  });

  it('resolves aliases to what they stand for, and `type A B` to a named type whose type is B', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('ID', go.ident('string'), { alias: true }), typeDecl('Base', go.struct()), typeDecl('Copy', go.ident('Base'))],
    });
    expect(resolve('ID')).toEqual({ kind: 'basic', name: 'string' });
    expect(namedType(resolver, resolve('Copy')).type).toEqual({ kind: 'named', id: 'example.com/app.Base' });
    expect(resolver.underlying(resolve('Copy'))).toEqual({ kind: 'struct', struct: { fields: [] } });
  });

  it('lets a package-level type shadow a predeclared name, as Go does', () => {
    const { resolver, resolve } = setup({ types: [typeDecl('string', go.struct()), typeDecl('T', go.struct(field('S', go.ident('string'))))] });
    expect(jsonShape(resolver, resolve('T')).S).toEqual({ kind: 'named', id: 'example.com/app.string' });
  });
});

describe('TypeResolver: special types', () => {
  const imports = [importOf('time'), importOf('encoding/json', 'stdjson'), importOf('mime/multipart'), importOf('net/url')];

  it('recognises time, json, multipart by import path, whatever the file calls them', () => {
    const { resolver, resolve } = setup({
      imports,
      types: [
        typeDecl(
          'T',
          go.struct(
            field('At', go.q('time', 'Time')),
            field('Timeout', go.q('time', 'Duration')),
            field('Raw', go.q('stdjson', 'RawMessage')),
            field('Data', go.slice(go.ident('byte'))),
            field('Data8', go.slice(go.ident('uint8'))),
            field('Any', go.ident('any')),
            field('Iface', go.iface()),
            field('Err', go.ident('error')),
            field('File', go.ptr(go.q('multipart', 'FileHeader'))),
            field('Files', go.slice(go.ptr(go.q('multipart', 'FileHeader')))),
          ),
        ),
      ],
    });
    expect(jsonShape(resolver, resolve('T'))).toEqual({
      At: { kind: 'time' },
      Timeout: { kind: 'duration' },
      Raw: { kind: 'rawJson' },
      Data: { kind: 'bytes' },
      Data8: { kind: 'bytes' },
      Any: { kind: 'any' },
      Iface: { kind: 'any' },
      Err: { kind: 'any' },
      File: { kind: 'file' },
      Files: { kind: 'slice', elem: { kind: 'file' } },
    });
    expect(resolver.diagnostics).toEqual([]);
  });

  it('keeps [N]byte an array, and makes a slice of a named byte type base64 unless it marshals itself', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('B', go.ident('uint8')),
        typeDecl('M', go.ident('byte')),
        typeDecl('T', go.struct(field('A', go.array('4', go.ident('byte'))), field('BS', go.slice(go.ident('B'))), field('MS', go.slice(go.ident('M'))))),
      ],
      funcs: [method('M', 'MarshalJSON')],
    });
    const shape = jsonShape(resolver, resolve('T'));
    expect(shape.A).toEqual({ kind: 'array', length: 4, elem: { kind: 'basic', name: 'byte' } });
    expect(shape.BS).toEqual({ kind: 'bytes' });
    expect(shape.MS).toEqual({ kind: 'slice', elem: { kind: 'named', id: 'example.com/app.M' } });
  });

  it('notes MarshalJSON and MarshalText methods on named types', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('J', go.struct()), typeDecl('Txt', go.struct()), typeDecl('Plain', go.struct())],
      funcs: [method('J', 'MarshalJSON'), method('J', 'MarshalText'), method('Txt', 'MarshalText')],
    });
    expect(namedType(resolver, resolve('J')).marshaler).toBe('json');
    expect(namedType(resolver, resolve('Txt')).marshaler).toBe('text');
    expect(namedType(resolver, resolve('Plain')).marshaler).toBeUndefined();
  });

  it('turns unresolvable types into unknown with a warning at the field, once', () => {
    const f1 = field('Img', go.q('img', 'Image'), 'json:"img"');
    const f2 = field('U', go.ptr(go.q('url', 'URL')));
    const f3 = field('G', go.generic(go.ident('Page'), go.ident('int')));
    const f4 = field('C', go.ident('complex128'));
    const f5 = field('hidden', go.q('img', 'Image'));
    const { resolver, resolve } = setup({
      imports: [importOf('github.com/acme/img'), importOf('net/url')],
      types: [typeDecl('Page', go.struct(), { typeParams: ['T'] }), typeDecl('T', go.struct(f1, f2, f3, f4, f5))],
    });
    const t = resolve('T');
    const shape = jsonShape(resolver, t);
    resolver.jsonFields(t); // a second view reports nothing new
    expect(shape.img).toMatchObject({ kind: 'unknown', reason: 'package "github.com/acme/img" cannot be found' });
    expect(shape.U).toMatchObject({ kind: 'pointer', elem: { kind: 'unknown' } });
    // A generic type with its type arguments is a named type of its own (see the generics tests).
    expect(shape.G).toMatchObject({ kind: 'named', id: 'example.com/app.Page[int]' });
    expect(shape.C).toMatchObject({ kind: 'unknown' });
    expect(resolver.diagnostics.map((d) => [d.severity, d.pos, d.message.split(',')[0]])).toEqual([
      ['warning', unpackPos(API, f1.at), 'field Img of T has type img.Image'],
      ['warning', unpackPos(API, f2.at), 'field U of T has type *url.URL'],
      ['warning', unpackPos(API, f4.at), 'field C of T has type complex128'],
    ]);
  });

  it('warns at the declaration of a named type whose declared type is unresolvable', () => {
    const decl = typeDecl('Ext', go.q('img', 'Image'));
    const { resolver, resolve } = setup({ imports: [importOf('github.com/acme/img')], types: [decl] });
    expect(namedType(resolver, resolve('Ext')).type.kind).toBe('unknown');
    expect(resolver.diagnostics).toHaveLength(1);
    expect(resolver.diagnostics[0]).toMatchObject({ severity: 'warning', pos: unpackPos(API, decl.at) });
    expect(resolver.diagnostics[0]!.message).toContain('type Ext is declared as img.Image');
  });
});

describe('TypeResolver: other packages of the module', () => {
  const models = (types = [typeDecl('User', go.struct(field('Name', go.ident('string'), 'json:"name"')))]) => ({
    'internal/models': [goFile('/mem/internal/models/models.go', 'models', { types })],
  });

  it('follows an import of the same module, also through an alias', () => {
    const { resolver, resolve } = setup(
      {
        imports: [importOf('example.com/app/internal/models', 'm')],
        types: [typeDecl('T', go.struct(field('U', go.q('m', 'User'), 'json:"u"')))],
      },
      models(),
    );
    const shape = jsonShape(resolver, resolve('T'));
    expect(shape.u).toEqual({ kind: 'named', id: 'example.com/app/internal/models.User' });
    const user = resolver.named.get('example.com/app/internal/models.User')!;
    expect(user.pkg.name).toBe('models');
    expect(resolver.jsonFields({ kind: 'named', id: user.id }).map((f) => f.name)).toEqual(['name']);
  });

  it('finds a package whose name differs from its last path element', () => {
    const program = memoryProgram(MOD, {
      '': [goFile('/mem/api.go', 'api', { imports: [importOf('example.com/app/go-util')], types: [typeDecl('T', go.struct(field('X', go.q('util', 'X'))))] })],
      'go-util': [goFile('/mem/go-util/u.go', 'util', { types: [typeDecl('X', go.ident('string'))] })],
    });
    const resolver = new TypeResolver(program);
    const t = resolver.resolveRef({ name: 'T', pkg: program.package(MOD) as GoPackage });
    expect(jsonShape(resolver, t).X).toEqual({ kind: 'named', id: 'example.com/app/go-util.X' });
  });

  it('resolves identifiers of a dot-imported module package', () => {
    const { resolver, resolve } = setup(
      { imports: [importOf('example.com/app/internal/models', '.')], types: [typeDecl('T', go.struct(field('U', go.ident('User'))))] },
      models(),
    );
    expect(jsonShape(resolver, resolve('T')).U).toEqual({ kind: 'named', id: 'example.com/app/internal/models.User' });
  });

  it('reports a qualifier that is not imported', () => {
    const { resolver, resolve } = setup({ types: [typeDecl('T', go.struct(field('U', go.q('models', 'User'))))] });
    expect(jsonShape(resolver, resolve('T')).U).toEqual({ kind: 'unknown', reason: 'package models is not imported' });
  });
});

describe('TypeResolver.jsonFields: encoding/json rules', () => {
  it('skips unexported and json:"-" fields, names "-," fields "-", uses the Go name without a tag', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl(
          'T',
          go.struct(
            field('hidden', go.ident('string')),
            field('Skip', go.ident('string'), 'json:"-"'),
            field('Dash', go.ident('string'), 'json:"-,"'),
            field('NoTag', go.ident('string')),
            field('Opt', go.ident('string'), 'json:",omitempty"'),
            field('Named', go.ident('string'), 'json:"named,omitzero"'),
          ),
        ),
      ],
    });
    const fields = resolver.jsonFields(resolve('T'));
    expect(fields.map((f) => [f.name, f.tagged, f.omitempty, f.omitzero])).toEqual([
      ['-', true, false, false],
      ['NoTag', false, false, false],
      ['Opt', false, true, false],
      ['named', true, false, true],
    ]);
  });

  it('applies ,string only to bool, number and string kinds (through a pointer)', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('Count', go.ident('int')),
        typeDecl(
          'T',
          go.struct(
            field('I', go.ident('int64'), 'json:"i,string"'),
            field('P', go.ptr(go.ident('bool')), 'json:"p,string"'),
            field('C', go.ident('Count'), 'json:"c,string"'),
            field('S', go.slice(go.ident('int')), 'json:"s,string"'),
          ),
        ),
      ],
    });
    expect(resolver.jsonFields(resolve('T')).map((f) => [f.name, f.quoted])).toEqual([
      ['i', true],
      ['p', true],
      ['c', true],
      ['s', false],
    ]);
  });

  it('flattens embedded structs and embedded pointer structs, marking the latter', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('Base', go.struct(field('ID', go.ident('int'), 'json:"id"'))),
        typeDecl('Audit', go.struct(field('By', go.ident('string'), 'json:"by"'))),
        typeDecl('T', go.struct(embed(go.ident('Base')), embed(go.ptr(go.ident('Audit'))), field('Name', go.ident('string'), 'json:"name"'))),
      ],
    });
    expect(resolver.jsonFields(resolve('T')).map((f) => [f.name, f.index, f.viaPointer])).toEqual([
      ['id', [0, 0], false],
      ['by', [1, 0], true],
      ['name', [2], false],
    ]);
  });

  it('flattens embedded unexported struct types, but not unexported non-struct ones', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('base', go.struct(field('ID', go.ident('int'), 'json:"id"'))),
        typeDecl('label', go.ident('string')),
        typeDecl('Label', go.ident('string')),
        typeDecl('T', go.struct(embed(go.ident('base')), embed(go.ident('label')), embed(go.ident('Label')))),
      ],
    });
    expect(resolver.jsonFields(resolve('T')).map((f) => f.name)).toEqual(['id', 'Label']);
  });

  it('does not flatten an embedded struct that has a json name', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('Base', go.struct(field('ID', go.ident('int')))), typeDecl('T', go.struct(embed(go.ident('Base'), 'json:"base"')))],
    });
    const fields = resolver.jsonFields(resolve('T'));
    expect(fields.map((f) => [f.name, f.type])).toEqual([['base', { kind: 'named', id: 'example.com/app.Base' }]]);
  });

  it('settles name clashes: shallower wins, then tagged wins, equal contenders are all dropped', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl(
          'A',
          go.struct(field('Name', go.ident('string')), field('X', go.ident('int')), field('Y', go.ident('int'), 'json:"Y"'), field('Z', go.ident('int'))),
        ),
        typeDecl('B', go.struct(field('X', go.ident('string')), field('Y', go.ident('string')), field('Z', go.ident('string')))),
        typeDecl('T', go.struct(embed(go.ident('A')), embed(go.ident('B')), field('Name', go.ident('bool')))),
      ],
    });
    const fields = resolver.jsonFields(resolve('T'));
    expect(fields.map((f) => [f.name, f.index])).toEqual([
      ['Y', [0, 2]],
      ['Name', [2]],
    ]);
    expect(fields[1]!.type).toEqual({ kind: 'basic', name: 'bool' });
  });

  it('drops fields of a struct type embedded twice at the same depth', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('Common', go.struct(field('C', go.ident('int')))),
        typeDecl('L', go.struct(embed(go.ident('Common')))),
        typeDecl('R', go.struct(embed(go.ident('Common')))),
        typeDecl('T', go.struct(embed(go.ident('L')), embed(go.ident('R')), field('Own', go.ident('int')))),
      ],
    });
    expect(resolver.jsonFields(resolve('T')).map((f) => f.name)).toEqual(['Own']);
  });

  it('stops at embedding cycles', () => {
    const { resolver, resolve } = setup({
      types: [
        typeDecl('A', go.struct(embed(go.ptr(go.ident('B'))), field('AX', go.ident('int')))),
        typeDecl('B', go.struct(embed(go.ptr(go.ident('A'))), field('BX', go.ident('int')))),
      ],
    });
    expect(resolver.jsonFields(resolve('A')).map((f) => f.name)).toEqual(['BX', 'AX']);
  });

  it('leaves out an embedded time.Time or external struct with a warning', () => {
    const e1 = embed(go.q('time', 'Time'));
    const e2 = embed(go.ptr(go.q('img', 'Image')));
    const { resolver, resolve } = setup({
      imports: [importOf('time'), importOf('github.com/acme/img')],
      types: [typeDecl('T', go.struct(e1, e2, field('N', go.ident('int'))))],
    });
    expect(resolver.jsonFields(resolve('T')).map((f) => f.name)).toEqual(['N']);
    expect(resolver.diagnostics.map((d) => d.pos)).toEqual([unpackPos(API, e1.at), unpackPos(API, e2.at)]);
    expect(resolver.diagnostics[0]!.message).toContain('embedded field Time of T cannot be flattened');
  });

  it('returns no properties for types that are not structs', () => {
    const { resolver, resolve } = setup({ types: [typeDecl('S', go.ident('string'))] });
    expect(resolver.jsonFields(resolve('S'))).toEqual([]);
  });
});

describe('TypeResolver.taggedFields', () => {
  it('gives the path/query/header/form/file fields, following embedded structs into other packages', () => {
    const { resolver, resolve } = setup(
      {
        imports: [importOf('example.com/app/internal/models'), importOf('mime/multipart')],
        types: [
          typeDecl(
            'Req',
            go.struct(
              embed(go.q('models', 'Paging')),
              field('ID', go.q('models', 'UserID'), 'path:"id" json:"-"'),
              field('Auth', go.ident('string'), 'header:"Authorization"'),
              field('Title', go.ident('string'), 'form:"title"'),
              field('Avatar', go.ptr(go.q('multipart', 'FileHeader')), 'file:"avatar"'),
              field('Body', go.ident('string'), 'json:"body"'),
              field('Ignored', go.ident('string'), 'query:"-"'),
            ),
          ),
        ],
      },
      {
        'internal/models': [
          goFile('/mem/internal/models/m.go', 'models', {
            types: [typeDecl('Paging', go.struct(field('Page', go.ident('int'), 'query:"page,omitempty"'))), typeDecl('UserID', go.ident('int64'))],
          }),
        ],
      },
    );
    const req = resolve('Req');
    const view = (key: string) => resolver.taggedFields(req, key).map((f) => [f.name, f.field.name, f.type, f.options]);
    expect(view('path')).toEqual([['id', 'ID', { kind: 'named', id: 'example.com/app/internal/models.UserID' }, []]]);
    expect(view('query')).toEqual([['page', 'Page', { kind: 'basic', name: 'int' }, ['omitempty']]]);
    expect(view('header')).toEqual([['Authorization', 'Auth', { kind: 'basic', name: 'string' }, []]]);
    expect(view('form')).toEqual([['title', 'Title', { kind: 'basic', name: 'string' }, []]]);
    expect(view('file')).toEqual([['avatar', 'Avatar', { kind: 'file' }, []]]);
    const page = resolver.taggedFields(req, 'query')[0]!;
    expect(page.field.pkg.importPath).toBe('example.com/app/internal/models');
    expect(page.field.file.path).toBe('/mem/internal/models/m.go');
    expect(resolver.underlying(resolver.taggedFields(req, 'path')[0]!.type)).toEqual({ kind: 'basic', name: 'int64' });
  });
});

describe('TypeResolver: enums', () => {
  it('collects string consts of the type, in source order, including conversions and raw strings', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('Role', go.ident('string'))],
      consts: [
        constDecl('RoleAdmin', 'Role', '"admin"', 0),
        constDecl('RoleUser', 'Role', 'Role("user")', 1),
        constDecl('RoleGuest', 'Role', '`guest`', 2),
        constDecl('Other', undefined, '"other"', 0),
      ],
    });
    expect(namedType(resolver, resolve('Role')).enum?.map((v) => v.value)).toEqual(['admin', 'user', 'guest']);
  });

  it('evaluates iota, iota + n, explicit literals and skips blank names', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('Level', go.ident('int')), typeDecl('Flag', go.ident('uint8')), typeDecl('Code', go.ident('int'))],
      consts: [
        constDecl('_', 'Level', 'iota', 0),
        constDecl('Low', 'Level', 'iota', 1),
        constDecl('High', 'Level', 'iota', 2),
        constDecl('A', 'Flag', 'iota + 1', 0),
        constDecl('B', 'Flag', 'iota + 1', 1),
        constDecl('Shift', 'Flag', '1 << iota', 2),
        constDecl('NotFound', 'Code', '404', 0),
        constDecl('Hex', 'Code', '0x1F', 1),
        constDecl('Neg', 'Code', '-1', 2),
      ],
    });
    expect(namedType(resolver, resolve('Level')).enum?.map((v) => [v.name, v.value])).toEqual([
      ['Low', 1],
      ['High', 2],
    ]);
    expect(namedType(resolver, resolve('Flag')).enum?.map((v) => v.value)).toEqual([1, 2, 4]);
    expect(namedType(resolver, resolve('Code')).enum?.map((v) => v.value)).toEqual([404, 31, -1]);
  });

  it('gives up on an enum with a value it cannot compute, with a warning at that const', () => {
    const bad = constDecl('B', 'Kind', 'len("xy")', 1);
    const { resolver, resolve } = setup({ types: [typeDecl('Kind', go.ident('string'))], consts: [constDecl('A', 'Kind', '"a"', 0), bad] });
    expect(namedType(resolver, resolve('Kind')).enum).toBeUndefined();
    expect(resolver.diagnostics.map((d) => [d.severity, d.pos])).toEqual([['warning', unpackPos(API, bad.at)]]);
  });

  it('has no enum for types without consts or of other kinds', () => {
    const { resolver, resolve } = setup({
      types: [typeDecl('Plain', go.ident('string')), typeDecl('F', go.ident('float64'))],
      consts: [constDecl('Pi', 'F', '3.14', 0)],
    });
    expect(namedType(resolver, resolve('Plain')).enum).toBeUndefined();
    expect(namedType(resolver, resolve('F')).enum).toBeUndefined();
    expect(resolver.diagnostics).toEqual([]);
  });
});

describe('TypeResolver on Go source read by the parser', () => {
  async function parsed(sources: Record<string, string>) {
    const program = await parsedProgram(MOD, sources);
    const resolver = new TypeResolver(program);
    return { resolver, resolve: (pkg: string, name: string) => resolver.resolveRef({ name, pkg: program.package(`${MOD}/${pkg}`)! }) };
  }

  it('follows embedded structs of another package for the URL helper (path and query fields, Go types, declaring file)', async () => {
    const { resolver, resolve } = await parsed({
      'api/users.go': `package api

import (
\tm "example.com/app/models"
)

type GetUserRequest struct {
\tm.Paging
\tID    m.UserID \`path:"id"\`
\tOrg   string   \`path:"org"\`
\tDebug *bool    \`query:"debug,omitempty"\`
}
`,
      'models/models.go': `package models

type UserID int64

type Paging struct {
\tPage  int \`query:"page"\`
\tLimit int \`query:"limit"\`
}
`,
    });
    const req = resolve('api', 'GetUserRequest');
    const path = resolver.taggedFields(req, 'path');
    expect(path.map((f) => [f.name, f.field.name, f.field.goType, f.field.file.path])).toEqual([
      ['id', 'ID', { kind: 'qualified', pkg: 'm', name: 'UserID' }, '/mem/api/users.go'],
      ['org', 'Org', { kind: 'ident', name: 'string' }, '/mem/api/users.go'],
    ]);
    expect(resolver.underlying(path[0]!.type)).toEqual({ kind: 'basic', name: 'int64' });
    const query = resolver.taggedFields(req, 'query');
    expect(query.map((f) => [f.name, f.index, f.field.pkg.name, f.options])).toEqual([
      ['page', [0, 0], 'models', []],
      ['limit', [0, 1], 'models', []],
      ['debug', [3], 'api', ['omitempty']],
    ]);
    expect(query[2]!.type).toEqual({ kind: 'pointer', elem: { kind: 'basic', name: 'bool' } });
  });

  it('reads enums from const blocks with inherited types and values', async () => {
    const { resolver, resolve } = await parsed({
      'api/kinds.go': `package api

type Kind int

const (
\t_ Kind = iota
\tKindA
\tKindB
)

type Mode string

const (
\tModeFast Mode = "fast"
\tModeSafe Mode = \`safe\`
\tNotAMode      = "x"
)
`,
    });
    expect(resolver.named.get(`${MOD}/api.Kind`)).toBeUndefined();
    const kind = resolve('api', 'Kind');
    const mode = resolve('api', 'Mode');
    expect(resolver.named.get((kind as { id: string }).id)!.enum?.map((v) => [v.name, v.value])).toEqual([
      ['KindA', 1],
      ['KindB', 2],
    ]);
    expect(resolver.named.get((mode as { id: string }).id)!.enum?.map((v) => v.value)).toEqual(['fast', 'safe']);
  });
});

describe('TypeResolver.forget (fw watch: the types of changed packages and of those that import them)', () => {
  const models = { models: [goFile('/mem/models/models.go', 'models', { types: [typeDecl('Role', go.ident('string'))] })] };
  const api = { imports: [importOf(`${MOD}/models`)], types: [typeDecl('Req', go.struct(field('Role', go.q('models', 'Role'), 'query:"role"')))] };

  it('forgets the named types and views of the given packages only, and resolves them again as before', () => {
    const { resolver, resolve } = setup(api, models);
    const before = resolve('Req');
    const view = resolver.taggedFields(before, 'query');
    expect([...resolver.named.keys()].sort()).toEqual([`${MOD}.Req`, `${MOD}/models.Role`]);
    const role = resolver.named.get(`${MOD}/models.Role`);
    expect(resolver.forget(new Set([MOD]))).toBe(true);
    expect([...resolver.named.keys()]).toEqual([`${MOD}/models.Role`]);
    expect(resolver.named.get(`${MOD}/models.Role`)).toBe(role);
    const after = resolve('Req');
    expect(after).toEqual(before);
    expect(resolver.named.has(`${MOD}.Req`)).toBe(true);
    expect(resolver.taggedFields(after, 'query')).not.toBe(view);
    expect(resolver.taggedFields(after, 'query')).toEqual(view);
  });

  it('cannot forget part of what it knows once it instantiated a generic type (its arguments may come from any package)', () => {
    const page = typeDecl('Page', go.struct(field('Items', go.slice(go.ident('T')), 'json:"items"')), { typeParams: ['T'] });
    const { resolver, resolve } = setup({ types: [page, typeDecl('Roles', go.generic(go.ident('Page'), go.ident('string')))] });
    resolve('Roles');
    expect([...resolver.named.keys()].some((id) => id.includes('['))).toBe(true);
    expect(resolver.forget(new Set([`${MOD}/other`]))).toBe(false);
  });
});
