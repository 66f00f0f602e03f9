import { type Diagnostic, warning } from '../diagnostics/diagnostics';
import type { TypeResolver } from '../go/type-resolver';
import type { BasicKind, JsonField, NamedType, ResolvedType } from '../go/resolved-types';

/**
 * The JSON form of Go types, independent of any output language: the set
 * of JSON texts encoding/json writes for a type (responses) and that its
 * decoder accepts (requests). Generators print it (the client as zod and
 * TypeScript, an API description as JSON Schema); none of them decides
 * again what Go does.
 *
 * What encoding/json does: nil slices, maps and pointers are `null` (so
 * they are nullable unless `omitempty`/`omitzero` leaves them out),
 * `[]byte` is base64, `time.Time` is RFC 3339, `time.Duration` is integer
 * nanoseconds, `,string` values are strings, map keys are strings.
 */
export type JsonShape =
  /** `format`: `date-time` (RFC 3339), `base64` (std encoding), `binary` (a file sent as multipart, not JSON). */
  | { kind: 'string'; format?: 'date-time' | 'base64' | 'binary' }
  /** An integer within [min, max] when given (Go's range of the integer type). */
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'nullable'; inner: JsonShape }
  | { kind: 'array'; items: JsonShape; length?: number }
  /** A JSON object with any string keys. */
  | { kind: 'record'; values: JsonShape }
  | { kind: 'object'; props: JsonProperty[] }
  /** One of these values: all strings or all integers. */
  | { kind: 'enum'; values: string[] | number[] }
  /** A named Go type, described once by its id (types may be recursive). */
  | { kind: 'ref'; id: string }
  /** Any JSON value; `reason` says why nothing more precise is known, when that is not by design (`any`). */
  | { kind: 'unknown'; reason?: string };

export interface JsonProperty {
  name: string;
  shape: JsonShape;
  /** The property may be absent. */
  optional: boolean;
}

export const UNKNOWN: JsonShape = { kind: 'unknown' };
export const STRING: JsonShape = { kind: 'string' };
export const FILE: JsonShape = { kind: 'string', format: 'binary' };

const INT32: JsonShape = { kind: 'integer', min: -2147483648, max: 2147483647 };

const BASIC: Readonly<Record<BasicKind, JsonShape>> = {
  string: STRING,
  bool: { kind: 'boolean' },
  int: { kind: 'integer' },
  int8: { kind: 'integer', min: -128, max: 127 },
  int16: { kind: 'integer', min: -32768, max: 32767 },
  int32: INT32,
  rune: INT32,
  int64: { kind: 'integer' },
  uint: { kind: 'integer', min: 0 },
  uint8: { kind: 'integer', min: 0, max: 255 },
  byte: { kind: 'integer', min: 0, max: 255 },
  uint16: { kind: 'integer', min: 0, max: 65535 },
  uint32: { kind: 'integer', min: 0, max: 4294967295 },
  uint64: { kind: 'integer', min: 0 },
  uintptr: { kind: 'integer', min: 0 },
  float32: { kind: 'number' },
  float64: { kind: 'number' },
};

export function nullable(inner: JsonShape): JsonShape {
  return inner.kind === 'nullable' ? inner : { kind: 'nullable', inner };
}

/** The shape without its top-level `null`. */
export function nonNull(shape: JsonShape): JsonShape {
  return shape.kind === 'nullable' ? shape.inner : shape;
}

/** Maps resolved Go types to JSON shapes, reporting what it cannot know as warnings. */
export class JsonShapes {
  readonly diagnostics: Diagnostic[] = [];
  private readonly warnedTypes = new Set<string>();

  constructor(readonly resolver: TypeResolver) {}

  /** The shape of a value as encoding/json writes it. */
  json(t: ResolvedType): JsonShape {
    switch (t.kind) {
      case 'basic':
        return BASIC[t.name];
      case 'named':
        return { kind: 'ref', id: t.id };
      case 'pointer':
        return nullable(this.json(t.elem));
      case 'slice':
        return nullable({ kind: 'array', items: this.json(t.elem) });
      case 'array':
        return t.length === undefined ? { kind: 'array', items: this.json(t.elem) } : { kind: 'array', items: this.json(t.elem), length: t.length };
      case 'map':
        // JSON object keys are strings whatever the Go key type (integers and TextMarshalers are written as text).
        return nullable({ kind: 'record', values: this.json(t.value) });
      case 'struct':
        return this.object(this.resolver.jsonFields(t));
      case 'bytes':
        return nullable({ kind: 'string', format: 'base64' });
      case 'time':
        return { kind: 'string', format: 'date-time' };
      case 'duration':
        return { kind: 'integer' };
      case 'rawJson':
      case 'any':
        return UNKNOWN;
      case 'file':
        return { kind: 'unknown', reason: 'multipart.FileHeader has no JSON form' };
      case 'unknown':
        return { kind: 'unknown', reason: t.reason };
    }
  }

  /** The JSON object of a struct's properties (already flattened by the resolver). */
  object(fields: readonly JsonField[]): JsonShape & { kind: 'object' } {
    return { kind: 'object', props: fields.map((f) => this.property(f)) };
  }

  private property(f: JsonField): JsonProperty {
    const omitted = f.omitempty || f.omitzero;
    let shape: JsonShape;
    if (f.quoted) {
      shape = f.type.kind === 'pointer' ? nullable(STRING) : STRING;
    } else {
      shape = this.json(f.type);
    }
    // omitempty/omitzero leave a nil pointer, slice or map out instead of writing null.
    if (omitted) shape = nonNull(shape);
    return { name: f.name, shape, optional: omitted || f.viaPointer };
  }

  /** The shape that defines a named type. */
  named(info: NamedType): JsonShape {
    if (info.marshaler === 'json') {
      this.warnOnce(info, `type ${info.name} has a MarshalJSON method, so fw cannot know its JSON form; the TypeScript client types it as unknown`);
      return { kind: 'unknown', reason: `${info.name} has a MarshalJSON method` };
    }
    if (info.marshaler === 'text') return STRING;
    if (info.enum) {
      const values = info.enum.map((v) => v.value);
      if (values.every((v): v is string => typeof v === 'string')) return { kind: 'enum', values };
      if (values.every((v): v is number => typeof v === 'number')) return { kind: 'enum', values };
    }
    return this.json(info.type);
  }

  /**
   * The shape of a value sent as text outside the JSON body (path, query,
   * header, form field): pointers only mean "may be absent", and a file
   * field is binary.
   */
  param(t: ResolvedType): JsonShape {
    switch (t.kind) {
      case 'pointer':
        return this.param(t.elem);
      case 'slice':
        return { kind: 'array', items: this.param(t.elem) };
      case 'file':
        return FILE;
      case 'bytes':
        return STRING;
      default:
        return nonNull(this.json(t));
    }
  }

  private warnOnce(info: NamedType, message: string): void {
    if (this.warnedTypes.has(info.id)) return;
    this.warnedTypes.add(info.id);
    this.diagnostics.push(warning(info.decl.pos, message, 'describe the JSON form with a plain struct instead, or accept unknown'));
  }
}

/** Ids of the named types a shape refers to, in first-seen order. */
export function refsOf(shape: JsonShape, out: string[] = []): string[] {
  switch (shape.kind) {
    case 'ref':
      if (!out.includes(shape.id)) out.push(shape.id);
      break;
    case 'array':
      refsOf(shape.items, out);
      break;
    case 'record':
      refsOf(shape.values, out);
      break;
    case 'nullable':
      refsOf(shape.inner, out);
      break;
    case 'object':
      for (const p of shape.props) refsOf(p.shape, out);
      break;
    default:
      break;
  }
  return out;
}
