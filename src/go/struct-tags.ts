/**
 * Go struct tags, read exactly as reflect.StructTag.Lookup reads them, so
 * fw sees the same keys and values the Go program sees at run time
 * (including its quirks: the first occurrence of a key wins, and a
 * malformed pair ends the scan).
 */

import { unquoteGoString } from './go-string';

/**
 * Parses a raw tag (`json:"id,omitempty" path:"id"`, without the surrounding
 * quotes) into key → value. A key that `Lookup` would not find (its first
 * occurrence has a value Go cannot unquote) is absent from the map.
 */
export function parseStructTag(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  let rest = tag;
  while (rest !== '') {
    let i = 0;
    while (i < rest.length && rest[i] === ' ') i++;
    rest = rest.slice(i);
    if (rest === '') break;

    // Key: up to the colon; a space, a quote or a control character is a syntax error.
    i = 0;
    while (i < rest.length && rest.charCodeAt(i) > 0x20 && rest[i] !== ':' && rest[i] !== '"' && rest.charCodeAt(i) !== 0x7f) i++;
    if (i === 0 || i + 1 >= rest.length || rest[i] !== ':' || rest[i + 1] !== '"') break;
    const key = rest.slice(0, i);
    rest = rest.slice(i + 1);

    // Quoted value: up to the closing quote, skipping backslash escapes.
    i = 1;
    while (i < rest.length && rest[i] !== '"') {
      if (rest[i] === '\\') i++;
      i++;
    }
    if (i >= rest.length) break;
    const quoted = rest.slice(0, i + 1);
    rest = rest.slice(i + 1);

    if (seen.has(key)) continue;
    seen.add(key);
    const value = unquoteGoString(quoted);
    // Lookup stops at an unquotable first occurrence of its key: the key has no value.
    if (value !== undefined) out.set(key, value);
  }
  return out;
}

/** What a `json:"..."` tag says about a field (encoding/json's reading of it). */
export interface JsonTag {
  /** True for `json:"-"`: encoding/json ignores the field. (`json:"-,"` names the field "-" instead.) */
  skip: boolean;
  /** The property name from the tag; undefined when the tag gives none or an invalid one (encoding/json then uses the Go field name). */
  name?: string;
  omitempty: boolean;
  omitzero: boolean;
  /** The `,string` option: the value is encoded inside a JSON string (only for bool, number and string kinds). */
  string: boolean;
}

/** Reads the json tag of a field from its parsed tags; a field without one gets the defaults. */
export function jsonTag(tags: ReadonlyMap<string, string>): JsonTag {
  const raw = tags.get('json');
  if (raw === undefined) return { skip: false, omitempty: false, omitzero: false, string: false };
  if (raw === '-') return { skip: true, omitempty: false, omitzero: false, string: false };
  const [name = '', ...options] = raw.split(',');
  const tag: JsonTag = {
    skip: false,
    omitempty: options.includes('omitempty'),
    omitzero: options.includes('omitzero'),
    string: options.includes('string'),
  };
  if (isValidJsonTagName(name)) tag.name = name;
  return tag;
}

/** The name part of any `key:"name,opt,..."` tag (form, query, path, header, file); undefined when empty or `-`. */
export function tagName(tags: ReadonlyMap<string, string>, key: string): string | undefined {
  const raw = tags.get(key);
  if (raw === undefined) return undefined;
  const name = raw.split(',')[0] ?? '';
  return name === '' || name === '-' ? undefined : name;
}

const JSON_TAG_PUNCTUATION = '!#$%&()*+-./:;<=>?@[]^_{|}~ ';

/** encoding/json's isValidTag: letters, digits and a fixed set of punctuation; anything else makes the tag name ignored. */
export function isValidJsonTagName(name: string): boolean {
  if (name === '') return false;
  for (const c of name) {
    if (JSON_TAG_PUNCTUATION.includes(c)) continue;
    if (!/^[\p{L}\p{Nd}]$/u.test(c)) return false;
  }
  return true;
}
