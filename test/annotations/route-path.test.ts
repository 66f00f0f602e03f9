import { describe, expect, it } from 'vitest';
import type { Pos } from '../../src/diagnostics/diagnostics';
import { parseRoutePath } from '../../src/annotations/route-path';
import type { PathSegment } from '../../src/annotations/types';

// The path value starts at column 23 of line 12, as in `// fw:http_route path=/...`.
const AT: Pos = { file: 'handler_user.go', line: 12, col: 23 };

/** Column of `text[index]`, where `index` is the first occurrence of `needle` (or the nth, 0-based). */
function colOf(text: string, needle: string, nth = 0): number {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} not in ${text}`);
  return AT.col + Buffer.byteLength(text.slice(0, i));
}

const s = (value: string): PathSegment => ({ kind: 'static', value });
const w = (name: string): PathSegment => ({ kind: 'wildcard', name });

describe('parseRoutePath: valid paths', () => {
  it.each<[string, PathSegment[]]>([
    ['/', [s('')]],
    ['/users', [s('users')]],
    ['/users/', [s('users'), s('')]],
    ['/users/{id}', [s('users'), w('id')]],
    ['/users/{id}/', [s('users'), w('id'), s('')]],
    ['/users/{userID}/posts/{postID}', [s('users'), w('userID'), s('posts'), w('postID')]],
    ['/files/{path...}', [s('files'), { kind: 'remainder', name: 'path' }]],
    ['/{rest...}', [{ kind: 'remainder', name: 'rest' }]],
    ['/{$}', [{ kind: 'end' }]],
    ['/users/{$}', [s('users'), { kind: 'end' }]],
    ['/{_x1}', [w('_x1')]],
    ['/{ünï}', [w('ünï')]],
    ['/{type}', [w('type')]],
    ['/café/a-b_c.d~e', [s('café'), s('a-b_c.d~e')]],
    ['/a%20b', [s('a%20b')]],
    ['/v1/{id}/...x', [s('v1'), w('id'), s('...x')]],
    ['/a:b/x*/<', [s('a:b'), s('x*'), s('<')]],
  ])('%s', (text, segments) => {
    expect(parseRoutePath(text, AT)).toEqual({ path: { text, segments }, diagnostics: [] });
  });
});

describe('parseRoutePath: errors (message, column, hint)', () => {
  const cases: { text: string; message: string; at: string; nth?: number; hint: string }[] = [
    { text: 'users', message: 'path "users" must start with "/"', at: 'u', hint: 'write path=/users' },
    { text: '{id}', message: 'path "{id}" must start with "/"', at: '{', hint: 'write path=/{id}' },
    { text: '"/users"', message: 'path contains a quote (")', at: '"', hint: 'write the path unquoted' },
    { text: "'users'", message: "path contains a quote (')", at: "'", hint: 'write the path unquoted' },
    {
      text: '/users/:id',
      message: 'path segment ":id" looks like a path parameter',
      at: ':',
      hint: 'ServeMux would match it literally; write path parameters in braces: {id}',
    },
    { text: '/users/<id>/x', message: 'path segment "<id>" looks like a path parameter', at: '<', hint: 'in braces: {id}' },
    { text: '/users/<user-id>', message: 'path segment "<user-id>" looks like a path parameter', at: '<', hint: 'in braces: {name}' },
    { text: '/static/*', message: 'path segment "*" looks like a path parameter', at: '*', hint: 'in braces: {path...}' },
    { text: '/static/*file', message: 'path segment "*file" looks like a path parameter', at: '*', hint: 'in braces: {file...}' },
    { text: '', message: 'empty path', at: '', hint: 'path=/users' },
    { text: '/a b', message: 'path contains a space', at: ' ', hint: 'remove it' },
    { text: '/a\tb', message: 'path contains a space', at: '\t', hint: 'remove it' },
    { text: '/"users"', message: 'path contains a quote (")', at: '"', hint: 'write the path unquoted' },
    { text: "/a'b", message: "path contains a quote (')", at: "'", hint: 'unquoted' },
    { text: '/a`b', message: 'path contains a quote (`)', at: '`', hint: 'unquoted' },
    { text: '/a\u0001b', message: 'path contains a control character (U+0001)', at: '\u0001', hint: 'remove it' },
    { text: '/a\u007fb', message: 'path contains a control character (U+007F)', at: '\u007f', hint: 'remove it' },
    { text: '/search?q=1', message: 'path contains a "?": a pattern matches the path only, not the query string', at: '?', hint: 'remove it' },
    { text: '/page#top', message: 'path contains a "#": fragments are never sent to the server', at: '#', hint: 'remove it' },
    {
      text: '/a//b',
      message: 'path contains an empty segment ("//")',
      at: '/',
      nth: 2,
      hint: 'ServeMux cleans "//" to "/" in request paths, so this pattern could never match',
    },
    { text: '//', message: 'path contains an empty segment ("//")', at: '/', nth: 1, hint: 'remove the extra "/"' },
    { text: '/a/./b', message: 'path contains a "." segment', at: '.', hint: 'ServeMux resolves "." in request paths' },
    { text: '/a/..', message: 'path contains a ".." segment', at: '..', hint: 'ServeMux resolves ".."' },
    // ServeMux unescapes them to dot segments, and browsers resolve them as such: no browser reaches the pattern.
    { text: '/a/%2e%2E/b', message: 'path segment "%2e%2E" is an escaped dot segment', at: '%', hint: 'no browser can reach this pattern' },
    { text: '/a/.%2e', message: 'path segment ".%2e" is an escaped dot segment', at: '.', hint: 'browsers resolve it' },
    {
      text: '/a{id}',
      message: 'wildcard in the middle of segment "a{id}"',
      at: '{',
      hint: 'ServeMux wildcards cannot share a segment with text; a wildcard is a whole segment: /users/{id}',
    },
    { text: '/users/x{id}y', message: 'wildcard in the middle of segment "x{id}y"', at: '{', hint: 'whole segment' },
    { text: '/{id}x', message: 'text after wildcard in segment "{id}x"', at: 'x', hint: 'whole segment' },
    { text: '/{id', message: 'unclosed "{" in path', at: '{', hint: 'close the wildcard with "}"' },
    { text: '/id}', message: 'unmatched "}" in path', at: '}', hint: 'open the wildcard with "{"' },
    { text: '/{a{b}}', message: 'nested "{" in path wildcard', at: '{', nth: 1, hint: 'a wildcard holds one name' },
    { text: '/{}', message: 'empty wildcard "{}"', at: '{', hint: 'name it, e.g. {id}' },
    { text: '/{...}', message: 'empty wildcard "{...}"', at: '{', hint: 'name it, e.g. {rest...}' },
    { text: '/{1id}', message: 'invalid wildcard name "1id"', at: '{', hint: 'a wildcard name is a Go identifier' },
    { text: '/{user-id}', message: 'invalid wildcard name "user-id"', at: '{', hint: 'Go identifier' },
    { text: '/{a.b}', message: 'invalid wildcard name "a.b"', at: '{', hint: 'Go identifier' },
    { text: '/{x..}', message: 'invalid wildcard name "x.."', at: '{', hint: 'Go identifier' },
    { text: '/{$x}', message: 'invalid wildcard name "$x"', at: '{', hint: 'Go identifier' },
    { text: '/{rest...}/x', message: '"{rest...}" must be the last segment of the path', at: '{', hint: 'move it to the end or write {rest}' },
    { text: '/{rest...}/', message: '"{rest...}" must be the last segment of the path', at: '{', hint: 'move it to the end' },
    { text: '/{$}/x', message: '"{$}" must be the last segment of the path', at: '{', hint: 'remove what follows it' },
    { text: '/a/{$}/', message: '"{$}" must be the last segment of the path', at: '{', hint: 'remove what follows it' },
    { text: '/a/{$}x', message: 'text after wildcard in segment "{$}x"', at: 'x', hint: 'whole segment' },
  ];
  it.each(cases)('$text → $message', ({ text, message, at, nth, hint }) => {
    const { path, diagnostics } = parseRoutePath(text, AT);
    expect(path).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message, pos: { file: AT.file, line: 12, col: colOf(text, at, nth) } });
    expect(diagnostics[0]?.hint).toContain(hint);
  });

  it('duplicate wildcard names: reported at the second, related to the first', () => {
    const text = '/users/{id}/posts/{id}';
    const [d, ...rest] = parseRoutePath(text, AT).diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      message: 'duplicate wildcard name "id"',
      hint: 'give each wildcard of a path its own name',
      pos: { col: colOf(text, '{', 1) },
      related: [{ pos: { col: colOf(text, '{') }, message: '"{id}" first used here' }],
    });
  });

  it('a remainder may not reuse a wildcard name', () => {
    const { diagnostics } = parseRoutePath('/{p}/{p...}', AT);
    expect(diagnostics.map((d) => d.message)).toEqual(['duplicate wildcard name "p"']);
  });

  it('reports every problem of the path with its column', () => {
    const text = '/a b/{id}/{id}/x{y}/{}?';
    const { diagnostics } = parseRoutePath(text, AT);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['path contains a space', colOf(text, ' ')],
      ['path contains a "?": a pattern matches the path only, not the query string', colOf(text, '?')],
      ['duplicate wildcard name "id"', colOf(text, '{', 1)],
      ['wildcard in the middle of segment "x{y}"', colOf(text, '{', 2)],
      ['text after wildcard in segment "{}?"', colOf(text, '?')],
    ]);
  });

  it('reports a repeated character once', () => {
    const { diagnostics } = parseRoutePath('/"a"/"b"', AT);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([['path contains a quote (")', AT.col + 1]]);
  });

  it('columns count bytes after non-ASCII characters', () => {
    const text = '/café/{id';
    const [d] = parseRoutePath(text, AT).diagnostics;
    expect(d?.pos?.col).toBe(AT.col + 7); // "/café/" is 7 bytes
  });
});
