import { describe, expect, it } from 'vitest';
import { checkOf, checksOf, jsonSchemaKeywords, nilPasses } from '../../src/emit/constraints';
import { brokenRule } from '../../src/emit/rule-check';
import type { ValidateRule } from '../../src/go/validate-tags';
import { validateTagOf } from '../../src/go/validate-tags';

/** The rules of a validate tag. */
function tagOf(text: string) {
  return validateTagOf(new Map([['validate', text]]))!;
}
function rule(text: string): ValidateRule {
  return tagOf(text).rules[0]!;
}

describe('validator rules as checks (the mapping every generator prints)', () => {
  it('size rules measure a string in runes, a list by its count, a number by its value', () => {
    expect(checkOf(rule('min=3'), 'string')).toEqual({ rule: 'min=3', op: 'size>=', n: 3 });
    expect(checkOf(rule('lt=2'), 'count')).toEqual({ rule: 'lt=2', op: 'size<', n: 2 });
    expect(checkOf(rule('gte=-2'), 'int')).toEqual({ rule: 'gte=-2', op: 'size>=', n: -2 });
    expect(checkOf(rule('max=2.5'), 'float')).toEqual({ rule: 'max=2.5', op: 'size<=', n: 2.5 });
    const max3 = { kind: 'string', pointer: false, omitempty: false, checks: [{ rule: 'max=3', op: 'size<=', n: 3 }] } as const;
    expect(brokenRule('😀😀😀', max3)).toBeUndefined();
    expect(brokenRule('😀😀😀😀', max3)).toBe('max=3');
  });

  it('eq and ne compare a string’s text, a number’s value, a list’s count', () => {
    expect(checkOf(rule('eq=abc'), 'string')).toEqual({ rule: 'eq=abc', op: 'is', s: 'abc' });
    expect(checkOf(rule('ne='), 'string')).toEqual({ rule: 'ne=', op: 'isnot', s: '' });
    expect(checkOf(rule('eq=2'), 'count')).toEqual({ rule: 'eq=2', op: 'size==', n: 2 });
  });

  it('parameters Go reads differently from JavaScript are not mirrored', () => {
    for (const text of ['max=010', 'max=0x10', 'max=1_000', 'min=1.5', 'min=', 'max=99999999999999999999'])
      expect(checkOf(rule(text), 'int'), text).toBeUndefined();
    expect(checkOf(rule('min=-1'), 'uint')).toBeUndefined();
    expect(checkOf(rule('min=-1'), 'string')).toBeUndefined();
    expect(checkOf(rule('min=1e3'), 'float')).toBeUndefined();
  });

  it('oneof: words for strings, decimal words for integers (others never match), not for floats', () => {
    expect(checkOf(rule("oneof=a 'b c'"), 'string')).toEqual({ rule: "oneof=a 'b c'", op: 'in', values: ['a', 'b c'] });
    expect(checkOf(rule('oneof=1 07 +9 -3'), 'int')).toEqual({ rule: 'oneof=1 07 +9 -3', op: 'in', values: [1, -3] });
    expect(checkOf(rule('oneof=1'), 'float')).toBeUndefined();
  });

  it('format rules on strings: boolean as strconv.ParseBool, ip/ipv4/ipv6/cidr as net.ParseIP and net.ParseCIDR (the oracle test asks Go)', () => {
    const test = (name: string, text: string) => {
      const check = checkOf(rule(name), 'string');
      if (check?.op !== 'match') throw new Error(`${name} is not a pattern`);
      // The client reads the pattern without flags, JSON Schema validators with the u flag: both must agree.
      const plain = new RegExp(check.pattern).test(text);
      expect(new RegExp(check.pattern, 'u').test(text), `${name} ${text}`).toBe(plain);
      return plain;
    };
    expect(['1', 'T', 'True', 'FALSE', 'f'].every((t) => test('boolean', t))).toBe(true);
    expect(['tRUE', 'yes', ' true', ''].some((t) => test('boolean', t))).toBe(false);
    expect(['1.2.3.4', '::ffff:1.2.3.4', '::ffff:102:304', '0::ffff:0:0'].every((t) => test('ipv4', t))).toBe(true);
    expect(['01.2.3.4', '::1', '::fffe:1.2.3.4', '256.0.0.1'].some((t) => test('ipv4', t))).toBe(false);
    expect(['::', '::1', '1:2:3:4:5:6:7::', '::1.2.3.4', '2001:DB8::1'].every((t) => test('ipv6', t))).toBe(true);
    expect(['::ffff:1.2.3.4', '1.2.3.4', 'fe80::1%eth0', '1:2:3:4:5:6:7:8::', '1::2::3', '::00001'].some((t) => test('ipv6', t))).toBe(false);
    expect(['1.2.3.4', '::'].every((t) => test('ip', t))).toBe(true);
    expect(['1.2.3.4/024', '::ffff:1.2.3.4/128', '::/0'].every((t) => test('cidr', t))).toBe(true);
    expect(['1.2.3.4/33', '::/129', '1.2.3.4/', '1.2.3.4'].some((t) => test('cidr', t))).toBe(false);
    // boolean on a bool always passes: neither a check nor a warning.
    expect(checksOf(tagOf('boolean'), 'bool', false)).toEqual({ checks: undefined, unmirrored: [], diveMirrored: true });
    // A rule named like an Object.prototype member is not a table entry.
    for (const text of ['constructor', 'toString=1', 'hasOwnProperty']) expect(checkOf(rule(text), 'string'), text).toBeUndefined();
  });

  it('rules fw leaves to the server', () => {
    for (const text of ['email', 'url', 'uuid', 'e164', 'lowercase', 'eqfield=Other', 'required_if=A b', 'custom'])
      expect(checkOf(rule(text), 'string'), text).toBeUndefined();
    expect(checkOf(rule('required'), 'float')).toBeUndefined();
    expect(checkOf(rule('min=1'), 'bool')).toBeUndefined();
    expect(checksOf(tagOf('omitempty,min=1'), 'float', false).unmirrored).toEqual(['omitempty', 'min=1']);
    // dive is the caller's (its elements' kinds are the type's): the list's own rules come back, and whether the rules after dive mean what they say.
    expect(checksOf(tagOf('min=1,dive,max=2'), 'count', false)).toEqual({
      checks: { kind: 'count', pointer: false, omitempty: false, checks: [{ rule: 'min=1', op: 'size>=', n: 1 }] },
      unmirrored: [],
      diveMirrored: true,
    });
    expect(checksOf(tagOf('omitnil,dive,max=2'), 'count', false).diveMirrored).toBe(false);
    // A skipping rule fw does not mirror changes the meaning of the rules after it: they are not mirrored either.
    expect(checksOf(tagOf('min=1,omitempty,max=3'), 'string', false)).toEqual({
      checks: { kind: 'string', pointer: false, omitempty: false, checks: [{ rule: 'min=1', op: 'size>=', n: 1 }] },
      unmirrored: ['omitempty', 'max=3'],
      diveMirrored: false,
    });
    expect(checksOf(tagOf('omitzero,max=3'), 'string', false).unmirrored).toEqual(['omitzero', 'max=3']);
    expect(checksOf(tagOf('required,email'), undefined, false)).toEqual({ checks: undefined, unmirrored: ['required', 'email'], diveMirrored: false });
  });

  it('nil and zero values: omitempty skips the rules, required refuses nil, a pointer is nil only when null', () => {
    const of = (text: string, kind: 'string' | 'count' | 'int', pointer = false) => checksOf(tagOf(text), kind, pointer).checks!;
    expect(nilPasses(of('max=3', 'string'))).toBe(true);
    expect(nilPasses(of('min=1', 'string'))).toBe(false);
    expect(nilPasses(of('omitempty,min=1', 'string'))).toBe(true);
    expect(nilPasses(of('max=3', 'string', true))).toBe(false);
    expect(nilPasses(of('omitempty,max=3', 'string', true))).toBe(true);
    expect(nilPasses(of('required', 'count'))).toBe(false);
    expect(nilPasses(of('lt=1', 'count'))).toBe(true);
    expect(nilPasses(of('ne=0', 'int'))).toBe(false);
  });

  it('JSON Schema keywords, typed so that strict validators accept them', () => {
    const of = (text: string, kind: 'string' | 'count' | 'int', map = false) => jsonSchemaKeywords(checksOf(tagOf(text), kind, false).checks!, map);
    expect(of('min=2,max=4,alpha', 'string')).toEqual({ type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-zA-Z]+$' });
    expect(of('gt=3,lt=9', 'int')).toEqual({ type: 'integer', exclusiveMinimum: 3, exclusiveMaximum: 9 });
    expect(of('gt=1', 'count')).toEqual({ type: 'array', minItems: 2 });
    expect(of('len=1', 'count', true)).toEqual({ type: 'object', minProperties: 1, maxProperties: 1 });
    expect(of('ne=0,ne=2', 'int')).toEqual({
      allOf: [
        { type: 'integer', not: { const: 0 } },
        { type: 'integer', not: { const: 2 } },
      ],
    });
    expect(of('omitempty,len=2', 'string')).toEqual({ anyOf: [{ const: '' }, { type: 'string', minLength: 2, maxLength: 2 }] });
    expect(of('contains=a.b', 'string')).toEqual({ type: 'string', pattern: 'a\\.b' });
    expect(of('lt=0', 'string')).toEqual({ type: 'string', not: {} });
  });
});
