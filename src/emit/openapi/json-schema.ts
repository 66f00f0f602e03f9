import type { JsonProperty, JsonShape } from '../json-shape';
import { type FieldChecks, jsonSchemaKeywords, rulesNote } from '../constraints';

/**
 * JSON shapes (../json-shape.ts) printed as JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1: the same tree the TypeScript client prints as
 * zod, so the two accept the same values. Nothing about Go is decided here.
 */

/** A JSON Schema object; keys are inserted in the order they are printed. */
export type JsonSchema = { [key: string]: unknown };

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** `$ref` to a named type's schema under components. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * Integers: Go's bounds as minimum/maximum; the OpenAPI format registry's
 * `int32`/`int64` where the range is exactly theirs (Go's int and int64 are
 * 64-bit; uint64 has no maximum a JSON number can state exactly).
 */
function integer(min: number | undefined, max: number | undefined): JsonSchema {
  if (min === INT32_MIN && max === INT32_MAX) return { type: 'integer', format: 'int32' };
  if (min === undefined && max === undefined) return { type: 'integer', format: 'int64' };
  const out: JsonSchema = { type: 'integer' };
  if (min !== undefined) out.minimum = min;
  if (max !== undefined) out.maximum = max;
  return out;
}

function string(format: 'date-time' | 'base64' | 'binary' | undefined): JsonSchema {
  switch (format) {
    case undefined:
      return { type: 'string' };
    case 'date-time':
      return { type: 'string', format: 'date-time' };
    // OpenAPI 3.0's `byte`, kept for tools that read it, and 3.1's own contentEncoding.
    case 'base64':
      return { type: 'string', format: 'byte', contentEncoding: 'base64' };
    case 'binary':
      return { type: 'string', format: 'binary' };
  }
}

/** Adds `null` to a schema: to its `type` (and `enum`) when it has one, else as an alternative. */
function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (type === 'null') return schema;
  if (typeof type === 'string') {
    const out: JsonSchema = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  if (Object.keys(schema).length === 0) return schema; // any value, null included
  return { anyOf: [schema, { type: 'null' }] };
}

/** A Go doc comment as text: lines joined, blank edges dropped. */
export function docText(lines: readonly string[] | undefined): string {
  return (lines ?? [])
    .map((l) => l.trimEnd())
    .join('\n')
    .trim();
}

/** Go's convention: a paragraph that starts with `Deprecated:`. */
export function isDeprecated(doc: string): boolean {
  return /(^|\n\n)Deprecated: /.test(doc);
}

/** A schema with a Go doc comment as its description (first), deprecated when the comment says so; `note` is a paragraph after the comment. */
export function withDoc(schema: JsonSchema, doc: string, note = ''): JsonSchema {
  const description = doc === '' ? note : note === '' ? doc : `${doc}\n\n${note}`;
  if (description === '') return schema;
  const out: JsonSchema = { description, ...schema };
  if (isDeprecated(doc)) out.deprecated = true;
  return out;
}

/**
 * The paragraph a property's description gives its validator tag: the
 * rules named, in requests and responses, whether or not they are mirrored
 * as keywords (withRules). A description asserts nothing, where a keyword
 * would make a validator of the document refuse an answer the server sent
 * (docs/type-mapping.md says why no `x-` keyword carries it).
 */
export function rulesDescription(p: JsonProperty): string {
  return p.validateTag ? rulesNote(p.validateTag) : '';
}

/**
 * A property's schema with its field's mirrored validator rules
 * (../constraints.ts): the keywords apply to a value that is not null (nil
 * is allowed or not by the property's shape), beside the schema's own. A
 * required list sent as query or form keys must have an item: an empty one
 * sends nothing, which fwhttp.Bind refuses.
 */
export function withRules(p: JsonProperty, schema: JsonSchema): JsonSchema {
  const ruled = p.checks ? withChecks(p.checks, p.shape, schema) : schema;
  return p.sentAs === 'list' && ruled.type === 'array' ? { ...ruled, minItems: Math.max(1, Number(ruled.minItems ?? 0)) } : ruled;
}

function withChecks(checks: FieldChecks, shape: JsonShape, schema: JsonSchema): JsonSchema {
  let rules = jsonSchemaKeywords(checks, (shape.kind === 'nullable' ? shape.inner : shape).kind === 'record');
  if (shape.kind === 'nullable') rules = { anyOf: [{ type: 'null' }, rules] };
  const clash = '$ref' in schema || Object.keys(rules).some((k) => k in schema && JSON.stringify(schema[k]) !== JSON.stringify(rules[k]));
  return clash ? { allOf: [schema, rules] } : { ...schema, ...rules };
}

/** Prints a shape as JSON Schema. `ref` names a named type's component schema; a property's Go field comment becomes its description. */
export function printJsonSchema(shape: JsonShape, ref: (id: string) => string): JsonSchema {
  switch (shape.kind) {
    case 'string':
      return string(shape.format);
    case 'integer':
      return integer(shape.min, shape.max);
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'unknown':
      return shape.reason ? { description: `Any JSON value: ${shape.reason}.` } : {};
    case 'ref':
      return schemaRef(ref(shape.id));
    case 'nullable':
      return orNull(printJsonSchema(shape.inner, ref));
    case 'anyOf':
      return { anyOf: shape.options.map((o) => printJsonSchema(o, ref)) };
    case 'array': {
      const out: JsonSchema = { type: 'array', items: printJsonSchema(shape.items, ref) };
      if (shape.length !== undefined) {
        out.minItems = shape.length;
        out.maxItems = shape.length;
      }
      return out;
    }
    case 'record':
      return { type: 'object', additionalProperties: printJsonSchema(shape.values, ref) };
    case 'object': {
      const out: JsonSchema = { type: 'object' };
      if (shape.props.length > 0) {
        out.properties = Object.fromEntries(
          shape.props.map((p) => [p.name, withDoc(withRules(p, printJsonSchema(p.shape, ref)), docText(p.doc), rulesDescription(p))]),
        );
        const required = shape.props.filter((p) => !p.optional).map((p) => p.name);
        if (required.length > 0) out.required = required;
      }
      if (shape.strict) out.additionalProperties = false;
      return out;
    }
    case 'enum': {
      const values = shape.values as (string | number)[];
      return { type: values.every((v) => typeof v === 'string') ? 'string' : 'integer', enum: [...values] };
    }
  }
}
