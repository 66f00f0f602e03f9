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
 */
export const PURE = '/*#__PURE__*/';

export function markPure(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "'" || c === '"' || (c === '/' && (source[i + 1] === '*' || source[i + 1] === '/'))) {
      const end = c === '/' ? commentEnd(source, i) : stringEnd(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    if (/[A-Za-z_$]/.test(c) && !/[\w$.]/.test(source[i - 1] ?? '')) {
      let end = i + 1;
      while (end < source.length && /[\w$]/.test(source[end]!)) end++;
      const next = source[end];
      if (next === '.' || next === '(') out += `${PURE} `;
      out += source.slice(i, end);
      i = end;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** The index just after the string literal that starts at `start`. */
function stringEnd(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The index just after the comment that starts at `start` (a line comment ends before its newline). */
function commentEnd(source: string, start: number): number {
  const block = source[start + 1] === '*';
  const at = source.indexOf(block ? '*/' : '\n', start + 2);
  return at < 0 ? source.length : block ? at + 2 : at;
}
