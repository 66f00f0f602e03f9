/**
 * Marks every call chain of a printed schema expression with
 * `/*#__PURE__*\/`, so that bundlers (esbuild, Rollup, webpack with Terser)
 * drop the schemas an application never uses.
 *
 * A bundler treats a marked call as free of side effects: when its value is
 * unused it drops the call and the chain it is called on, but still keeps
 * the arguments unless they are marked too. So every chain is marked where
 * it starts — at the top level and in each argument — and nothing in the
 * middle of a chain: `/*#__PURE__*\/ z.array(/*#__PURE__*\/ z.int()).nullable()`.
 * A chain starts at an identifier that is not a member (`z`, `UserSchema`)
 * followed by `.` or `(`. Quoted strings (enum values, keys) and comments
 * (JSDoc of properties) are copied as they are.
 *
 * The client's schemas are printed with their marks (printZod's `pure`,
 * ./zod-schema.ts: cheaper than scanning 26 MB again); markPure is the rule
 * they are checked against (test/emit/client/client.test.ts).
 */
export const PURE = '/*#__PURE__*/';

export function markPure(source: string): string {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === QUOTE || c === DOUBLE_QUOTE) {
      i = stringEnd(source, i);
    } else if (c === SLASH && (source.charCodeAt(i + 1) === STAR || source.charCodeAt(i + 1) === SLASH)) {
      i = commentEnd(source, i);
    } else if (isIdentifierStart(c)) {
      let end = i + 1;
      while (isIdentifierPart(source.charCodeAt(end))) end++;
      const prev = source.charCodeAt(i - 1); // NaN at 0
      const next = source.charCodeAt(end);
      if (!isIdentifierPart(prev) && prev !== DOT && (next === DOT || next === OPEN_PAREN)) {
        parts.push(source.slice(copied, i), PURE, ' ');
        copied = i;
      }
      i = end;
    } else {
      i++;
    }
  }
  parts.push(source.slice(copied));
  return parts.join('');
}

const QUOTE = 39;
const DOUBLE_QUOTE = 34;
const SLASH = 47;
const STAR = 42;
const DOT = 46;
const OPEN_PAREN = 40;

function isIdentifierStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 48 && c <= 57);
}

/** The index just after the string literal that starts at `start`. */
function stringEnd(source: string, start: number): number {
  const quote = source.charCodeAt(start);
  let i = start + 1;
  while (i < source.length && source.charCodeAt(i) !== quote) i += source.charCodeAt(i) === 92 ? 2 : 1;
  return i + 1;
}

/** The index just after the comment that starts at `start` (a line comment ends before its newline). */
function commentEnd(source: string, start: number): number {
  const block = source.charCodeAt(start + 1) === STAR;
  const at = source.indexOf(block ? '*/' : '\n', start + 2);
  return at < 0 ? source.length : block ? at + 2 : at;
}
