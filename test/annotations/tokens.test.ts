import { describe, expect, it } from 'vitest';
import { isAnnotationComment } from '../../src/go/annotation-comment';
import { tokenizeAnnotation } from '../../src/annotations/tokens';
import type { Pos } from '../../src/diagnostics/diagnostics';

const BASE: Pos = { file: 'handler_user.go', line: 7, col: 1 };

/** Column of the first occurrence of `needle` in `text`, for a comment starting at column 1. */
function colOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`${needle} not in ${text}`);
  return i + 1;
}

describe('isAnnotationComment', () => {
  it.each([
    ['// fw:http_route path=/x', true],
    ['//fw:http_route path=/x', true],
    ['// fw:http_route', true],
    ['//fw:http_route', true],
    ['//\tfw:http_route path=/x', true],
    ['//   fw:http_route\tpath=/x', true],
    ['// fw:http_route\r', true],
    ['// fw:http_routes path=/x', false],
    ['// fw:http_route:x', false],
    ['// fw:http_route=path', false],
    ['// see fw:http_route path=/x', false],
    ['/* fw:http_route path=/x */', false],
    ['fw:http_route path=/x', false],
    ['// fw:http path=/x', false],
    ['// FW:HTTP_ROUTE path=/x', false],
    ['// GetUser returns a user.', false],
  ])('%j → %s', (text, expected) => {
    expect(isAnnotationComment(text)).toBe(expected);
  });
});

describe('tokenizeAnnotation: tokens and positions', () => {
  it('splits key=value pairs with the exact position of each key and value', () => {
    const text = '// fw:http_route path=/users/{id} method=GET name=GetUser';
    const { markerPos, tokens, diagnostics } = tokenizeAnnotation(text, BASE);
    expect(diagnostics).toEqual([]);
    expect(markerPos).toEqual({ ...BASE, col: 4 });
    expect(tokens.map((t) => [t.key, t.keyPos.col, t.value, t.valuePos.col, t.valueOk])).toEqual([
      ['path', colOf(text, 'path'), '/users/{id}', colOf(text, '/users'), true],
      ['method', colOf(text, 'method'), 'GET', colOf(text, 'GET'), true],
      ['name', colOf(text, 'name'), 'GetUser', colOf(text, 'GetUser'), true],
    ]);
    expect(tokens.every((t) => t.keyPos.line === 7 && t.keyPos.file === BASE.file)).toBe(true);
  });

  it('keeps a bracket list with spaces as one value', () => {
    const text = '// fw:http_route method=[GET, POST,  PUT] path=/x';
    const { tokens, diagnostics } = tokenizeAnnotation(text, BASE);
    expect(diagnostics).toEqual([]);
    expect(tokens.map((t) => [t.key, t.value, t.valuePos.col])).toEqual([
      ['method', '[GET, POST,  PUT]', colOf(text, '[')],
      ['path', '/x', colOf(text, '/x')],
    ]);
  });

  it('accepts //fw:http_route without a space, tabs and several blanks between pairs', () => {
    const text = '//fw:http_route\tpath=/x   response=201:User\t\tresponse=4xx:Error ';
    const { markerPos, tokens, diagnostics } = tokenizeAnnotation(text, BASE);
    expect(diagnostics).toEqual([]);
    expect(markerPos.col).toBe(3);
    expect(tokens.map((t) => [t.key, t.value, t.keyPos.col])).toEqual([
      ['path', '/x', colOf(text, 'path')],
      ['response', '201:User', colOf(text, 'response')],
      ['response', '4xx:Error', colOf(text, 'response=4xx')],
    ]);
  });

  it('counts columns in bytes (UTF-8) and from the comment position', () => {
    const text = '// fw:http_route path=/café name=X';
    const base: Pos = { file: 'f.go', line: 3, col: 5 };
    const { tokens } = tokenizeAnnotation(text, base);
    const name = tokens.find((t) => t.key === 'name');
    // "é" is two bytes, so "name" is one column further right than its character index says.
    expect(name?.keyPos).toEqual({ file: 'f.go', line: 3, col: 5 + text.indexOf('name') + 1 });
    expect(tokens[0]?.valuePos.col).toBe(5 + text.indexOf('/café'));
  });

  it('an annotation without pairs has no tokens and no diagnostics (missing path is annotation.ts’s job)', () => {
    expect(tokenizeAnnotation('// fw:http_route', BASE)).toMatchObject({ tokens: [], diagnostics: [] });
  });

  it('keeps "=" inside a value', () => {
    const { tokens } = tokenizeAnnotation('// fw:http_route path=/a=b', BASE);
    expect(tokens[0]).toMatchObject({ key: 'path', value: '/a=b' });
  });
});

describe('tokenizeAnnotation: diagnostics', () => {
  const cases: { text: string; message: string; at: string; hint: string }[] = [
    { text: '// fw:http_route path', message: 'annotation key "path" has no value', at: 'path', hint: 'write path=<value>' },
    { text: '// fw:http_route path=/x method', message: 'annotation key "method" has no value', at: 'method', hint: 'write method=<value>' },
    { text: '// fw:http_route GET path=/x', message: 'unexpected text "GET" in annotation', at: 'GET', hint: 'key=value pairs' },
    {
      text: '// fw:http_route path=/x POST',
      message: 'unexpected text "POST" in annotation',
      at: 'POST',
      hint: 'valid keys: path, method, request, response, name, required_header',
    },
    { text: '// fw:http_route /users', message: 'unexpected text "/users" in annotation', at: '/users', hint: 'key=value' },
    { text: '// fw:http_route path=/x [GET, POST]', message: 'unexpected text "[GET, POST]" in annotation', at: '[GET', hint: 'key=value' },
    { text: '// fw:http_route =/x', message: 'missing key before "=" in "=/x"', at: '=/x', hint: 'write key=value' },
    { text: '// fw:http_route pa{th=/x', message: 'unexpected text "pa{th=/x" in annotation', at: 'pa{th', hint: 'key=value' },
    { text: '// fw:http_route path= method=GET', message: 'empty value for "path"', at: 'path', hint: 'write path=<value>, or remove "path="' },
    { text: '// fw:http_route path=/x name=', message: 'empty value for "name"', at: 'name', hint: 'remove "name="' },
    { text: '// fw:http_route path=/x method=GET]', message: 'unmatched "]" in the value of "method"', at: ']', hint: 'start the list with "["' },
    { text: '// fw:http_route path=/x method=[GET, POST', message: 'unclosed "[" in the value of "method"', at: '[', hint: 'close the list with "]"' },
    { text: '// fw:http_route method=[GET path=/x', message: 'unclosed "[" in the value of "method"', at: '[', hint: 'close the list with "]"' },
    { text: '// fw:http_route path=/x method=[[GET]', message: 'unclosed "[" in the value of "method"', at: '[', hint: 'close the list' },
  ];
  it.each(cases)('$text → $message', ({ text, message, at, hint }) => {
    const { diagnostics } = tokenizeAnnotation(text, BASE);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message, pos: { file: BASE.file, line: 7, col: colOf(text, at) } });
    expect(diagnostics[0]?.hint).toContain(hint);
  });

  it('an unclosed "[" ends at the next key, so the following pairs are still read', () => {
    const { tokens } = tokenizeAnnotation('// fw:http_route method=[GET, POST path=/x name=N', BASE);
    expect(tokens.map((t) => [t.key, t.value, t.valueOk])).toEqual([
      ['method', '[GET, POST', false],
      ['path', '/x', true],
      ['name', 'N', true],
    ]);
  });

  it('marks values already reported as not ok', () => {
    const { tokens } = tokenizeAnnotation('// fw:http_route path= method=GET] name=N', BASE);
    expect(tokens.map((t) => [t.key, t.valueOk])).toEqual([
      ['path', false],
      ['method', false],
      ['name', true],
    ]);
  });

  it('reports every problem of the line, in order', () => {
    const text = '// fw:http_route GET path method= =x name=[a';
    const { diagnostics } = tokenizeAnnotation(text, BASE);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['unexpected text "GET" in annotation', colOf(text, 'GET')],
      ['annotation key "path" has no value', colOf(text, 'path')],
      ['empty value for "method"', colOf(text, 'method')],
      ['missing key before "=" in "=x"', colOf(text, '=x')],
      ['unclosed "[" in the value of "name"', colOf(text, '[a')],
    ]);
  });

  it('a comment that is not an annotation is reported, not thrown', () => {
    const { diagnostics } = tokenizeAnnotation('// just a comment', BASE);
    expect(diagnostics[0]?.message).toBe('not an fw:http_route annotation');
  });
});
