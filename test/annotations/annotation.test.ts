import { describe, expect, it } from 'vitest';
import { parseAnnotation, parseMethods } from '../../src/annotations/annotation';
import type { Pos } from '../../src/diagnostics/diagnostics';

const BASE: Pos = { file: 'internal/v1handler/handler_user.go', line: 21, col: 1 };

/** Column of the nth (0-based) occurrence of `needle` in `text`. */
function colOf(text: string, needle: string, nth = 0): number {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} not in ${text}`);
  return BASE.col + Buffer.byteLength(text.slice(0, i));
}

const at = (text: string, needle: string, nth = 0): Pos => ({ ...BASE, col: colOf(text, needle, nth) });

describe('parseAnnotation: valid lines', () => {
  it('a full line', () => {
    const text =
      '// fw:http_route path=/users/{id} method=[GET, POST] request=GetUserRequest response=User response=404:models.NotFound response=Error name=GetUser required_header=Authorization required_header=X-Request-ID';
    const { annotation, diagnostics } = parseAnnotation(text, BASE);
    expect(diagnostics).toEqual([]);
    expect(annotation).toEqual({
      pos: at(text, 'fw:'),
      path: {
        text: '/users/{id}',
        segments: [
          { kind: 'static', value: 'users' },
          { kind: 'wildcard', name: 'id' },
        ],
      },
      pathPos: at(text, '/users'),
      methods: ['GET', 'POST'],
      methodPos: at(text, '[GET'),
      request: { type: { name: 'GetUserRequest' }, pos: at(text, 'GetUserRequest') },
      responses: [
        { match: { kind: 'class', digit: 2 }, body: { kind: 'type', type: { name: 'User' } }, text: 'User', implicitStatus: true, pos: at(text, 'User ') },
        {
          match: { kind: 'exact', status: 404 },
          body: { kind: 'type', type: { pkg: 'models', name: 'NotFound' } },
          text: '404:models.NotFound',
          implicitStatus: false,
          pos: at(text, '404'),
        },
        { match: { kind: 'class', digit: 4 }, body: { kind: 'error' }, text: 'Error', implicitStatus: true, pos: at(text, 'Error ') },
        { match: { kind: 'class', digit: 5 }, body: { kind: 'error' }, text: 'Error', implicitStatus: true, pos: at(text, 'Error ') },
      ],
      name: { value: 'GetUser', pos: at(text, 'GetUser ') },
      requiredHeaders: [
        { value: 'Authorization', pos: at(text, 'Authorization') },
        { value: 'X-Request-ID', pos: at(text, 'X-Request-ID') },
      ],
    });
  });

  it('defaults: method GET (R5), no request, no responses, no name, no headers', () => {
    const { annotation, diagnostics } = parseAnnotation('//fw:http_route path=/health', BASE);
    expect(diagnostics).toEqual([]);
    expect(annotation).toEqual({
      pos: { ...BASE, col: 3 },
      path: { text: '/health', segments: [{ kind: 'static', value: 'health' }] },
      pathPos: { ...BASE, col: 22 },
      methods: ['GET'],
      responses: [],
      requiredHeaders: [],
    });
  });

  it.each([
    ['method=POST', ['POST']],
    ['method=[PUT]', ['PUT']],
    ['method=[GET,POST]', ['GET', 'POST']],
    ['method=[ DELETE , PATCH ]', ['DELETE', 'PATCH']],
    ['method=[GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS]', ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']],
  ])('%s', (pair, methods) => {
    const { annotation, diagnostics } = parseAnnotation(`// fw:http_route path=/x ${pair}`, BASE);
    expect(diagnostics).toEqual([]);
    expect(annotation?.methods).toEqual(methods);
  });

  it.each([
    'request=models.CreateUser',
    'request=_private',
    'name=getUser',
    'name=V2_List',
    'required_header=Content-Type',
    "required_header=X!#$%&'*+-.^_`|~1",
    'response=201:Created response=4xx:Error response=302:Redirect',
  ])('accepts %s', (pairs) => {
    expect(parseAnnotation(`// fw:http_route path=/x ${pairs}`, BASE).diagnostics).toEqual([]);
  });

  it('warnings (a shadowed response) do not drop the annotation', () => {
    const { annotation, diagnostics } = parseAnnotation('// fw:http_route path=/x response=4xx:A response=400-499:B', BASE);
    expect(diagnostics.map((d) => d.severity)).toEqual(['warning']);
    expect(annotation?.responses).toHaveLength(2);
  });
});

describe('parseAnnotation: one error per rule (message, line, column, hint)', () => {
  const P = '// fw:http_route path=/x ';
  const cases: { rule: string; text: string; message: string; at: string; nth?: number; hint: string }[] = [
    // V1
    {
      rule: 'V1',
      text: '// fw:http_route method=GET',
      message: 'missing required key "path"',
      at: 'fw:',
      hint: 'every route needs a path, e.g. path=/users/{id}',
    },
    { rule: 'V1', text: '//fw:http_route', message: 'missing required key "path"', at: 'fw:', hint: 'path=' },
    // V2
    {
      rule: 'V2',
      text: `${P}method=FETCH`,
      message: 'unknown HTTP method "FETCH"',
      at: 'FETCH',
      hint: 'supported methods: GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS',
    },
    { rule: 'V2', text: `${P}method=PATC`, message: 'unknown HTTP method "PATC"', at: 'PATC', hint: 'did you mean PATCH?' },
    { rule: 'V2', text: `${P}method=CONNECT`, message: 'unknown HTTP method "CONNECT"', at: 'CONNECT', hint: 'supported methods' },
    { rule: 'V2', text: `${P}method=get`, message: 'method "get" must be upper case', at: 'get', hint: 'write GET' },
    { rule: 'V2', text: `${P}method=[GET, Post]`, message: 'method "Post" must be upper case', at: 'Post', hint: 'write POST' },
    { rule: 'V2', text: `${P}method=[GET,GET]`, message: 'duplicate method "GET"', at: 'GET', nth: 1, hint: 'list each method once' },
    { rule: 'V2', text: `${P}method=[]`, message: 'empty method list', at: '[', hint: 'list at least one method' },
    { rule: 'V2', text: `${P}method=[ ]`, message: 'empty method list', at: '[', hint: 'remove method= to get GET' },
    { rule: 'V2', text: `${P}method=[GET,,POST]`, message: 'empty entry in method list', at: ',,', hint: 'remove the extra ","' },
    { rule: 'V2', text: `${P}method=[GET,]`, message: 'empty entry in method list', at: ',', hint: 'remove the extra ","' },
    { rule: 'V2', text: `${P}method=[GET]x`, message: 'unexpected text after "]" in method list "[GET]x"', at: 'x', nth: 1, hint: 'end the list with "]"' },
    // V6
    {
      rule: 'V6',
      text: `${P}method=GET,POST`,
      message: 'several methods must be enclosed in brackets: "GET,POST"',
      at: 'GET',
      hint: 'write method=[GET,POST]',
    },
    // V3 (through response=)
    { rule: 'V3', text: `${P}response=600:User`, message: 'invalid status code 600', at: '600', hint: 'status codes are 100 to 599' },
    { rule: 'V3', text: `${P}response=99:User`, message: 'invalid status code 99', at: '99', hint: '100 to 599' },
    { rule: 'V3', text: `${P}response=9xx:User`, message: 'invalid status class 9xx', at: '9xx', hint: '1xx to 5xx' },
    {
      rule: 'V3',
      text: `${P}response=300-200:User`,
      message: 'empty status range 300-200: 300 is greater than 200',
      at: '300',
      hint: 'write the lower status first',
    },
    {
      rule: 'V3',
      text: `${P}response=200:Error`,
      message: 'Error response on 200: Error is only allowed on 4xx and 5xx statuses',
      at: '200',
      hint: 'use a status from 400 to 599',
    },
    {
      rule: 'V3',
      text: `${P}response=404:Redirect`,
      message: 'Redirect response on 404: Redirect is only allowed on 3xx statuses',
      at: '404',
      hint: 'use a status from 300 to 399',
    },
    // V4
    {
      rule: 'V4',
      text: `${P}request=user-request`,
      message: 'invalid request type "user-request": "user-request" is not a Go identifier',
      at: 'user-request',
      hint: 'request type must be a Go type name',
    },
    { rule: 'V4', text: `${P}request=a.b.C`, message: 'invalid request type "a.b.C": more than one "."', at: '.C', hint: 'pkg.User' },
    { rule: 'V4', text: `${P}request=*User`, message: 'invalid request type "*User": "*User" is not a Go identifier', at: '*User', hint: 'Go type name' },
    { rule: 'V4', text: `${P}request=func`, message: 'invalid request type "func": "func" is a Go keyword', at: 'func', hint: 'Go type name' },
    {
      rule: 'V4',
      text: `${P}response=201:[]User`,
      message: 'invalid response type "[]User": "[]User" is not a Go identifier',
      at: '[]User',
      hint: 'response type must be a Go type name',
    },
    { rule: 'V4', text: `${P}response=models.`, message: 'invalid response type "models.": empty name', at: '', hint: 'Go type name' },
    // V5 (through path=)
    {
      rule: 'V5',
      text: '// fw:http_route path=/users/:id',
      message: 'path segment ":id" looks like a path parameter',
      at: ':id',
      hint: 'ServeMux would match it literally; write path parameters in braces: {id}',
    },
    { rule: 'V5', text: '// fw:http_route path=/users/<id>', message: 'path segment "<id>" looks like a path parameter', at: '<id>', hint: 'in braces: {id}' },
    { rule: 'V5', text: '// fw:http_route path=/static/*', message: 'path segment "*" looks like a path parameter', at: '*', hint: 'in braces: {path...}' },
    { rule: 'V5', text: '// fw:http_route path=/users/{id', message: 'unclosed "{" in path', at: '{', hint: 'close the wildcard with "}"' },
    { rule: 'V5', text: '// fw:http_route path=/users/id}', message: 'unmatched "}" in path', at: '}', hint: 'open the wildcard with "{"' },
    { rule: 'V5', text: '// fw:http_route path=/users/x{id}', message: 'wildcard in the middle of segment "x{id}"', at: '{', hint: 'whole segment' },
    { rule: 'V5', text: '// fw:http_route path=/{id}/{id}', message: 'duplicate wildcard name "id"', at: '{', nth: 1, hint: 'give each wildcard' },
    { rule: 'V5', text: '// fw:http_route path=/{}', message: 'empty wildcard "{}"', at: '{', hint: 'name it' },
    { rule: 'V5', text: '// fw:http_route path=/{a-b}', message: 'invalid wildcard name "a-b"', at: '{', hint: 'Go identifier' },
    { rule: 'V5', text: '// fw:http_route path=/{x...}/y', message: '"{x...}" must be the last segment of the path', at: '{', hint: 'move it to the end' },
    { rule: 'V5', text: '// fw:http_route path=/{$}/y', message: '"{$}" must be the last segment of the path', at: '{', hint: 'remove what follows it' },
    { rule: 'V5', text: '// fw:http_route path=users', message: 'path "users" must start with "/"', at: 'users', hint: 'write path=/users' },
    { rule: 'V5', text: '// fw:http_route path="/users"', message: 'path contains a quote (")', at: '"', hint: 'write the path unquoted' },
    { rule: 'V5', text: '// fw:http_route path=/a//b', message: 'path contains an empty segment ("//")', at: '/b', hint: 'ServeMux cleans "//"' },
    { rule: 'V5', text: '// fw:http_route path=/a?b', message: 'path contains a "?"', at: '?', hint: 'remove it' },
    // keys
    {
      rule: 'key',
      text: `${P}methods=GET`,
      message: 'unknown annotation key "methods"',
      at: 'methods',
      hint: 'did you mean "method"? valid keys: path, method, request, response, name, required_header',
    },
    { rule: 'key', text: `${P}Path=/y`, message: 'unknown annotation key "Path"', at: 'Path', hint: 'did you mean "path"?' },
    {
      rule: 'key',
      text: `${P}required_headers=A`,
      message: 'unknown annotation key "required_headers"',
      at: 'required_headers',
      hint: 'did you mean "required_header"?',
    },
    { rule: 'key', text: `${P}handler=X`, message: 'unknown annotation key "handler"', at: 'handler', hint: 'valid keys: path, method' },
    {
      rule: 'key',
      text: `${P}path=/y`,
      message: 'duplicate key "path": it may appear once per annotation line',
      at: 'path',
      nth: 1,
      hint: 'add another "// fw:http_route" line',
    },
    {
      rule: 'key',
      text: `${P}method=GET method=POST`,
      message: 'duplicate key "method": it may appear once per annotation line',
      at: 'method',
      nth: 1,
      hint: 'method=[GET,POST]',
    },
    {
      rule: 'key',
      text: `${P}request=A request=B`,
      message: 'duplicate key "request": it may appear once per annotation line',
      at: 'request',
      nth: 1,
      hint: 'remove one',
    },
    { rule: 'key', text: `${P}name=A name=B`, message: 'duplicate key "name": it may appear once per annotation line', at: 'name', nth: 1, hint: 'remove one' },
    { rule: 'key', text: `${P}name=`, message: 'empty value for "name"', at: 'name', hint: 'write name=<value>' },
    { rule: 'key', text: `${P}method`, message: 'annotation key "method" has no value', at: 'method', hint: 'write method=<value>' },
    { rule: 'key', text: `${P}GET`, message: 'unexpected text "GET" in annotation', at: 'GET', hint: 'key=value pairs' },
    // name
    {
      rule: 'name',
      text: `${P}name=get-user`,
      message: 'invalid route name "get-user": not a Go identifier',
      at: 'get-user',
      hint: 'a route name is a Go identifier',
    },
    { rule: 'name', text: `${P}name=1st`, message: 'invalid route name "1st": not a Go identifier', at: '1st', hint: 'e.g. name=GetUser' },
    { rule: 'name', text: `${P}name=pkg.Name`, message: 'invalid route name "pkg.Name": not a Go identifier', at: 'pkg', hint: 'Go identifier' },
    { rule: 'name', text: `${P}name=range`, message: 'invalid route name "range": "range" is a Go keyword', at: 'range', hint: 'Go identifier' },
    // required_header
    {
      rule: 'header',
      text: `${P}required_header=X-Auth:`,
      message: 'invalid header name "X-Auth:": ":" is not allowed in a header name',
      at: ':',
      nth: 1,
      hint: 'a header name is an RFC 9110 token',
    },
    {
      rule: 'header',
      text: `${P}required_header=X(Auth)`,
      message: 'invalid header name "X(Auth)": "(" is not allowed in a header name',
      at: '(',
      hint: 'RFC 9110 token',
    },
    {
      rule: 'header',
      text: `${P}required_header=Äuth`,
      message: 'invalid header name "Äuth": "Ä" is not allowed in a header name',
      at: 'Ä',
      hint: 'RFC 9110 token',
    },
    {
      rule: 'header',
      text: `${P}required_header=Authorization required_header=authorization`,
      message: 'duplicate required_header "authorization"',
      at: 'authorization',
      hint: 'header names are case-insensitive and "Authorization" is already required',
    },
    // response overlaps
    {
      rule: 'overlap',
      text: `${P}response=201:A response=201:B`,
      message: 'response specifiers "201:A" and "201:B" both cover status 201',
      at: '201:B',
      hint: 'keep one of them',
    },
    {
      rule: 'overlap',
      text: `${P}response=User response=Other`,
      message: 'response specifiers "User" and "Other" both cover statuses 200-299',
      at: 'Other',
      hint: 'keep one of them',
    },
    {
      rule: 'overlap',
      text: `${P}response=Error response=5xx:Boom`,
      message: 'response specifiers "Error" and "5xx:Boom" both cover statuses 500-599',
      at: '5xx',
      hint: 'keep one of them',
    },
  ];
  it.each(cases)('$rule: $text → $message', ({ text, message, at: needle, nth, hint }) => {
    const { annotation, diagnostics } = parseAnnotation(text, BASE);
    expect(annotation).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    const col = needle === '' ? BASE.col + Buffer.byteLength(text) : colOf(text, needle, nth);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', pos: { file: BASE.file, line: 21, col } });
    expect(diagnostics[0]?.message).toContain(message);
    expect(diagnostics[0]?.hint).toContain(hint);
  });
});

describe('parseAnnotation: several problems', () => {
  it('reports ALL problems of a line, each at its column', () => {
    const text = '// fw:http_route method=get,POST request=bad-type response=700:X response=200:Error name=1x required_header=A:B methodz=1';
    const { annotation, diagnostics } = parseAnnotation(text, BASE);
    expect(annotation).toBeUndefined();
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['several methods must be enclosed in brackets: "get,POST"', colOf(text, 'get')],
      ['method "get" must be upper case', colOf(text, 'get')],
      ['invalid request type "bad-type": "bad-type" is not a Go identifier', colOf(text, 'bad-type')],
      ['invalid status code 700', colOf(text, '700')],
      ['Error response on 200: Error is only allowed on 4xx and 5xx statuses', colOf(text, '200')],
      ['invalid route name "1x": not a Go identifier', colOf(text, '1x')],
      ['invalid header name "A:B": ":" is not allowed in a header name', colOf(text, ':B')],
      ['unknown annotation key "methodz"', colOf(text, 'methodz')],
      ['missing required key "path"', colOf(text, 'fw:')],
    ]);
    expect(diagnostics.every((d) => d.hint && d.hint.length > 0)).toBe(true);
  });

  it('does not report a value twice when the tokenizer already did', () => {
    const text = '// fw:http_route path=/x method=[GET, POST';
    expect(parseAnnotation(text, BASE).diagnostics.map((d) => d.message)).toEqual(['unclosed "[" in the value of "method"']);
    expect(parseAnnotation('// fw:http_route path=', BASE).diagnostics.map((d) => d.message)).toEqual(['empty value for "path"']);
  });

  it('an invalid path is not also a missing path', () => {
    expect(parseAnnotation('// fw:http_route path=x', BASE).diagnostics.map((d) => d.message)).toEqual(['path "x" must start with "/"']);
  });

  it('repeatable keys may repeat; duplicates point at the first', () => {
    const text = '// fw:http_route path=/x path=/y path=/z response=A required_header=A required_header=B';
    const { diagnostics } = parseAnnotation(text, BASE);
    expect(diagnostics.map((d) => [d.message, d.pos?.col, d.related?.[0]?.pos.col])).toEqual([
      ['duplicate key "path": it may appear once per annotation line', colOf(text, 'path', 1), colOf(text, 'path')],
      ['duplicate key "path": it may appear once per annotation line', colOf(text, 'path', 2), colOf(text, 'path')],
    ]);
  });

  it('duplicate required_header points at the first', () => {
    const text = '// fw:http_route path=/x required_header=X-Key required_header=x-key';
    const [d] = parseAnnotation(text, BASE).diagnostics;
    expect(d?.related).toEqual([{ pos: at(text, 'X-Key'), message: '"X-Key" required here' }]);
  });
});

describe('parseMethods', () => {
  it('positions of list items account for blanks and brackets', () => {
    const pos: Pos = { file: 'f.go', line: 1, col: 10 };
    const { diagnostics } = parseMethods('[GET,  put , BREW]', pos);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['method "put" must be upper case', 10 + 7],
      ['unknown HTTP method "BREW"', 10 + 13],
    ]);
  });
});
