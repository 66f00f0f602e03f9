import { describe, expect, it } from 'vitest';
import type { Pos } from '../../src/diagnostics/diagnostics';
import { checkResponseSet, parseResponseSpecifier, selectResponse } from '../../src/annotations/response-specifiers';
import type { ResponseSpecifier } from '../../src/annotations/types';

// The value starts at column 30 of line 4, as in `// fw:http_route ... response=...`.
const AT: Pos = { file: 'handler_user.go', line: 4, col: 30 };

function colOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`${needle} not in ${text}`);
  return AT.col + i;
}

/** Specifiers of several values, each on its own line so that positions tell them apart. */
function specsOf(...values: string[]): ResponseSpecifier[] {
  return values.flatMap((v, i) => {
    const r = parseResponseSpecifier(v, { ...AT, line: i + 1 });
    if (r.diagnostics.length > 0) throw new Error(`bad test value ${v}`);
    return r.specs;
  });
}

describe('parseResponseSpecifier: every form', () => {
  it.each<[string, Omit<ResponseSpecifier, 'text' | 'pos'>[]]>([
    ['User', [{ match: { kind: 'class', digit: 2 }, body: { kind: 'type', type: { name: 'User' } }, implicitStatus: true }]],
    ['models.User', [{ match: { kind: 'class', digit: 2 }, body: { kind: 'type', type: { pkg: 'models', name: 'User' } }, implicitStatus: true }]],
    ['201:User', [{ match: { kind: 'exact', status: 201 }, body: { kind: 'type', type: { name: 'User' } }, implicitStatus: false }]],
    ['100:Info', [{ match: { kind: 'exact', status: 100 }, body: { kind: 'type', type: { name: 'Info' } }, implicitStatus: false }]],
    ['599:Oops', [{ match: { kind: 'exact', status: 599 }, body: { kind: 'type', type: { name: 'Oops' } }, implicitStatus: false }]],
    ['4xx:ErrBody', [{ match: { kind: 'class', digit: 4 }, body: { kind: 'type', type: { name: 'ErrBody' } }, implicitStatus: false }]],
    ['1xx:Info', [{ match: { kind: 'class', digit: 1 }, body: { kind: 'type', type: { name: 'Info' } }, implicitStatus: false }]],
    ['200-299:api.Page', [{ match: { kind: 'range', from: 200, to: 299 }, body: { kind: 'type', type: { pkg: 'api', name: 'Page' } }, implicitStatus: false }]],
    ['204-204:Empty', [{ match: { kind: 'range', from: 204, to: 204 }, body: { kind: 'type', type: { name: 'Empty' } }, implicitStatus: false }]],
    [
      'Error',
      [
        { match: { kind: 'class', digit: 4 }, body: { kind: 'error' }, implicitStatus: true },
        { match: { kind: 'class', digit: 5 }, body: { kind: 'error' }, implicitStatus: true },
      ],
    ],
    [
      'TYPE_ERROR',
      [
        { match: { kind: 'class', digit: 4 }, body: { kind: 'error' }, implicitStatus: true },
        { match: { kind: 'class', digit: 5 }, body: { kind: 'error' }, implicitStatus: true },
      ],
    ],
    ['Redirect', [{ match: { kind: 'class', digit: 3 }, body: { kind: 'redirect' }, implicitStatus: true }]],
    ['TYPE_REDIRECT', [{ match: { kind: 'class', digit: 3 }, body: { kind: 'redirect' }, implicitStatus: true }]],
    ['400:Error', [{ match: { kind: 'exact', status: 400 }, body: { kind: 'error' }, implicitStatus: false }]],
    ['5xx:TYPE_ERROR', [{ match: { kind: 'class', digit: 5 }, body: { kind: 'error' }, implicitStatus: false }]],
    ['400-599:Error', [{ match: { kind: 'range', from: 400, to: 599 }, body: { kind: 'error' }, implicitStatus: false }]],
    ['302:Redirect', [{ match: { kind: 'exact', status: 302 }, body: { kind: 'redirect' }, implicitStatus: false }]],
    ['3xx:TYPE_REDIRECT', [{ match: { kind: 'class', digit: 3 }, body: { kind: 'redirect' }, implicitStatus: false }]],
    ['301-308:Redirect', [{ match: { kind: 'range', from: 301, to: 308 }, body: { kind: 'redirect' }, implicitStatus: false }]],
    // A status, class or range without a type: an answer without a body.
    ['204', [{ match: { kind: 'exact', status: 204 }, body: { kind: 'none' }, implicitStatus: false }]],
    ['202', [{ match: { kind: 'exact', status: 202 }, body: { kind: 'none' }, implicitStatus: false }]],
    ['2xx', [{ match: { kind: 'class', digit: 2 }, body: { kind: 'none' }, implicitStatus: false }]],
    ['200-299', [{ match: { kind: 'range', from: 200, to: 299 }, body: { kind: 'none' }, implicitStatus: false }]],
  ])('%s', (value, expected) => {
    const { specs, diagnostics } = parseResponseSpecifier(value, AT);
    expect(diagnostics).toEqual([]);
    expect(specs).toEqual(expected.map((e) => ({ ...e, text: value, pos: AT })));
  });
});

describe('parseResponseSpecifier: errors (message, column, hint)', () => {
  const cases: { value: string; message: string; at: string; hint: string }[] = [
    { value: '600:User', message: 'invalid status code 600', at: '6', hint: 'status codes are 100 to 599' },
    { value: '99:User', message: 'invalid status code 99', at: '9', hint: '100 to 599' },
    { value: '099:User', message: 'invalid status code 099', at: '0', hint: '100 to 599' },
    { value: '1000:User', message: 'invalid status code 1000', at: '1', hint: '100 to 599' },
    { value: '6xx:User', message: 'invalid status class 6xx', at: '6', hint: 'status classes are 1xx to 5xx' },
    { value: '0xx:User', message: 'invalid status class 0xx', at: '0', hint: '1xx to 5xx' },
    { value: '4XX:User', message: 'status class 4XX must be written in lower case', at: '4', hint: 'write 4xx' },
    { value: '299-200:User', message: 'empty status range 299-200: 299 is greater than 200', at: '2', hint: 'write the lower status first: 200-299' },
    { value: '200-600:User', message: 'invalid status code 600', at: '600', hint: '100 to 599' },
    { value: '50-299:User', message: 'invalid status code 50', at: '5', hint: '100 to 599' },
    { value: 'abc:User', message: 'invalid status "abc"', at: 'a', hint: 'write an exact status (201), a class (4xx) or a range (200-299)' },
    { value: '2x:User', message: 'invalid status "2x"', at: '2', hint: 'a class (4xx)' },
    { value: '200-:User', message: 'invalid status "200-"', at: '2', hint: 'a range (200-299)' },
    { value: ':User', message: 'missing status before ":" in ":User"', at: ':', hint: 'write an exact status' },
    { value: '201:', message: 'missing response type after ":" in "201:"', at: '', hint: 'write 201:TypeName' },
    {
      value: '201:user-info',
      message: 'invalid response type "user-info": "user-info" is not a Go identifier',
      at: 'u',
      hint: 'response type must be a Go type name',
    },
    { value: 'User[]', message: 'invalid response type "User[]": "User[]" is not a Go identifier', at: 'U', hint: 'Go type name' },
    { value: '*User', message: 'invalid response type "*User": "*User" is not a Go identifier', at: '*', hint: 'Go type name' },
    { value: '1User', message: 'invalid response type "1User": "1User" is not a Go identifier', at: '1', hint: 'Go type name' },
    { value: 'a.b.C', message: 'invalid response type "a.b.C": more than one "."', at: '.C', hint: 'pkg.User' },
    { value: 'models.', message: 'invalid response type "models.": empty name', at: '', hint: 'Go type name' },
    { value: '200:.User', message: 'invalid response type ".User": empty name', at: '.', hint: 'Go type name' },
    { value: 'models.1User', message: 'invalid response type "models.1User": "1User" is not a Go identifier', at: '1', hint: 'Go type name' },
    { value: 'type', message: 'invalid response type "type": "type" is a Go keyword', at: 't', hint: 'Go type name' },
    { value: '200:a:b', message: 'invalid response type "a:b": "a:b" is not a Go identifier', at: 'a', hint: 'Go type name' },
    {
      value: '200:Error',
      message: 'Error response on 200: Error is only allowed on 4xx and 5xx statuses',
      at: '2',
      hint: 'use a status from 400 to 599, or name a response type instead of Error',
    },
    { value: '3xx:TYPE_ERROR', message: 'TYPE_ERROR response on 3xx: TYPE_ERROR is only allowed on 4xx and 5xx statuses', at: '3', hint: '400 to 599' },
    { value: '300-499:Error', message: 'Error response on 300-499: Error is only allowed on 4xx and 5xx statuses', at: '3', hint: '400 to 599' },
    {
      value: '404:Redirect',
      message: 'Redirect response on 404: Redirect is only allowed on 3xx statuses',
      at: '4',
      hint: 'use a status from 300 to 399, or name a response type instead of Redirect',
    },
    { value: '2xx:TYPE_REDIRECT', message: 'TYPE_REDIRECT response on 2xx: TYPE_REDIRECT is only allowed on 3xx statuses', at: '2', hint: '300 to 399' },
    { value: '300-400:Redirect', message: 'Redirect response on 300-400: Redirect is only allowed on 3xx statuses', at: '3', hint: '300 to 399' },
    // Without a type, a status, class or range is checked as one.
    { value: '600', message: 'invalid status code 600', at: '6', hint: 'status codes are 100 to 599' },
    { value: '6xx', message: 'invalid status class 6xx', at: '6', hint: 'status classes are 1xx to 5xx' },
    { value: '2XX', message: 'status class 2XX must be written in lower case', at: '2', hint: 'write 2xx' },
    { value: '299-200', message: 'empty status range 299-200: 299 is greater than 200', at: '2', hint: 'write the lower status first: 200-299' },
  ];
  it.each(cases)('$value → $message', ({ value, message, at, hint }) => {
    const { specs, diagnostics } = parseResponseSpecifier(value, AT);
    expect(specs).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    const col = at === '' ? AT.col + value.length : colOf(value, at);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message, pos: { file: AT.file, line: 4, col } });
    expect(diagnostics[0]?.hint).toContain(hint);
  });

  it('reports a bad status and a bad type together', () => {
    const { diagnostics } = parseResponseSpecifier('700:bad-type', AT);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['invalid status code 700', AT.col],
      ['invalid response type "bad-type": "bad-type" is not a Go identifier', AT.col + 4],
    ]);
  });

  it('reports both ends of a range', () => {
    const { diagnostics } = parseResponseSpecifier('000-999:T', AT);
    expect(diagnostics.map((d) => [d.message, d.pos?.col])).toEqual([
      ['invalid status code 000', AT.col],
      ['invalid status code 999', AT.col + 4],
    ]);
  });
});

describe('selectResponse: exact > narrowest range > class', () => {
  const specs = specsOf('Page', '201:Created', '4xx:ClientErr', '400-449:Narrow', '400-499:Wide', '404:NotFound', '5xx:Error', '302:Redirect');
  it.each([
    [200, '2xx'],
    [201, '201'],
    [299, '2xx'],
    [302, '302'],
    [303, undefined],
    [400, '400-449'],
    [404, '404'],
    [450, '400-499'],
    [499, '400-499'],
    [500, '5xx'],
    [599, '5xx'],
    [100, undefined],
  ])('%i → %s', (status, expected) => {
    const chosen = selectResponse(specs, status);
    const label =
      chosen &&
      (chosen.match.kind === 'exact'
        ? String(chosen.match.status)
        : chosen.match.kind === 'class'
          ? `${chosen.match.digit}xx`
          : `${chosen.match.from}-${chosen.match.to}`);
    expect(label).toBe(expected);
  });
  it('a range that spans a whole class beats the class', () => {
    expect(selectResponse(specsOf('4xx:A', '400-499:B'), 404)?.text).toBe('400-499:B');
  });
  it('among equals (an error anyway) the first declared wins', () => {
    expect(selectResponse(specsOf('201:A', '201:B'), 201)?.text).toBe('201:A');
  });
});

describe('checkResponseSet', () => {
  it.each([
    [['User', '201:Created', '4xx:E', '404:NotFound', '5xx:Error', '302:Redirect']],
    [['200-249:A', '250-299:B']],
    [['200-249:A', '200-209:B', '2xx:C']],
    [['Error', '404:NotFound', '400-449:Bad']],
    [['Redirect', '301-302:Moved']],
  ])('accepts %j', (values) => {
    expect(checkResponseSet(specsOf(...values))).toEqual([]);
  });

  const overlaps: [string[], string][] = [
    [['201:A', '201:B'], 'response specifiers "201:A" and "201:B" both cover status 201'],
    [['4xx:A', '4xx:B'], 'response specifiers "4xx:A" and "4xx:B" both cover statuses 400-499'],
    [['User', 'Other'], 'response specifiers "User" and "Other" both cover statuses 200-299'],
    [['User', '2xx:Other'], 'response specifiers "User" and "2xx:Other" both cover statuses 200-299'],
    [['Error', '4xx:Bad'], 'response specifiers "Error" and "4xx:Bad" both cover statuses 400-499'],
    [['5xx:Bad', 'TYPE_ERROR'], 'response specifiers "5xx:Bad" and "TYPE_ERROR" both cover statuses 500-599'],
    [['Redirect', '3xx:R'], 'response specifiers "Redirect" and "3xx:R" both cover statuses 300-399'],
    [['200-249:A', '225-274:B'], 'response specifiers "200-249:A" and "225-274:B" both cover statuses 225-249'],
    [['400-499:A', '400-499:B'], 'response specifiers "400-499:A" and "400-499:B" both cover statuses 400-499'],
  ];
  it.each(overlaps)('%j → %s', (values, message) => {
    const diagnostics = checkResponseSet(specsOf(...values));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      message,
      pos: { line: 2, col: AT.col },
      related: [{ pos: { line: 1, col: AT.col }, message: `"${values[0]}" declared here` }],
    });
    expect(diagnostics[0]?.hint).toContain('an exact status beats a range, a narrower range beats a wider one, a range beats a class');
  });

  it('reports every overlapping pair', () => {
    const diagnostics = checkResponseSet(specsOf('201:A', '201:B', '201:C'));
    expect(diagnostics.map((d) => [d.pos?.line, d.related?.[0]?.pos.line])).toEqual([
      [2, 1],
      [3, 1],
      [3, 2],
    ]);
  });

  it('warns about a specifier that more specific ones hide completely', () => {
    const diagnostics = checkResponseSet(specsOf('4xx:A', '400-499:B'));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'response specifier "4xx:A" is never used: more specific specifiers cover all of 4xx',
        pos: { ...AT, line: 1 },
      }),
    ]);
    expect(checkResponseSet(specsOf('200:A', '200-200:B'))[0]?.message).toBe(
      'response specifier "200-200:B" is never used: more specific specifiers cover all of 200-200',
    );
    expect(checkResponseSet(specsOf('Error', '400-499:Bad'))[0]?.message).toBe(
      'response specifier "Error" is never used: more specific specifiers cover all of 4xx',
    );
    expect(checkResponseSet(specsOf('400-409:A', '400-404:B', '405-409:C'))[0]?.message).toBe(
      'response specifier "400-409:A" is never used: more specific specifiers cover all of 400-409',
    );
  });
});
