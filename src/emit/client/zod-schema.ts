import { type FieldChecks, rulesNote } from '../constraints';
import type { JsonProperty, JsonShape } from '../json-shape';
import { tsKey, tsString } from '../escape';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { PURE } from './pure';

/**
 * JSON shapes (../json-shape.ts) printed for the client: as a schema (calls
 * of the facade functions that build zod schemas) and as the TypeScript
 * type zod infers for it. One shape, two printers; the client types each
 * schema with its TypeScript type (`z.ZodType<User, User>`), and fw's tests
 * check that the two agree (./zod-facade.ts, `withVerifyingFacade`).
 */

/** String literals and object keys come from the shared escapes (../escape.ts). */
export { tsKey, tsString };

/** A key of an object literal (a value, not a type): `__proto__` is computed there, so that it names a property and not the prototype. */
export function objectKey(key: string): string {
  return key === '__proto__' ? "['__proto__']" : tsKey(key);
}

/** Integers are JSON numbers; zod's z.int() also keeps them within the safe integer range JavaScript can hold exactly. */
function zodInteger(min: number | undefined, max: number | undefined, c: string): string {
  if (min === undefined && max === undefined) return `${c}fwInt()`;
  if (min === -2147483648 && max === 2147483647) return `${c}fwInt32()`;
  if (min === 0 && max === 4294967295) return `${c}fwUint32()`;
  if (min === 0 && max === undefined) return `${c}fwUint()`;
  // A missing bound is the safe integer limit, which z.int() checks anyway.
  return `${c}fwIntRange(${min ?? Number.MIN_SAFE_INTEGER}, ${max ?? Number.MAX_SAFE_INTEGER})`;
}

const STRING_FORMATS = { 'date-time': 'fwDateTime()', base64: 'fwBase64()', binary: 'fwBlob()' } as const;

/** What goes before each call when a schema is printed marked pure (./pure.ts). */
const PURE_CALL = `${PURE} `;

/**
 * Prints a shape as a schema: calls of the client's facade functions
 * (./zod-facade.ts.hbs), in functional form, the same text for zod and
 * zod/mini (`fwObject({ id: fwInt(), tags: fwOptional(fwArray(fwString())) })`).
 * `ref` prints a reference to a named type's schema (possibly wrapped in
 * fwLazy). With `pure`, every call is marked `/*#__PURE__*\/` as it is
 * printed: the text markPure (./pure.ts) makes of the unmarked one, when
 * `ref` returns marked text (a plain schema name needs no mark).
 */
export function printZod(shape: JsonShape, ref: (id: string) => string, indent = '', pure = false): string {
  return zodText(shape, ref, indent, pure ? PURE_CALL : '');
}

function zodText(shape: JsonShape, ref: (id: string) => string, indent: string, c: string): string {
  switch (shape.kind) {
    case 'string':
      return `${c}${shape.format ? STRING_FORMATS[shape.format] : 'fwString()'}`;
    case 'integer':
      return zodInteger(shape.min, shape.max, c);
    case 'number':
      return `${c}fwNumber()`;
    case 'boolean':
      return `${c}fwBoolean()`;
    case 'unknown':
      return `${c}fwUnknown()`;
    case 'null':
      return `${c}fwNull()`;
    case 'ref':
      return ref(shape.id);
    case 'array': {
      const items = zodText(shape.items, ref, indent, c);
      return shape.length === undefined ? `${c}fwArray(${items})` : `${c}fwArrayOf(${items}, ${shape.length})`;
    }
    case 'record':
      return `${c}fwRecord(${zodText(shape.values, ref, indent, c)})`;
    case 'nullable':
      return `${c}fwNullable(${zodText(shape.inner, ref, indent, c)})`;
    case 'anyOf':
      return `${c}fwUnion([${shape.options.map((o) => zodText(o, ref, indent, c)).join(', ')}])`;
    case 'object': {
      const fn = shape.strict ? 'fwStrictObject' : 'fwObject';
      if (shape.props.length === 0) return `${c}${fn}({})`;
      const inner = `${indent}  `;
      // Go field comments go on the TypeScript type's properties (printTs), where editors show them.
      const lines = shape.props.map((p) => {
        const schema = withRules(p, sentAs(p, zodText(p.shape, ref, inner, c), c), c);
        return `${inner}${objectKey(p.name)}: ${p.optional ? `${c}fwOptional(${schema})` : schema},`;
      });
      return `${c}${fn}({\n${lines.join('\n')}\n${indent}})`;
    }
    case 'enum': {
      const values = shape.values as (string | number)[];
      if (values.every((v) => typeof v === 'string')) return `${c}fwEnum([${values.map(tsString).join(', ')}])`;
      return `${c}fwLiteral([${values.join(', ')}])`;
    }
  }
}

/** A property with the field's mirrored validator rules (the facade's fwRules; ../constraints.ts). */
function withRules(p: JsonProperty, schema: string, c: string): string {
  if (!p.checks) return schema;
  return `${c}fwRules(${schema}, ${JSON.stringify(ruleSet(p.checks))})`;
}

/** The facade's FwRuleSet of a field's checks (each element's after `dive`). */
function ruleSet({ kind, pointer, omitempty, checks, each }: FieldChecks): object {
  return each ? { kind, pointer, omitempty, checks, each: ruleSet(each) } : { kind, pointer, omitempty, checks };
}

/** A value sent as a path segment or header checked as its text will be sent, a required query or form list as not empty (the facade's fwSegmentValue, fwSegmentsValue, fwHeaderValue, fwListValues). */
function sentAs(p: JsonProperty, schema: string, c: string): string {
  // A number's or a boolean's text is always a fine segment and header value.
  if (p.shape.kind === 'integer' || p.shape.kind === 'number' || p.shape.kind === 'boolean') return schema;
  switch (p.sentAs) {
    case undefined:
      return schema;
    case 'segment':
      return `${c}fwSegmentValue(${schema})`;
    case 'segments':
      return `${c}fwSegmentsValue(${schema})`;
    case 'header':
      return `${c}fwHeaderValue(${schema}, ${!p.optional})`;
    case 'list':
      return `${c}fwListValues(${schema})`;
  }
}

/**
 * The declaration of a named TypeScript type: `interface Name { … }` for a
 * JSON object with properties (tsc refers to an interface by name), else
 * `type Name = …;`.
 */
export function printTsDeclaration(name: string, shape: JsonShape, typeName: (id: string) => string): string {
  return tsDeclaration(name, shape, printTs(shape, typeName));
}

/** printTsDeclaration of a shape whose type (printTs) is already printed. */
export function tsDeclaration(name: string, shape: JsonShape, type: string): string {
  return shape.kind === 'object' && shape.props.length > 0 ? `interface ${name} ${type}` : `type ${name} = ${type};`;
}

/** Prints the TypeScript type zod infers for a shape (`z.output`, and `z.input` too: the schemas transform nothing). */
export function printTs(shape: JsonShape, typeName: (id: string) => string, indent = ''): string {
  switch (shape.kind) {
    case 'string':
      return shape.format === 'binary' ? 'Blob' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'unknown':
      return 'unknown';
    case 'null':
      return 'null';
    case 'ref':
      return typeName(shape.id);
    case 'array': {
      const elem = printTs(shape.items, typeName, indent);
      return isUnion(shape.items) ? `Array<${elem}>` : `${elem}[]`;
    }
    case 'record':
      // An index signature, not Record<>: `type M = { [key: string]: M }` may refer to itself, `Record<string, M>` may not.
      return `{ [key: string]: ${printTs(shape.values, typeName, indent)} }`;
    case 'nullable':
      return `${printTs(shape.inner, typeName, indent)} | null`;
    case 'anyOf':
      return shape.options.map((o) => printTs(o, typeName, indent)).join(' | ');
    case 'object': {
      if (shape.props.length === 0) return 'Record<string, never>';
      const inner = `${indent}  `;
      const lines = shape.props.map(
        (p) =>
          propDoc(p, inner) +
          (p.optional
            ? `${inner}${tsKey(p.name)}?: ${printTs(p.shape, typeName, inner)} | undefined;`
            : `${inner}${tsKey(p.name)}: ${printTs(p.shape, typeName, inner)};`),
      );
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    case 'enum':
      return (shape.values as (string | number)[]).map((v) => (typeof v === 'string' ? tsString(v) : String(v))).join(' | ');
  }
}

/** The JSDoc line(s) before a property, from its Go field's comment and its validator tag (which only names the rules: nothing is checked at run time); '' without either. */
function propDoc(p: JsonProperty, indent: string): string {
  const doc = p.doc || p.validateTag ? jsDoc(goDocToJsDoc(p.doc ?? [], p.validateTag ? [rulesNote(p.validateTag)] : []), indent) : '';
  return doc === '' ? '' : `${doc}\n`;
}

function isUnion(shape: JsonShape): boolean {
  return shape.kind === 'nullable' || shape.kind === 'anyOf' || (shape.kind === 'enum' && shape.values.length > 1);
}
