/** Go's keywords: not usable as identifiers. */
export const GO_KEYWORDS: ReadonlySet<string> = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

// Go's identifier grammar: letter { letter | unicode_digit }, where `_` is a letter.
const IDENTIFIER = /^[\p{L}_][\p{L}_\p{Nd}]*$/u;

/** True for a Go identifier that is not a keyword (`User`, `_x`, `über`; not `1a`, `a-b`, `type`). */
export function isGoIdentifier(text: string): boolean {
  return IDENTIFIER.test(text) && !GO_KEYWORDS.has(text);
}
