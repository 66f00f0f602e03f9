import type { Pos } from './diagnostics';

/**
 * The position of `text[index]` when `text[0]` is at `base`. Columns count
 * UTF-8 bytes (as Go's tools do), so a non-ASCII character before `index`
 * moves the column by its byte length, not by 1. Annotation values never span
 * lines, so the line stays the same.
 */
/** `pos` as the start of `text`, with the end of `text` (on the same line) as its end. */
export function spanOf(pos: Pos, text: string): Pos {
  return { ...pos, end: { line: pos.line, col: pos.col + Buffer.byteLength(text, 'utf8') } };
}

export function posAt(base: Pos, text: string, index: number): Pos {
  return { file: base.file, line: base.line, col: base.col + Buffer.byteLength(text.slice(0, index), 'utf8') };
}
