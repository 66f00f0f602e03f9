import type { Pos } from '../diagnostics/diagnostics';
import type { GoFile, GoTypeDecl, GoTypeExpr } from './ast';
import type { GoPackage } from './package';
import type { JsonForm } from '../workspace/json-form';

/**
 * The language-neutral description of Go types that ./type-resolver.ts
 * produces and the URL helper and the TypeScript client read: what
 * encoding/json and fw's binders see of each type.
 */

/** Go's predeclared numeric, string and boolean types: one list, from which the type and the set are derived. */
const BASIC_KIND_NAMES = [
  'string',
  'bool',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'uintptr',
  'float32',
  'float64',
  'byte',
  'rune',
] as const;

export type BasicKind = (typeof BASIC_KIND_NAMES)[number];

export const BASIC_KINDS: ReadonlySet<string> = new Set<BasicKind>(BASIC_KIND_NAMES);

export const INTEGER_KINDS: ReadonlySet<BasicKind> = new Set<BasicKind>([
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'uintptr',
  'byte',
  'rune',
]);

/**
 * A resolved Go type.
 * - `named`: a defined type of the workspace (`type User struct{...}`), described in `TypeResolver.named`.
 *   Aliases (`type A = B`) are not named types: they resolve to what they stand for.
 * - `pointer`: `*T`; encoding/json writes null for nil.
 * - `bytes`: `[]byte` or any slice of a byte-kind element (encoding/json writes base64). `[N]byte` stays an array.
 * - `time`: `time.Time` (RFC 3339 string), `duration`: `time.Duration` (int64 nanoseconds),
 *   `rawJson`: `encoding/json.RawMessage` (any JSON), `any`: `any`, `interface{...}`, `error`,
 *   `file`: `multipart.FileHeader` or `*multipart.FileHeader` (an uploaded file; the pointer is folded in).
 * - `mapped`: a type outside the workspace whose JSON form fw knows without reading it (./known-marshalers.ts)
 *   or that fw.json declares, by full name (`math/big.Int`); `receiver` is that of its marshaling methods
 *   (`none`: encoding/json special-cases the type itself).
 * - `unknown`: a type fw cannot see or that has no JSON form; `reason` says why, for the warning.
 */
export type ResolvedType =
  | { kind: 'basic'; name: BasicKind }
  | { kind: 'named'; id: string }
  | { kind: 'pointer'; elem: ResolvedType }
  | { kind: 'slice'; elem: ResolvedType }
  /** `length` is undefined when it is not a decimal literal (a constant name, `...`). */
  | { kind: 'array'; length?: number; elem: ResolvedType }
  | { kind: 'map'; key: ResolvedType; value: ResolvedType }
  | { kind: 'struct'; struct: ResolvedStruct }
  | { kind: 'bytes' }
  | { kind: 'time' }
  | { kind: 'duration' }
  | { kind: 'rawJson' }
  | { kind: 'any' }
  | { kind: 'file' }
  | { kind: 'mapped'; name: string; form: JsonForm; receiver: 'value' | 'pointer' | 'none' }
  | { kind: 'unknown'; reason: string };

/** A struct type: its fields in declaration order, each resolved. */
export interface ResolvedStruct {
  fields: ResolvedField[];
}

export interface ResolvedField {
  /** The Go field name; for an embedded field, the type's name (`*models.Base` → `Base`). */
  name: string;
  embedded: boolean;
  /** Starts with an upper-case letter: only exported fields are read by encoding/json and by binders. */
  exported: boolean;
  /** The type as written, to be read with `file`'s imports. */
  goType: GoTypeExpr;
  type: ResolvedType;
  /** The raw tag. */
  tag: string;
  /** The tag parsed as reflect.StructTag does. */
  tags: ReadonlyMap<string, string>;
  /** The field's comment lines (see GoField.doc). */
  doc: readonly string[];
  pos: Pos;
  /** Where the field is declared (its package and file, whose imports give `goType`'s qualifiers meaning). */
  pkg: GoPackage;
  file: GoFile;
  /** The struct's owner for messages: `User` for a field of User, `User.Items` for a field of an anonymous struct in User.Items. */
  owner: string;
}

/** One value of an enum-like named type (a const of that type in its declaring package). */
export interface EnumValue {
  /** The const's name. */
  name: string;
  value: string | number;
}

/** A defined type of the workspace, described once. */
export interface NamedType {
  /** `<import path>.<Name>`, e.g. `example.com/api/internal/models.User`. */
  id: string;
  name: string;
  pkg: GoPackage;
  file: GoFile;
  decl: GoTypeDecl;
  /** The declared type, resolved (may itself be `named` for `type A B`). */
  type: ResolvedType;
  /** The const values of this type in its package, for string and integer kinds with at least one such const whose value fw could compute. */
  enum?: EnumValue[];
  /** The type declares a MarshalJSON method (its JSON shape is whatever that method writes) or a MarshalText method (a JSON string). */
  marshaler?: 'json' | 'text';
  /** The marshaling methods the type declares itself, with their receiver kind. */
  methods?: ReadonlyMap<MarshalMethod, 'value' | 'pointer'>;
  /** The JSON form its `// fw:json` directive declares: it replaces what fw would read of the type. */
  form?: JsonForm;
}

/** The methods encoding/json looks for. */
export type MarshalMethod = 'MarshalJSON' | 'MarshalText' | 'UnmarshalJSON' | 'UnmarshalText';

/**
 * What encoding/json calls instead of encoding a value field by field:
 * a MarshalJSON/UnmarshalJSON method (`json`: fw cannot know the form),
 * a MarshalText/UnmarshalText method (`text`: a JSON string), or
 * time.Time's methods (`time`: an RFC 3339 string), or the methods of a
 * type whose form is declared (`form`), declared or promoted.
 */
export interface Marshaler {
  kind: 'json' | 'text' | 'time' | 'form';
  /** The type that declares the method, for messages. */
  owner: string;
  /** With `form`: the JSON form fw knows or was told for the type that declares the methods. */
  form?: JsonForm;
}

/** One property of a struct's JSON form (encoding/json's view). */
export interface JsonField {
  /** The JSON property name. */
  name: string;
  /** The field's type (pointer included). */
  type: ResolvedType;
  omitempty: boolean;
  omitzero: boolean;
  /** `,string` applies: the value is written inside a JSON string. */
  quoted: boolean;
  /** The name came from a tag. */
  tagged: boolean;
  /** The field index path through embedded structs, as in reflect. */
  index: number[];
  /** True when reached through an embedded pointer: the property is absent when that pointer is nil. */
  viaPointer: boolean;
  field: ResolvedField;
}

/** One field of a request struct bound by a tag other than json (`path:`, `query:`, `header:`, `form:`, `file:`). */
export interface TaggedField {
  /** The name in the tag (`path:"id"` → `id`). */
  name: string;
  /** The tag's options after the name (`query:"q,omitempty"` → [`omitempty`]). */
  options: readonly string[];
  type: ResolvedType;
  index: number[];
  viaPointer: boolean;
  field: ResolvedField;
}

/** A `query:`, `header:`, `form:` or `file:` tag with the option `required` (`query:"day,required"`): fwhttp.Bind answers 400 without a value. */
export function isRequiredField(f: TaggedField): boolean {
  return f.options.includes('required');
}

/** The tag keys that bind request fields from somewhere else than the JSON body. */
export const LOCATION_TAGS = ['path', 'query', 'header', 'form', 'file'] as const;
export type LocationTag = (typeof LOCATION_TAGS)[number];
