/**
 * The options table docs/nx.md shows for one executor's or generator's
 * schema.json, rendered from the schema itself so that the page and the
 * schema cannot drift apart (test/docs/nx-doc.test.ts compares them).
 */
export interface OptionSchema {
  type?: string;
  enum?: unknown[];
  items?: { type?: string };
  default?: unknown;
  description?: string;
  'x-priority'?: string;
}

export interface ObjectSchema {
  properties: Record<string, OptionSchema>;
  required?: string[];
}

function typeOf(o: OptionSchema): string {
  if (o.enum) return o.enum.map((v) => `\`${String(v)}\``).join(' \\| ');
  if (o.type === 'array') return `${o.items?.type ?? 'unknown'}[]`;
  return o.type ?? 'unknown';
}

function defaultOf(name: string, o: OptionSchema, required: string[]): string {
  if (required.includes(name)) return 'required';
  return o.default === undefined ? '—' : `\`${JSON.stringify(o.default)}\``;
}

/** One Markdown table row per option, in the schema's order; `|` in descriptions escaped. */
export function schemaTable(schema: ObjectSchema): string {
  const required = schema.required ?? [];
  const rows = Object.entries(schema.properties).map(
    ([name, o]) => `| \`${name}\` | ${typeOf(o)} | ${defaultOf(name, o, required)} | ${(o.description ?? '').replace(/\|/g, '\\|')} |`,
  );
  return ['| option | type | default | description |', '|---|---|---|---|', ...rows].join('\n');
}
