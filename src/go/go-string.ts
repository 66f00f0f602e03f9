/**
 * Go string literals as strconv.Unquote reads them: escapes decoded to the
 * string's bytes (`\xNN` and octal escapes are single bytes, `\u`/`\U` code
 * points in UTF-8), the bytes then read as UTF-8. One decoder for struct
 * tags, import paths and the Nx plugin's import scan.
 */

const SIMPLE_ESCAPES: Readonly<Record<number, number>> = {
  0x61: 0x07, // \a
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x6e: 0x0a, // \n
  0x72: 0x0d, // \r
  0x74: 0x09, // \t
  0x76: 0x0b, // \v
  0x5c: 0x5c, // \\
  0x22: 0x22, // \"
};

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** `n` hex digits of `body` from `at`, or undefined. */
function hexValue(body: Uint8Array, at: number, n: number): number | undefined {
  if (at + n > body.length) return undefined;
  let value = 0;
  for (let i = at; i < at + n; i++) {
    if (!isHex(body[i]!)) return undefined;
    value = value * 16 + Number.parseInt(String.fromCharCode(body[i]!), 16);
  }
  return value;
}

/**
 * The value of the bytes between the quotes of an interpreted string
 * literal, or undefined where Go rejects them (an unknown or malformed
 * escape, a newline, an unescaped quote).
 */
export function decodeInterpretedBody(body: Uint8Array): string | undefined {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === 0x22 || c === 0x0a) return undefined;
    if (c !== 0x5c) {
      out.push(c);
      continue;
    }
    const e = body[++i];
    if (e === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out.push(simple);
    } else if (e === 0x78) {
      const byte = hexValue(body, i + 1, 2);
      if (byte === undefined) return undefined;
      out.push(byte);
      i += 2;
    } else if (e === 0x75 || e === 0x55) {
      const n = e === 0x75 ? 4 : 8;
      const cp = hexValue(body, i + 1, n);
      if (cp === undefined || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return undefined;
      out.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
      i += n;
    } else if (e >= 0x30 && e <= 0x37) {
      const digits = String.fromCharCode(...body.subarray(i, i + 3));
      if (!/^[0-7]{3}$/.test(digits) || Number.parseInt(digits, 8) > 255) return undefined;
      out.push(Number.parseInt(digits, 8));
      i += 2;
    } else {
      return undefined;
    }
  }
  return Buffer.from(out).toString('utf8');
}

/** The value of a Go string literal, interpreted (`"a\tb"`) or raw (`` `a` ``, carriage returns dropped); undefined when strconv.Unquote would fail. */
export function unquoteGoString(literal: string): string | undefined {
  if (literal.length >= 2 && literal.startsWith('`') && literal.endsWith('`')) {
    const body = literal.slice(1, -1);
    return body.includes('`') ? undefined : body.replaceAll('\r', '');
  }
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) return undefined;
  return decodeInterpretedBody(Buffer.from(literal.slice(1, -1), 'utf8'));
}
