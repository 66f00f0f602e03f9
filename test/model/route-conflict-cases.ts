import type { Pos } from '../../src/diagnostics/diagnostics';
import type { RouteRegistration } from '../../src/model/route-conflicts';
import { parseRoutePath } from '../../src/annotations/route-path';
import type { HttpMethod } from '../../src/annotations/types';

/**
 * Pairs of ServeMux patterns and whether Go 1.22+ net/http panics when both
 * are registered on one mux. Shared by the unit test (findRouteConflicts must
 * agree) and the e2e test (real Go must agree).
 */
export interface ConflictCase {
  a: string;
  b: string;
  conflict: boolean;
  /** Why, for readers of the table. */
  why: string;
}

export const CONFLICT_CASES: ConflictCase[] = [
  { a: 'GET /users/{id}', b: 'GET /users/{name}', conflict: true, why: 'identical modulo wildcard names' },
  { a: 'GET /x', b: 'GET /x', conflict: true, why: 'identical' },
  { a: 'GET /users/{id}', b: 'GET /users/me', conflict: false, why: 'literal is more specific than wildcard' },
  { a: 'GET /{a}/b', b: 'GET /a/{b}', conflict: true, why: 'each matches requests the other does not, both match /a/b' },
  { a: 'GET /x', b: 'HEAD /x', conflict: false, why: 'HEAD is more specific than GET (GET also matches HEAD)' },
  { a: 'GET /x', b: 'POST /x', conflict: false, why: 'different methods' },
  { a: 'POST /a/{id}', b: 'PUT /a/{id}', conflict: false, why: 'different methods' },
  { a: 'GET /a/', b: 'GET /a/{rest...}', conflict: true, why: 'a trailing slash is an anonymous {...}' },
  { a: 'GET /a/', b: 'GET /a', conflict: false, why: '/a/ matches /a/..., /a only /a' },
  { a: 'GET /a/', b: 'GET /a/b', conflict: false, why: '/a/b is more specific' },
  { a: 'GET /a/{x...}', b: 'GET /a/b/c', conflict: false, why: 'remainder wildcard is more general' },
  { a: 'GET /{$}', b: 'GET /', conflict: false, why: '{$} matches only /' },
  { a: 'GET /', b: 'GET /{x...}', conflict: true, why: 'both match every path' },
  { a: 'GET /a/{$}', b: 'GET /a/', conflict: false, why: '{$} is more specific than a trailing slash' },
  { a: 'GET /a/{$}', b: 'GET /a/{x}', conflict: false, why: 'a {name} never matches the trailing slash of {$}' },
  { a: 'GET /{$}', b: 'GET /{x}', conflict: false, why: 'a {name} never matches the trailing slash of {$}' },
  { a: 'GET /a/{x...}', b: 'GET /a/{$}', conflict: false, why: '{$} is more specific than {x...}' },
  { a: 'GET /{a}/{b}', b: 'GET /{c}/{d}', conflict: true, why: 'identical modulo names' },
  { a: 'GET /{a}/b/{c...}', b: 'GET /a/{b}/c', conflict: true, why: 'neither is more specific' },
  { a: 'HEAD /{a}', b: 'GET /a', conflict: true, why: 'fewer methods but a more general path' },
  { a: 'GET /{a}', b: 'HEAD /a', conflict: false, why: 'GET /{a} is more general in method and path' },
  { a: 'HEAD /{a}/b', b: 'GET /a/{b}', conflict: true, why: 'paths overlap, methods nested' },
  { a: 'HEAD /', b: 'GET /x', conflict: true, why: 'HEAD is more specific in method, / more general in path' },
  { a: 'GET /x/', b: 'HEAD /x/{$}', conflict: false, why: 'GET /x/ is more general in method and path' },
  { a: 'GET /a/{x}/', b: 'GET /a/{y}/', conflict: true, why: 'identical modulo names, trailing slash' },
  { a: 'GET /a/{x}/', b: 'GET /a/b/{rest...}', conflict: false, why: '/a/b/... is more specific' },
  { a: 'GET /{x}/b/', b: 'GET /a/{y}/', conflict: true, why: 'both match /a/b/, neither more specific' },
  { a: 'GET /files/{path...}', b: 'GET /files/{name}', conflict: false, why: '{name} is more specific than {path...}' },
  { a: 'GET /users/{id}/posts', b: 'GET /users/{name}/comments', conflict: false, why: 'different literals' },
  { a: 'PUT /a/{id}', b: 'PUT /{kind}/1', conflict: true, why: 'both match /a/1, neither more specific' },
  { a: 'DELETE /a', b: 'DELETE /a/', conflict: false, why: 'different number of segments, no remainder in /a' },
  { a: 'GET /a%62', b: 'GET /ab', conflict: true, why: 'literal segments are compared unescaped' },
  { a: 'GET /{x...}', b: 'GET /{y}/{z...}', conflict: false, why: '{x...} is more general' },
  { a: 'GET /{a}/{b...}', b: 'GET /{c}/d/', conflict: false, why: 'the second is more specific' },
  { a: 'OPTIONS /x/{y}', b: 'OPTIONS /x/{z}', conflict: true, why: 'identical modulo names' },
  { a: 'PATCH /{a}/{b}', b: 'PATCH /{a}/c', conflict: false, why: 'the second is more specific' },
  { a: 'GET /a/b/{c...}', b: 'GET /a/{b}/c/', conflict: true, why: 'literal b vs wildcard, remainder vs literal c' },
  { a: 'GET /users/{id}/', b: 'GET /users/{id}/{$}', conflict: false, why: '{$} is more specific' },
  { a: 'GET /é/{x}', b: 'GET /é/{y}', conflict: true, why: 'non-ASCII literals, identical modulo names' },
  { a: 'GET /a/{x}', b: 'GET /b/{x}', conflict: false, why: 'different literals' },
  { a: 'GET /{a}', b: 'GET /{b}/', conflict: false, why: 'one segment vs at least two' },
  { a: 'HEAD /a/{x...}', b: 'GET /a/b/', conflict: true, why: 'HEAD more specific method, more general path' },
  { a: 'HEAD /a/{x}', b: 'HEAD /a/{y}', conflict: true, why: 'identical modulo names' },
];

/** `GET /users/{id}` → a registration at `file:line:1`; throws on an invalid path (a bug in the table). */
export function registration(pattern: string, line: number, file = 'handler.go'): RouteRegistration {
  const space = pattern.indexOf(' ');
  const pos: Pos = { file, line, col: 1 };
  const parsed = parseRoutePath(pattern.slice(space + 1), pos);
  if (!parsed.path) throw new Error(`bad test pattern ${pattern}: ${parsed.diagnostics.map((d) => d.message).join('; ')}`);
  return { method: pattern.slice(0, space) as HttpMethod, path: parsed.path, pos };
}
