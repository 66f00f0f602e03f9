import type { Pos } from '../diagnostics/diagnostics';

/**
 * What one annotation line says, once parsed and checked on its own: the
 * output of this stage, read by src/model/ to build routes.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One segment of a route path. */
export type PathSegment =
  | { kind: 'static'; value: string }
  /** `{name}` */
  | { kind: 'wildcard'; name: string }
  /** `{name...}`: the rest of the path, last segment only */
  | { kind: 'remainder'; name: string }
  /** `{$}`: matches only the path ending in a slash, last segment only */
  | { kind: 'end' };

/** A parsed route path. `/users/{id}/` has segments [static users, wildcard id, static ''] (a trailing slash is an empty last segment). */
export interface RoutePath {
  /** As written in the annotation. */
  text: string;
  segments: PathSegment[];
}

/** A Go type named in an annotation: `User` or `models.User`. */
export interface TypeName {
  /** Package qualifier as written (`models`), or undefined for a type of the handler's own package. */
  pkg?: string;
  name: string;
}

/** Which statuses a response specifier covers. */
export type StatusMatch =
  | { kind: 'exact'; status: number }
  /** inclusive */
  | { kind: 'range'; from: number; to: number }
  /** `4xx` → digit 4 */
  | { kind: 'class'; digit: number };

/** What a response specifier answers with. */
export type ResponseBody =
  | { kind: 'type'; type: TypeName }
  /** `Error` / `TYPE_ERROR`: the error body `{"message": string, "code": string}` */
  | { kind: 'error' }
  /** `Redirect` / `TYPE_REDIRECT`: a redirect; the `Location` header matters, not the body */
  | { kind: 'redirect' }
  /** A status, class or range without a type (`response=204`, `response=2xx`): an answer without a body */
  | { kind: 'none' };

/**
 * One `response=` value. A bare type (`response=User`) is the success body
 * and covers the 2xx class; a bare `Error` yields two specifiers (4xx, 5xx),
 * a bare `Redirect` one (3xx).
 */
export interface ResponseSpecifier {
  match: StatusMatch;
  body: ResponseBody;
  /** The value as written. */
  text: string;
  /** True when the specifier had no status (bare `T`, `Error`, `Redirect`) or came from the `<Method>Response` default. */
  implicitStatus: boolean;
  pos: Pos;
}

/** One annotation line, parsed and checked on its own (no knowledge of other lines or types). */
export interface RouteAnnotation {
  /** Position of the `fw:http_route` marker. */
  pos: Pos;
  path: RoutePath;
  pathPos: Pos;
  /** The methods; [GET] when the line has no `method=`. */
  methods: HttpMethod[];
  methodPos?: Pos;
  request?: { type: TypeName; pos: Pos };
  responses: ResponseSpecifier[];
  name?: { value: string; pos: Pos };
  requiredHeaders: { value: string; pos: Pos }[];
}
