/**
 * Text that breaks out of a naive escaping in Go or TypeScript: line
 * terminators, comment ends, quotes, template syntax, NUL, lone surrogates;
 * the payloads would set globalThis.pwned or make Go's init panic.
 */
export const HOSTILE = [
  'plain',
  'line\nglobalThis.pwned = 1; //',
  'cr\rglobalThis.pwned = 1; //',
  'ls\u2028globalThis.pwned = 1; //',
  'ps\u2029globalThis.pwned = 1; //',
  '*/ globalThis.pwned = 1; /*',
  `quotes ' " '' ""`,
  'backtick ` ${globalThis.pwned = 1} `',
  '${',
  'nul\0after',
  'nul digit \u00001',
  '\ufeffbom',
  'lone \ud800 high, lone \udc00 low',
  'back\\slash\\',
  '\\u0041 \\n',
  'café 日本 😀',
  'del\u007f c1\u0085 tab\t',
  '\nfunc init() { panic("pwned") }\n//',
  '</script><!--',
];

/** What a string literal holds after escaping: lone surrogates become U+FFFD (as Node would write them anyway). */
export function expectedValue(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
