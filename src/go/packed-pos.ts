import type { Pos } from '../diagnostics/diagnostics';

/**
 * A position in a parsed Go file kept as one number instead of a Pos object:
 * a large workspace's parsed files hold hundreds of thousands of positions,
 * about 46 bytes each as objects and none as a small integer stored in the
 * object that owns it. The file is not in it: the owner knows its file, and
 * `unpackPos` makes the Pos when a diagnostic needs one.
 *
 * Line and byte column (both 1-based, as Pos) share one small integer when
 * the line is below 2^18 and the column below 2^12 (`line * 2^12 + col`,
 * below 2^30: a V8 small integer, stored inline); any other position is
 * `line * 2^32 + col`, still exact, at least 2^32, so the two forms never
 * meet.
 */
export type PackedPos = number;

const COL_BITS = 2 ** 12;
const SMALL_LINES = 2 ** 18;
const WIDE = 2 ** 32;

export function packPos(line: number, col: number): PackedPos {
  return line < SMALL_LINES && col < COL_BITS ? line * COL_BITS + col : line * WIDE + col;
}

/** The Pos of a declaration of `file` (a type, a const) whose position is packed. */
export function declPos(file: { readonly path: string }, decl: { readonly at: PackedPos }): Pos {
  return unpackPos(file.path, decl.at);
}

/** The Pos of `at` in `file`. */
export function unpackPos(file: string, at: PackedPos): Pos {
  if (at < WIDE) return { file, line: Math.floor(at / COL_BITS), col: at % COL_BITS };
  return { file, line: Math.floor(at / WIDE), col: at % WIDE };
}
