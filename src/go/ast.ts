import type { Pos } from '../diagnostics/diagnostics';
import type { FileConstraints } from './build-constraints';
import type { PackedPos } from './packed-pos';

/**
 * What fw reads out of one Go source file: the declarations it needs, in
 * source order, with positions. Produced once per file by ./parser.ts; every
 * later stage reads these objects and never the source text.
 */
export interface GoFile {
  /** Absolute path. */
  path: string;
  packageName: string;
  /** True when the file starts with a `// Code generated ... DO NOT EDIT.` line. */
  generated: boolean;
  imports: GoImport[];
  funcs: GoFuncDecl[];
  types: GoTypeDecl[];
  consts: GoConstDecl[];
  /** `fw:http_route` comments that are not in the comment group directly above a function or method. */
  strayAnnotations: GoComment[];
  /** `fw:http_root` comments at top level (the package doc comment, say): where a root declares its mount prefix. */
  rootDirectives: GoComment[];
  /** Syntax errors tree-sitter reported (ERROR / MISSING nodes). */
  syntaxErrors: Pos[];
  /** The `//go:build` and `// +build` lines of the file's header, as go/build reads them. */
  constraints: FileConstraints;
}

/**
 * The doc lines or type parameters of a declaration that has none: one
 * shared, frozen array (about 120,000 fields and types have none at 10k routes).
 */
export const NO_LINES: readonly string[] = Object.freeze([]);

/** A file with nothing read from it yet: the parser fills one in; fw's own outputs stay this way (their package name only). */
export function emptyGoFile(path: string, packageName: string, generated: boolean, constraints: FileConstraints): GoFile {
  return {
    path,
    packageName,
    generated,
    imports: [],
    funcs: [],
    types: [],
    consts: [],
    strayAnnotations: [],
    rootDirectives: [],
    syntaxErrors: [],
    constraints,
  };
}

export interface GoImport {
  /** The import path, e.g. `net/http`. */
  path: string;
  /** The explicit alias (`h "net/http"` → `h`), `_`, `.`, or undefined. */
  alias?: string;
  /** The name the file uses for it: alias, or the last path element. */
  name: string;
}

/** A Go type expression as written. */
export type GoTypeExpr =
  | { kind: 'ident'; name: string }
  | { kind: 'qualified'; pkg: string; name: string }
  | { kind: 'pointer'; elem: GoTypeExpr }
  | { kind: 'slice'; elem: GoTypeExpr }
  | { kind: 'array'; length: string; elem: GoTypeExpr }
  | { kind: 'map'; key: GoTypeExpr; value: GoTypeExpr }
  | { kind: 'struct'; fields: GoField[] }
  | { kind: 'interface'; empty: boolean }
  | { kind: 'generic'; base: GoTypeExpr; args: GoTypeExpr[] }
  | { kind: 'func' }
  | { kind: 'chan' }
  /** `tooDeep`: the expression was cut off at this position by the parser's nesting limit (MAX_TYPE_NESTING). */
  | { kind: 'unsupported'; text: string; tooDeep?: Pos };

export interface GoField {
  /** Field name; undefined for an embedded field. */
  name?: string;
  type: GoTypeExpr;
  /** The raw tag without its quotes (`json:"id" path:"id"`), or '' when there is none. */
  tag: string;
  /** The field's comment lines, `//` removed: the comment group directly above it, then a `//` comment at the end of its line. */
  doc: readonly string[];
  /** Its position in the file that declares it (./packed-pos.ts: a number, the most numerous position of a parsed file). */
  at: PackedPos;
}

export interface GoTypeDecl {
  name: string;
  /** `type A = B` */
  alias: boolean;
  type: GoTypeExpr;
  /** Type parameters, if the declaration is generic. */
  typeParams: readonly string[];
  doc: readonly string[];
  /** The position of its name (./packed-pos.ts; `declPos(file, decl)` makes it a Pos). */
  at: PackedPos;
}

export interface GoConstDecl {
  name: string;
  /** The declared type name, as written (`Role`, or `models.Role`), if any; inherited from the previous spec in a block as Go does. */
  typeName?: string;
  /** The expression as written (`"admin"`, `3`, `iota`, `iota + 1`) at this name's position in the spec's value list (`A, B = 1, 2`), inherited in a block as Go does; undefined when there is none. */
  value?: string;
  /** Index of the spec within its const block (the value of iota). */
  iota: number;
  /** The position of its name (./packed-pos.ts; `declPos(file, decl)` makes it a Pos). */
  at: PackedPos;
}

export interface GoComment {
  /** The comment as written, e.g. `// fw:http_route path=/x`. */
  text: string;
  pos: Pos;
}

export interface GoFuncDecl {
  name: string;
  /** Receiver base type name (`*UserHandler` → `UserHandler`) for methods; undefined for functions. */
  receiver?: { typeName: string; pointer: boolean };
  /** Number of declared parameters. */
  paramCount: number;
  results: GoTypeExpr[];
  /** Comment lines of the comment group directly above the declaration (no blank line between), in order. */
  doc: GoComment[];
  /** Position of the func keyword. */
  pos: Pos;
  /** Position of the name. */
  namePos: Pos;
}
