import { createHash } from 'node:crypto';
import * as fs from 'node:fs';

/**
 * SHA-256 digests of outputs, taken without holding a large file whole:
 * what is on disk is read in chunks, and a streamed file's pieces are hashed
 * (and written) as they are rendered (drainPieces, ../workspace/chunked-write.ts). All digests are of the UTF-8 bytes,
 * so a string, its pieces and the file written from them agree.
 */

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** One read buffer for every digest (all reads are synchronous). */
let readBuffer: Buffer | undefined;

/** The digest of the open file `fd` from its start, and its first `headBytes` bytes. */
export function digestOfFd(fd: number, headBytes = 0): { digest: string; head: Buffer } {
  const hash = createHash('sha256');
  const chunk = (readBuffer ??= Buffer.allocUnsafe(CHUNK_BYTES));
  let head = Buffer.alloc(0);
  for (let position = 0; ; ) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    if (position < headBytes) head = Buffer.concat([head, chunk.subarray(0, Math.min(n, headBytes - position))]);
    hash.update(chunk.subarray(0, n));
    position += n;
  }
  return { digest: hash.digest('hex'), head };
}

/** The digest of `file`'s contents; throws when it cannot be read. */
export function digestOfFile(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    return digestOfFd(fd).digest;
  } finally {
    fs.closeSync(fd);
  }
}
