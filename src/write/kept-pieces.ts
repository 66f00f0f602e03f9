import * as fs from 'node:fs';

/**
 * What a streamed file (../emit/emitter.ts) is known to hold on disk, as
 * `fw watch` keeps it: the pieces it was written from and the byte offset
 * where each ends, and the file's identity after that write (so that the
 * watcher tells its own write from someone else's without reading 26 MB).
 */
export interface KeptPieces {
  pieces: readonly string[];
  ends: readonly number[];
  stamp?: FileStamp;
}

/** A file's inode, size and modification time: a rename or a write in place gives another. */
export interface FileStamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

export function fileStamp(file: string): FileStamp | undefined {
  try {
    const s = fs.statSync(file, { bigint: true });
    return { ino: s.ino, size: s.size, mtimeNs: s.mtimeNs };
  } catch {
    return undefined;
  }
}

export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  return a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/** Whether two lists of pieces hold the same texts (kept texts are the same strings, and compare at once). */
export function samePieces(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((piece, i) => piece === b[i]);
}

/**
 * Writes `pieces` to the new file `tmp`. When `target` holds `before` (its
 * size says so; the caller knows nobody changed it since), the pieces
 * `before` has too (matchPieces) are copied from it as bytes, a run of them
 * at a time, so that only the new pieces are encoded; else every piece is
 * written. Returns where each piece ends.
 */
export function writePieces(tmp: string, pieces: readonly string[], target: string, before: KeptPieces | undefined): number[] {
  const fd = fs.openSync(tmp, 'wx');
  try {
    const old = before ? readIfSize(target, before.ends[before.ends.length - 1] ?? 0) : undefined;
    const source = old && before ? matchPieces(pieces, before.pieces) : undefined;
    const ends: number[] = [];
    let at = 0;
    for (let i = 0; i < pieces.length; ) {
      const j = source?.[i] ?? -1;
      if (j < 0) {
        at += fs.writeSync(fd, pieces[i]!);
        ends.push(at);
        i++;
        continue;
      }
      let n = 1;
      while (i + n < pieces.length && source![i + n] === j + n) n++;
      const was = before!.ends;
      const from = j === 0 ? 0 : was[j - 1]!;
      writeAll(fd, old!, from, was[j + n - 1]! - from);
      for (let k = j; k < j + n; k++) ends.push(at + was[k]! - from);
      at = ends[ends.length - 1]!;
      i += n;
    }
    return ends;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * For each new piece, the index of the piece of `was` with the same text, or
 * -1: the runs both start and end with, and between them pieces matched in
 * order, stepping over one piece added, removed or replaced at a time (an
 * edit changes a few operations; a kept text is the same string and
 * compares at once).
 */
export function matchPieces(pieces: readonly string[], was: readonly string[]): number[] {
  const out = new Array<number>(pieces.length).fill(-1);
  const most = Math.min(pieces.length, was.length);
  let start = 0;
  for (; start < most && pieces[start] === was[start]; start++) out[start] = start;
  let end = 0;
  for (; end < most - start && pieces[pieces.length - 1 - end] === was[was.length - 1 - end]; end++) out[pieces.length - 1 - end] = was.length - 1 - end;
  const newEnd = pieces.length - end;
  const oldEnd = was.length - end;
  for (let i = start, j = start; i < newEnd && j < oldEnd; ) {
    if (pieces[i] === was[j]) out[i++] = j++;
    else if (i + 1 < newEnd && pieces[i + 1] === was[j]) i++;
    else if (j + 1 < oldEnd && pieces[i] === was[j + 1]) j++;
    else {
      i++;
      j++;
    }
  }
  return out;
}

/** The file's bytes when it has `size` of them; else undefined. */
function readIfSize(file: string, size: number): Buffer | undefined {
  try {
    const bytes = fs.readFileSync(file);
    return bytes.length === size ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function writeAll(fd: number, bytes: Buffer, offset: number, length: number): void {
  for (let done = 0; done < length; ) done += fs.writeSync(fd, bytes, offset + done, length - done);
}

/** Where each piece ends, in bytes of UTF-8. */
export function pieceEnds(pieces: readonly string[]): number[] {
  let at = 0;
  return pieces.map((piece) => (at += Buffer.byteLength(piece)));
}
