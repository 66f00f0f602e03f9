/**
 * The document as text, JSON or YAML by the output file's extension, in
 * pieces: the document's large objects (`paths`) are `LazyObject`s whose
 * entries are made while they are printed, so that neither the whole
 * document, nor its text, is ever held (docs/internals/streaming-writes.md).
 * Joined, the pieces are exactly the text of the whole value. Keys keep the
 * order in which ./openapi.ts inserted them, so the same model gives the
 * same bytes. The YAML printer is this small one (block style, every string
 * double-quoted with JSON's escapes, which YAML 1.2 reads the same way)
 * rather than a library, so that the output cannot change with a
 * dependency's version.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An object whose entries are made each time it is printed (in the same order every time). */
export class LazyObject {
  constructor(readonly entries: () => Iterable<[string, DocValue]>) {}

  /** Only the printers below can print one: JSON.stringify would print `{}`. */
  toJSON(): never {
    throw new Error('a LazyObject is printed by jsonPieces or yamlPieces, not by JSON.stringify');
  }
}

/** A value of a document: JSON, with lazy objects near its top (above `SPLIT_DEPTH`). */
export type DocValue = JsonValue | LazyObject | DocValue[] | { [key: string]: DocValue };

/**
 * Objects and arrays this shallow are printed entry by entry, one piece
 * each; deeper values (an operation, a schema) are printed whole, as one
 * piece. A lazy object is printed entry by entry at any depth.
 */
const SPLIT_DEPTH = 3;

/** Lines of YAML gathered into one piece. */
const YAML_LINES_PER_PIECE = 256;

/** The entries of an object as JSON.stringify prints them (it leaves out `undefined` and functions). */
function* entriesOf(value: LazyObject | { [key: string]: DocValue }): Iterable<[string, DocValue]> {
  const entries = value instanceof LazyObject ? value.entries() : Object.entries(value);
  for (const entry of entries) {
    if (entry[1] !== undefined && typeof entry[1] !== 'function') yield entry;
  }
}

/** Whether `value` is printed entry by entry at `depth`. */
function splits(value: DocValue, depth: number): value is LazyObject | DocValue[] | { [key: string]: DocValue } {
  return value instanceof LazyObject || (depth < SPLIT_DEPTH && typeof value === 'object' && value !== null);
}

/** JSON, two-space indented, with a final newline: the text of `JSON.stringify(doc, null, 2)` in pieces. */
export function* jsonPieces(doc: DocValue): Iterable<string> {
  yield* jsonValuePieces(doc, '', 0);
  yield '\n';
}

function* jsonValuePieces(value: DocValue, indent: string, depth: number): Iterable<string> {
  if (!splits(value, depth)) {
    // JSON.stringify's text of a nested value is its text alone with every line after the first indented
    // (a string in JSON holds no raw line break, so each '\n' starts a line).
    yield JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
    return;
  }
  const inner = `${indent}  `;
  const array = Array.isArray(value);
  let first = true;
  if (array) {
    for (const item of value) {
      yield first ? `[\n${inner}` : `,\n${inner}`;
      first = false;
      // JSON.stringify prints null for what it cannot print in an array.
      yield* jsonValuePieces(item === undefined || typeof item === 'function' ? null : item, inner, depth + 1);
    }
  } else {
    for (const [key, item] of entriesOf(value)) {
      yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* jsonValuePieces(item, inner, depth + 1);
    }
  }
  yield first ? (array ? '[]' : '{}') : `\n${indent}${array ? ']' : '}'}`;
}

/** JSON, two-space indented, with a final newline. */
export function toJson(doc: DocValue): string {
  return [...jsonPieces(doc)].join('');
}

/** Words a YAML reader would take for something other than a string when left unquoted. */
const YAML_WORDS = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function yamlKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$.-]*$/.test(key) && !YAML_WORDS.test(key) ? key : JSON.stringify(key);
}

function yamlScalar(value: string | number | boolean | null): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function* yamlLines(value: DocValue, indent: string): Iterable<string> {
  const array = Array.isArray(value);
  for (const [key, item] of array ? value.map((item): [string, DocValue] => ['', item]) : entriesOf(value as LazyObject | { [key: string]: DocValue })) {
    const lead = array ? `${indent}- ` : `${indent}${yamlKey(key)}:`;
    const nested = nestedLines(item, `${indent}  `);
    if (!nested) {
      yield `${lead}${array ? '' : ' '}${inline(item)}`;
      continue;
    }
    if (!array) {
      yield lead;
      yield nested.first;
      yield* nested.lines;
      continue;
    }
    // The item's first line goes after the dash; the rest is indented under it.
    yield `${lead}${nested.first.slice(indent.length + 2)}`;
    yield* nested.lines;
  }
}

/** The lines of a value with entries, its first line apart; undefined for a scalar or an empty object or array. */
function nestedLines(value: DocValue, indent: string): { first: string; lines: Iterable<string> } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const lines = yamlLines(value, indent)[Symbol.iterator]();
  const first = lines.next();
  if (first.done) return undefined;
  return { first: first.value, lines: { [Symbol.iterator]: () => lines } };
}

function inline(value: DocValue): string {
  if (Array.isArray(value)) return '[]';
  if (typeof value === 'object' && value !== null) return '{}';
  return yamlScalar(value);
}

/** YAML (block style), with `comment` as a first line `# comment`, in pieces of a few lines. */
export function* yamlPieces(doc: LazyObject | { [key: string]: DocValue }, comment: string): Iterable<string> {
  let lines = [`# ${comment}`];
  for (const line of yamlLines(doc, '')) {
    lines.push(line);
    if (lines.length === YAML_LINES_PER_PIECE) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/** YAML (block style), with `comment` as a first line `# comment`. */
export function toYaml(doc: LazyObject | { [key: string]: DocValue }, comment: string): string {
  return [...yamlPieces(doc, comment)].join('');
}
