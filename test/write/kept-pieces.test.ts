import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type KeptPieces, writePieces } from '../../src/write/kept-pieces';
import { makeWorkspace } from '../support/workspace';

/** A small deterministic generator, so that a failure can be run again. */
function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

/** A piece of text with multi-byte characters in it, made anew (another string than any equal one). */
const piece = (n: number) => ['', 'é', '日本', '\u{1F600}'][n % 4]!.repeat(n % 3) + `piece ${n}\n`.repeat((n % 5) + 1);

/** `old` edited: pieces added, removed and replaced, some equal texts as new strings. */
function edited(old: readonly string[], next: (n: number) => number): string[] {
  const out: string[] = [];
  for (const p of old) {
    const roll = next(10);
    if (roll === 0) continue;
    if (roll === 1) out.push(piece(next(1000)));
    else if (roll === 2) out.push(piece(next(1000)), p);
    else if (roll === 3) out.push(` ${p}`.slice(1));
    else out.push(p);
  }
  if (next(2) === 0) out.unshift(piece(next(1000)));
  return out;
}

/** Writes `pieces` over `target` as the writer does (a temporary file, renamed), returning what fw watch keeps. */
function write(target: string, pieces: readonly string[], before: KeptPieces | undefined): KeptPieces {
  const tmp = `${target}.tmp`;
  const ends = writePieces(tmp, pieces, target, before);
  fs.renameSync(tmp, target);
  return { pieces, ends };
}

/** The oracle: the file holds the pieces joined, and each end is the UTF-8 length of the text up to it. */
function expectHolds(target: string, kept: KeptPieces): void {
  expect(fs.readFileSync(target, 'utf8')).toBe(kept.pieces.join(''));
  let at = 0;
  expect(kept.ends).toEqual(kept.pieces.map((p) => (at += Buffer.byteLength(p))));
}

describe('writePieces', () => {
  it('writes what the pieces join to after edits that add, remove and replace pieces, copying the pieces they start with from the old file', () => {
    const dir = makeWorkspace({});
    const target = path.join(dir, 'client.ts');
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      let kept = write(
        target,
        Array.from({ length: 30 }, (_, i) => piece(i)),
        undefined,
      );
      expectHolds(target, kept);
      for (let round = 0; round < 5; round++) {
        kept = write(target, edited(kept.pieces, next), kept);
        expectHolds(target, kept);
      }
    }
  });

  it('writes pieces larger than its buffer (1 MB) before, between and after kept ones, and cuts a file that shrinks', () => {
    const dir = makeWorkspace({});
    const target = path.join(dir, 'client.ts');
    const large = (c: string) => `${c}é日\u{1F600}`.repeat(200_000);
    let kept = write(target, [large('a'), 'b\n', large('c'), 'd\n'], undefined);
    expectHolds(target, kept);
    kept = write(target, [kept.pieces[0]!, large('x'), kept.pieces[2]!, 'd\n', large('y')], kept);
    expectHolds(target, kept);
    kept = write(target, [kept.pieces[0]!, 'short\n'], kept);
    expectHolds(target, kept);
  });

  it('writes every piece when the file no longer holds what it is known to (another size)', () => {
    const dir = makeWorkspace({});
    const target = path.join(dir, 'client.ts');
    const kept = write(target, ['head\n', 'a\n', 'b\n', 'tail\n'], undefined);
    fs.writeFileSync(target, 'someone else wrote this\n');
    const next = write(target, ['head\n', 'a\n', 'c\n', 'tail\n'], kept);
    expectHolds(target, next);
  });
});
