/**
 * The document as text, JSON or YAML by the output file's extension. Keys
 * keep the order in which ./openapi.ts inserted them, so the same model
 * gives the same bytes. The YAML printer is this small one (block style,
 * every string double-quoted with JSON's escapes, which YAML 1.2 reads the
 * same way) rather than a library, so that the output cannot change with
 * a dependency's version.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** JSON, two-space indented, with a final newline. */
export function toJson(doc: JsonValue): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Words a YAML reader would take for something other than a string when left unquoted. */
const YAML_WORDS = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function yamlKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$.-]*$/.test(key) && !YAML_WORDS.test(key) ? key : JSON.stringify(key);
}

function yamlScalar(value: string | number | boolean | null): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function isEmptyCollection(value: JsonValue): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function yamlLines(value: JsonValue, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'object' || item === null || isEmptyCollection(item)) {
        out.push(`${indent}- ${inline(item)}`);
        continue;
      }
      // The item's first line goes after the dash; the rest is indented under it.
      const nested: string[] = [];
      yamlLines(item, `${indent}  `, nested);
      out.push(`${indent}- ${nested[0]!.slice(indent.length + 2)}`, ...nested.slice(1));
    }
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, JsonValue>)) {
    if (typeof item !== 'object' || item === null || isEmptyCollection(item)) out.push(`${indent}${yamlKey(key)}: ${inline(item)}`);
    else {
      out.push(`${indent}${yamlKey(key)}:`);
      yamlLines(item, `${indent}  `, out);
    }
  }
}

function inline(value: JsonValue): string {
  if (Array.isArray(value)) return '[]';
  if (typeof value === 'object' && value !== null) return '{}';
  return yamlScalar(value);
}

/** YAML (block style), with `comment` as a first line `# comment`. */
export function toYaml(doc: { [key: string]: JsonValue }, comment: string): string {
  const out = [`# ${comment}`];
  yamlLines(doc, '', out);
  return `${out.join('\n')}\n`;
}
