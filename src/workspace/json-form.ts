import { closestMatch } from '../diagnostics/suggest';

/**
 * A JSON form declared for a Go type whose JSON only its own methods know:
 * what fw's built-in table, a `// fw:json` directive and a mapping in
 * fw.json say the type is written as. One vocabulary for all three, so that
 * a directive and a config entry read alike (docs/type-mapping-config.md).
 */

export const FORM_TYPES = ['string', 'number', 'integer', 'boolean', 'unknown'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** String formats the client checks: RFC 3339 date-time with offset (what time.Time writes, as metav1.Time does). */
export const FORM_FORMATS = ['date-time'] as const;
export type FormFormat = (typeof FORM_FORMATS)[number];

export interface JsonForm {
  type: FormType;
  /** Only with `type: 'string'`. */
  format?: FormFormat;
  /** The type may also be written as `null` (a marshaler that writes null for an invalid value, as uuid.NullUUID does). */
  nullable?: boolean;
}

/** The keys a form is spelled with, in a directive (`type=string`) as in fw.json (`"type": "string"`). */
export const FORM_KEYS = ['type', 'format', 'nullable'] as const;

/** What is wrong with `value` as the value of form key `key`, or undefined when it is fine. */
export function formValueProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'type':
      return oneOf(value, FORM_TYPES, 'type');
    case 'format':
      return oneOf(value, FORM_FORMATS, 'format');
    case 'nullable':
      return typeof value === 'boolean' ? undefined : 'nullable must be true or false';
    default: {
      const near = closestMatch(key, FORM_KEYS);
      return `unknown key ${JSON.stringify(key)}${near ? ` (did you mean ${near}?)` : ''}; a form has ${FORM_KEYS.join(', ')}`;
    }
  }
}

function oneOf(value: unknown, allowed: readonly string[], what: string): string | undefined {
  if (typeof value === 'string' && allowed.includes(value)) return undefined;
  const near = typeof value === 'string' ? closestMatch(value, allowed) : undefined;
  return `${what} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}${near ? ` (did you mean ${near}?)` : ''}`;
}

/** What is wrong with a form whose keys are each valid, or undefined. */
export function formProblem(form: Partial<JsonForm>): string | undefined {
  if (form.type === undefined) return `a form needs a type (one of ${FORM_TYPES.join(', ')})`;
  if (form.format !== undefined && form.type !== 'string') return `format applies to type string only, not to ${form.type}`;
  return undefined;
}

/** The directive marker on a type declaration's comment line. */
export const JSON_DIRECTIVE = 'fw:json';

/** A directive as a doc line holds it (comment markers removed): `fw:json type=string`. */
const DIRECTIVE_LINE = /^fw:json(?:[ \t]+(.*))?$/;

/** A type's doc lines without its `fw:json` directive (and the blank lines that set it apart), for descriptions. */
export function docWithoutDirective(doc: readonly string[]): readonly string[] {
  if (!doc.some((l) => DIRECTIVE_LINE.test(l.trim()))) return doc;
  const out = doc.filter((l) => !DIRECTIVE_LINE.test(l.trim()));
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  while (out.length > 0 && out[0]!.trim() === '') out.shift();
  return out;
}

/**
 * The form a type declaration's doc lines declare with `fw:json key=value ...`:
 * undefined without such a line, else the form or what is wrong with it.
 */
export function directiveForm(doc: readonly string[]): { form: JsonForm } | { problem: string } | undefined {
  const lines = doc.map((l) => DIRECTIVE_LINE.exec(l.trim())).filter((m): m is RegExpExecArray => m !== null);
  if (lines.length === 0) return undefined;
  if (lines.length > 1) return { problem: `more than one ${JSON_DIRECTIVE} line` };
  const form: Partial<JsonForm> = {};
  const seen = new Set<string>();
  for (const word of (lines[0]![1] ?? '').split(/[ \t]+/).filter(Boolean)) {
    const eq = word.indexOf('=');
    if (eq <= 0) return { problem: `${JSON.stringify(word)} is not key=value` };
    const key = word.slice(0, eq);
    const text = word.slice(eq + 1);
    if (seen.has(key)) return { problem: `${key} is given twice` };
    seen.add(key);
    const value: unknown = key === 'nullable' ? (text === 'true' ? true : text === 'false' ? false : text) : text;
    const problem = formValueProblem(key, value);
    if (problem) return { problem };
    (form as Record<string, unknown>)[key] = value;
  }
  const problem = formProblem(form);
  return problem ? { problem } : { form: form as JsonForm };
}
