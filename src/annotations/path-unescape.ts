/**
 * The bytes a pattern's literal segment stands for. ServeMux compares
 * literal segments after %-unescaping them (net/http pathUnescape) and keeps
 * a segment with an invalid `%` escape as written; this does the same. The
 * emitters escape from these bytes; the conflict check compares them.
 */
export function patternSegmentBytes(segment: string): Uint8Array {
  const raw = Buffer.from(segment, 'utf8');
  if (!segment.includes('%') || /%(?![0-9A-Fa-f]{2})/.test(segment)) return raw;
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0x25) {
      // The two hex digits are read from the bytes: after a multi-byte character, string and byte indexes differ.
      out.push(Number.parseInt(raw.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
    } else out.push(raw[i]!);
  }
  return Uint8Array.from(out);
}
