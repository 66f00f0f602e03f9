/**
 * Go's URL path escaping, done at generation time for the static segments of
 * a route path, so that the URL helper's and the client's literals are what
 * url.PathEscape would produce for the same text.
 */

import { patternSegmentBytes } from '../annotations/path-unescape';

const HEX = '0123456789ABCDEF';

/** Bytes url.PathEscape leaves alone: unreserved characters plus `$&+:=@` (RFC 3986 sub-delims allowed in a segment). */
function keptByPathEscape(byte: number): boolean {
  const c = String.fromCharCode(byte);
  return /^[A-Za-z0-9\-_.~$&+:=@]$/.test(c);
}

/** url.PathEscape of raw bytes. */
function pathEscapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += keptByPathEscape(b) ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
  return out;
}

/**
 * The URL text of a static segment of a route pattern (`café` →
 * `caf%C3%A9`, `a%20b` → `a%20b`, `a\b` → `a%5Cb`), for the URL helper and
 * the client alike: what a browser sends for it unchanged (it rewrites `\`
 * to `/` and escapes the rest of what url.PathEscape escapes), and ServeMux
 * unescapes to the pattern's segment. Dot segments, which no escape keeps
 * from a browser, are refused by the annotation parser.
 */
export function staticSegmentUrl(segment: string): string {
  // Most segments need no escaping at all: skip the byte round trip for them.
  if (/^[A-Za-z0-9\-_~$&+:=@.]*$/.test(segment)) return segment;
  return pathEscapeBytes(patternSegmentBytes(segment));
}
