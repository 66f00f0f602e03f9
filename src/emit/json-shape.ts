import { type Diagnostic, warning } from '../diagnostics/diagnostics';
import type { TypeResolver } from '../go/type-resolver';
import type { BasicKind, JsonField, Marshaler, NamedType, ResolvedField, ResolvedType } from '../go/resolved-types';
import { declPos } from '../go/packed-pos';
import type { JsonForm } from '../workspace/json-form';
import { opaqueTypeHint } from './mapping-hint';
import { type ValidateTag, elementTag, validateTagOf } from '../go/validate-tags';
import { type FieldChecks, type RuleKind, checksOf, nilPasses } from './constraints';

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
  /** Only `null` (`type P *P`: every finite value is a nil pointer). */
  | { kind: 'null' }
  | { kind: 'nullable'; inner: JsonShape }
  | { kind: 'array'; items: JsonShape; length?: number }
  /** A JSON object with any string keys. */
  | { kind: 'record'; values: JsonShape }
  /** `strict`: a key no property names is refused (encoding/json's decoder with DisallowUnknownFields, as fwhttp.Bind reads a body). */
  | { kind: 'object'; props: JsonProperty[]; strict?: boolean }
  /** One of these values: all strings or all integers. */
  | { kind: 'enum'; values: string[] | number[] }
  /** Any of these shapes. */
  | { kind: 'anyOf'; options: JsonShape[] }
  /** A named Go type, described once by its id (types may be recursive). */
  | { kind: 'ref'; id: string }
  /** Any JSON value; `reason` says why nothing more precise is known, when that is not by design (`any`). */
  | { kind: 'unknown'; reason?: string };

export interface JsonProperty {
  name: string;
  shape: JsonShape;
  /** The property may be absent. */
  optional: boolean;
  /**
   * A value sent as text outside the body, which must reach the server as
   * given: a path segment (`segment`), the rest of a path (`segments`) or a
   * header value (`header`), or a required list sent as repeated query or
   * form keys (`list`), which must not be empty (an empty one sends
   * nothing). A generator that validates requests refuses the values a
   * browser or ServeMux would change, or fwhttp.Bind refuse (see the
   * client's facade).
   */
  sentAs?: 'segment' | 'segments' | 'header' | 'list';
  /** The Go field's comment lines (go/doc text), for generators to print as the property's description. */
  doc?: readonly string[];
  /** The field's `validate`/`binding` rules that generators mirror (./constraints.ts); only where the decoder reads the value (requests). */
  checks?: FieldChecks;
  /**
   * The field's validator tag, in every context: generators name its rules
   * in the property's documentation (./constraints.ts, rulesNote), requests
   * and responses alike, and assert only `checks`.
   */
  validateTag?: ValidateTag;
}

export const UNKNOWN: Readonly<JsonShape> = { kind: 'unknown' };
export const STRING: Readonly<JsonShape> = { kind: 'string' };
export const FILE: Readonly<JsonShape> = { kind: 'string', format: 'binary' };

const INT32: Readonly<JsonShape> = { kind: 'integer', min: -2147483648, max: 2147483647 };

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

/** The validator's reading of each basic kind; float32 compares values rounded to 32 bits, which JSON does not show. */
const RULE_KINDS: Readonly<Record<BasicKind, RuleKind | undefined>> = {
  string: 'string',
  bool: 'bool',
  int: 'int',
  int8: 'int',
  int16: 'int',
  int32: 'int',
  rune: 'int',
  int64: 'int',
  uint: 'uint',
  uint8: 'uint',
  byte: 'uint',
  uint16: 'uint',
  uint32: 'uint',
  uint64: 'uint',
  uintptr: 'uint',
  float32: undefined,
  float64: 'float',
};

export function nullable(inner: JsonShape): JsonShape {
  return inner.kind === 'nullable' ? inner : { kind: 'nullable', inner };
}

/** The shape without its top-level `null`. */
export function nonNull(shape: JsonShape): JsonShape {
  return shape.kind === 'nullable' ? shape.inner : shape;
}

/**
 * Where a value is, which decides what encoding/json does with it:
 * - `out`: written, not addressable (the value passed to json.Marshal, a
 *   map value, a field of such a value): methods with a pointer receiver
 *   are not called;
 * - `addr`: written, addressable (reached through a pointer or a slice):
 *   every method is called;
 * - `in`: read by the decoder (always addressable; Unmarshal methods; null
 *   accepted wherever it sets a pointer, slice, map or interface to nil);
 * - `checked`: read by the decoder, then judged by the validator fwhttp.Bind
 *   runs (the request body, and the structs the validator dives into from
 *   it: struct fields and pointers to structs without a tag, not list or map
 *   elements without `dive`), so its fields carry their mirrored rules.
 */
export type JsonContext = 'out' | 'addr' | 'in' | 'checked';

/** Whether the decoder reads a value in this context. */
export function decoded(ctx: JsonContext): boolean {
  return ctx === 'in' || ctx === 'checked';
}

/**
 * Maps resolved Go types to JSON shapes, reporting what it cannot know as
 * warnings. A named type is referred to by id: `<type id>` for its written
 * form, `<type id>#addr`, `<type id>#in` and `<type id>#checked` for the other contexts when
 * their shape differs (otherwise the plain id), so that a printer emits
 * each distinct shape once. Shapes are first built with a reference per
 * context (raw), then references whose shape equals the written one are
 * folded into it (`canonical`).
 */
export class JsonShapes {
  readonly diagnostics: Diagnostic[] = [];
  private readonly warnedTypes = new Set<string>();
  private readonly warnedRules = new Set<string>();
  private readonly rawShapes = new Map<string, JsonShape>();
  private readonly canonicalIds = new Map<string, string>();
  /** Whether two reference ids have the same shape, by `${a}\n${b}`: settled for good once computed. */
  private readonly sameRefs = new Map<string, boolean>();
  /** Response bodies of named types, by type id (shapes of one or two references: small). */
  private readonly namedBodies = new Map<string, JsonShape>();

  constructor(readonly resolver: TypeResolver) {}

  /** The shape of a value of type `t` in context `ctx` (by default: as encoding/json writes a value). */
  json(t: ResolvedType, ctx: JsonContext = 'out'): JsonShape {
    return this.canon(this.rawJson(t, ctx));
  }

  private rawJson(t: ResolvedType, ctx: JsonContext): JsonShape {
    // Elements of pointers and slices are addressable; map values are not. The validator follows pointers, not elements (without `dive`).
    const reads = decoded(ctx);
    const elem: JsonContext = reads ? 'in' : 'addr';
    switch (t.kind) {
      case 'basic':
        return BASIC[t.name];
      case 'named':
        return { kind: 'ref', id: ctx === 'out' ? t.id : `${t.id}#${ctx}` };
      case 'pointer':
        return nullable(this.rawJson(t.elem, reads ? ctx : 'addr'));
      case 'slice':
        return nullable({ kind: 'array', items: this.rawJson(t.elem, elem) });
      case 'array': {
        const items = this.rawJson(t.elem, reads ? 'in' : ctx);
        return t.length === undefined ? { kind: 'array', items } : { kind: 'array', items, length: t.length };
      }
      case 'map':
        // JSON object keys are strings whatever the Go key type (integers and TextMarshalers are written as text).
        return nullable({ kind: 'record', values: this.rawJson(t.value, reads ? 'in' : 'out') });
      case 'struct': {
        // An anonymous struct has the methods its embedded fields promote.
        const marshaler = this.resolver.marshalerOf(t, ctx !== 'out', reads);
        return marshaler ? this.marshaled(marshaler, ctx) : this.rawObject(this.resolver.jsonFields(t), ctx);
      }
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
      case 'mapped': {
        if (t.receiver === 'none') return formShape(t.form);
        // Methods with a pointer receiver are not called on a value that is not addressable: its (unexported) fields are written.
        const marshaler = this.resolver.marshalerOf(t, ctx !== 'out', reads);
        return marshaler ? this.marshaled(marshaler, ctx) : { kind: 'object', props: [] };
      }
      case 'unknown':
        return { kind: 'unknown', reason: t.reason };
    }
  }

  /**
   * A response body. The handler hands json.Marshal either the value or a
   * pointer to it, which fw cannot see: where the two are written
   * differently (marshal methods with a pointer receiver), either.
   */
  body(t: ResolvedType): JsonShape {
    // Many routes answer with the same named type: its body shape (a reference or two) is made once.
    if (t.kind !== 'named') return this.bodyOf(t);
    let shape = this.namedBodies.get(t.id);
    if (!shape) {
      shape = this.bodyOf(t);
      this.namedBodies.set(t.id, shape);
    }
    return shape;
  }

  private bodyOf(t: ResolvedType): JsonShape {
    const value = this.rawJson(t, 'out');
    const pointer = this.rawJson(t, 'addr');
    return this.equivalent(value, pointer) ? this.canon(value) : { kind: 'anyOf', options: [this.canon(value), this.canon(pointer)] };
  }

  /** The JSON object of a struct's properties (already flattened by the resolver). */
  object(fields: readonly JsonField[], ctx: JsonContext = 'out'): JsonShape & { kind: 'object' } {
    return this.objectOf(
      fields.map((f) => {
        const p = this.property(f, ctx);
        p.shape = this.canon(p.shape);
        return p;
      }),
      ctx,
    );
  }

  private rawObject(fields: readonly JsonField[], ctx: JsonContext): JsonShape & { kind: 'object' } {
    return this.objectOf(
      fields.map((f) => this.property(f, ctx)),
      ctx,
    );
  }

  /** A struct's JSON object: strict where the decoder reads it (fwhttp.Bind disallows unknown fields). */
  private objectOf(props: JsonProperty[], ctx: JsonContext): JsonShape & { kind: 'object' } {
    return decoded(ctx) ? { kind: 'object', props, strict: true } : { kind: 'object', props };
  }

  private property(f: JsonField, ctx: JsonContext): JsonProperty {
    const omitted = f.omitempty || f.omitzero;
    const reads = decoded(ctx);
    // The validator dives into a struct field (or a pointer to one) only when the field has no validate tag.
    const inner: JsonContext = ctx === 'checked' && !divesInto(f.field) ? 'in' : ctx;
    let shape: JsonShape;
    if (f.quoted) {
      shape = f.type.kind === 'pointer' && (!omitted || reads) ? nullable(STRING) : STRING;
    } else if (reads) {
      // The decoder takes null for a pointer, slice, map or interface, omitempty or not.
      shape = this.rawJson(f.type, inner);
    } else if (omitted && f.type.kind === 'pointer') {
      // A nil pointer is left out; a pointer to a nil slice, map, pointer or interface is written as null.
      shape = this.rawJson(f.type.elem, 'addr');
    } else {
      shape = this.rawJson(f.type, ctx);
      // omitempty/omitzero leave a nil slice or map out instead of writing null.
      if (omitted) shape = nonNull(shape);
    }
    const prop: JsonProperty = { name: f.name, shape, optional: omitted || f.viaPointer, doc: f.field.doc };
    const tag = validateTagOf(f.field.tags);
    if (tag) prop.validateTag = tag;
    if (ctx === 'checked') {
      this.withChecks(prop, f.field, f.type, f.quoted || f.viaPointer);
      // An absent struct is its zero value, whose fields the validator judges.
      if (prop.optional && !f.viaPointer && !this.zeroPasses(shape)) prop.optional = false;
    }
    // Elsewhere (a list or map element without dive, a struct behind a tagged field: the tag's rules are warned about) fw mirrors nothing.
    return prop;
  }

  /**
   * Whether the zero value of a struct the validator dives into passes the
   * mirrored rules of its fields (and of the structs it holds by value);
   * other shapes are left to their own checks.
   */
  private zeroPasses(shape: JsonShape, seen = new Set<string>()): boolean {
    if (shape.kind === 'ref') {
      if (!shape.id.endsWith('#checked') || seen.has(shape.id)) return true;
      seen.add(shape.id);
      return this.zeroPasses(this.raw(shape.id), seen);
    }
    if (shape.kind !== 'object') return true;
    return shape.props.every((p) => (p.checks ? nilPasses(p.checks) : this.zeroPasses(p.shape, seen)));
  }

  /**
   * A property read by the decoder, with the field's validator rules: the
   * rules fw mirrors become the property's checks, and a property whose nil
   * or zero value the rules refuse is neither optional nor nullable (an
   * absent key leaves the zero value, which the validator then judges).
   * Each rule fw does not mirror is warned about once.
   */
  withChecks(prop: JsonProperty, field: ResolvedField, type: ResolvedType, opaque = false, dives = true): void {
    const tag = validateTagOf(field.tags);
    if (!tag) return;
    const unmirrored: string[] = [];
    const value = this.ruled(prop.shape, type, tag, opaque, unmirrored, dives);
    this.warnRules(field, tag, unmirrored);
    prop.shape = value.shape;
    if (!value.checks) return;
    prop.checks = value.checks;
    if (!nilPasses(value.checks)) {
      prop.optional = false;
      prop.shape = nonNull(prop.shape);
    }
  }

  /**
   * A value's mirrored rules (`opaque`: none) and its shape, whose elements
   * `dive` reaches: they take the rules after it (a nil element the rules
   * refuse is not nullable), and a struct element with no rules of its own
   * is judged by its fields' rules. The rules fw does not mirror go to
   * `unmirrored`.
   */
  private ruled(
    shape: JsonShape,
    type: ResolvedType,
    tag: ValidateTag,
    opaque: boolean,
    unmirrored: string[],
    dives = true,
  ): { shape: JsonShape; checks?: FieldChecks } {
    const pointer = type.kind === 'pointer';
    const target = pointer ? type.elem : type;
    const own = checksOf(tag, opaque ? undefined : this.ruleKind(target), pointer);
    unmirrored.push(...own.unmirrored);
    if (tag.dive === undefined) return { shape, checks: own.checks };
    const u = this.resolver.underlying(target);
    // keys…endkeys judge a map's keys, which JSON turns into text: left to the server.
    const elementRules = elementTag(tag as ValidateTag & { dive: string });
    const container = u.kind === 'slice' || u.kind === 'array' ? u.elem : u.kind === 'map' ? u.value : undefined;
    if (!dives || !own.diveMirrored || opaque || container === undefined || containsKeys(elementRules)) {
      unmirrored.push(tag.dive);
      return { shape, checks: own.checks };
    }
    const bare = elementRules.rules.length === 0 && elementRules.dive === undefined;
    const element = this.ruled(this.rawJson(container, bare ? 'checked' : 'in'), container, elementRules, false, unmirrored);
    // A nil element with no rules after dive passes; a nil pointer to a list that is dived into again does not.
    const each: FieldChecks = element.checks ?? { kind: 'count', pointer: container.kind === 'pointer' && !bare, omitempty: false, checks: [] };
    if (this.resolver.underlying(container.kind === 'pointer' ? container.elem : container).kind === 'map') each.map = true;
    const items = nilPasses(each) ? element.shape : nonNull(element.shape);
    // A defined list or map type is printed here as its underlying type, whose elements differ.
    const listShape = pointer ? nullable(this.rawJson(u, 'in')) : this.rawJson(u, 'in');
    if (!element.checks) return { shape: withElements(listShape, items), checks: own.checks };
    const checks: FieldChecks = own.checks ?? { kind: 'count', pointer, omitempty: false, checks: [] };
    return { shape: withElements(listShape, items), checks: { ...checks, each } };
  }

  /**
   * A property bound from the path, the query, a header or a form field
   * (its shape from `param`), with the field's mirrored rules: fwhttp.Bind
   * sets the field from the text sent (an absent value leaves the zero
   * value, or nil), then the validator judges it as it judges a body field.
   * `dive` there stays the server's.
   */
  withParamChecks(prop: JsonProperty, field: ResolvedField, type: ResolvedType): void {
    const tag = validateTagOf(field.tags);
    if (tag) prop.validateTag = tag;
    this.withChecks(prop, field, type, false, false);
  }

  private warnRules(field: ResolvedField, tag: ValidateTag, rules: readonly string[]): void {
    const pos = field.pos;
    for (const rule of rules) {
      const key = `${pos.file}:${pos.line}:${pos.col} ${rule}`;
      if (this.warnedRules.has(key)) continue;
      this.warnedRules.add(key);
      this.diagnostics.push(
        warning(
          'FW5060',
          pos,
          `rule ${JSON.stringify(rule)} of the ${tag.key} tag of field ${field.name} (${field.owner}) is checked by neither the client nor the OpenAPI document, which only name it; the server alone checks it`,
          'nothing to do if that is intended; the rules fw mirrors are listed in docs/type-mapping.md',
        ),
      );
    }
  }

  /** How the validator reads a value of type `t` (not a pointer), when its JSON is what the rules measure. */
  private ruleKind(t: ResolvedType): RuleKind | undefined {
    // A type with its own JSON or text methods is read differently from what the validator measures.
    if (t.kind === 'named' && this.resolver.marshalerOf(t, true, true)) return undefined;
    const u = this.resolver.underlying(t);
    switch (u.kind) {
      case 'basic':
        return RULE_KINDS[u.name];
      case 'slice':
      case 'map':
        return 'count';
      default:
        return undefined;
    }
  }

  /** The named type and context a reference id stands for. */
  target(id: string): { info: NamedType; ctx: JsonContext } {
    const hash = id.lastIndexOf('#');
    const typeId = hash < 0 ? id : id.slice(0, hash);
    const info = this.resolver.named.get(typeId);
    if (!info) throw new Error(`internal: named type ${typeId} was never resolved`);
    return { info, ctx: hash < 0 ? 'out' : (id.slice(hash + 1) as JsonContext) };
  }

  /** The shape that defines the named type a reference id stands for. */
  named(id: string): JsonShape {
    return this.canon(this.raw(id));
  }

  private raw(id: string): JsonShape {
    let shape = this.rawShapes.get(id);
    if (!shape) {
      const { info, ctx } = this.target(id);
      shape = this.definition(info, ctx);
      this.rawShapes.set(id, shape);
    }
    return shape;
  }

  /** A shape with each reference folded into the written form's id where its shape is the same. */
  private canon(shape: JsonShape): JsonShape {
    switch (shape.kind) {
      case 'ref':
        return { kind: 'ref', id: this.canonical(shape.id) };
      case 'nullable':
        return { kind: 'nullable', inner: this.canon(shape.inner) };
      case 'array':
        return { ...shape, items: this.canon(shape.items) };
      case 'record':
        return { kind: 'record', values: this.canon(shape.values) };
      case 'object':
        return { ...shape, props: shape.props.map((p) => ({ ...p, shape: this.canon(p.shape) })) };
      case 'anyOf':
        return { kind: 'anyOf', options: shape.options.map((o) => this.canon(o)) };
      default:
        return shape;
    }
  }

  /** A context's id when its shape differs from the written (`out`) one, else the plain type id. */
  private canonical(id: string): string {
    const hash = id.lastIndexOf('#');
    if (hash < 0) return id;
    let result = this.canonicalIds.get(id);
    if (result === undefined) {
      const base = id.slice(0, hash);
      // A type the validator judges is the decoder's form when none of its rules is mirrored.
      const unchecked = id.endsWith('#checked') ? `${base}#in` : undefined;
      result =
        unchecked !== undefined && this.equivalent({ kind: 'ref', id }, { kind: 'ref', id: unchecked })
          ? this.canonical(unchecked)
          : this.equivalent({ kind: 'ref', id }, { kind: 'ref', id: base })
            ? base
            : id;
      this.canonicalIds.set(id, result);
    }
    return result;
  }

  /**
   * Whether two raw shapes describe the same JSON: the same structure, and
   * at each pair of references two types that do too. Recursive types are
   * the same unless a difference shows somewhere (the largest fixpoint):
   * every pair of references reachable from the two is compared, then a
   * pair that leads to a different pair is different.
   */
  private equivalent(a: JsonShape, b: JsonShape): boolean {
    const key = (x: string, y: string) => `${x}\n${y}`;
    const pairs = new Map<string, { children: string[]; differs: boolean }>();
    const pending: [string, string][] = [];
    const enqueue = (found: [string, string][]): string[] =>
      found.map(([x, y]) => {
        const k = key(x, y);
        if (!pairs.has(k)) {
          const known = this.sameRefs.get(k);
          pairs.set(k, { children: [], differs: known === false });
          if (known === undefined) pending.push([x, y]);
        }
        return k;
      });
    const rootFound: [string, string][] = [];
    if (!sameStructure(a, b, rootFound)) return false;
    const roots = enqueue(rootFound);
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [x, y] = next;
      const pair = pairs.get(key(x, y))!;
      const found: [string, string][] = [];
      if (sameStructure(this.raw(x), this.raw(y), found)) pair.children = enqueue(found);
      else pair.differs = true;
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const pair of pairs.values()) {
        if (!pair.differs && pair.children.some((c) => pairs.get(c)!.differs)) {
          pair.differs = true;
          changed = true;
        }
      }
    }
    for (const [k, pair] of pairs) this.sameRefs.set(k, !pair.differs);
    return roots.every((k) => !pairs.get(k)!.differs);
  }

  private definition(info: NamedType, ctx: JsonContext): JsonShape {
    const marshaler = this.resolver.marshalerOf({ kind: 'named', id: info.id }, ctx !== 'out', decoded(ctx));
    if (marshaler) return this.marshaled(marshaler, ctx, info);
    if (this.onlyNil(info)) return { kind: 'null' };
    if (info.enum) {
      // The zero value ("" or 0) is real output (any zero struct has it), const or not.
      const values = info.enum.map((v) => v.value);
      if (values.every((v): v is string => typeof v === 'string')) return { kind: 'enum', values: values.includes('') ? values : [...values, ''] };
      if (values.every((v): v is number => typeof v === 'number')) return { kind: 'enum', values: values.includes(0) ? values : [...values, 0] };
    }
    // A defined type has its underlying type's form, but none of the methods of the type it is defined from.
    const u = this.resolver.underlying(info.type);
    switch (u.kind) {
      case 'struct':
        return this.rawObject(this.resolver.jsonFields({ kind: 'named', id: info.id }), ctx);
      case 'time':
        // time.Time's fields are unexported: without its methods, an empty object.
        return this.objectOf([], ctx);
      case 'rawJson':
        return nullable({ kind: 'string', format: 'base64' });
      case 'mapped':
        // A defined type has none of the methods (nor encoding/json's special case) that give the form.
        this.warnOnce(
          info,
          'defined',
          `type ${info.name} is defined from ${u.name}, whose JSON form comes from methods ${info.name} does not have, so fw cannot know its JSON form; the TypeScript client types it as unknown`,
        );
        return { kind: 'unknown', reason: `${info.name} is defined from ${u.name}` };
      default:
        return this.rawJson(u, ctx);
    }
  }

  /** The form a Marshal/Unmarshal method gives: unknown for JSON (with a warning), a string for text, RFC 3339 for time.Time. */
  private marshaled(m: Marshaler, ctx: JsonContext, info?: NamedType): JsonShape {
    if (m.kind === 'time') return { kind: 'string', format: 'date-time' };
    if (m.kind === 'text') return STRING;
    if (m.kind === 'form') return formShape(m.form!);
    if (info) {
      // One warning per type, naming every JSON method it has, whichever direction (request or response) met it first.
      const named: ResolvedType = { kind: 'named', id: info.id };
      const methods = (['MarshalJSON', 'UnmarshalJSON'] as const).filter((method) => {
        const found = this.resolver.marshalerOf(named, true, method === 'UnmarshalJSON');
        return found?.kind === 'json' && found.owner === m.owner;
      });
      const names = methods.length > 0 ? methods.join(' and ') : decoded(ctx) ? 'UnmarshalJSON' : 'MarshalJSON';
      const what = methods.length > 1 ? `${names} methods` : `${names} method`;
      const article = methods.length > 1 ? '' : names === 'MarshalJSON' ? 'a ' : 'an ';
      const how = m.owner === info.name ? `has ${article}${what}` : `has the ${what} of ${m.owner} (promoted from an embedded field)`;
      this.warnOnce(info, 'json methods', `type ${info.name} ${how}, so fw cannot know its JSON form; the TypeScript client types it as unknown`);
    }
    return { kind: 'unknown', reason: `${m.owner} has its own JSON methods` };
  }

  /** `type P *P` (or a longer chain of pointers back to itself): no value but nil can be built. */
  private onlyNil(info: NamedType): boolean {
    const seen = new Set<string>([info.id]);
    let t = info.type;
    for (;;) {
      if (t.kind !== 'pointer') return false;
      t = t.elem;
      while (t.kind === 'named') {
        if (seen.has(t.id)) return true;
        seen.add(t.id);
        const next = this.resolver.named.get(t.id);
        if (!next) return false;
        t = next.type;
      }
    }
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
      case 'mapped':
        // Sent as text and read by the server's binder, which can call methods with a pointer receiver.
        return nonNull(this.json(t, 'in'));
      default:
        return nonNull(this.json(t));
    }
  }

  private warnOnce(info: NamedType, what: string, message: string): void {
    const key = `${info.id} ${what}`;
    if (this.warnedTypes.has(key)) return;
    this.warnedTypes.add(key);
    this.diagnostics.push(warning('FW5020', declPos(info.file, info.decl), message, opaqueTypeHint(info, this.resolver.typeMappings)));
  }
}

/** A list's or map's shape (nullable or not) with other elements. */
function withElements(shape: JsonShape, items: JsonShape): JsonShape {
  switch (shape.kind) {
    case 'nullable':
      return nullable(withElements(shape.inner, items));
    case 'array':
      return { ...shape, items };
    case 'record':
      return { kind: 'record', values: items };
    default:
      return shape;
  }
}

/** Whether element rules judge a map's keys (`keys`…`endkeys`), at any depth of `dive`. */
function containsKeys(tag: ValidateTag): boolean {
  return tag.rules.some((r) => r.name === 'keys' || r.name === 'endkeys') || (tag.dive !== undefined && /(^|,)(keys|endkeys)(,|$)/.test(tag.dive));
}

/**
 * Whether the validator dives into the struct a field holds (by value or
 * through pointers): only when the field has no validator tag (`-` skips
 * the field; `structonly` and `nostructlevel` skip the fields; any other
 * rule, such as `required` or `omitempty`, decides for some values whether
 * the fields are judged at all, which fw does not mirror).
 */
function divesInto(field: ResolvedField): boolean {
  const tag = field.tags.get('validate') ?? field.tags.get('binding');
  return tag === undefined || tag === '';
}

/** The shape of a known or declared JSON form. */
export function formShape(form: JsonForm): JsonShape {
  let shape: JsonShape;
  switch (form.type) {
    case 'string':
      shape = form.format ? { kind: 'string', format: form.format } : STRING;
      break;
    case 'integer':
      shape = { kind: 'integer' };
      break;
    case 'number':
    case 'boolean':
      shape = { kind: form.type };
      break;
    case 'unknown':
      return UNKNOWN;
  }
  return form.nullable ? nullable(shape) : shape;
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
    case 'anyOf':
      for (const o of shape.options) refsOf(o, out);
      break;
    default:
      break;
  }
  return out;
}

/** Whether two properties' checks are the same (most have none, or share one list). */
function sameChecks(a: JsonProperty['checks'], b: JsonProperty['checks']): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two shapes have the same structure, references aside; the pairs of different references go to `refs`. */
function sameStructure(a: JsonShape, b: JsonShape, refs: [string, string][]): boolean {
  // One shape (leaves such as STRING are shared) is the same as itself, and holds no pair of different references.
  if (a === b) return true;
  switch (a.kind) {
    case 'ref':
      if (b.kind !== 'ref') return false;
      if (a.id !== b.id) refs.push([a.id, b.id]);
      return true;
    case 'nullable':
      return b.kind === 'nullable' && sameStructure(a.inner, b.inner, refs);
    case 'array':
      return b.kind === 'array' && a.length === b.length && sameStructure(a.items, b.items, refs);
    case 'record':
      return b.kind === 'record' && sameStructure(a.values, b.values, refs);
    case 'object':
      return (
        b.kind === 'object' &&
        a.strict === b.strict &&
        a.props.length === b.props.length &&
        a.props.every((p, i) => {
          const q = b.props[i]!;
          return p.name === q.name && p.optional === q.optional && sameChecks(p.checks, q.checks) && sameStructure(p.shape, q.shape, refs);
        })
      );
    case 'anyOf':
      return b.kind === 'anyOf' && a.options.length === b.options.length && a.options.every((o, i) => sameStructure(o, b.options[i]!, refs));
    default:
      return JSON.stringify(a) === JSON.stringify(b);
  }
}
