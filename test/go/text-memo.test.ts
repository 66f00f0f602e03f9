import { describe, expect, it } from 'vitest';
import { TextMemo } from '../../src/go/interned';

/** The process-wide memos by text (interned names, struct tag values) are bounded: past their size they start again. */
describe('TextMemo', () => {
  it('gives the kept answer for a text, and starts again past its bound', () => {
    const memo = new TextMemo<object>(2);
    const made: string[] = [];
    const make = (t: string) => {
      made.push(t);
      return { t };
    };
    const a = memo.get('a', make);
    expect(memo.get('a', make)).toBe(a);
    memo.get('b', make);
    memo.get('c', make);
    expect(memo.get('a', make)).not.toBe(a);
    expect(made).toEqual(['a', 'b', 'c', 'a']);
  });
});
