import { type Diagnostic, warning } from '../../diagnostics/diagnostics';
import { TypeResolver } from '../../go/type-resolver';
import type { BasicKind, JsonField, NamedType, ResolvedType } from '../../go/resolved-types';
import { goDocToJsDoc, jsDoc } from '../ts-source';

/**
 * Go types → zod schemas (DESIGN §4 "Go → zod"). A resolved type first
 * becomes a small schema tree (`ZodNode`), which prints as zod source and,
 * for recursive types that need a written-out TypeScript type next to
 * their `z.lazy` schema, as the matching TypeScript type: one mapping, two
 * printers, so the two can never disagree.
 *
 * The mapping follows what encoding/json writes: nil slices, maps and
 * pointers are `null` (so they are nullable unless `omitempty`/`omitzero`
 * leaves them out), `[]byte` is base64, `time.Time` is RFC 3339,
 * `time.Duration` is integer nanoseconds, `,string` values are strings.
 */

export type ZodNode =
  /** A leaf: its zod source and its TypeScript type. */
  | { kind: 'scalar'; zod: string; ts: string }
  /** A named Go type, printed as a reference to its own schema. */
  | { kind: 'ref'; id: string }
  | { kind: 'array'; elem: ZodNode; length?: number }
  | { kind: 'record'; value: ZodNode }
  | { kind: 'nullable'; inner: ZodNode }
  | { kind: 'object'; props: ZodProp[] }
  | { kind: 'enum'; values: string[] }
  | { kind: 'literals'; values: number[] };

export interface ZodProp {
  key: string;
  node: ZodNode;
  optional: boolean;
  /** The Go field's comment lines, printed as the property's JSDoc. */
  doc?: readonly string[];
}

const UNKNOWN: ZodNode = { kind: 'scalar', zod: 'z.unknown()', ts: 'unknown' };
const STRING: ZodNode = { kind: 'scalar', zod: 'z.string()', ts: 'string' };
export const FILE_NODE: ZodNode = { kind: 'scalar', zod: 'z.instanceof(Blob)', ts: 'Blob' };

function int(min?: number, max?: number): ZodNode {
  const bounds = (min !== undefined ? `.min(${min})` : '') + (max !== undefined ? `.max(${max})` : '');
  return { kind: 'scalar', zod: `z.int()${bounds}`, ts: 'number' };
}

/** Integers are JSON numbers; zod's z.int() also keeps them within the safe integer range JavaScript can hold exactly. */
const BASIC: Readonly<Record<BasicKind, ZodNode>> = {
  string: STRING,
  bool: { kind: 'scalar', zod: 'z.boolean()', ts: 'boolean' },
  int: int(),
  int8: int(-128, 127),
  int16: int(-32768, 32767),
  int32: { kind: 'scalar', zod: 'z.int32()', ts: 'number' },
  rune: { kind: 'scalar', zod: 'z.int32()', ts: 'number' },
  int64: int(),
  uint: int(0),
  uint8: int(0, 255),
  byte: int(0, 255),
  uint16: int(0, 65535),
  uint32: { kind: 'scalar', zod: 'z.uint32()', ts: 'number' },
  uint64: int(0),
  uintptr: int(0),
  float32: { kind: 'scalar', zod: 'z.number()', ts: 'number' },
  float64: { kind: 'scalar', zod: 'z.number()', ts: 'number' },
};

function nullable(inner: ZodNode): ZodNode {
  return inner.kind === 'nullable' ? inner : { kind: 'nullable', inner };
}

/** Maps resolved Go types to schema trees, reporting what it cannot express as warnings. */
export class ZodMapper {
  readonly diagnostics: Diagnostic[] = [];
  private readonly warnedTypes = new Set<string>();

  constructor(readonly resolver: TypeResolver) {}

  /** The schema of a value as encoding/json writes it. */
  json(t: ResolvedType): ZodNode {
    switch (t.kind) {
      case 'basic':
        return BASIC[t.name];
      case 'named':
        return { kind: 'ref', id: t.id };
      case 'pointer':
        return nullable(this.json(t.elem));
      case 'slice':
        return nullable({ kind: 'array', elem: this.json(t.elem) });
      case 'array':
        return t.length === undefined ? { kind: 'array', elem: this.json(t.elem) } : { kind: 'array', elem: this.json(t.elem), length: t.length };
      case 'map':
        // JSON object keys are strings whatever the Go key type (integers and TextMarshalers are written as text).
        return nullable({ kind: 'record', value: this.json(t.value) });
      case 'struct':
        return this.jsonObject(this.resolver.jsonFields(t));
      case 'bytes':
        return nullable({ kind: 'scalar', zod: 'z.base64()', ts: 'string' });
      case 'time':
        return { kind: 'scalar', zod: 'z.iso.datetime({ offset: true })', ts: 'string' };
      case 'duration':
        return int();
      case 'rawJson':
      case 'any':
      case 'file':
      case 'unknown':
        return UNKNOWN;
    }
  }

  /** The JSON object of a struct's properties (already flattened by the resolver). */
  jsonObject(fields: readonly JsonField[]): ZodNode {
    return { kind: 'object', props: fields.map((f) => this.jsonProp(f)) };
  }

  private jsonProp(f: JsonField): ZodProp {
    const omitted = f.omitempty || f.omitzero;
    let node: ZodNode;
    if (f.quoted) {
      node = f.type.kind === 'pointer' ? nullable(STRING) : STRING;
    } else {
      node = this.json(f.type);
    }
    // omitempty/omitzero leave a nil pointer, slice or map out instead of writing null.
    if (omitted && node.kind === 'nullable') node = node.inner;
    return { key: f.name, node, optional: omitted || f.viaPointer, doc: f.field.doc };
  }

  /** The schema that defines a named type. */
  named(info: NamedType): ZodNode {
    if (info.marshaler === 'json') {
      this.warnOnce(info, `type ${info.name} has a MarshalJSON method, so fw cannot know its JSON form; the TypeScript client types it as unknown`);
      return UNKNOWN;
    }
    if (info.marshaler === 'text') return STRING;
    if (info.enum) {
      const values = info.enum.map((v) => v.value);
      if (values.every((v): v is string => typeof v === 'string')) return { kind: 'enum', values };
      if (values.every((v): v is number => typeof v === 'number')) return { kind: 'literals', values };
    }
    return this.json(info.type);
  }

  /**
   * The schema of a value sent outside the JSON body (path, query, header,
   * form field): pointers only mean "may be absent", and a file field is a
   * Blob (a File in browsers).
   */
  param(t: ResolvedType): ZodNode {
    switch (t.kind) {
      case 'pointer':
        return this.param(t.elem);
      case 'slice':
        return { kind: 'array', elem: this.param(t.elem) };
      case 'file':
        return FILE_NODE;
      case 'bytes':
        return STRING;
      default: {
        const node = this.json(t);
        return node.kind === 'nullable' ? node.inner : node;
      }
    }
  }

  private warnOnce(info: NamedType, message: string): void {
    if (this.warnedTypes.has(info.id)) return;
    this.warnedTypes.add(info.id);
    this.diagnostics.push(warning(info.decl.pos, message, 'describe the JSON form with a plain struct instead, or accept unknown'));
  }
}

/** Ids of the named types a node refers to, in first-seen order. */
export function refsOf(node: ZodNode, out: string[] = []): string[] {
  switch (node.kind) {
    case 'ref':
      if (!out.includes(node.id)) out.push(node.id);
      break;
    case 'array':
      refsOf(node.elem, out);
      break;
    case 'record':
      refsOf(node.value, out);
      break;
    case 'nullable':
      refsOf(node.inner, out);
      break;
    case 'object':
      for (const p of node.props) refsOf(p.node, out);
      break;
    default:
      break;
  }
  return out;
}

/** A TypeScript/JavaScript single-quoted string literal. */
export function tsString(s: string): string {
  return `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** An object key: bare when it is an identifier, quoted otherwise. */
export function tsKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : tsString(key);
}

/** Prints a node as zod source. `ref` prints a reference to a named type's schema (possibly wrapped in z.lazy). */
export function printZod(node: ZodNode, ref: (id: string) => string, indent = ''): string {
  switch (node.kind) {
    case 'scalar':
      return node.zod;
    case 'ref':
      return ref(node.id);
    case 'array': {
      const arr = `z.array(${printZod(node.elem, ref, indent)})`;
      return node.length === undefined ? arr : `${arr}.length(${node.length})`;
    }
    case 'record':
      return `z.record(z.string(), ${printZod(node.value, ref, indent)})`;
    case 'nullable':
      return `${printZod(node.inner, ref, indent)}.nullable()`;
    case 'object': {
      if (node.props.length === 0) return 'z.object({})';
      const inner = `${indent}  `;
      const lines = node.props.map((p) => `${propDoc(p, inner)}${inner}${tsKey(p.key)}: ${printZod(p.node, ref, inner)}${p.optional ? '.optional()' : ''},`);
      return `z.object({\n${lines.join('\n')}\n${indent}})`;
    }
    case 'enum':
      return `z.enum([${node.values.map(tsString).join(', ')}])`;
    case 'literals':
      return node.values.length === 1 ? `z.literal(${node.values[0]})` : `z.literal([${node.values.join(', ')}])`;
  }
}

/** Prints the TypeScript type zod infers for a node (`z.output`), for recursive types that must be written out. */
export function printTs(node: ZodNode, typeName: (id: string) => string, indent = ''): string {
  switch (node.kind) {
    case 'scalar':
      return node.ts;
    case 'ref':
      return typeName(node.id);
    case 'array': {
      const elem = printTs(node.elem, typeName, indent);
      return isUnion(node.elem) ? `Array<${elem}>` : `${elem}[]`;
    }
    case 'record':
      return `Record<string, ${printTs(node.value, typeName, indent)}>`;
    case 'nullable':
      return `${printTs(node.inner, typeName, indent)} | null`;
    case 'object': {
      if (node.props.length === 0) return 'Record<string, never>';
      const inner = `${indent}  `;
      const lines = node.props.map(
        (p) =>
          propDoc(p, inner) +
          (p.optional ? `${inner}${tsKey(p.key)}?: ${printTs(p.node, typeName, inner)} | undefined;` : `${inner}${tsKey(p.key)}: ${printTs(p.node, typeName, inner)};`),
      );
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    case 'enum':
      return node.values.map(tsString).join(' | ');
    case 'literals':
      return node.values.join(' | ');
  }
}

/** The JSDoc line(s) before a property, from its Go field's comment; '' without one. */
function propDoc(p: ZodProp, indent: string): string {
  const doc = p.doc ? jsDoc(goDocToJsDoc(p.doc), indent) : '';
  return doc === '' ? '' : `${doc}\n`;
}

function isUnion(node: ZodNode): boolean {
  return node.kind === 'nullable' || ((node.kind === 'enum' || node.kind === 'literals') && node.values.length > 1);
}
