import * as path from 'node:path';
import { type Diagnostic, error, type Pos, warning } from '../diagnostics/diagnostics';
import type { CodeOf } from '../diagnostics/codes';
import type { GoField, GoFile, GoTypeDecl, GoTypeExpr } from './ast';
import { declPos, unpackPos } from './packed-pos';
import { MAX_TYPE_NESTING } from './parser';
import { parseStructTag } from './struct-tags';
import { describeExpr } from './type-expr';
import { directiveForm } from '../workspace/json-form';
import type { TypeMappings } from '../workspace/fw-config';
import {
  BASIC_KINDS,
  type BasicKind,
  type EnumValue,
  type JsonField,
  type LocationTag,
  type Marshaler,
  type NamedType,
  type ResolvedField,
  type ResolvedStruct,
  type ResolvedType,
  type TaggedField,
} from './resolved-types';
import { type FlattenHooks, flattenJson, flattenStruct } from './struct-views';
import { firstNonTokenChar } from './http-token';
import { enumValues } from './enums';
import { instantiationKey, instantiationName } from './generics';
import { marshalerOf, type MethodLookup } from './method-sets';
import { indexPackage, type PackageIndex } from './package-index';
import { knownStdType } from './known-marshalers';
import type { GoPackage, GoProgram, TypeRef } from './package';
import { isStdlibPath } from '../workspace/build-list';

/**
 * Resolves Go type expressions into the language-neutral form the emitters
 * read, knowing what encoding/json does with each kind of type, so that they
 * need not. Named types are referenced by id and described once (`named`), so
 * recursive types are representable. Resolution is lazy and never throws on
 * user input: what it cannot see resolves to `unknown` with a reason, warned
 * at the field that a view includes.
 */

interface Scope {
  pkg: GoPackage;
  file: GoFile;
  /** Who owns the fields being resolved, for messages. */
  owner: string;
  /** The type arguments of a generic type being instantiated, by type parameter name. */
  typeArgs?: ReadonlyMap<string, ResolvedType>;
}

/** Where the fields of one struct are declared, shared by all of them. */
interface FieldSite {
  pkg: GoPackage;
  file: GoFile;
  owner: string;
}

/**
 * A resolved field that reads what the parser gave (type as written, tag,
 * doc, position) and where it is declared from the objects it was resolved
 * from instead of holding a copy of each: a large workspace resolves tens of
 * thousands of fields, all kept as long as the resolver.
 */
class FieldOfStruct implements ResolvedField {
  readonly exported: boolean;

  constructor(
    private readonly field: GoField,
    private readonly site: FieldSite,
    readonly name: string,
    readonly type: ResolvedType,
    readonly tags: ReadonlyMap<string, string>,
  ) {
    this.exported = isExported(name);
  }

  get embedded(): boolean {
    return this.field.name === undefined;
  }
  get goType(): GoTypeExpr {
    return this.field.type;
  }
  get tag(): string {
    return this.field.tag;
  }
  get doc(): readonly string[] {
    return this.field.doc;
  }
  get pos(): Pos {
    return unpackPos(this.site.file.path, this.field.at);
  }
  get pkg(): GoPackage {
    return this.site.pkg;
  }
  get file(): GoFile {
    return this.site.file;
  }
  get owner(): string {
    return this.site.owner;
  }
}

/** One object per basic type and one `any`, shared by every field of such a type (nothing changes a resolved type). */
const BASIC_TYPES = new Map<BasicKind, ResolvedType>();
const ANY: ResolvedType = Object.freeze({ kind: 'any' });

function basicType(name: BasicKind): ResolvedType {
  let t = BASIC_TYPES.get(name);
  if (!t) BASIC_TYPES.set(name, (t = Object.freeze({ kind: 'basic', name })));
  return t;
}

function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** The name an embedded field gets: the type's name without package and pointer. */
function embeddedName(t: GoTypeExpr): string {
  switch (t.kind) {
    case 'ident':
    case 'qualified':
      return t.name;
    case 'pointer':
      return embeddedName(t.elem);
    case 'generic':
      return embeddedName(t.base);
    default:
      return '';
  }
}

/** Type expressions resolved depth first through named types before deeper named types are queued (see resolveDeclared). */
const EAGER_DEPTH = 200;
/** Aliases of compound types (`type A = []B`, B an alias of `[]C`, ...) nested deeper than this are an error. */
const MAX_ALIAS_NESTING = 100;

export class TypeResolver {
  /** Every named type resolved so far, by id. */
  readonly named = new Map<string, NamedType>();
  /** Warnings found so far (unresolvable types of fields that a view included, enums fw could not compute). */
  readonly diagnostics: Diagnostic[] = [];
  private readonly warned = new Set<string>();
  /**
   * Told of every diagnostic found, repeats it reports only once included:
   * a caller that keeps what it derived (the client's plans in `fw watch`)
   * records with it everything deriving it found.
   */
  onDiagnostic?: (d: Diagnostic) => void;
  /**
   * The files of the diagnostics found while resolving a named type (not while
   * taking a view of one): they are given once, when the type is resolved,
   * so a resolver keeping that type would not give them again (see forget).
   */
  private readonly resolvingDiagnosticFiles = new Set<string>();
  private readonly aliasStack = new Set<string>();
  /** Named types registered but not resolved yet (see resolveDeclared). */
  private readonly pending = new Set<NamedType>();
  /** How many resolveExpr calls are on the stack. */
  private depth = 0;
  private readonly indexes = new WeakMap<GoPackage, PackageIndex>();
  /** The reference to each named type, by declaration: handed out again instead of a new object with a new id string. */
  private readonly namedRefs = new Map<GoTypeDecl, ResolvedType>();
  /** Parsed struct tags by their text: the same tags (`json:"id"`) recur across many structs, and the maps are read-only. */
  private readonly parsedTags = new Map<string, ReadonlyMap<string, string>>();
  private readonly methodLookup: MethodLookup = {
    structOf: (t) => this.structOf(t),
    resolvedNamed: (id) => {
      const info = this.named.get(id);
      if (info) this.resolveNamed(info); // a named type still waiting (see resolveDeclared) learns its methods now
      return info;
    },
  };
  private readonly flattenHooks: FlattenHooks = {
    structOf: (t) => this.structOf(t),
    leftOut: (f, message) => this.warnField('FW2105', f, message),
    included: (f) => this.checkKnown(f),
  };

  /** How many generic instantiations are being resolved inside each other. */
  private instantiating = 0;
  /** How many times forget dropped types; with the count at which each import path was last forgotten (see forgotSince). */
  private forgets = 0;
  private readonly forgottenAt = new Map<string, number>();

  constructor(private readonly program: GoProgram) {}

  /**
   * Forgets the types of the packages `importPaths` (`fw watch`, after they
   * changed), which must include every loaded package importing one of them,
   * directly or not: they are resolved again when asked for. False when it
   * cannot (generic instantiations, or a diagnostic found while resolving a
   * type it would keep): then the caller drops the whole resolver. Its
   * diagnostics then hold what is found from now on.
   */
  forget(importPaths: ReadonlySet<string>): boolean {
    for (const id of this.named.keys()) if (id.includes('[')) return false;
    // A diagnostic found while resolving a type that stays would not be given again (only a new resolver gives it).
    const droppedDirs = new Set<string>();
    for (const info of this.named.values()) if (importPaths.has(info.pkg.importPath)) droppedDirs.add(info.pkg.dir);
    for (const file of this.resolvingDiagnosticFiles) if (!droppedDirs.has(path.dirname(file))) return false;
    const dropped = new Set<string>();
    for (const [id, info] of this.named) {
      if (!importPaths.has(info.pkg.importPath)) continue;
      dropped.add(id);
      this.named.delete(id);
    }
    for (const [decl, ref] of this.namedRefs) if (ref.kind === 'named' && dropped.has(ref.id)) this.namedRefs.delete(decl);
    this.diagnostics.length = 0;
    this.warned.clear();
    this.resolvingDiagnosticFiles.clear();
    this.forgets++;
    for (const importPath of importPaths) this.forgottenAt.set(importPath, this.forgets);
    return true;
  }

  /**
   * A mark of what this resolver has forgotten so far: a caller keeping what
   * it derived from resolved types (fw watch) asks forgotSince(mark, its
   * packages) later whether they may resolve to other objects now.
   */
  get generation(): number {
    return this.forgets;
  }

  /** Whether the types of a package of `importPaths` were forgotten after `generation`: while not, the types they declare resolve to the same objects. */
  forgotSince(generation: number, importPaths: Iterable<string>): boolean {
    if (this.forgets === generation) return false;
    for (const importPath of importPaths) if ((this.forgottenAt.get(importPath) ?? 0) > generation) return true;
    return false;
  }

  /** The fw.json mappings the program was given, for messages that name one to add. */
  get typeMappings(): TypeMappings | undefined {
    return this.program.typeMappings;
  }

  /** A route's request or response type. */
  resolveRef(ref: Pick<TypeRef, 'name' | 'pkg'>): ResolvedType {
    return this.resolveDeclared(ref.pkg, ref.name);
  }

  /** The type `name` declared in `pkg` (instantiated with `typeArgs` when it is generic); unknown when there is none. */
  resolveDeclared(pkg: GoPackage, name: string, typeArgs?: ResolvedType[]): ResolvedType {
    let found = pkg.types.get(name);
    if (!found) return { kind: 'unknown', reason: `type ${name} is not declared in package ${pkg.importPath}` };
    // An alias chain (`type A = B; type B = C; ...`) is followed in a loop, not by recursion: it may be thousands long.
    // Its set is made for aliases only: this runs for every use of a named type.
    let chain: Set<string> | undefined;
    while (found.decl.alias && typeArgs === undefined && found.decl.typeParams.length === 0) {
      const key = `${pkg.importPath}.${name}`;
      chain ??= new Set();
      if (chain.has(key) || this.aliasStack.has(key)) return { kind: 'unknown', reason: `alias ${name} refers to itself` };
      chain.add(key);
      const scope: Scope = { pkg, file: found.file, owner: name };
      const target = this.declaredTarget(found.decl.type, scope);
      if (!target) {
        if (this.aliasStack.size >= MAX_ALIAS_NESTING) {
          this.error(
            'FW2101',
            declPos(found.file, found.decl),
            `alias ${name} is nested in more than ${MAX_ALIAS_NESTING} other aliases`,
            'declare the type without so many aliases around it',
          );
          return { kind: 'unknown', reason: 'aliases nested too deeply' };
        }
        this.aliasStack.add(key);
        try {
          return this.resolveExpr(found.decl.type, scope);
        } finally {
          this.aliasStack.delete(key);
        }
      }
      pkg = target.pkg;
      name = target.name;
      found = target.found;
    }
    const { decl, file } = found;
    if (typeArgs !== undefined || decl.typeParams.length > 0) return this.instantiate(pkg, file, decl, typeArgs ?? []);
    const known = this.namedRefs.get(decl);
    if (known) return known;
    // Checked after the references handed out: a mapped type never gets one.
    const form = this.formOf(pkg.importPath, name);
    if (form) return form;
    const id = `${pkg.importPath}.${name}`;
    const ref: ResolvedType = { kind: 'named', id };
    this.namedRefs.set(decl, ref);
    if (!this.named.has(id)) {
      // Registered before its type is resolved, so that a reference back to it (recursion) finds it.
      const info: NamedType = { id, name, pkg, file, decl, type: { kind: 'unknown', reason: 'being resolved' } };
      this.named.set(id, info);
      this.pending.add(info);
      // A chain of named types (`type A struct{ B *B }; type B struct{ C *C }; ...`) is resolved depth first
      // only up to EAGER_DEPTH levels; deeper ones wait in `pending` and the outermost call resolves them in a loop.
      if (this.depth < EAGER_DEPTH) this.resolveNamed(info);
      if (this.depth === 0) for (const next of this.pending) this.resolveNamed(next);
    }
    return ref;
  }

  /** Resolves a named type registered in `pending`: its declared type, marshaling methods, enum values. */
  private resolveNamed(info: NamedType): void {
    if (!this.pending.delete(info)) return;
    const { decl, pkg, file, name } = info;
    info.type = this.resolveExpr(decl.type, { pkg, file, owner: name });
    this.addMethods(info);
    const enumValues = this.enumOf(info);
    if (enumValues) info.enum = enumValues;
    if (info.type.kind === 'unknown')
      this.warn(
        'FW2103',
        declPos(file, decl),
        `type ${name} is declared as ${describeExpr(decl.type)}, which fw cannot resolve (${info.type.reason}); it is treated as unknown`,
      );
  }

  /** The declaration a plain type name (`T`, `pkg.T`) stands for, when it is declared in a package of the workspace. */
  private declaredTarget(expr: GoTypeExpr, scope: Scope): { pkg: GoPackage; name: string; found: { decl: GoTypeDecl; file: GoFile } } | undefined {
    let pkg: GoPackage | undefined;
    if (expr.kind === 'ident' && !scope.typeArgs?.has(expr.name)) pkg = this.packageDeclaring(expr.name, scope);
    else if (expr.kind === 'qualified') {
      const importPath = this.importPathOf(expr.pkg, scope.file);
      if (importPath !== undefined && this.formOf(importPath, expr.name) === undefined) pkg = this.program.package(importPath, scope.pkg.dir);
    }
    const found = pkg?.types.get(expr.kind === 'ident' || expr.kind === 'qualified' ? expr.name : '');
    return pkg && found ? { pkg, name: found.decl.name, found } : undefined;
  }

  /** The package whose declaration an unqualified name in `scope` refers to: the scope's own, or a dot-imported one. */
  private packageDeclaring(name: string, scope: Scope): GoPackage | undefined {
    // Package scope shadows the universe scope, as in Go.
    if (scope.pkg.types.has(name)) return scope.pkg;
    for (const imp of scope.file.imports) {
      if (imp.alias !== '.') continue;
      const dotted = this.program.package(imp.path, scope.pkg.dir);
      if (dotted?.types.has(name)) return dotted;
    }
    return undefined;
  }

  /** Resolves a type expression written in `file` of `pkg`. `owner` names the enclosing type in messages. */
  resolveExpr(expr: GoTypeExpr, scope: Scope): ResolvedType {
    this.depth++;
    try {
      return this.resolveExprAt(expr, scope);
    } finally {
      this.depth--;
    }
  }

  private resolveExprAt(expr: GoTypeExpr, scope: Scope): ResolvedType {
    switch (expr.kind) {
      case 'ident':
        return this.resolveIdent(expr.name, scope);
      case 'qualified':
        return this.resolveQualified(expr.pkg, expr.name, scope);
      case 'pointer': {
        const elem = this.resolveExpr(expr.elem, scope);
        // An uploaded file is always a *multipart.FileHeader: the pointer carries no meaning of its own.
        return elem.kind === 'file' ? elem : { kind: 'pointer', elem };
      }
      case 'slice': {
        const elem = this.resolveExpr(expr.elem, scope);
        return this.isByteKind(elem) ? { kind: 'bytes' } : { kind: 'slice', elem };
      }
      case 'array': {
        const elem = this.resolveExpr(expr.elem, scope);
        return /^\d+$/.test(expr.length) ? { kind: 'array', length: Number(expr.length), elem } : { kind: 'array', elem };
      }
      case 'map':
        return { kind: 'map', key: this.resolveExpr(expr.key, scope), value: this.resolveExpr(expr.value, scope) };
      case 'struct':
        return { kind: 'struct', struct: this.resolveStruct(expr.fields, scope) };
      case 'interface':
        return { kind: 'any' };
      case 'generic':
        return this.resolveGeneric(
          expr.base,
          expr.args.map((a) => this.resolveExpr(a, scope)),
          scope,
        );
      case 'func':
        return { kind: 'unknown', reason: 'func values have no JSON form' };
      case 'chan':
        return { kind: 'unknown', reason: 'channels have no JSON form' };
      case 'unsupported':
        if (expr.tooDeep) {
          this.error('FW2102', expr.tooDeep, `type expression nested more than ${MAX_TYPE_NESTING} levels deep`, 'give the inner types names of their own');
          return { kind: 'unknown', reason: expr.text };
        }
        return { kind: 'unknown', reason: `fw does not understand the type expression ${expr.text}` };
    }
  }

  private resolveStruct(fields: GoField[], scope: Scope): ResolvedStruct {
    const site: FieldSite = { pkg: scope.pkg, file: scope.file, owner: scope.owner };
    return {
      fields: fields.map((f): ResolvedField => {
        const name = f.name ?? embeddedName(f.type);
        const type = this.resolveExpr(f.type, { ...scope, owner: `${scope.owner}.${name}` });
        return new FieldOfStruct(f, site, name, type, this.parseTag(f.tag));
      }),
    };
  }

  private parseTag(tag: string): ReadonlyMap<string, string> {
    let tags = this.parsedTags.get(tag);
    if (!tags) this.parsedTags.set(tag, (tags = parseStructTag(tag)));
    return tags;
  }

  /**
   * Records the marshaling methods a named type declares (a generic type's,
   * for each instantiation), and the JSON form its `// fw:json` directive
   * declares, which takes their place.
   */
  private addMethods(info: NamedType): void {
    const directive = directiveForm(info.decl.doc);
    if (directive && 'problem' in directive)
      this.error(
        'FW2107',
        declPos(info.file, info.decl),
        `the fw:json directive of type ${info.decl.name} is invalid: ${directive.problem}`,
        'write // fw:json type=string|number|integer|boolean|unknown [format=date-time] [nullable=true]',
      );
    else if (directive) info.form = directive.form;
    const methods = this.packageIndex(info.pkg).methods.get(info.decl.name);
    if (!methods) return;
    info.methods = methods;
    if (methods.has('MarshalJSON')) info.marshaler = 'json';
    else if (methods.has('MarshalText')) info.marshaler = 'text';
  }

  /** `Page[User]`, `other.Box[T]`: the generic type of `base`, instantiated with `args`. */
  private resolveGeneric(base: GoTypeExpr, args: ResolvedType[], scope: Scope): ResolvedType {
    if (base.kind === 'qualified') {
      const importPath = this.importPathOf(base.pkg, scope.file);
      const target = importPath === undefined ? undefined : this.program.package(importPath, scope.pkg.dir);
      if (!target) return { kind: 'unknown', reason: `package "${importPath ?? base.pkg}" of generic type ${base.pkg}.${base.name} cannot be found` };
      return this.resolveDeclared(target, base.name, args);
    }
    if (base.kind !== 'ident') return { kind: 'unknown', reason: `fw does not understand the generic type ${describeExpr(base)}` };
    if (scope.pkg.types.has(base.name)) return this.resolveDeclared(scope.pkg, base.name, args);
    for (const imp of scope.file.imports) {
      if (imp.alias !== '.') continue;
      const dotted = this.program.package(imp.path, scope.pkg.dir);
      if (dotted?.types.has(base.name)) return this.resolveDeclared(dotted, base.name, args);
    }
    return { kind: 'unknown', reason: `generic type ${base.name} is not declared in package ${scope.pkg.name}` };
  }

  /**
   * A generic type with its type arguments: a named type of its own, with
   * an id that spells the arguments (`<path>.Page[<path>.User]`) and a
   * name made of the names (`PageUser`), resolved once per instantiation.
   */
  private instantiate(pkg: GoPackage, file: GoFile, decl: GoTypeDecl, args: ResolvedType[]): ResolvedType {
    if (decl.typeParams.length === 0) return { kind: 'unknown', reason: `${decl.name} is not a generic type but is given type arguments` };
    if (args.length !== decl.typeParams.length)
      return { kind: 'unknown', reason: `${decl.name} has ${decl.typeParams.length} type parameters, but is given ${args.length} type arguments` };
    if (decl.alias) return { kind: 'unknown', reason: `${decl.name} is a generic alias; fw does not resolve generic aliases` };
    const id = `${pkg.importPath}.${decl.name}[${args.map(instantiationKey).join(',')}]`;
    const ref: ResolvedType = { kind: 'named', id };
    if (this.named.has(id)) return ref;
    // `type T[X any] struct{ Next *T[[]X] }` instantiates without end (Go rejects it as an instantiation cycle).
    if (this.instantiating >= MAX_INSTANTIATION_DEPTH) return { kind: 'unknown', reason: `${decl.name} instantiates itself without end` };
    const name = decl.name + args.map((a) => instantiationName(a, this.named)).join('');
    const info: NamedType = { id, name, pkg, file, decl, type: { kind: 'unknown', reason: 'being resolved' } };
    this.named.set(id, info);
    const typeArgs = new Map(decl.typeParams.map((p, i) => [p, args[i]!]));
    this.instantiating++;
    try {
      info.type = this.resolveExpr(decl.type, { pkg, file, owner: name, typeArgs });
    } finally {
      this.instantiating--;
    }
    this.addMethods(info);
    return ref;
  }

  private resolveIdent(name: string, scope: Scope): ResolvedType {
    const typeArg = scope.typeArgs?.get(name);
    if (typeArg) return typeArg;
    const declaring = this.packageDeclaring(name, scope);
    if (declaring) return this.resolveDeclared(declaring, name);
    if (name === 'byte' || name === 'rune' || BASIC_KINDS.has(name)) return basicType(name as BasicKind);
    if (name === 'any' || name === 'error') return ANY;
    if (name === 'complex64' || name === 'complex128') return { kind: 'unknown', reason: 'complex numbers have no JSON form' };
    return { kind: 'unknown', reason: `type ${name} is not declared in package ${scope.pkg.name}` };
  }

  private resolveQualified(qualifier: string, name: string, scope: Scope): ResolvedType {
    const importPath = this.importPathOf(qualifier, scope.file);
    if (importPath === undefined) return { kind: 'unknown', reason: `package ${qualifier} is not imported` };
    // Known and configured forms come first: they hold even where the type's package cannot be read.
    const form = this.formOf(importPath, name);
    if (form) return form;
    const target = this.program.package(importPath, scope.pkg.dir);
    if (!target) return { kind: 'unknown', reason: this.notFound(importPath, scope) };
    return this.resolveDeclared(target, name);
  }

  /** Why the package of a type cannot be looked into, for the warning. */
  private notFound(importPath: string, scope: Scope): string {
    if (isStdlibPath(importPath)) return `package "${importPath}" of the standard library cannot be read`;
    if (this.program.inMissingModule?.(importPath, scope.pkg.dir)) return `the module of package "${importPath}" is not downloaded`;
    return `package "${importPath}" cannot be found`;
  }

  /** The import path a qualifier stands for in `file`: by alias or last path element, else by the real package name of a module package. */
  private importPathOf(qualifier: string, file: GoFile): string | undefined {
    const imports = file.imports.filter((i) => i.alias !== '_' && i.alias !== '.');
    const byName = imports.find((i) => i.name === qualifier);
    if (byName) return byName.path;
    // A package's name need not match its last path element (`example.com/go-util` declaring `package util`).
    for (const imp of imports) {
      if (imp.alias === undefined && !isStdlibPath(imp.path) && this.program.package(imp.path, path.dirname(file.path))?.name === qualifier) return imp.path;
    }
    return undefined;
  }

  /** The type `importPath.name` as fw knows it (./known-marshalers.ts) or fw.json maps it, without reading its package. */
  private formOf(importPath: string, name: string): ResolvedType | undefined {
    const known = knownStdType(importPath, name);
    if (known) return known;
    const fullName = `${importPath}.${name}`;
    const form = this.program.typeMappings?.forms.get(fullName);
    // Declared to have a form, the type is assumed to have value methods that write it (what embedding promotes).
    return form && { kind: 'mapped', name: fullName, form, receiver: 'value' };
  }

  /** True for byte-kind elements: encoding/json writes slices of them as base64. */
  private isByteKind(t: ResolvedType): boolean {
    const u = this.underlying(t); // first: it resolves a named type still waiting, marshaler included
    // A byte type with its own marshaler is written element by element.
    if (t.kind === 'named' && this.named.get(t.id)?.marshaler) return false;
    return u.kind === 'basic' && (u.name === 'byte' || u.name === 'uint8');
  }

  /** The type with named types followed to their declared types (`type A B; type B string` → string). */
  underlying(t: ResolvedType): ResolvedType {
    // The set of named types passed is made at the second one: most chains have one (a struct, an enum).
    let first: string | undefined;
    let seen: Set<string> | undefined;
    while (t.kind === 'named') {
      if (first === undefined) first = t.id;
      else {
        seen ??= new Set([first]);
        if (seen.has(t.id)) break;
        seen.add(t.id);
      }
      const info = this.named.get(t.id);
      if (!info) break;
      this.resolveNamed(info);
      t = info.type;
    }
    return t;
  }

  /** The struct a type stands for (through named types, and one pointer level when `throughPointer`). */
  structOf(t: ResolvedType, throughPointer = false): ResolvedStruct | undefined {
    let u = this.underlying(t);
    if (throughPointer && u.kind === 'pointer') u = this.underlying(u.elem);
    return u.kind === 'struct' ? u.struct : undefined;
  }

  /**
   * The JSON properties of a struct type, as encoding/json's typeFields
   * computes them: unexported and `json:"-"` fields skipped, untagged
   * embedded structs (and pointers to them) flattened breadth first, name
   * conflicts settled by depth then by tag, equal conflicts dropping every
   * contender; the result is in field index order.
   */
  jsonFields(t: ResolvedType): readonly JsonField[] {
    // Not kept: a view is cheap to compute again, and the views of 10k request types held ~35 MB.
    const fields = flattenJson(t, this.flattenHooks);
    for (const f of fields) if (f.quoted) f.quoted = this.isQuotable(f.type);
    return fields;
  }

  /**
   * The fields of a request struct bound by `key` (`path`, `query`, ...),
   * following untagged embedded structs the way encoding/json does for
   * `json`. Fields without that key are not part of the view; a name bound
   * twice at the same depth binds neither, as with encoding/json.
   */
  taggedFields(t: ResolvedType, key: LocationTag | string): readonly TaggedField[] {
    const fields = flattenStruct(t, key, this.flattenHooks);
    if (key === 'header') for (const f of fields) this.checkHeaderName(f);
    return fields;
  }

  /** A `header:` name neither net/http nor the Fetch Headers class takes: found again each time the view is taken, given once. */
  private checkHeaderName(f: TaggedField): void {
    const bad = firstNonTokenChar(f.name);
    if (bad < 0) return;
    const c = [...f.name][bad]!;
    const pos = f.field.pos;
    this.report(
      pos,
      error(
        'FW2109',
        pos,
        `field ${f.field.name} of ${f.field.owner} has header name ${JSON.stringify(f.name)}: ${JSON.stringify(c)} is not allowed in a header name`,
        `a header name is an RFC 9110 token: letters, digits and !#$%&'*+-.^_\`|~, e.g. header:"X-Trace-Id"`,
      ),
    );
  }

  /** encoding/json applies `,string` only to bool, number and string kinds (through one unnamed pointer). */
  private isQuotable(t: ResolvedType): boolean {
    const elem = t.kind === 'pointer' ? t.elem : t;
    const u = this.underlying(elem);
    // json.Number (a string kind encoding/json writes as a number) too: then as a quoted number.
    return u.kind === 'basic' || u.kind === 'duration' || (u.kind === 'mapped' && u.receiver === 'none');
  }

  /** Warns once for a field whose type contains an unknown (not looking into named types: they report their own). */
  private checkKnown(f: ResolvedField): void {
    const reason = firstUnknown(f.type);
    if (reason !== undefined) {
      this.warnField(
        'FW2104',
        f,
        `field ${f.name} of ${f.owner} has type ${describeExpr(f.goType)}, which fw cannot resolve (${reason}); it is treated as unknown`,
      );
    }
  }

  /** A field a view includes or leaves out: found again each time a view is taken. */
  private warnField(code: CodeOf<'warning'>, f: ResolvedField, message: string): void {
    this.report(
      f.pos,
      warning(
        code,
        f.pos,
        message,
        'use a type of this module, of the standard library or of a downloaded dependency, a basic type, or json.RawMessage, []byte, any',
      ),
    );
  }

  /** Found while resolving a named type: given once, when it is resolved. */
  private error(code: CodeOf<'error'>, pos: Pos, message: string, hint: string): void {
    if (this.report(pos, error(code, pos, message, hint))) this.resolvingDiagnosticFiles.add(pos.file);
  }

  /** Found while resolving a named type: given once, when it is resolved. */
  private warn(code: CodeOf<'warning'>, pos: Pos, message: string, hint?: string): void {
    if (this.report(pos, warning(code, pos, message, hint))) this.resolvingDiagnosticFiles.add(pos.file);
  }

  /** Adds `d` (found at `pos`) unless the same was reported already; true when added. */
  private report(pos: Pos, d: Diagnostic): boolean {
    this.onDiagnostic?.(d);
    const key = `${pos.file}:${pos.line}:${pos.col}:${d.message}`;
    if (this.warned.has(key)) return false;
    this.warned.add(key);
    this.diagnostics.push(d);
    return true;
  }

  /** What encoding/json calls for a value of type `t` instead of encoding it field by field (./method-sets.ts). */
  marshalerOf(t: ResolvedType, addressable: boolean, decode: boolean): Marshaler | undefined {
    return marshalerOf(this.methodLookup, t, addressable, decode);
  }

  /** Per package, built once. */
  private packageIndex(pkg: GoPackage): PackageIndex {
    let index = this.indexes.get(pkg);
    if (!index) this.indexes.set(pkg, (index = indexPackage(pkg)));
    return index;
  }

  /** The enum values of a string or integer named type (./enums.ts). */
  private enumOf(info: NamedType): EnumValue[] | undefined {
    const consts = this.packageIndex(info.pkg).consts.get(info.name) ?? [];
    return enumValues(info, this.underlying(info.type), consts, (c, message, hint) => {
      // The index keeps no file per const: looked up on this rare path only.
      const file = info.pkg.files.find((f) => f.consts.includes(c))!;
      this.warn('FW2106', declPos(file, c), message, hint);
    });
  }
}

const MAX_INSTANTIATION_DEPTH = 32;

/** The reason of the first unknown inside a type, not looking into named types. */
export function firstUnknown(t: ResolvedType): string | undefined {
  switch (t.kind) {
    case 'unknown':
      return t.reason;
    case 'pointer':
    case 'slice':
    case 'array':
      return firstUnknown(t.elem);
    case 'map':
      return firstUnknown(t.key) ?? firstUnknown(t.value);
    default:
      return undefined;
  }
}
