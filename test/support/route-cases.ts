/**
 * The hostile path values of fixtures/route-oracle, shared by the ServeMux
 * oracle test (Node) and the browser test (bundled into a page): for each
 * route, values a caller might pass, and which of them no URL can carry.
 */

/** Values for a `{name}` segment; REFUSED_SEGMENT are those no URL carries. */
export const SEGMENT_VALUES = [
  '',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  '.%2e',
  '...',
  '.a',
  'a.',
  'a\\b',
  '\\',
  '\\..',
  'x/../../users/1',
  '../users/1',
  'a/b',
  '?x',
  '#x',
  ' ',
  'ü',
  '%',
  'a;b',
  'Ω',
];
export const REFUSED_SEGMENT = new Set(['', '.', '..']);
/** Values for a `{name...}` rest; REFUSED_REST are those no URL carries. */
export const REST_VALUES = [
  '',
  '.',
  '..',
  'a/..',
  '../a',
  'a/./b',
  'x/../../users/1',
  'a//b',
  '/a',
  '//',
  'a/',
  'a/b/',
  'a/b',
  '%2e%2e/x',
  'a/%2e%2e/b',
  'a\\..\\b',
  '\\..\\x',
  'a/.../b',
  'a/.b/c.',
  '?',
  'a#b/c',
  'ü/ß',
];
export const REFUSED_REST = new Set(['.', '..', 'a/..', '../a', 'a/./b', 'x/../../users/1', 'a//b', '/a', '//']);

/** The wildcards that take the rest of a path. */
export const REST_WILDCARDS = new Set(['path', 'rest']);

/** Whether no URL carries `value` for the wildcard `name`. */
export function refusedValue(name: string, value: string): boolean {
  return REST_WILDCARDS.has(name) ? REFUSED_REST.has(value) : REFUSED_SEGMENT.has(value);
}

export interface Case {
  /** The route's name (the Go helper's function, the client's method in lowerCamelCase). */
  route: string;
  /** The wildcards and their values, in path order. */
  values: Record<string, string>;
}

export const CASES: Case[] = [
  ...SEGMENT_VALUES.flatMap((v): Case[] => [
    { route: 'GetUserByName', values: { name: v } },
    { route: 'Kind', values: { kind: v } },
    { route: 'Menu', values: { name: v } },
    { route: 'Static', values: { dir: v, rest: 'x' } },
  ]),
  ...REST_VALUES.flatMap((v): Case[] => [
    { route: 'Download', values: { path: v } },
    { route: 'Static', values: { dir: 'd', rest: v } },
  ]),
  { route: 'Backslash', values: {} },
];

/** The wildcards of a case whose values are refused. */
export function refusedOf(c: Case): string[] {
  return Object.entries(c.values).flatMap(([name, value]) => (refusedValue(name, value) ? [name] : []));
}

/** Header values: some that fetch sends unchanged, some it changes or refuses (see the header test). */
export const HEADER_VALUES = ['x', 'é', 'ÿ', '\x80', '\x01', '\x1f', '\x7f', 'a b', 'a\tb', 'Ω', '€', 'a\nb', 'a\rb', 'a\0b', ' x', 'x ', '\tx', 'x\n', ''];
/** The values of HEADER_VALUES fetch sends unchanged and the router lets through (found by the oracle, checked by the tests). */
export const SENDABLE_HEADER_VALUES = ['x', 'é', 'ÿ', '\x80', 'a b', 'a\tb'];
