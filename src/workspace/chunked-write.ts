import { createHash } from 'node:crypto';
import * as fs from 'node:fs';

/**
 * Writing a large text a piece at a time, so that it never exists whole:
 * fw's streamed outputs (the client, the OpenAPI document) and the parse
 * cache's entries.
 */

/**
 * Characters of pieces gathered before they are encoded, hashed and written:
 * few enough that pieces waiting here are seldom old enough for V8 to move
 * them to the old generation (1 MB chunks left ~40 MB of such garbage while
 * the 26 MB client was written), enough for few system calls.
 */
const PIECE_CHARS = 1 << 16;

/**
 * Encodes `pieces` into chunks of about PIECE_CHARS, hashes them and (with
 * `fd`) writes them there, at its current offset; returns the SHA-256 of
 * their UTF-8 bytes, as hex. Only one chunk exists at a time.
 */
export function drainPieces(pieces: Iterable<string>, fd?: number): string {
  const hash = createHash('sha256');
  let pending: string[] = [];
  let length = 0;
  const flush = (): void => {
    const bytes = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    length = 0;
    hash.update(bytes);
    if (fd !== undefined) writeAll(fd, bytes);
  };
  for (const piece of pieces) {
    pending.push(piece);
    length += piece.length;
    if (length >= PIECE_CHARS) flush();
  }
  flush();
  return hash.digest('hex');
}

/**
 * Writes all of `bytes` to `fd` (a short write goes on where it stopped):
 * at `position` onwards, leaving the file's offset as it was, or without
 * one at the file's offset, moving it. Returns their length.
 */
export function writeAll(fd: number, bytes: Buffer, position?: number): number {
  for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done, position === undefined ? null : position + done);
  return bytes.length;
}
