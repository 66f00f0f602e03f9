import type { GoConstDecl } from './ast';

/**
 * Values of Go constants as fw needs them for enums: string literals and
 * the integer forms const blocks use (literals, iota, iota + N, N << iota,
 * conversions such as Role("x")). Anything else is undefined: fw does not
 * evaluate Go expressions.
 */

/** A string const's value: `"x"`, `` `x` ``, or a conversion `Role("x")`. */
export function stringConstValue(c: GoConstDecl, typeName: string): string | undefined {
  const text = stripConversion(c.value, typeName);
  if (text === undefined) return undefined;
  if (/^`[^`]*`$/.test(text)) return text.slice(1, -1).replace(/\r/g, '');
  if (/^"(?:[^"\\\n]|\\.)*"$/.test(text)) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** An integer const's value: a literal, `iota`, `iota + N`, `N + iota`, `iota - N`, `iota * N`, `N << iota`, or a conversion of one of these. */
export function integerConstValue(c: GoConstDecl, typeName: string): number | undefined {
  const text = stripConversion(c.value, typeName)?.replace(/\s+/g, '');
  if (text === undefined) return undefined;
  const literal = integerLiteral(text);
  if (literal !== undefined) return literal;
  const m = /^(iota|[-+]?[0-9][0-9a-fA-FxXoObB_]*)(?:([-+*]|<<)(iota|[-+]?[0-9][0-9a-fA-FxXoObB_]*))?$/.exec(text);
  if (!m) return undefined;
  const operand = (s: string): number | undefined => (s === 'iota' ? c.iota : integerLiteral(s));
  const a = operand(m[1]!);
  if (a === undefined) return undefined;
  if (m[2] === undefined) return a;
  const b = operand(m[3]!);
  if (b === undefined) return undefined;
  switch (m[2]) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    default:
      return b < 53 ? a * 2 ** b : undefined;
  }
}

function integerLiteral(text: string): number | undefined {
  const m = /^([-+]?)(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|0[0-7_]*|[1-9][0-9_]*)$/.exec(text);
  if (!m) return undefined;
  const digits = m[2]!.replace(/_/g, '');
  let n: number;
  if (/^0[xXoObB]/.test(digits)) n = Number(digits.toLowerCase());
  else if (digits.startsWith('0') && digits.length > 1) n = parseInt(digits.slice(1), 8);
  else n = Number(digits);
  if (!Number.isSafeInteger(n)) return undefined;
  return m[1] === '-' ? -n : n;
}

/** `Role("x")` → `"x"`; an expression without that conversion is returned as is. */
function stripConversion(value: string | undefined, typeName: string): string | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  const prefix = `${typeName}(`;
  return t.startsWith(prefix) && t.endsWith(')') ? t.slice(prefix.length, -1).trim() : t;
}
