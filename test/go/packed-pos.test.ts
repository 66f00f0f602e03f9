import { describe, expect, it } from 'vitest';
import { packPos, unpackPos } from '../../src/go/packed-pos';

describe('packed positions', () => {
  it.each([
    [1, 1],
    [12, 2],
    [2 ** 18 - 1, 2 ** 12 - 1],
    [2 ** 18, 1],
    [3, 2 ** 12],
    [2 ** 18, 2 ** 12],
    [10_000_000, 250_000],
  ])('line %i, column %i comes back as it went in', (line, col) => {
    expect(unpackPos('/ws/a.go', packPos(line, col))).toEqual({ file: '/ws/a.go', line, col });
  });

  it('keeps common positions a small integer (stored in the object that holds it)', () => {
    expect(packPos(2 ** 18 - 1, 2 ** 12 - 1)).toBeLessThan(2 ** 30);
  });
});
