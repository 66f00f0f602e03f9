import { describe, expect, it } from 'vitest';
import { staticSegmentUrl } from '../../src/emit/url-escape';

describe('staticSegmentUrl (url.PathEscape of what ServeMux matches)', () => {
  it.each([
    ['users', 'users'],
    ['by-name', 'by-name'],
    ['', ''],
    ['café', 'caf%C3%A9'],
    ['a b', 'a%20b'],
    // Unreserved characters and the sub-delimiters url.PathEscape keeps.
    ['AZaz09-_.~$&+:=@', 'AZaz09-_.~$&+:=@'],
    // What url.PathEscape escapes in a segment.
    [';,?/', '%3B%2C%3F%2F'],
    ['{x}', '%7Bx%7D'],
    // A pattern's escapes are unescaped by ServeMux, then escaped again.
    ['100%25', '100%25'],
    ['a%2fb', 'a%2Fb'],
    ['caf%C3%A9', 'caf%C3%A9'],
    ['%7e', '~'],
    // An escape after a multi-byte character (its hex digits are read from the bytes).
    ['café%20x', 'caf%C3%A9%20x'],
    ['é%41', '%C3%A9A'],
    // An invalid escape is kept as written, so its "%" is escaped.
    ['100%', '100%25'],
    ['%zz', '%25zz'],
    // A backslash, which browsers turn into "/".
    ['a\\b', 'a%5Cb'],
    // A dot inside a segment is no dot segment.
    ['a.%2e', 'a..'],
  ])('%j → %j', (segment, url) => {
    expect(staticSegmentUrl(segment)).toBe(url);
  });
});
