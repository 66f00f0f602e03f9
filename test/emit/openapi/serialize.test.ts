import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type DocValue, type JsonValue, jsonPieces, LazyObject, toYaml, yamlPieces } from '../../../src/emit/openapi/serialize';

/**
 * The document printers in pieces: joined, the pieces are JSON.stringify's
 * text (the oracle) of the whole value, and the YAML printer's text of it,
 * whether the large objects are lazy or not.
 */

const item: JsonValue = {
  get: {
    tags: ['a', 'ü "quoted"\n\ttab \u2028 \u0000 😀'],
    security: [],
    parameters: [{ name: 'id', schema: { type: ['string', 'null'], enum: [[], {}, [[1, [2, []]]], { a: { b: {} } }] } }],
    responses: {},
    deprecated: true,
    n: -1.5e-7,
  },
};
const value: { [key: string]: JsonValue } = {
  openapi: '3.1.1',
  info: { 'x-generated-by': 'fw', title: 'é\\/', empty: '' },
  servers: [{ url: '/' }],
  tags: [],
  nested: [[[]], [{}], [[1, 'x', null, false]], { '': { '\u00e9': [{ k: [] }] } }],
  paths: { '/p/{id}': item, '/q': {}, '/r': { post: { a: [[{ b: [{}] }]] } } },
  components: { schemas: {}, securitySchemes: { A: { type: 'apiKey', in: 'header' } } },
  last: null,
};
/** `value` with its objects made lazy as deep as a lazy object may be inside plain ones (its parent split). */
function lazy(v: JsonValue, depth = 0): DocValue {
  if (typeof v !== 'object' || v === null || depth > 2) return v;
  if (Array.isArray(v)) return v.map((x) => lazy(x, depth + 1));
  return new LazyObject(() => Object.entries(v).map(([k, x]): [string, DocValue] => [k, lazy(x, depth + 1)]));
}

describe('OpenAPI document printers', () => {
  it('the JSON pieces join to JSON.stringify(doc, null, 2) and a newline, lazy or not', () => {
    const cases: [DocValue, JsonValue][] = [
      [value, value],
      [lazy(value), value],
      [{ ...value, paths: lazy(value.paths!) }, value],
      [new LazyObject(() => []), {}],
      [[], []],
      ['x', 'x'],
    ];
    for (const [doc, plain] of cases) expect([...jsonPieces(doc)].join('')).toBe(`${JSON.stringify(plain, null, 2)}\n`);
    expect([...jsonPieces(lazy(value))].length).toBeGreaterThan(20);
  });

  it('the YAML pieces join to the same text lazy or not, which a YAML reader reads back as the value', () => {
    const text = toYaml(value, 'c');
    expect(text.startsWith('# c\n')).toBe(true);
    expect(parseYaml(text)).toEqual(value);
    expect([...yamlPieces(lazy(value) as LazyObject, 'c')].join('')).toBe(text);
    expect(toYaml({ paths: new LazyObject(() => []), a: [[], [{}], [{ b: 1, c: [2] }]] }, 'c')).toBe(
      '# c\npaths: {}\na:\n  - []\n  - - {}\n  - - b: 1\n      c:\n        - 2\n',
    );
  });

  it('a lazy object cannot be printed by JSON.stringify, which would print {}', () => {
    expect(() => JSON.stringify({ a: new LazyObject(() => []) })).toThrow('printed by jsonPieces or yamlPieces');
  });
});
