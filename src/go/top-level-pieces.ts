/**
 * Where a large Go file can be cut into pieces that tree-sitter parses one
 * at a time (./parser.ts): tree-sitter's wasm memory grows with the largest
 * tree a thread has parsed and never shrinks, so a 3 MB models.go parsed
 * whole costs a thread about 100 MB for the rest of its life, in pieces of
 * 64 KB a fraction of that.
 *
 * A cut is exact when the text before it is a whole number of top-level
 * declarations: it is made only at the start of a line after a blank line,
 * outside every bracket, string, raw string, rune and comment, where the
 * last token before it ends a declaration by Go's semicolon rule (an
 * identifier, a literal, `break`, `continue`, `fallthrough`, `return`,
 * `++`, `--`, `)`, `]`, `}` or an explicit `;`). A doc comment is never
 * separated from its declaration: a blank line between them would end the
 * comment group.
 */

import { GO_KEYWORDS } from './names';

/** Keywords after which Go inserts a semicolon at the end of a line (every other keyword continues the declaration). */
const ENDING_KEYWORDS: ReadonlySet<string> = new Set(['break', 'continue', 'fallthrough', 'return']);

const NEWLINE = 10;
const isSpace = (c: number) => c === 32 || c === 9 || c === 13;
const isWordStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c > 127;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordPart = (c: number) => isWordStart(c) || isDigit(c);

/**
 * The offsets where pieces of `text` start: 0, then the first exact cut at
 * least `pieceChars` after the start of the previous piece, and so on (see
 * above). A text with no such cut is one piece.
 */
export function topLevelPieces(text: string, pieceChars: number): number[] {
  const starts = [0];
  /** Open brackets: `(`, `[`, `{` less their closers. */
  let depth = 0;
  /** Whether the last token seen would end a declaration at the end of its line. */
  let lastEnds = true;
  /** Whether a token was seen on the current line. */
  let tokenOnLine = false;
  /** At depth 0, whether the text so far is a whole number of declarations (updated at each line end). */
  let between = true;
  /** Whether the current line is blank so far. */
  let blank = true;
  const n = text.length;
  let i = 0;
  const endLine = () => {
    if (tokenOnLine && depth === 0) between = lastEnds;
    // After a blank line between two declarations, the next line may start a piece.
    if (blank && between && depth === 0 && i + 1 < n && i + 1 - starts[starts.length - 1]! >= pieceChars) starts.push(i + 1);
    tokenOnLine = false;
    blank = true;
  };
  const token = (ends: boolean) => {
    lastEnds = ends;
    tokenOnLine = true;
    blank = false;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      endLine();
      i++;
    } else if (isSpace(c)) {
      i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      // A line comment: up to the newline, which ends the line as usual.
      blank = false;
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      // A block comment: one spanning lines acts as a newline (Go's semicolon rule).
      blank = false;
      const end = text.indexOf('*/', i + 2);
      const close = end < 0 ? n : end + 2;
      const newline = text.indexOf('\n', i);
      i = close;
      if (newline >= 0 && newline < close) {
        if (tokenOnLine && depth === 0) between = lastEnds;
        tokenOnLine = false;
      }
    } else if (c === 96 /* ` */) {
      const end = text.indexOf('`', i + 1);
      i = end < 0 ? n : end + 1;
      token(true);
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      i = quotedEnd(text, i, c);
      token(true);
    } else if (isWordStart(c)) {
      const start = i;
      while (i < n && isWordPart(text.charCodeAt(i))) i++;
      const word = text.slice(start, i);
      token(!GO_KEYWORDS.has(word) || ENDING_KEYWORDS.has(word));
    } else if (isDigit(c) || (c === 46 /* . */ && isDigit(text.charCodeAt(i + 1)))) {
      // A number; an exponent's sign reads as an operator, the digits after it as a number again.
      while (i < n && (isWordPart(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i++;
      token(true);
    } else {
      i = operator(text, i, c, token);
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) depth--;
    }
  }
  return starts;
}

/** After the interpreted string or rune starting at `i` (quote `quote`); an unclosed one ends at its line's end. */
function quotedEnd(text: string, i: number, quote: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === quote) return j + 1;
    if (c === NEWLINE) return j;
    j += c === 92 /* \ */ ? 2 : 1;
  }
  return j;
}

/** After the operator or punctuation at `i`, reported to `token`. */
function operator(text: string, i: number, c: number, token: (ends: boolean) => void): number {
  const next = text.charCodeAt(i + 1);
  if ((c === 43 /* + */ || c === 45) /* - */ && next === c) {
    token(true);
    return i + 2;
  }
  // Closers and `;` end a declaration; every other operator continues it.
  token(c === 41 || c === 93 || c === 125 || c === 59);
  return i + 1;
}
