import { beforeAll, describe, expect, it } from 'vitest';
import { initGoParser, parseGoFile } from '../../src/go/parser';
import { findAnnotatedHandlers } from '../../src/model/handlers';

beforeAll(() => initGoParser());

const FILE = '/ws/v1/handler.go';

function check(imports: string, decl: string) {
  const file = parseGoFile(FILE, `package v1\n\n${imports}\n\n// Get returns a user.\n// fw:http_route path=/x\n${decl}\n`);
  return findAnnotatedHandlers(file);
}

const HTTP = 'import "net/http"';

describe('handler signatures', () => {
  it.each([
    ['method, pointer receiver', HTTP, 'func (h *UserHandler) Get() http.HandlerFunc { return nil }'],
    ['method, value receiver', HTTP, 'func (h UserHandler) Get() http.HandlerFunc { return nil }'],
    ['package-level function', HTTP, 'func Get() http.HandlerFunc { return nil }'],
    ['named result', HTTP, 'func (h *UserHandler) Get() (f http.HandlerFunc) { return }'],
    ['parenthesised result', HTTP, 'func (h *UserHandler) Get() (http.HandlerFunc) { return nil }'],
    ['aliased net/http', 'import nethttp "net/http"', 'func (h *UserHandler) Get() nethttp.HandlerFunc { return nil }'],
    [
      'aliased in a group with other imports',
      'import (\n\t"fmt"\n\tnethttp "net/http"\n)',
      'func (h *UserHandler) Get() nethttp.HandlerFunc { _ = fmt.Sprint; return nil }',
    ],
    ['net/http imported twice, second alias used', 'import (\n\t"net/http"\n\th2 "net/http"\n)', 'func (h *UserHandler) Get() h2.HandlerFunc { return nil }'],
    ['dot import', 'import . "net/http"', 'func (h *UserHandler) Get() HandlerFunc { return nil }'],
    ['unexported method', HTTP, 'func (h *UserHandler) get() http.HandlerFunc { return nil }'],
    ['underscore-prefixed name', HTTP, 'func (h *UserHandler) _get() http.HandlerFunc { return nil }'],
    ['generic receiver', HTTP, 'func (h *Box[T]) Get() http.HandlerFunc { return nil }'],
  ])('accepts %s', (_label, imports, decl) => {
    const { handlers, diagnostics } = check(imports, decl);
    expect(diagnostics).toEqual([]);
    expect(handlers).toHaveLength(1);
    expect(handlers[0]!.annotations.map((a) => a.text)).toEqual(['// fw:http_route path=/x']);
  });

  it.each([
    [
      'one parameter',
      HTTP,
      'func (h *UserHandler) Get(id int) http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but takes 1 parameter',
      'a handler is declared as func (h *UserHandler) Get() http.HandlerFunc',
    ],
    [
      'two parameters',
      HTTP,
      'func (h *UserHandler) Get(a, b int) http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but takes 2 parameters',
      undefined,
    ],
    [
      'a ServeHTTP-style signature',
      HTTP,
      'func (h UserHandler) Get(w http.ResponseWriter, r *http.Request) {}',
      'method UserHandler.Get carries fw:http_route but takes 2 parameters',
      'a handler is declared as func (h UserHandler) Get() http.HandlerFunc',
    ],
    [
      'variadic parameter',
      HTTP,
      'func Get(opts ...int) http.HandlerFunc { return nil }',
      'function Get carries fw:http_route but takes 1 parameter',
      'a handler is declared as func Get() http.HandlerFunc',
    ],
    ['no result', HTTP, 'func (h *UserHandler) Get() {}', 'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc', undefined],
    [
      'wrong result',
      HTTP,
      'func (h *UserHandler) Get() error { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'http.Handler instead',
      HTTP,
      'func (h *UserHandler) Get() http.Handler { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'pointer to HandlerFunc',
      HTTP,
      'func (h *UserHandler) Get() *http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'two results',
      HTTP,
      'func (h *UserHandler) Get() (http.HandlerFunc, error) { return nil, nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'http. when net/http is aliased',
      'import nethttp "net/http"',
      'func (h *UserHandler) Get() http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      'a handler is declared as func (h *UserHandler) Get() nethttp.HandlerFunc',
    ],
    [
      'another package named http',
      'import "example.com/x/http"',
      'func (h *UserHandler) Get() http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'net/http not imported',
      '',
      'func (h *UserHandler) Get() http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'bare HandlerFunc without dot import',
      HTTP,
      'func (h *UserHandler) Get() HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'blank import only',
      'import _ "net/http"',
      'func (h *UserHandler) Get() http.HandlerFunc { return nil }',
      'method UserHandler.Get carries fw:http_route but does not return http.HandlerFunc',
      undefined,
    ],
    [
      'blank method name',
      HTTP,
      'func (h *UserHandler) _() http.HandlerFunc { return nil }',
      'method UserHandler._ carries fw:http_route but has a blank name',
      undefined,
    ],
    ['blank function name', HTTP, 'func _() http.HandlerFunc { return nil }', 'function _ carries fw:http_route but has a blank name', undefined],
  ])('rejects %s', (_label, imports, decl, message, hint) => {
    const { handlers, diagnostics } = check(imports, decl);
    expect(handlers).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    const d = diagnostics[0]!;
    expect(d.severity).toBe('error');
    expect(d.message).toBe(message);
    if (hint) expect(d.hint).toBe(hint);
    // Reported at the function's name.
    const line = `package v1\n\n${imports}\n\n// Get returns a user.\n// fw:http_route path=/x\n`.split('\n').length;
    expect(d.pos).toMatchObject({ file: FILE, line });
  });

  it('ignores functions without annotations, whatever their signature', () => {
    const file = parseGoFile(FILE, 'package v1\n\n// Helper does things.\nfunc Helper(a int) error { return nil }\n\nfunc (h *H) Other() {}\n');
    expect(findAnnotatedHandlers(file)).toEqual({ handlers: [], diagnostics: [] });
  });

  it('does not count mentions of the marker as annotations', () => {
    const file = parseGoFile(FILE, 'package v1\n\n// See fw:http_route in the docs.\n// fw:http_routes is not it either.\nfunc Helper(a int) {}\n');
    expect(findAnnotatedHandlers(file)).toEqual({ handlers: [], diagnostics: [] });
  });
});

describe('annotations and descriptions', () => {
  function handlerOf(doc: string) {
    const file = parseGoFile(FILE, `package v1\n\nimport "net/http"\n\n${doc}\nfunc (h *H) Get() http.HandlerFunc { return nil }\n`);
    const found = findAnnotatedHandlers(file);
    expect(found.diagnostics).toEqual([]);
    expect(found.handlers).toHaveLength(1);
    return found.handlers[0]!;
  }

  it.each<[string, string, string[], string[]]>([
    ['annotation only', '// fw:http_route path=/a', ['// fw:http_route path=/a'], []],
    ['no space after //', '//fw:http_route path=/a', ['//fw:http_route path=/a'], []],
    [
      'description above',
      '// Get returns the user.\n// It needs an id.\n// fw:http_route path=/a',
      ['// fw:http_route path=/a'],
      ['Get returns the user.', 'It needs an id.'],
    ],
    [
      'description around and between',
      '// First.\n// fw:http_route path=/a\n// Middle.\n// fw:http_route path=/b name=B\n// Last.',
      ['// fw:http_route path=/a', '// fw:http_route path=/b name=B'],
      ['First.', 'Middle.', 'Last.'],
    ],
    [
      'blank lines trimmed at both ends, kept inside',
      '//\n// First.\n//\n// Second.\n//\n// fw:http_route path=/a\n//',
      ['// fw:http_route path=/a'],
      ['First.', '', 'Second.'],
    ],
    [
      'trailing spaces trimmed, indentation (Go preformatted text) kept',
      '//    indented   \n// fw:http_route path=/a',
      ['// fw:http_route path=/a'],
      ['   indented'],
    ],
    [
      'lines mentioning the marker stay in the description',
      '// Uses fw:http_route.\n// fw:http_route path=/a',
      ['// fw:http_route path=/a'],
      ['Uses fw:http_route.'],
    ],
    ['comment above a blank line is not description', '// Unrelated.\n\n// fw:http_route path=/a', ['// fw:http_route path=/a'], []],
  ])('%s', (_label, doc, annotations, description) => {
    const h = handlerOf(doc);
    expect(h.annotations.map((a) => a.text)).toEqual(annotations);
    expect(h.description).toEqual(description);
  });

  it('keeps the positions of annotation lines', () => {
    const h = handlerOf('// Desc.\n// fw:http_route path=/a\n// fw:http_route path=/b name=B');
    expect(h.annotations.map((a) => [a.pos.line, a.pos.col])).toEqual([
      [6, 1],
      [7, 1],
    ]);
    expect(h.func.name).toBe('Get');
  });
});

describe('stray annotations', () => {
  it('reports an annotation that is not directly above a handler', () => {
    const file = parseGoFile(
      FILE,
      'package v1\n\n// fw:http_route path=/a\n\nfunc F() {}\n\n// fw:http_route path=/b\ntype T struct{}\n\n/* fw:http_route path=/c */\nfunc G() {}\n',
    );
    const { handlers, diagnostics } = findAnnotatedHandlers(file);
    expect(handlers).toEqual([]);
    // The block comment is not an annotation line at all.
    expect(diagnostics.map((d) => [d.pos?.line, d.pos?.col, d.message])).toEqual([
      [3, 1, 'fw:http_route is not directly above a handler method'],
      [7, 1, 'fw:http_route is not directly above a handler method'],
    ]);
    expect(diagnostics[0]!.hint).toContain('no blank line between');
  });

  it('reports signature problems and stray lines together', () => {
    const file = parseGoFile(
      FILE,
      'package v1\n\nimport "net/http"\n\n// fw:http_route path=/a\nfunc (h *H) A(x int) http.HandlerFunc { return nil }\n\n// fw:http_route path=/b\n\nfunc (h *H) B() http.HandlerFunc { return nil }\n',
    );
    const { handlers, diagnostics } = findAnnotatedHandlers(file);
    expect(handlers).toEqual([]);
    expect(diagnostics.map((d) => d.pos?.line)).toEqual([6, 8]);
  });
});
