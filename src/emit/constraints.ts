import type { ValidateRule, ValidateTag } from '../go/validate-tags';
import { oneOfValues } from '../go/validate-tags';
import { brokenRule } from './rule-check';
import { stringPattern } from './rule-patterns';

/**
 * go-playground/validator rules (`validate:"min=3,max=64"`) as checks every
 * generator prints the same way: the client as zod refinements (its facade's
 * fwRules), the OpenAPI document as JSON Schema keywords. Only rules whose
 * meaning JavaScript and JSON Schema reproduce exactly for a kind are
 * mirrored (test/e2e/validate-oracle.e2e.test.ts asks the validator itself);
 * any other rule is the server's alone, and fw warns about it once.
 *
 * The validator's meaning depends on the Go kind of the field: a string is
 * measured in runes (code points), a slice or map by its count, a number by
 * its value.
 */

/** How the validator reads a value: its reflect kind, as far as a rule cares. */
export type RuleKind = 'string' | 'int' | 'uint' | 'float' | 'count' | 'bool';

/**
 * One mirrored rule as a check: `size` compares the measure (runes, count or
 * value) with `n`; `is`/`isnot` compare a string; `in` lists the values
 * allowed; `match` is a regular expression of ./rule-patterns.ts (the same
 * in JavaScript and in JSON Schema); `contains`, `excludes`, `prefix`,
 * `suffix` look for text; `nonzero` refuses the zero value.
 */
export type Check = { rule: string } & (
  | { op: 'size>=' | 'size<=' | 'size>' | 'size<' | 'size==' | 'size!='; n: number }
  | { op: 'is' | 'isnot' | 'contains' | 'excludes' | 'prefix' | 'suffix'; s: string }
  | { op: 'in'; values: (string | number)[] }
  | { op: 'match'; pattern: string }
  | { op: 'nonzero' }
);

/** A field's mirrored rules. */
export interface FieldChecks {
  kind: RuleKind;
  /** The field is a pointer: only nil skips omitempty's rules (a pointer to a zero value has a value). */
  pointer: boolean;
  /** The tag starts with `omitempty`: a zero value (non-pointer) or nil skips every rule. */
  omitempty: boolean;
  checks: Check[];
  /** `dive`: the rules of each element of the list or map (after the list's own checks). */
  each?: FieldChecks;
  /** The value is a map (a JSON object): its count is its keys'. */
  map?: boolean;
}

const SIZE_OPS = { min: 'size>=', gte: 'size>=', max: 'size<=', lte: 'size<=', gt: 'size>', lt: 'size<', len: 'size==' } as const;
const TEXT_OPS = { contains: 'contains', excludes: 'excludes', startswith: 'prefix', endswith: 'suffix' } as const;

/** A decimal integer the validator reads as the same number (strconv with base 0 reads `010` as octal and allows `_`). */
const DECIMAL = /^-?(?:0|[1-9][0-9]*)$/;
/** A float parameter read the same by strconv.ParseFloat and JavaScript. */
const FLOAT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The check of one rule for a kind; undefined when fw does not mirror it there. */
export function checkOf(rule: ValidateRule, kind: RuleKind): Check | undefined {
  if (rule.alternatives) return undefined;
  const { name, param, text } = rule;
  // required: not the zero value (a slice or map: not nil, which the property's shape says); -0.0 is not a float's zero in Go, but is in JSON Schema.
  if (name === 'required') return param === undefined && kind !== 'float' ? { rule: text, op: 'nonzero' } : undefined;
  if (param === undefined) {
    const pattern = kind === 'string' ? stringPattern(name) : undefined;
    return pattern === undefined ? undefined : { rule: text, op: 'match', pattern };
  }
  if (kind === 'bool') return undefined;
  if (Object.hasOwn(SIZE_OPS, name) || name === 'eq' || name === 'ne') {
    // A string's eq/ne compare its text; every other size rule measures.
    if (kind === 'string' && (name === 'eq' || name === 'ne')) return { rule: text, op: name === 'eq' ? 'is' : 'isnot', s: param };
    const n = numberParam(param, kind);
    if (n === undefined) return undefined;
    const op = name === 'eq' ? 'size==' : name === 'ne' ? 'size!=' : SIZE_OPS[name as keyof typeof SIZE_OPS];
    return { rule: text, op, n };
  }
  if (name === 'oneof') {
    const words = oneOfValues(param);
    if (kind === 'string') return { rule: text, op: 'in', values: words };
    // An integer is compared as its decimal text: a word that is not one never matches.
    if (kind === 'int' || kind === 'uint')
      return { rule: text, op: 'in', values: words.filter((w) => DECIMAL.test(w) && Number.isSafeInteger(Number(w))).map(Number) };
    return undefined;
  }
  if (kind === 'string' && Object.hasOwn(TEXT_OPS, name)) return { rule: text, op: TEXT_OPS[name as keyof typeof TEXT_OPS], s: param };
  return undefined;
}

/** A size parameter as the validator reads it for a kind, when JavaScript reads it the same. */
function numberParam(param: string, kind: RuleKind): number | undefined {
  const n = Number(param);
  if (kind === 'float') return FLOAT.test(param) && Number.isFinite(n) ? n : undefined;
  if (!DECIMAL.test(param) || !Number.isSafeInteger(n)) return undefined;
  // Lengths, counts and unsigned values are read as unsigned or compared with a non-negative measure.
  return kind === 'int' || n >= 0 ? n : undefined;
}

/**
 * What generators say of a field's validator tag in its documentation (a
 * TypeScript doc comment, an OpenAPI description), in requests and
 * responses alike: the rules as the tag writes them, in a Markdown code
 * span. Naming a rule asserts nothing; the checks are `FieldChecks`.
 */
export function rulesNote(tag: ValidateTag): string {
  // A code span is fenced by more backticks than any run of them inside it (CommonMark).
  const longest = Math.max(0, ...(tag.text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padded = longest > 0 ? ` ${tag.text} ` : tag.text;
  return `Validator rules (${tag.key} tag): ${fence}${padded}${fence}`;
}

/** Rules that skip the rules after them for some values (omitempty for zero values, omitnil for nil, omitzero). */
const SKIPPING: readonly string[] = Object.freeze(['omitempty', 'omitnil', 'omitzero']);

/**
 * The checks of a tag for a kind, and the rules fw leaves to the server (by
 * their text). A skipping rule changes what every rule after it means: only
 * a leading omitempty is mirrored (not for floats, where -0 is not Go's
 * zero); after any other, no rule is.
 */
export function checksOf(
  tag: ValidateTag,
  kind: RuleKind | undefined,
  pointer: boolean,
): { checks: FieldChecks | undefined; unmirrored: string[]; diveMirrored: boolean } {
  const unmirrored: string[] = [];
  const checks: Check[] = [];
  let omitempty = false;
  let mirroring = kind !== undefined;
  tag.rules.forEach((rule, i) => {
    const skipping = SKIPPING.includes(rule.name) && rule.param === undefined;
    if (skipping && rule.name === 'omitempty' && i === 0 && mirroring && kind !== 'float') {
      omitempty = true;
      return;
    }
    if (skipping) mirroring = false;
    // boolean on a bool: every value is one (the validator's isBoolean), nothing to check.
    if (mirroring && kind === 'bool' && rule.name === 'boolean' && rule.param === undefined) return;
    const check = mirroring && kind !== undefined ? checkOf(rule, kind) : undefined;
    if (check) checks.push(check);
    else unmirrored.push(rule.text);
  });
  // The rules after dive mean what they mean unless a skipping rule fw does not mirror comes before.
  return {
    checks: kind === undefined || (checks.length === 0 && !omitempty) ? undefined : { kind, pointer, omitempty, checks },
    unmirrored,
    diveMirrored: mirroring,
  };
}

/** The zero value of a kind as JSON sees it after decoding (nil slices and maps count 0). */
export function zeroOf(kind: RuleKind): string | number | boolean | readonly unknown[] {
  return kind === 'string' ? '' : kind === 'count' ? [] : kind === 'bool' ? false : 0;
}

/** Whether a nil value (absent or null) passes: only a tag starting with omitempty skips it, and required refuses it. */
export function nilPasses(checks: FieldChecks): boolean {
  if (checks.omitempty) return true;
  if (checks.pointer) return false;
  if (checks.kind === 'count' && checks.checks.some((c) => c.op === 'nonzero')) return false;
  return brokenRule(zeroOf(checks.kind), checks) === undefined;
}

/** The JSON Schema `type` of the values a kind's rules measure. */
const SCHEMA_TYPES: Readonly<Record<RuleKind, string>> = {
  string: 'string',
  int: 'integer',
  uint: 'integer',
  float: 'number',
  count: 'array',
  bool: 'boolean',
};

/**
 * JSON Schema keywords for the checks (the OpenAPI document): one schema
 * with its `type` (so that every keyword applies, as strict validators
 * require), the keywords of several rules merged unless two use the same
 * one (then `allOf`).
 */
export function jsonSchemaKeywords(checks: FieldChecks, map: boolean): Record<string, unknown> {
  const type = map ? 'object' : SCHEMA_TYPES[checks.kind];
  const typed = (k: Record<string, unknown>) => (Object.keys(k).length === 0 ? k : { type, ...k });
  // required on a list, map or pointer refuses nil only, which the property's shape does.
  const nilOnly = (c: Check) => c.op === 'nonzero' && (checks.pointer || checks.kind === 'count');
  const all = checks.checks.filter((c) => !nilOnly(c)).map((c) => keywordsOf(c, checks.kind, map, typed));
  const keys = all.flatMap((k) => Object.keys(k));
  let merged: Record<string, unknown> = new Set(keys).size === keys.length ? typed(Object.assign({}, ...all)) : { allOf: all.map(typed) };
  if (checks.each) merged = { ...merged, type, [map ? 'additionalProperties' : 'items']: elementKeywords(checks.each) };
  // omitempty: the zero value skips the rules (nil is handled by the property being nullable or optional).
  if (checks.omitempty && !checks.pointer && checks.kind !== 'count') return { anyOf: [{ const: zeroOf(checks.kind) }, merged] };
  return merged;
}

/** The keywords of each element after `dive`: null passes where the element may be nil and its rules allow it. */
function elementKeywords(each: FieldChecks): Record<string, unknown> {
  const keywords = jsonSchemaKeywords(each, each.map === true);
  return nilPasses(each) && (each.pointer || each.kind === 'count') ? { anyOf: [{ type: 'null' }, keywords] } : keywords;
}

function keywordsOf(c: Check, kind: RuleKind, map: boolean, typed: (k: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  const [min, max] =
    kind === 'string'
      ? ['minLength', 'maxLength']
      : kind === 'count'
        ? map
          ? ['minProperties', 'maxProperties']
          : ['minItems', 'maxItems']
        : ['minimum', 'maximum'];
  switch (c.op) {
    case 'size>=':
      return { [min]: c.n };
    case 'size<=':
      return { [max]: c.n };
    case 'size>':
      return kind === 'int' || kind === 'uint' || kind === 'float' ? { exclusiveMinimum: c.n } : { [min]: c.n + 1 };
    case 'size<':
      return kind === 'int' || kind === 'uint' || kind === 'float' ? { exclusiveMaximum: c.n } : c.n <= 0 ? { not: {} } : { [max]: c.n - 1 };
    case 'size==':
      return kind === 'string' || kind === 'count' ? { [min]: c.n, [max]: c.n } : { const: c.n };
    case 'size!=':
      return kind === 'string' || kind === 'count' ? { not: typed({ [min]: c.n, [max]: c.n }) } : { not: { const: c.n } };
    case 'is':
      return { const: c.s };
    case 'isnot':
      return { not: { const: c.s } };
    case 'in':
      return c.values.length === 0 ? { not: {} } : { enum: c.values };
    case 'match':
      return { pattern: c.pattern };
    case 'contains':
      return { pattern: escapeRegExp(c.s) };
    case 'excludes':
      return { not: typed({ pattern: escapeRegExp(c.s) }) };
    case 'prefix':
      return { pattern: `^${escapeRegExp(c.s)}` };
    case 'suffix':
      return { pattern: `${escapeRegExp(c.s)}$` };
    case 'nonzero':
      return kind === 'string' ? { minLength: 1 } : kind === 'bool' ? { const: true } : { not: { const: 0 } };
  }
}

/** Text as a regular expression matching it literally (valid with the `u` flag, which JSON Schema validators use). */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => (c === '-' || c === '/' ? `\\x${c.charCodeAt(0).toString(16)}` : `\\${c}`));
}
