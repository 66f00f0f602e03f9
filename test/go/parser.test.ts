import { beforeAll, describe, expect, it } from 'vitest';
import type { GoFile, GoFuncDecl, GoTypeExpr } from '../../src/go/ast';
import { packPos, unpackPos } from '../../src/go/packed-pos';
import { initGoParser, MAX_TYPE_NESTING, parseGoFile, stripComment } from '../../src/go/parser';

beforeAll(() => initGoParser());

const FILE = '/ws/p/handler.go';

function parse(body: string, header = 'package p\n\n'): GoFile {
  return parseGoFile(FILE, header + body);
}

function onlyFunc(body: string): GoFuncDecl {
  const f = parse(body);
  expect(f.funcs).toHaveLength(1);
  return f.funcs[0]!;
}

/** The type of `type T <expr>`. */
function typeOf(expr: string): GoTypeExpr {
  const f = parse(`type T ${expr}\n`);
  expect(f.syntaxErrors, `syntax errors in type ${expr}`).toEqual([]);
  return f.types[0]!.type;
}

describe('initGoParser', () => {
  it('can be called many times and resolves every time', async () => {
    await Promise.all([initGoParser(), initGoParser()]);
    await initGoParser();
    expect(parse('').packageName).toBe('p');
  });
});

describe('package clause', () => {
  it.each([
    ['package p\n', 'p'],
    ['// doc\npackage users // trailing\n', 'users'],
    ['package main\n\nfunc main() {}\n', 'main'],
    ['', ''],
  ])('%j → %j', (src, name) => {
    expect(parseGoFile(FILE, src).packageName).toBe(name);
  });

  it('records the path it was given', () => {
    expect(parseGoFile('/a/b.go', 'package b\n').path).toBe('/a/b.go');
  });
});

describe('imports', () => {
  it.each([
    ['import "net/http"', [{ path: 'net/http', name: 'http' }]],
    ['import nethttp "net/http"', [{ path: 'net/http', alias: 'nethttp', name: 'nethttp' }]],
    ['import _ "embed"', [{ path: 'embed', alias: '_', name: '_' }]],
    ['import . "fmt"', [{ path: 'fmt', alias: '.', name: '.' }]],
    ['import "example.com/shop/internal/models"', [{ path: 'example.com/shop/internal/models', name: 'models' }]],
    [
      'import "strings"\nimport "errors"',
      [
        { path: 'strings', name: 'strings' },
        { path: 'errors', name: 'errors' },
      ],
    ],
    ['import `raw/path`', [{ path: 'raw/path', name: 'path' }]],
    [
      'import (\n\t"net/http"\n\th2 "net/http" // again\n\n\t// comment\n\tm "example.com/x/models"\n)',
      [
        { path: 'net/http', name: 'http' },
        { path: 'net/http', alias: 'h2', name: 'h2' },
        { path: 'example.com/x/models', alias: 'm', name: 'm' },
      ],
    ],
    ['import ()', []],
  ])('%s', (src, imports) => {
    const f = parse(`${src}\n`);
    expect(f.syntaxErrors).toEqual([]);
    expect(f.imports).toEqual(imports);
  });

  it('reads grouped and single import declarations in source order', () => {
    const f = parse('import "a"\nimport (\n\t"b"\n\t"c"\n)\nimport "d"\n');
    expect(f.imports.map((i) => i.path)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('functions and methods', () => {
  it.each<[string, string, Partial<GoFuncDecl>]>([
    ['function', 'func F() {}', { name: 'F', paramCount: 0, results: [] }],
    ['pointer receiver', 'func (h *UserHandler) Get() {}', { name: 'Get', receiver: { typeName: 'UserHandler', pointer: true } }],
    ['value receiver', 'func (h UserHandler) Get() {}', { receiver: { typeName: 'UserHandler', pointer: false } }],
    ['unnamed receiver', 'func (UserHandler) Get() {}', { receiver: { typeName: 'UserHandler', pointer: false } }],
    ['unnamed pointer receiver', 'func (*UserHandler) Get() {}', { receiver: { typeName: 'UserHandler', pointer: true } }],
    ['generic value receiver', 'func (h Box[T]) Get() {}', { receiver: { typeName: 'Box', pointer: false } }],
    ['generic pointer receiver', 'func (h *Pair[K, V]) Get() {}', { receiver: { typeName: 'Pair', pointer: true } }],
    ['generic function', 'func Map[T any, U any](x T) U { var u U; return u }', { name: 'Map', paramCount: 1 }],
  ])('%s', (_label, src, expected) => {
    expect(onlyFunc(src)).toMatchObject(expected);
  });

  it('has no receiver for a plain function', () => {
    expect(onlyFunc('func F() {}').receiver).toBeUndefined();
  });

  it.each([
    ['func F() {}', 0],
    ['func F(a int) {}', 1],
    ['func F(a, b int) {}', 2],
    ['func F(a, b int, c string) {}', 3],
    ['func F(int, string) {}', 2],
    ['func F(a ...int) {}', 1],
    ['func F(a int, rest ...string) {}', 2],
    ['func F(...int) {}', 1],
    ['func F(w http.ResponseWriter, r *http.Request) {}', 2],
    ['func F(\n\ta int, // first\n\tb int,\n) {}', 2],
    ['func F(f func(a, b int) error) {}', 1],
    ['func (h *H) M(a, b, c int) {}', 3],
  ])('%s has %i parameters', (src, n) => {
    expect(onlyFunc(src).paramCount).toBe(n);
  });

  it.each<[string, GoTypeExpr[]]>([
    ['func F() {}', []],
    ['func F() http.HandlerFunc { return nil }', [{ kind: 'qualified', pkg: 'http', name: 'HandlerFunc' }]],
    ['func F() (http.HandlerFunc) { return nil }', [{ kind: 'qualified', pkg: 'http', name: 'HandlerFunc' }]],
    ['func F() error { return nil }', [{ kind: 'ident', name: 'error' }]],
    ['func F() *User { return nil }', [{ kind: 'pointer', elem: { kind: 'ident', name: 'User' } }]],
    [
      'func F() (int, error) { return 0, nil }',
      [
        { kind: 'ident', name: 'int' },
        { kind: 'ident', name: 'error' },
      ],
    ],
    ['func F() (h http.HandlerFunc) { return }', [{ kind: 'qualified', pkg: 'http', name: 'HandlerFunc' }]],
    [
      'func F() (x, y int, err error) { return }',
      [
        { kind: 'ident', name: 'int' },
        { kind: 'ident', name: 'int' },
        { kind: 'ident', name: 'error' },
      ],
    ],
    ['func F() func() { return nil }', [{ kind: 'func' }]],
  ])('%s returns %j', (src, results) => {
    expect(onlyFunc(src).results).toEqual(results);
  });

  it('gives the position of the func keyword and of the name', () => {
    const f = parse('\n\nfunc (h *H) Get() {}\n');
    expect(f.funcs[0]).toMatchObject({ pos: { file: FILE, line: 5, col: 1 }, namePos: { file: FILE, line: 5, col: 13 } });
  });

  it('keeps functions in source order, including bodies it does not read', () => {
    const f = parse('func A() {\n\tfunc() {}()\n}\nfunc (x X) B() {}\nfunc C() {}\n');
    expect(f.funcs.map((x) => x.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('doc comment groups', () => {
  const docOf = (src: string) => onlyFunc(src).doc.map((c) => c.text);

  it.each<[string, string, string[]]>([
    ['no comment', 'func F() {}', []],
    ['one line', '// F does.\nfunc F() {}', ['// F does.']],
    ['several lines', '// F does.\n//\n// fw:http_route path=/f\nfunc F() {}', ['// F does.', '//', '// fw:http_route path=/f']],
    ['no space after //', '//fw:http_route path=/f\nfunc F() {}', ['//fw:http_route path=/f']],
    ['blank line breaks the group', '// old\n\n// F does.\nfunc F() {}', ['// F does.']],
    ['blank line before the func', '// F does.\n\nfunc F() {}', []],
    ['block comment is not doc', '/* F does. */\nfunc F() {}', []],
    ['block comment breaks the group', '// a\n/* b */\n// c\nfunc F() {}', ['// c']],
    ['block comment on the func line', '/* x */ func F() {}', []],
    ['comment trailing the previous declaration', 'var x = 1 // about x\nfunc F() {}', []],
    ['trailing comment then a doc line', 'var x = 1 // about x\n// F does.\nfunc F() {}', ['// F does.']],
    ['comment above a previous var is not doc', '// v\nvar v int\nfunc F() {}', []],
  ])('%s', (_label, src, doc) => {
    expect(docOf(src)).toEqual(doc);
  });

  it('gives each doc line its position', () => {
    const f = onlyFunc('// a\n  // b\nfunc F() {}');
    expect(f.doc.map((c) => c.pos)).toEqual([
      { file: FILE, line: 3, col: 1 },
      { file: FILE, line: 4, col: 3 },
    ]);
  });

  it('gives each function its own group', () => {
    const f = parse('// A\nfunc A() {}\n// B1\n// B2\nfunc B() {}\n');
    expect(f.funcs.map((x) => x.doc.map((c) => c.text))).toEqual([['// A'], ['// B1', '// B2']]);
  });

  it('does not take the comment trailing a previous function as doc', () => {
    const f = parse('func A() {} // fw:http_route path=/a\nfunc B() {}\n');
    expect(f.funcs[1]!.doc).toEqual([]);
    expect(f.strayAnnotations.map((c) => c.text)).toEqual(['// fw:http_route path=/a']);
  });

  it.each([
    ['// x', 'x'],
    ['//x', 'x'],
    ['//  two spaces', ' two spaces'],
    ['// trailing   ', 'trailing'],
    ['//', ''],
  ])('stripComment(%j) → %j', (text, out) => {
    expect(stripComment(text)).toBe(out);
  });
});

describe('strayAnnotations', () => {
  const stray = (src: string) => parse(src).strayAnnotations.map((c) => [c.text, c.pos.line, c.pos.col]);

  it.each<[string, string, (string | number)[][]]>([
    ['above a function is not stray', '// fw:http_route path=/a\nfunc F() {}\n', []],
    ['above a type', '// fw:http_route path=/a\ntype T struct{}\n', [['// fw:http_route path=/a', 3, 1]]],
    ['above a var', '// fw:http_route path=/a\nvar v int\n', [['// fw:http_route path=/a', 3, 1]]],
    ['above a const', '// fw:http_route path=/a\nconst c = 1\n', [['// fw:http_route path=/a', 3, 1]]],
    ['floating at the end', 'func F() {}\n\n// fw:http_route path=/a\n', [['// fw:http_route path=/a', 5, 1]]],
    ['separated by a blank line', '// fw:http_route path=/a\n\n// F does.\nfunc F() {}\n', [['// fw:http_route path=/a', 3, 1]]],
    ['blank line right above the func', '// fw:http_route path=/a\n\nfunc F() {}\n', [['// fw:http_route path=/a', 3, 1]]],
    ['in a block comment above a func', '/* fw:http_route path=/a */\nfunc F() {}\n', [['/* fw:http_route path=/a */', 3, 1]]],
    ['indented', '\t// fw:http_route path=/a\n\nfunc F() {}\n', [['// fw:http_route path=/a', 3, 2]]],
    ['above the import block', '// fw:http_route path=/a\nimport "net/http"\n', [['// fw:http_route path=/a', 3, 1]]],
    ['ordinary comments are not collected', '// just a note\n\nfunc F() {}\n// another\n', []],
    ['inside a function body is not visited', 'func F() {\n\t// fw:http_route path=/a\n}\n', []],
  ])('%s', (_label, src, expected) => {
    expect(stray(src)).toEqual(expected);
  });

  it('keeps the group part above a func and reports the part before a blank line', () => {
    const f = parse('// fw:http_route path=/old\n\n// fw:http_route path=/new\nfunc F() {}\n');
    expect(f.funcs[0]!.doc.map((c) => c.text)).toEqual(['// fw:http_route path=/new']);
    expect(f.strayAnnotations.map((c) => c.text)).toEqual(['// fw:http_route path=/old']);
  });
});

describe('struct types', () => {
  it('reads named fields, one per name, with positions and tags', () => {
    const t = typeOf('struct {\n\tA, B int `json:"a"`\n\tC string "json:\\"c\\""\n\tD bool\n}');
    expect(t).toEqual({
      kind: 'struct',
      fields: [
        { name: 'A', type: { kind: 'ident', name: 'int' }, tag: 'json:"a"', doc: [], at: packPos(4, 2) },
        { name: 'B', type: { kind: 'ident', name: 'int' }, tag: 'json:"a"', doc: [], at: packPos(4, 5) },
        { name: 'C', type: { kind: 'ident', name: 'string' }, tag: 'json:"c"', doc: [], at: packPos(5, 2) },
        { name: 'D', type: { kind: 'ident', name: 'bool' }, tag: '', doc: [], at: packPos(6, 2) },
      ],
    });
  });

  it('keeps field comments: the group directly above, then a comment at the end of the line, as go/ast does', () => {
    const t = typeOf(
      [
        'struct {',
        '\t// A is the first.',
        '\t//',
        '\t// Deprecated: use B.',
        '\tA int // trailing A',
        '\tB int // trailing B, not the doc of C',
        '\tC int',
        '',
        '\t// separated by a blank line: not the doc of D',
        '',
        '\tD, E string /* a block comment is not read */',
        '\t/* nor above */',
        '\tF bool',
        '}',
      ].join('\n'),
    );
    if (t.kind !== 'struct') throw new Error(`expected a struct, got ${t.kind}`);
    expect(t.fields.map((f) => [f.name, f.doc])).toEqual([
      ['A', ['A is the first.', '', 'Deprecated: use B.', 'trailing A']],
      ['B', ['trailing B, not the doc of C']],
      ['C', []],
      ['D', []],
      ['E', []],
      ['F', []],
    ]);
  });

  it.each<[string, GoTypeExpr]>([
    ['Base', { kind: 'ident', name: 'Base' }],
    ['*Base', { kind: 'pointer', elem: { kind: 'ident', name: 'Base' } }],
    ['models.Base', { kind: 'qualified', pkg: 'models', name: 'Base' }],
    ['*models.Base', { kind: 'pointer', elem: { kind: 'qualified', pkg: 'models', name: 'Base' } }],
  ])('embedded %s', (embedded, type) => {
    const t = typeOf(`struct {\n\t${embedded} \`json:"base"\`\n\tX int\n}`);
    if (t.kind !== 'struct') throw new Error(`expected a struct, got ${t.kind}`);
    expect(t.fields[0]).toEqual({ type, tag: 'json:"base"', doc: [], at: packPos(4, 2) });
    expect(t.fields[0]).not.toHaveProperty('name');
    expect(t.fields[1]?.name).toBe('X');
  });

  it.each([
    ['`json:"id" path:"id"`', 'json:"id" path:"id"'],
    ['"json:\\"id\\" path:\\"id\\""', 'json:"id" path:"id"'],
    ['`a:"\\n"`', 'a:"\\n"'],
    ['"a:\\"\\\\n\\""', 'a:"\\n"'],
    ['""', ''],
    ['``', ''],
  ])('tag %s → %s', (written, tag) => {
    const t = typeOf(`struct { X int ${written} }`);
    expect(t.kind === 'struct' && t.fields[0]?.tag).toBe(tag);
  });

  it('reads an empty struct and an inline nested struct', () => {
    expect(typeOf('struct{}')).toEqual({ kind: 'struct', fields: [] });
    const t = typeOf('struct { Inner struct { X int } }');
    expect(t.kind === 'struct' && t.fields[0]?.type).toMatchObject({ kind: 'struct', fields: [{ name: 'X' }] });
  });
});

describe('type expressions', () => {
  it.each<[string, GoTypeExpr]>([
    ['int', { kind: 'ident', name: 'int' }],
    ['User', { kind: 'ident', name: 'User' }],
    ['models.User', { kind: 'qualified', pkg: 'models', name: 'User' }],
    ['*User', { kind: 'pointer', elem: { kind: 'ident', name: 'User' } }],
    ['**User', { kind: 'pointer', elem: { kind: 'pointer', elem: { kind: 'ident', name: 'User' } } }],
    ['[]User', { kind: 'slice', elem: { kind: 'ident', name: 'User' } }],
    ['[]*models.User', { kind: 'slice', elem: { kind: 'pointer', elem: { kind: 'qualified', pkg: 'models', name: 'User' } } }],
    ['[4]byte', { kind: 'array', length: '4', elem: { kind: 'ident', name: 'byte' } }],
    ['[N + 1]byte', { kind: 'array', length: 'N + 1', elem: { kind: 'ident', name: 'byte' } }],
    ['map[string]int', { kind: 'map', key: { kind: 'ident', name: 'string' }, value: { kind: 'ident', name: 'int' } }],
    [
      'map[models.ID][]*User',
      {
        kind: 'map',
        key: { kind: 'qualified', pkg: 'models', name: 'ID' },
        value: { kind: 'slice', elem: { kind: 'pointer', elem: { kind: 'ident', name: 'User' } } },
      },
    ],
    ['interface{}', { kind: 'interface', empty: true }],
    ['interface {\n\t// nothing\n}', { kind: 'interface', empty: true }],
    ['interface{ M() }', { kind: 'interface', empty: false }],
    ['interface{ ~int | ~string }', { kind: 'interface', empty: false }],
    ['interface{ io.Reader }', { kind: 'interface', empty: false }],
    ['List[int]', { kind: 'generic', base: { kind: 'ident', name: 'List' }, args: [{ kind: 'ident', name: 'int' }] }],
    [
      'models.Page[models.User, *Cursor]',
      {
        kind: 'generic',
        base: { kind: 'qualified', pkg: 'models', name: 'Page' },
        args: [
          { kind: 'qualified', pkg: 'models', name: 'User' },
          { kind: 'pointer', elem: { kind: 'ident', name: 'Cursor' } },
        ],
      },
    ],
    ['List[[]int]', { kind: 'generic', base: { kind: 'ident', name: 'List' }, args: [{ kind: 'slice', elem: { kind: 'ident', name: 'int' } }] }],
    ['func(int) error', { kind: 'func' }],
    ['func()', { kind: 'func' }],
    ['chan int', { kind: 'chan' }],
    ['<-chan int', { kind: 'chan' }],
    ['chan<- int', { kind: 'chan' }],
    ['(int)', { kind: 'ident', name: 'int' }],
    ['(*models.User)', { kind: 'pointer', elem: { kind: 'qualified', pkg: 'models', name: 'User' } }],
    ['[](User)', { kind: 'slice', elem: { kind: 'ident', name: 'User' } }],
  ])('%s', (expr, expected) => {
    expect(typeOf(expr)).toEqual(expected);
  });

  it(`cuts a type off below ${MAX_TYPE_NESTING} levels of nesting, with the position of the cut`, () => {
    let t = typeOf(`${'[]'.repeat(MAX_TYPE_NESTING + 5)}int`);
    let depth = 0;
    while (t.kind === 'slice') [t, depth] = [t.elem, depth + 1];
    expect(depth).toBe(MAX_TYPE_NESTING);
    expect(t).toEqual({
      kind: 'unsupported',
      text: `a type nested more than ${MAX_TYPE_NESTING} levels deep`,
      tooDeep: { file: FILE, line: 3, col: 8 + 2 * MAX_TYPE_NESTING },
    });
    // Exactly at the limit nothing is cut.
    t = typeOf(`${'[]'.repeat(MAX_TYPE_NESTING - 1)}int`);
    for (let i = 0; i < MAX_TYPE_NESTING - 1; i++) t = (t as { elem: GoTypeExpr }).elem;
    expect(t).toEqual({ kind: 'ident', name: 'int' });
  });

  it('[...]T is only valid in composite literals: in a type it is a syntax error', () => {
    // Go rejects `type T [...]int` ("invalid use of [...] array"); the grammar does too.
    expect(parse('type T [...]int\n').syntaxErrors.length).toBeGreaterThan(0);
    // In a composite literal it is fine and fw does not read function bodies or vars.
    expect(parse('var x = [...]int{1, 2}\n').syntaxErrors).toEqual([]);
  });
});

describe('type declarations', () => {
  it('reads plain, alias, grouped and generic declarations with positions', () => {
    const f = parse(
      'type User struct{}\ntype Name = string\ntype (\n\tA int\n\tB = models.B\n)\ntype Page[T any, K comparable] struct{ Items []T }\ntype Num[T ~int | ~float64] []T\n',
    );
    expect(f.syntaxErrors).toEqual([]);
    expect(
      f.types.map((t) => ({ name: t.name, alias: t.alias, typeParams: t.typeParams, line: unpackPos(FILE, t.at).line, col: unpackPos(FILE, t.at).col })),
    ).toEqual([
      { name: 'User', alias: false, typeParams: [], line: 3, col: 6 },
      { name: 'Name', alias: true, typeParams: [], line: 4, col: 6 },
      { name: 'A', alias: false, typeParams: [], line: 6, col: 2 },
      { name: 'B', alias: true, typeParams: [], line: 7, col: 2 },
      { name: 'Page', alias: false, typeParams: ['T', 'K'], line: 9, col: 6 },
      { name: 'Num', alias: false, typeParams: ['T'], line: 10, col: 6 },
    ]);
    expect(f.types[1]!.type).toEqual({ kind: 'ident', name: 'string' });
    expect(f.types[3]!.type).toEqual({ kind: 'qualified', pkg: 'models', name: 'B' });
  });

  it("gives a type its doc lines, stripped; in a group, its own comment, else the group's (as go/doc)", () => {
    const f = parse(
      '// User is a user.\n//\n// More.\ntype User struct{}\n\n// Group doc\ntype (\n\tA int // not a type doc\n\t// B doc\n\tB int\n)\n\n// detached\n\ntype C int\n\ntype (\n\tD int\n)\n',
    );
    expect(f.types.map((t) => [t.name, t.doc])).toEqual([
      ['User', ['User is a user.', '', 'More.']],
      ['A', ['Group doc']],
      ['B', ['B doc']],
      ['C', []],
      ['D', []],
    ]);
  });

  it('does not read types declared inside functions', () => {
    expect(parse('func F() {\n\ttype Local struct{}\n}\n').types).toEqual([]);
  });
});

describe('const declarations', () => {
  const consts = (src: string) => parse(src).consts.map((c) => ({ name: c.name, typeName: c.typeName, value: c.value, iota: c.iota }));

  it('inherits type and expression from the previous spec, with iota', () => {
    expect(consts('const (\n\tAdmin Role = iota\n\tEditor\n\tViewer\n)\n')).toEqual([
      { name: 'Admin', typeName: 'Role', value: 'iota', iota: 0 },
      { name: 'Editor', typeName: 'Role', value: 'iota', iota: 1 },
      { name: 'Viewer', typeName: 'Role', value: 'iota', iota: 2 },
    ]);
  });

  it('resets the type when a spec has its own value', () => {
    expect(consts('const (\n\tA models.Role = "a"\n\tB\n\tC = "c"\n\tD\n\tE int = iota + 1\n)\n')).toEqual([
      { name: 'A', typeName: 'models.Role', value: '"a"', iota: 0 },
      { name: 'B', typeName: 'models.Role', value: '"a"', iota: 1 },
      { name: 'C', typeName: undefined, value: '"c"', iota: 2 },
      { name: 'D', typeName: undefined, value: '"c"', iota: 3 },
      { name: 'E', typeName: 'int', value: 'iota + 1', iota: 4 },
    ]);
  });

  it('gives each name of a multi-name spec its own value, and the same iota', () => {
    expect(consts('const (\n\tA, B = 1, 2\n\tC, D\n)\n')).toEqual([
      { name: 'A', typeName: undefined, value: '1', iota: 0 },
      { name: 'B', typeName: undefined, value: '2', iota: 0 },
      { name: 'C', typeName: undefined, value: '1', iota: 1 },
      { name: 'D', typeName: undefined, value: '2', iota: 1 },
    ]);
  });

  it('starts iota again in every const declaration', () => {
    expect(consts('const A = 1\nconst B Kind = "b"\nconst (\n\tC = iota\n)\n')).toEqual([
      { name: 'A', typeName: undefined, value: '1', iota: 0 },
      { name: 'B', typeName: 'Kind', value: '"b"', iota: 0 },
      { name: 'C', typeName: undefined, value: 'iota', iota: 0 },
    ]);
  });

  it('gives each constant the position of its name', () => {
    const f = parse('const (\n\tA, B = 1, 2\n)\n');
    expect(f.consts.map((c) => unpackPos(FILE, c.at))).toEqual([
      { file: FILE, line: 4, col: 2 },
      { file: FILE, line: 4, col: 5 },
    ]);
  });

  it('does not read vars or function-local consts', () => {
    expect(consts('var V = 1\nfunc F() {\n\tconst L = 2\n}\n')).toEqual([]);
  });
});

describe('generated header', () => {
  it.each([
    ['// Code generated by fw. DO NOT EDIT.\n\npackage p\n', true],
    ['// Code generated by protoc-gen-go. DO NOT EDIT.\npackage p\n', true],
    ['// Copyright 2024\n\n// Code generated by x. DO NOT EDIT.\n\npackage p\n', true],
    ['// Code generated by fw. DO NOT EDIT.   \npackage p\n', true],
    ['// Code generated by fw. DO NOT EDIT.\r\npackage p\r\n', true],
    ['package p\n\n// Code generated by fw. DO NOT EDIT.\n', false],
    ['// Code generated by fw.\npackage p\n', false],
    ['// code generated by fw. DO NOT EDIT.\npackage p\n', false],
    ['/* Code generated by fw. DO NOT EDIT. */\npackage p\n', false],
    ['// Code generated by fw. DO NOT EDIT\npackage p\n', false],
    ['package p\n', false],
  ])('%j → %s', (src, generated) => {
    expect(parseGoFile(FILE, src).generated).toBe(generated);
  });
});

describe('syntax errors', () => {
  it('reports none for valid Go', () => {
    expect(
      parse('import "net/http"\n\nfunc (h *H) Get() http.HandlerFunc {\n\treturn func(w http.ResponseWriter, r *http.Request) {}\n}\n').syntaxErrors,
    ).toEqual([]);
  });

  it.each([
    ['func F( {}\n', 3],
    ['type T struct {\n\tA int\n', 3],
    ['func F() {}\n}\n', 4],
    ['var x = \n', 3],
  ])('%j reports a position', (body, line) => {
    const f = parse(body);
    expect(f.syntaxErrors.length).toBeGreaterThan(0);
    expect(f.syntaxErrors.length).toBeLessThanOrEqual(5);
    for (const p of f.syntaxErrors) {
      expect(p.file).toBe(FILE);
      expect(p.col).toBeGreaterThanOrEqual(1);
    }
    expect(f.syntaxErrors[0]!.line).toBeGreaterThanOrEqual(line);
  });

  it('still reads the declarations around an error', () => {
    const f = parse('func A() {}\n\nfunc B( {\n\nfunc (h *H) C() {}\n');
    expect(f.funcs.map((x) => x.name)).toContain('A');
    expect(f.syntaxErrors.length).toBeGreaterThan(0);
  });

  it('stops after five errors', () => {
    expect(parse('func (\n'.repeat(40)).syntaxErrors.length).toBeLessThanOrEqual(5);
  });
});

describe('columns count bytes, as Go does', () => {
  it.each<[string, string, number]>([
    ['ASCII', 'type X struct{ A, B int }', 19],
    ['two-byte letters before', 'type X struct{ Größe, B int }', 25],
    ['three-byte letters before', 'type X struct{ 日本, B int }', 24],
    ['four-byte emoji in a comment before', 'type X struct{ /* 😀 */ A, B int }', 30],
  ])('%s', (_label, line, col) => {
    const t = parse(`${line}\n`).types[0]!.type;
    expect(t.kind === 'struct' && t.fields[1]).toMatchObject({ name: 'B', at: packPos(3, col) });
  });

  it('gives a field past column 4096 its column', () => {
    const before = `type X struct{ ${'/* é */ '.repeat(600)}`;
    const t = parse(`${before}A, B int }\n`).types[0]!.type;
    const b = t.kind === 'struct' ? t.fields[1] : undefined;
    expect(b && unpackPos(FILE, b.at)).toEqual({ file: FILE, line: 3, col: Buffer.byteLength(before) + 4 });
  });

  it('counts bytes for names, doc lines and stray annotations on non-ASCII lines', () => {
    const f = parse('/* é */ // fw:http_route path=/x\n\n/* ü */ func (h *Hé) Ñame() {}\n');
    expect(f.strayAnnotations[0]!.pos).toEqual({ file: FILE, line: 3, col: 10 });
    expect(f.funcs[0]).toMatchObject({ name: 'Ñame', pos: { line: 5, col: 10 }, namePos: { line: 5, col: 24 }, receiver: { typeName: 'Hé' } });
  });

  it('is unaffected on later ASCII lines of a non-ASCII file', () => {
    const f = parse('// ünïcödé\nfunc F() {}\nfunc (h *H) G() {}\n');
    expect(f.funcs.map((x) => x.namePos.col)).toEqual([6, 13]);
  });
});

describe('memory', () => {
  it('frees every tree: 2000 parses in a row keep working', () => {
    const src = `package p\n\nimport "net/http"\n\n${Array.from({ length: 20 }, (_, i) => `// fw:http_route path=/r${i}\nfunc (h *H) R${i}() http.HandlerFunc { return nil }\n`).join('\n')}`;
    let funcs = 0;
    for (let i = 0; i < 2000; i++) funcs += parseGoFile(`/ws/f${i}.go`, src).funcs.length;
    expect(funcs).toBe(2000 * 20);
  });
});
