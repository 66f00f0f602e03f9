import * as fs from 'node:fs';
import { writeAll } from '../workspace/chunked-write';

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
 * size says so; the caller knows nobody changed it since), the file may be
 * started as a copy of it (startAsCopy) and overwritten from the first
 * piece that differs, and cut to its new size, so that the pieces both lists
 * start with are neither read nor encoded; otherwise every piece is encoded
 * from the texts fw keeps in memory. Returns where each piece ends.
 */
export function writePieces(tmp: string, pieces: readonly string[], target: string, before: KeptPieces | undefined): number[] {
  const size = before ? (before.ends[before.ends.length - 1] ?? 0) : 0;
  const same = before && sizeOf(target) === size ? sameStart(pieces, before.pieces) : 0;
  const first = same > 0 && startAsCopy(target, tmp, before!.ends[same - 1]!, size) ? same : 0;
  const ends = before ? before.ends.slice(0, first) : [];
  const fd = fs.openSync(tmp, first > 0 ? 'r+' : 'wx');
  try {
    const out = new ChunkedWriter(fd, ends[ends.length - 1] ?? 0);
    for (let i = first; i < pieces.length; i++) ends.push(out.write(pieces[i]!));
    out.flush();
    if (first > 0) fs.ftruncateSync(fd, out.at);
    return ends;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Makes `tmp` a copy of `target` (`size` bytes, the first `keptBytes` of
 * which the new file keeps) when that is cheaper than encoding those bytes
 * again: a clone (a reflink on btrfs or XFS, clonefile on APFS) shares the
 * old file's blocks and costs next to nothing; where the file system cannot
 * clone, the kernel copies every byte, about as costly per byte as encoding
 * and writing the texts (ext4, the 27 MB client: the copy 22-38 ms, encoding
 * and writing 24 MB of it about 20 ms), so the copy is made only when the
 * kept bytes are at least half of the file. Returns whether `tmp` was made.
 */
function startAsCopy(target: string, tmp: string, keptBytes: number, size: number): boolean {
  try {
    fs.copyFileSync(target, tmp, fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE_FORCE);
    return true;
  } catch {
    // This file system cannot clone (a failed clone leaves no file behind).
  }
  if (keptBytes * 2 < size) return false;
  fs.copyFileSync(target, tmp, fs.constants.COPYFILE_EXCL);
  return true;
}

/** How many pieces `pieces` and `was` start with alike (a kept text is the same string and compares at once). */
function sameStart(pieces: readonly string[], was: readonly string[]): number {
  const most = Math.min(pieces.length, was.length);
  let n = 0;
  while (n < most && pieces[n] === was[n]) n++;
  return n;
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

/** Texts encoded as UTF-8 into one buffer and written at `at` onwards whenever it fills; a text larger than the buffer is written at once. */
class ChunkedWriter {
  private readonly buffer = Buffer.allocUnsafe(1 << 20);
  private used = 0;

  constructor(
    private readonly fd: number,
    /** Where the next text's bytes go in the file, once written. */
    public at: number,
  ) {}

  /** Writes `text`; returns where it ends in the file. */
  write(text: string): number {
    // Three bytes of UTF-8 at most for each UTF-16 unit.
    if (this.used + text.length * 3 > this.buffer.length) this.flush();
    if (text.length * 3 > this.buffer.length) this.at += writeAll(this.fd, Buffer.from(text), this.at);
    else {
      const n = this.buffer.write(text, this.used);
      this.used += n;
      this.at += n;
    }
    return this.at;
  }

  flush(): void {
    writeAll(this.fd, this.buffer.subarray(0, this.used), this.at - this.used);
    this.used = 0;
  }
}

/** Where each piece ends, in bytes of UTF-8. */
export function pieceEnds(pieces: readonly string[]): number[] {
  let at = 0;
  return pieces.map((piece) => (at += Buffer.byteLength(piece)));
}
