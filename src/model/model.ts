import type { Pos } from '../diagnostics/diagnostics';
import type { HttpMethod, RoutePath, StatusMatch } from '../annotations/types';
import type { GoPackage, GoProgram, TypeRef } from '../go/package';

/**
 * The IR shared by every emitter and by Nx: roots → groups → routes, plus the
 * parsed Go packages they came from. Built once per run by ./build-model.ts.
 * Emitters read this; none of them looks at Go source text.
 */

/** Where a handler lives, relative to its root. */
export interface HandlerPackage {
  pkg: GoPackage;
  /** Directory relative to the root, POSIX separators; '' for the root itself. */
  relDir: string;
  isRoot: boolean;
}

/** One declared response of a route, with its type resolved. */
export interface RouteResponse {
  match: StatusMatch;
  /** 'none': a status, class or range declared without a type (`response=204`), an answer without a body. */
  kind: 'type' | 'error' | 'redirect' | 'none';
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
  /** The path the root is mounted at (`fw:http_root prefix=/v2`), which every route path of the root already starts with. */
  prefix?: string;
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
