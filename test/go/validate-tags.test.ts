import { describe, expect, it } from 'vitest';
import { oneOfValues, validateTagOf } from '../../src/go/validate-tags';

const tags = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('validate and binding tags, read as go-playground/validator reads them', () => {
  it('splits rules at commas and parameters at the first =', () => {
    expect(validateTagOf(tags({ validate: 'required,min=3,oneof=a=b c' }))).toEqual({
      key: 'validate',
      text: 'required,min=3,oneof=a=b c',
      rules: [
        { name: 'required', text: 'required', alternatives: false },
        { name: 'min', param: '3', text: 'min=3', alternatives: false },
        { name: 'oneof', param: 'a=b c', text: 'oneof=a=b c', alternatives: false },
      ],
    });
  });

  it('reads binding (gin) when there is no validate tag; validate wins over binding', () => {
    expect(validateTagOf(tags({ binding: 'max=1' }))?.key).toBe('binding');
    expect(validateTagOf(tags({ binding: 'max=1', validate: 'min=1' }))?.rules[0]?.text).toBe('min=1');
  });

  it('no tag, an empty one and "-" have no rules', () => {
    expect(validateTagOf(tags({ json: 'x' }))).toBeUndefined();
    expect(validateTagOf(tags({ validate: '' }))).toBeUndefined();
    expect(validateTagOf(tags({ validate: '-' }))).toBeUndefined();
  });

  it('decodes the escapes 0x2C (comma) and 0x7C (pipe) in parameters', () => {
    expect(validateTagOf(tags({ validate: 'contains=a0x2Cb,excludes=0x7C' }))?.rules.map((r) => r.param)).toEqual(['a,b', '|']);
  });

  it('keeps alternatives (a|b) whole, and everything from dive on apart', () => {
    const tag = validateTagOf(tags({ validate: 'required,min=1|max=-1,dive,min=2' }))!;
    expect(tag.rules.map((r) => [r.text, r.alternatives])).toEqual([
      ['required', false],
      ['min=1|max=-1', true],
    ]);
    expect(tag.dive).toBe('dive,min=2');
  });

  it("oneof's words: split at Go's \\s (not \\v), single quotes group words and are dropped", () => {
    expect(oneOfValues("abc 'a b' é\tx\vy")).toEqual(['abc', 'a b', 'é', 'x\vy']);
    expect(oneOfValues('')).toEqual([]);
  });
});
