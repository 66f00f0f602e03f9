import type { Pos } from './diagnostics';
import type { GoFile, GoTypeDecl } from './go/ast';

/**
 * The IR shared by every emitter and by Nx: roots → groups → routes, plus the
 * parsed Go packages they came from. Built once per run by ./build-model.ts.
 * Emitters read this; none of them looks at Go source text.
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
  | { kind: 'redirect' };

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

/** A Go package fw read: a root, a subfolder, or a package of the module that holds request/response types. */
export interface GoPackage {
  /** Absolute directory. */
  dir: string;
  /** Full import path (module path + directory relative to go.mod). */
  importPath: string;
  /** The `package` clause name. */
  name: string;
  files: GoFile[];
  /** Type declarations by name. */
  types: Map<string, { decl: GoTypeDecl; file: GoFile }>;
}

/** Where a handler lives, relative to its root. */
export interface HandlerPackage {
  pkg: GoPackage;
  /** Directory relative to the root, POSIX separators; '' for the root itself. */
  relDir: string;
  isRoot: boolean;
}

/** A Go type referenced by a route, resolved to the package that declares it. */
export interface TypeRef {
  name: string;
  /** The package that declares the type. */
  pkg: GoPackage;
}

/** One declared response of a route, with its type resolved. */
export interface RouteResponse {
  match: StatusMatch;
  kind: 'type' | 'error' | 'redirect';
  /** Set for kind 'type'. */
  type?: TypeRef;
  text: string;
  implicitStatus: boolean;
}

export type HandlerRef =
  /** A method on a handler type: `p.<fieldName>.<method>()` */
  | { kind: 'method'; handlerType: HandlerTypeModel; method: string }
  /** A package-level function: `<qualifier>.<func>()` */
  | { kind: 'func'; pkg: HandlerPackage; func: string };

/** A handler type (a receiver type of annotated methods) and its RouterParams field. */
export interface HandlerTypeModel {
  pkg: HandlerPackage;
  typeName: string;
  /** Field of RouterParams: the type name, prefixed by the subfolder path in PascalCase only on a clash. */
  fieldName: string;
}

/** One route: one annotation line. A line with several methods is one route with several methods. */
export interface RouteModel {
  /** Route name (N3: defaults to the handler method/function name); unique within its group. */
  name: string;
  groupName: string;
  methods: HttpMethod[];
  path: RoutePath;
  handler: HandlerRef;
  request?: TypeRef;
  responses: RouteResponse[];
  requiredHeaders: string[];
  /** Comment lines of the doc group other than annotations, `//` stripped and trimmed. */
  description: string[];
  /** Position of the annotation marker. */
  pos: Pos;
}

/**
 * Routes grouped by handler kind (N1, N2). Group name: the handler type name
 * without a `Handler` suffix, prefixed by the subfolder path in PascalCase
 * (`admin/UserHandler` → `AdminUser`); package-level functions form the group
 * `Root` in the root package and the subfolder's PascalCase path otherwise.
 */
export interface GroupModel {
  name: string;
  pkg: HandlerPackage;
  /** The handler type, or undefined for a group of package-level functions. */
  handlerType?: HandlerTypeModel;
  routes: RouteModel[];
}

/** A root handler package (holds router.go and registry.go) and everything below it. */
export interface RootModel {
  /** Directory base name, e.g. `v1handler`. */
  name: string;
  /** Absolute directory. */
  dir: string;
  /** Directory relative to the workspace, POSIX separators. */
  relDir: string;
  /** The root package itself. */
  pkg: HandlerPackage;
  /** Subfolder packages sorted by relDir. */
  subPackages: HandlerPackage[];
  modulePath: string;
  /** Directory holding go.mod. */
  moduleDir: string;
  /**
   * The identifier under which generated code in the root package refers to
   * each imported package (subfolders and packages of request/response
   * types), by import path: the package name, made unique when two differ.
   */
  importNames: Map<string, string>;
  /** Handler types in registration order of their first route. */
  handlerTypes: HandlerTypeModel[];
  groups: GroupModel[];
  /** All routes in registration order: root package first, then subfolders by path; files by name, then line. */
  routes: RouteModel[];
}

export interface WorkspaceModel {
  /** Absolute workspace directory. */
  cwd: string;
  /** Selected roots, sorted by relDir. */
  roots: RootModel[];
  /** Every Go package of the workspace's modules, parsed on first use. */
  program: GoProgram;
}

/**
 * Access to parsed Go packages. Each file is parsed at most once per run.
 * Packages outside the workspace's Go modules (the standard library, third
 * party modules) are not available: callers treat their types as external.
 */
export interface GoProgram {
  /** The package with this import path, parsed on first use; undefined if it is not in a module of the workspace. */
  package(importPath: string): GoPackage | undefined;
  /** The package in this absolute directory, parsed on first use. */
  packageAt(dir: string): GoPackage | undefined;
  /** Packages parsed so far, by import path. */
  readonly loaded: ReadonlyMap<string, GoPackage>;
}
