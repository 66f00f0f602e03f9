import { URL_HELPER_DIR } from '../../workspace/discover';
import { GO_KEYWORDS } from '../../go/names';
import { upperFirst } from '../../model/naming';

/**
 * The names urlhelper.go declares (docs/url-helper.md):
 *   urls.<Group>()           accessor on URLs, returns <Group>URLs
 *   <Group>URLs.<Route>()    one method per route name, first letter upper-cased
 *   <Group><Route>Query      the optional query argument of a route with query fields
 * Every name is derived, never adjusted: a clash is the user's to resolve
 * (see ./plan.ts), so adding a route never renames another.
 */

/** The package every URL helper is generated into, in `<root>/urlhelper/`. */
export const URL_HELPER_PACKAGE = URL_HELPER_DIR;

/** The URL builder method of a route: the route name, exported. */
export function urlMethodName(routeName: string): string {
  return upperFirst(routeName);
}

/** The type returned by the group accessor `urls.<Group>()`. */
export function groupTypeName(groupName: string): string {
  return `${groupName}URLs`;
}

/** The query argument type of a route. */
export function queryTypeName(groupName: string, routeName: string): string {
  return `${groupName}${urlMethodName(routeName)}Query`;
}

/** Go's predeclared identifiers: a parameter of that name would shadow a type or function the body may use. */
const GO_PREDECLARED: ReadonlySet<string> = new Set([
  'any',
  'append',
  'bool',
  'byte',
  'cap',
  'clear',
  'close',
  'comparable',
  'complex',
  'complex128',
  'complex64',
  'copy',
  'delete',
  'error',
  'false',
  'float32',
  'float64',
  'imag',
  'int',
  'int16',
  'int32',
  'int64',
  'int8',
  'iota',
  'len',
  'make',
  'max',
  'min',
  'new',
  'nil',
  'panic',
  'print',
  'println',
  'real',
  'recover',
  'rune',
  'string',
  'true',
  'uint',
  'uint16',
  'uint32',
  'uint64',
  'uint8',
  'uintptr',
]);

/** Identifiers the generated method bodies use besides their parameters. */
export const BODY_IDENTIFIERS: readonly string[] = [
  'u',
  'query',
  'err',
  'url',
  'fmt',
  'strconv',
  'strings',
  'time',
  'encoding',
  'fwCheckSegment',
  'fwCheckRest',
  'fwRest',
  'fwQuery',
  'fwQueryWith',
  'fwText',
];

/**
 * The Go parameter name of a path wildcard: the wildcard's own name when Go
 * allows it there, else with a `Param` suffix (`{type}` → `typeParam`).
 * Parameters are positional, so this name is not part of the API.
 */
export function paramName(wildcard: string, ...taken: ReadonlySet<string>[]): string {
  const free = (n: string) => !GO_KEYWORDS.has(n) && !GO_PREDECLARED.has(n) && !taken.some((t) => t.has(n));
  if (free(wildcard)) return wildcard;
  let name = `${wildcard}Param`;
  for (let i = 2; !free(name); i++) name = `${wildcard}Param${i}`;
  return name;
}
