import { TextMemo } from './interned';
/**
 * `validate:"…"` and `binding:"…"` struct tags, read as
 * go-playground/validator reads them: rules separated by `,`, a rule's
 * parameter after its first `=`, alternatives joined by `|`, and the
 * escapes `0x2C` (a comma) and `0x7C` (a pipe) inside parameters. `dive`
 * moves the rules after it to the elements of a slice or map. Only the
 * reading is here; what fw does with each rule is src/emit/constraints.ts.
 */

/** One rule of a tag: `min=3` is `{ name: 'min', param: '3', text: 'min=3' }`; alternatives (`a|b`) keep their whole text as the name. */
export interface ValidateRule {
  name: string;
  param?: string;
  /** The rule as written in the tag (escapes decoded). */
  text: string;
  /** `a|b`: one of several rules must pass. */
  alternatives: boolean;
}

/** A field's rules: those on the field itself, and (after `dive`) those on its elements (elementTag). */
export interface ValidateTag {
  /** The tag key the rules came from (`validate` or `binding`). */
  key: 'validate' | 'binding';
  /** The tag's text as written (its Go string unquoted; the validator's escapes kept), for generators to name. */
  text: string;
  rules: ValidateRule[];
  /** The text from `dive` on, when the tag has one. */
  dive?: string;
}

/** Validator tags read once per distinct text, up to this many texts (a bounded TextMemo: fw watch runs long). */
const MAX_VALIDATE_TEXTS = 50_000;
const parsed = new TextMemo<ValidateTag>(MAX_VALIDATE_TEXTS);

/**
 * The validator tag of a field: `validate`, else `binding` (gin's name for
 * the same syntax); undefined without either, or for `-` (the validator
 * skips the field).
 */
export function validateTagOf(tags: ReadonlyMap<string, string>): ValidateTag | undefined {
  const key = tags.has('validate') ? 'validate' : tags.has('binding') ? 'binding' : undefined;
  if (key === undefined) return undefined;
  const text = tags.get(key)!;
  if (text === '' || text === '-') return undefined;
  return parsed.get(`${key}:${text}`, () => parseValidateTag(key, text));
}

/** The rules `dive` gives each element (the text after `dive`, which may hold another `dive`), from a tag's `dive` text. */
export function elementTag(tag: ValidateTag & { dive: string }): ValidateTag {
  const text = tag.dive.slice('dive'.length + 1);
  return parsed.get(`${tag.key}:${text}`, () => parseValidateTag(tag.key, text));
}

function parseValidateTag(key: 'validate' | 'binding', text: string): ValidateTag {
  const rules: ValidateRule[] = [];
  const parts = text.split(',');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === 'dive') return { key, text, rules, dive: parts.slice(i).join(',') };
    if (part === '') continue;
    if (part.includes('|')) {
      rules.push({ name: unescapeParam(part), text: unescapeParam(part), alternatives: true });
      continue;
    }
    const eq = part.indexOf('=');
    const rule: ValidateRule =
      eq < 0
        ? { name: part, text: part, alternatives: false }
        : { name: part.slice(0, eq), param: unescapeParam(part.slice(eq + 1)), text: unescapeParam(part), alternatives: false };
    rules.push(rule);
  }
  return { key, text, rules };
}

/** The validator's escapes for a comma and a pipe inside a parameter. */
function unescapeParam(text: string): string {
  return text.replaceAll('0x2C', ',').replaceAll('0x7C', '|');
}

/**
 * oneof's list: space-separated words, or words in single quotes (which may
 * hold spaces); the quotes are dropped (the validator's parseOneOfParam2).
 */
export function oneOfValues(param: string): string[] {
  return (param.match(/'[^']*'|[^\t\n\f\r ]+/g) ?? []).map((v) => v.replaceAll("'", ''));
}
