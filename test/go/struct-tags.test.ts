import { describe, expect, it } from 'vitest';
import { unquoteGoString } from '../../src/go/go-string';
import { isValidJsonTagName, jsonTag, parseStructTag, tagName } from '../../src/go/struct-tags';

const entries = (tag: string) => [...parseStructTag(tag)];

describe('parseStructTag (reflect.StructTag.Lookup semantics)', () => {
  it('reads space-separated key:"value" pairs', () => {
    expect(entries('json:"id,omitempty" path:"id"')).toEqual([
      ['json', 'id,omitempty'],
      ['path', 'id'],
    ]);
  });

  it('skips any number of leading spaces and accepts an empty value', () => {
    expect(entries('   a:""   b:"x"')).toEqual([
      ['a', ''],
      ['b', 'x'],
    ]);
  });

  it('keeps the first occurrence of a repeated key', () => {
    expect(parseStructTag('json:"first" json:"second"').get('json')).toBe('first');
  });

  it('unquotes escapes in values', () => {
    expect(parseStructTag('a:"x\\"y" b:"tab\\there" c:"\\u00e9\\x41\\101"').get('a')).toBe('x"y');
    expect(parseStructTag('b:"tab\\there"').get('b')).toBe('tab\there');
    expect(parseStructTag('c:"\\u00e9\\x41\\101"').get('c')).toBe('éAA');
  });

  it('stops at a syntax error: a space before the colon, a missing quote, a missing colon', () => {
    expect(entries('a:"1" b :"2" c:"3"')).toEqual([['a', '1']]);
    expect(entries('a:"1" b:2 c:"3"')).toEqual([['a', '1']]);
    expect(entries('a:"1" bc c:"3"')).toEqual([['a', '1']]);
    expect(entries('a:"unterminated')).toEqual([]);
  });

  it('has no value for a key whose first value cannot be unquoted, but still finds later keys', () => {
    const tags = parseStructTag('a:"\\q" b:"ok" a:"later"');
    expect(tags.has('a')).toBe(false);
    expect(tags.get('b')).toBe('ok');
  });

  it('treats quote and control characters in a key as errors', () => {
    expect(entries('x"y:"1"')).toEqual([]);
    expect(entries('\x7fk:"1"')).toEqual([]);
  });

  it('returns an empty map for an empty tag', () => {
    expect(parseStructTag('').size).toBe(0);
  });
});

describe('unquoteGoString', () => {
  it('rejects what strconv.Unquote rejects', () => {
    expect(unquoteGoString('"a\\\'"')).toBeUndefined();
    expect(unquoteGoString('"\\400"')).toBeUndefined();
    expect(unquoteGoString('"\\ud800"')).toBeUndefined();
    expect(unquoteGoString('"no end')).toBeUndefined();
    expect(unquoteGoString('"a\nb"')).toBeUndefined();
  });

  it('decodes \\U escapes beyond the BMP', () => {
    expect(unquoteGoString('"\\U0001F600"')).toBe('😀');
  });
});

describe('jsonTag', () => {
  const read = (tag: string) => jsonTag(parseStructTag(tag));

  it('gives defaults when there is no json key', () => {
    expect(read('path:"id"')).toEqual({ skip: false, omitempty: false, omitzero: false, string: false });
  });

  it('reads the name and the options', () => {
    expect(read('json:"id,omitempty,omitzero,string"')).toEqual({ skip: false, name: 'id', omitempty: true, omitzero: true, string: true });
  });

  it('has no name for `,opt` tags (the Go field name is used)', () => {
    expect(read('json:",omitempty"')).toEqual({ skip: false, omitempty: true, omitzero: false, string: false });
  });

  it('skips the field for "-", but names it "-" for "-,"', () => {
    expect(read('json:"-"').skip).toBe(true);
    expect(read('json:"-,"')).toMatchObject({ skip: false, name: '-' });
  });

  it('ignores a name encoding/json finds invalid', () => {
    expect(read('json:"a\\\\b"').name).toBeUndefined();
    expect(read('json:"a,b"').name).toBe('a');
  });
});

describe('isValidJsonTagName', () => {
  it('accepts letters, digits and the allowed punctuation', () => {
    for (const ok of ['id', 'user_id', 'x-y', 'a.b', 'émoji', '$ref', '@type', 'a b']) expect(isValidJsonTagName(ok)).toBe(true);
  });

  it('rejects backslashes, quotes, commas and empty names', () => {
    for (const bad of ['', 'a\\b', "a'b", 'a"b', 'a`b']) expect(isValidJsonTagName(bad)).toBe(false);
  });
});

describe('tagName', () => {
  it('returns the part before the first comma, and nothing for "" or "-"', () => {
    const tags = parseStructTag('query:"q,omitempty" form:"-" path:""');
    expect(tagName(tags, 'query')).toBe('q');
    expect(tagName(tags, 'form')).toBeUndefined();
    expect(tagName(tags, 'path')).toBeUndefined();
    expect(tagName(tags, 'header')).toBeUndefined();
  });
});
