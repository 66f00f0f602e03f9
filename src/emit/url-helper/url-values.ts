import { isExported } from '../../model/naming';
import type { TypeResolver } from '../../go/type-resolver';
import type { GoPackage } from '../../go/package';
import type { GoTypeExpr } from '../../go/ast';
import { BASIC_KINDS, type BasicKind, type NamedType, type ResolvedType } from '../../go/resolved-types';

/**
 * How the URL helper takes a path or query value and turns it into text:
 * the same text the fwhttp binder parses back (strconv for the basic kinds,
 * RFC 3339 for time.Time, MarshalText for types that have it).
 */

/** A Go type as the URL helper prints it: predeclared (`int64`) or qualified (`time.Time`, `models.Role`). */
export interface GoTypeName {
  name: string;
  /** The package that declares it; undefined for predeclared types. */
  pkg?: { importPath: string; name: string };
}

/** How a single value becomes text. */
export type ValueFormat =
  /** strconv by the underlying kind; `named` when the Go type is not the predeclared one (a conversion is needed). */
  | { kind: 'basic'; basic: BasicKind; named: boolean }
  /** `v.Format(time.RFC3339Nano)`, which is what time.Time's MarshalText writes. */
  | { kind: 'time' }
  /** The type's MarshalText method; `basic` is its underlying kind (for the zero test), undefined for an array or struct (compared with its zero value). */
  | { kind: 'text'; basic?: BasicKind };

export interface ScalarType {
  type: GoTypeName;
  format: ValueFormat;
}

/** A query field: one value, an optional one (pointer: nil is left out), or several (slice: the key repeats). */
export type QueryShape =
  | { kind: 'scalar'; scalar: ScalarType }
  | { kind: 'pointer'; scalar: ScalarType }
  /** `type` is set when the slice type is a named type the helper uses as is. */
  | { kind: 'slice'; scalar: ScalarType; type?: GoTypeName };

export interface ValueContext {
  resolver: TypeResolver;
  /**
   * True when urlhelper.go may import `pkg`: not when `pkg` imports urlhelper,
   * directly or not, nor when it imports a package whose in-package tests do
   * (handlers often import their helper): the reverse import would be a cycle.
   */
  importable(pkg: GoPackage): boolean;
  /** The package `importPath` names for the root's module, read for the text methods of a type fw.json maps; undefined when Go finds none (not downloaded). */
  packageOf(importPath: string): GoPackage | undefined;
}

const TIME = { importPath: 'time', name: 'time' } as const;

/** The value that the helper takes as a string when it cannot format the field's own type. */
export const STRING_SCALAR: Readonly<ScalarType> = { type: { name: 'string' }, format: { kind: 'basic', basic: 'string', named: false } };

function hasMethod(pkg: GoPackage, typeName: string, method: string): boolean {
  return pkg.files.some((f) => f.funcs.some((fn) => fn.receiver?.typeName === typeName && fn.name === method));
}

/** True when urlhelper.go can refer to the named type: exported, in a package it may import. */
function nameable(info: NamedType, ctx: ValueContext): boolean {
  return isExported(info.name) && ctx.importable(info.pkg);
}

/** The predeclared types' scalars, one object each: plans (which `fw watch` keeps) hold one per path and query value. */
const BASIC_SCALARS: ReadonlyMap<string, ScalarType> = new Map(
  [...BASIC_KINDS].map((name) => [name, { type: { name }, format: { kind: 'basic', basic: name as BasicKind, named: false } }]),
);

function basicScalar(basic: BasicKind): ScalarType {
  return BASIC_SCALARS.get(basic)!;
}

/** Standard-library types with a value MarshalText (what fwhttp's binder reads back with UnmarshalText) whose zero value the helper can compare: taken as themselves. */
const TEXT_STD_TYPES: ReadonlyMap<string, ScalarType> = new Map(
  (
    [
      ['net/netip', 'Addr', undefined],
      ['net/netip', 'AddrPort', undefined],
      ['net/netip', 'Prefix', undefined],
      ['log/slog', 'Level', 'int'],
    ] as const
  ).map(([importPath, name, basic]) => [
    `${importPath}.${name}`,
    { type: { name, pkg: { importPath, name: importPath.split('/').pop()! } }, format: basic ? { kind: 'text', basic } : { kind: 'text' } },
  ]),
);

/**
 * A type fw.json maps (its JSON form says nothing of its text), taken as
 * declared when the helper can write what fwhttp.Bind reads back: its
 * package is found (in the module cache, say) and importable, the type has
 * MarshalText, which the helper calls, and UnmarshalText, through which Bind
 * decodes the value, and its zero value can be told (a basic kind, or a
 * struct or array Go can compare). Only the declaration and its methods'
 * names are read, never resolved (resolving would give the mapped form).
 */
function mappedTextScalar(fullName: string, ctx: ValueContext): ScalarType | undefined {
  const dot = fullName.lastIndexOf('.');
  const importPath = fullName.slice(0, dot);
  const name = fullName.slice(dot + 1);
  if (!isExported(name)) return undefined;
  const pkg = ctx.packageOf(importPath);
  const decl = pkg?.types.get(name)?.decl;
  if (!pkg || !decl || decl.alias || decl.typeParams.length > 0) return undefined;
  if (!hasMethod(pkg, name, 'MarshalText') || !hasMethod(pkg, name, 'UnmarshalText')) return undefined;
  const basic = decl.type.kind === 'ident' && BASIC_KINDS.has(decl.type.name) ? (decl.type.name as BasicKind) : undefined;
  if (basic === undefined && (decl.type.kind === 'ident' || !comparableExpr(decl.type))) return undefined;
  if (!ctx.importable(pkg)) return undefined;
  return { type: { name, pkg: { importPath, name: pkg.name } }, format: basic ? { kind: 'text', basic } : { kind: 'text' } };
}

/** True when a declared type expression is comparable by its syntax alone: basic kinds, pointers, channels, and arrays and structs of those. */
function comparableExpr(t: GoTypeExpr, depth = 0): boolean {
  if (depth > 16) return false;
  switch (t.kind) {
    case 'ident':
      return BASIC_KINDS.has(t.name);
    case 'pointer':
    case 'chan':
      return true;
    case 'array':
      return comparableExpr(t.elem, depth + 1);
    case 'struct':
      return t.fields.every((f) => comparableExpr(f.type, depth + 1));
    default:
      return false;
  }
}

/** One value of type `t`, or undefined when the helper cannot format it. */
export function scalarOf(t: ResolvedType, ctx: ValueContext): ScalarType | undefined {
  switch (t.kind) {
    case 'basic':
      return basicScalar(t.name);
    case 'time':
      return { type: { name: 'Time', pkg: TIME }, format: { kind: 'time' } };
    case 'duration':
      return { type: { name: 'Duration', pkg: TIME }, format: { kind: 'basic', basic: 'int64', named: true } };
    case 'mapped':
      // A standard-library type whose MarshalText fw knows takes its own Go type, as does a mapped type whose text methods fw finds; other text the helper takes as is.
      return TEXT_STD_TYPES.get(t.name) ?? mappedTextScalar(t.name, ctx) ?? STRING_SCALAR;
    case 'named': {
      const info = ctx.resolver.named.get(t.id);
      const u = ctx.resolver.underlying(t);
      if (!info) return undefined;
      if (info.form && u.kind !== 'basic') return STRING_SCALAR;
      const text = hasMethod(info.pkg, info.name, 'MarshalText');
      // A comparable array or struct with a value MarshalText (uuid.UUID, netip.Addr) is text as well: its zero value is `T{}`.
      if (u.kind !== 'basic') {
        if (!text || !nameable(info, ctx) || !comparable(u, ctx.resolver)) return undefined;
        return { type: { name: info.name, pkg: { importPath: info.pkg.importPath, name: info.pkg.name } }, format: { kind: 'text' } };
      }
      if (nameable(info, ctx)) {
        const type = { name: info.name, pkg: { importPath: info.pkg.importPath, name: info.pkg.name } };
        return { type, format: text ? { kind: 'text', basic: u.name } : { kind: 'basic', basic: u.name, named: true } };
      }
      // Its MarshalText cannot be called without naming the type; the underlying kind would give other text.
      if (text) return undefined;
      return basicScalar(u.name);
    }
    default:
      return undefined;
  }
}

/** A path parameter's value: a pointer field binds its element (a path value is always present). */
export function pathValueOf(t: ResolvedType, ctx: ValueContext): ScalarType | undefined {
  return scalarOf(t.kind === 'pointer' ? t.elem : t, ctx);
}

/** A query field's shape, or undefined when the helper cannot format it. */
export function queryShapeOf(t: ResolvedType, ctx: ValueContext): QueryShape | undefined {
  if (t.kind === 'pointer') {
    const scalar = scalarOf(t.elem, ctx);
    return scalar && { kind: 'pointer', scalar };
  }
  const scalar = scalarOf(t, ctx);
  if (scalar) return { kind: 'scalar', scalar };
  const u = ctx.resolver.underlying(t);
  const elem: ResolvedType | undefined = u.kind === 'slice' ? u.elem : u.kind === 'bytes' ? { kind: 'basic', name: 'byte' } : undefined;
  if (!elem) return undefined;
  const elemScalar = scalarOf(elem, ctx);
  if (!elemScalar) return undefined;
  const info = t.kind === 'named' ? ctx.resolver.named.get(t.id) : undefined;
  if (info && nameable(info, ctx)) {
    return { kind: 'slice', scalar: elemScalar, type: { name: info.name, pkg: { importPath: info.pkg.importPath, name: info.pkg.name } } };
  }
  return { kind: 'slice', scalar: elemScalar };
}

/** The same shape with a string in place of the value type the helper could not format. */
export function stringQueryShape(t: ResolvedType, ctx: ValueContext): QueryShape {
  if (t.kind === 'pointer') return { kind: 'pointer', scalar: STRING_SCALAR };
  const u = ctx.resolver.underlying(t);
  return u.kind === 'slice' ? { kind: 'slice', scalar: STRING_SCALAR } : { kind: 'scalar', scalar: STRING_SCALAR };
}

/** Prints Go source for values, given the file's import names. */
export class ValuePrinter {
  /** Standard-library packages the printed code uses. */
  readonly stdUsed = new Set<string>();

  constructor(private readonly qualifier: (importPath: string) => string) {}

  type(t: GoTypeName): string {
    if (!t.pkg) return t.name;
    if (t.pkg.importPath === 'time') this.stdUsed.add('time');
    return `${this.qualifier(t.pkg.importPath)}.${t.name}`;
  }

  queryFieldType(shape: QueryShape): string {
    switch (shape.kind) {
      case 'scalar':
        return this.type(shape.scalar.type);
      case 'pointer':
        return `*${this.type(shape.scalar.type)}`;
      case 'slice':
        return shape.type ? this.type(shape.type) : `[]${this.type(shape.scalar.type)}`;
    }
  }

  /**
   * Go expression for the text of `operand` (an identifier, a selector, or a
   * dereference `*q.X`, which is parenthesised where Go needs it).
   */
  format(s: ScalarType, operand: string): string {
    const f = s.format;
    switch (f.kind) {
      case 'time':
        this.stdUsed.add('time');
        return `${selectable(operand)}.Format(time.RFC3339Nano)`;
      case 'text':
        this.stdUsed.add('encoding');
        return `fwText(${operand.startsWith('*') ? operand.slice(1) : `&${operand}`})`;
      case 'basic':
        return this.basic(f.basic, f.named, operand);
    }
  }

  private basic(kind: BasicKind, named: boolean, v: string): string {
    const conv = (to: string, already: boolean) => (already && !named ? v : `${to}(${v})`);
    if (kind !== 'string') this.stdUsed.add('strconv');
    switch (kind) {
      case 'string':
        return conv('string', true);
      case 'bool':
        return `strconv.FormatBool(${conv('bool', true)})`;
      case 'int':
        return `strconv.Itoa(${conv('int', true)})`;
      case 'int8':
      case 'int16':
      case 'int32':
      case 'rune':
      case 'int64':
        return `strconv.FormatInt(${conv('int64', kind === 'int64')}, 10)`;
      case 'float32':
        return `strconv.FormatFloat(float64(${v}), 'g', -1, 32)`;
      case 'float64':
        return `strconv.FormatFloat(${conv('float64', true)}, 'g', -1, 64)`;
      default:
        return `strconv.FormatUint(${conv('uint64', kind === 'uint64')}, 10)`;
    }
  }

  /** Go condition that holds when `operand` is not its type's zero value. */
  nonZero(s: ScalarType, operand: string): string {
    const f = s.format;
    if (f.kind === 'time') return `!${selectable(operand)}.IsZero()`;
    if (f.basic === undefined) return `${operand} != (${this.type(s.type)}{})`;
    if (f.basic === 'string') return `${operand} != ""`;
    if (f.basic === 'bool') return operand;
    return `${operand} != 0`;
  }
}

/** True when Go can compare values of `t` with ==: no slice, map or func inside (arrays and structs of comparable parts). */
function comparable(t: ResolvedType, resolver: TypeResolver, depth = 0): boolean {
  if (depth > 16) return false;
  const u = resolver.underlying(t);
  switch (u.kind) {
    case 'basic':
    case 'pointer':
    case 'time':
    case 'duration':
      return true;
    case 'array':
      return comparable(u.elem, resolver, depth + 1);
    case 'struct':
      return u.struct.fields.every((f) => comparable(f.type, resolver, depth + 1));
    default:
      return false;
  }
}

/** `*q.X` → `(*q.X)`, so that a method can be called on it. */
function selectable(operand: string): string {
  return operand.startsWith('*') ? `(${operand})` : operand;
}
