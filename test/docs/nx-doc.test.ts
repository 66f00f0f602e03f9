import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginOptionsSchema } from '../../src/nx/plugin-options';
import { type ObjectSchema, schemaTable } from './support/schema-table';

/**
 * docs/nx.md is checked against what Nx itself reads: executors.json,
 * generators.json, each schema.json (options, types, defaults, descriptions)
 * and the plugin's options schema, so the page cannot drift from them.
 */
const repo = path.join(__dirname, '../..');
const page = fs.readFileSync(path.join(repo, 'docs/nx.md'), 'utf8');

interface Entry {
  schema: string;
  description: string;
}
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(repo, file), 'utf8')) as T;
const executors = readJson<{ executors: Record<string, Entry> }>('executors.json').executors;
const generators = readJson<{ generators: Record<string, Entry> }>('generators.json').generators;

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(heading: string): string | undefined {
  const lines = page.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return undefined;
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The option names in the first column of a section's table rows. */
function tableOptions(text: string): string[] {
  return [...text.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]!);
}

/** The schema.json in src/ that the shipped entry (./dist/…/schema.json) is copied from. */
function sourceSchema(entry: Entry): ObjectSchema {
  return readJson<ObjectSchema>(entry.schema.replace('./dist/', 'src/'));
}

describe('docs/nx.md', () => {
  for (const [kind, entries] of [
    ['executor', executors],
    ['generator', generators],
  ] as const) {
    for (const [name, entry] of Object.entries(entries)) {
      it(`documents the ${kind} fw:${name} exactly as its schema.json declares it`, () => {
        const text = section(`### \`fw:${name}\``);
        expect(text, `docs/nx.md has no "### \`fw:${name}\`" section`).toBeDefined();
        const schema = sourceSchema(entry);
        const documented = tableOptions(text!);
        const declared = Object.keys(schema.properties);
        expect({ missingFromDocs: declared.filter((o) => !documented.includes(o)), notInSchema: documented.filter((o) => !declared.includes(o)) }).toEqual({
          missingFromDocs: [],
          notInSchema: [],
        });
        expect(text).toContain(entry.description);
        // Types, defaults and descriptions too: the table is exactly the one rendered from the schema.
        expect(text).toContain(schemaTable(schema));
      });
    }
  }

  it('documents exactly the plugin options of nx.json, with their defaults', () => {
    const text = section('## The plugin') ?? '';
    const rows = [...text.matchAll(/^\| `([A-Za-z]+)` \| (`[^`]*`|—) \|/gm)].map((m) => [m[1]!, m[2]!] as const);
    const defaults = pluginOptionsSchema.parse({}) as Record<string, unknown>;
    const declared = Object.keys(pluginOptionsSchema.shape);
    expect(rows.map(([o]) => o)).toEqual(declared);
    for (const [option, shown] of rows)
      expect({ option, shown }).toEqual({ option, shown: defaults[option] === undefined ? '—' : `\`${String(defaults[option])}\`` });
  });

  it('lists the inferred targets under their default names', () => {
    const text = section('## Inferred targets') ?? '';
    const defaults = pluginOptionsSchema.parse({}) as Record<string, unknown>;
    const names = Object.keys(defaults)
      .filter((k) => k.endsWith('TargetName'))
      .map((k) => String(defaults[k]));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(text).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('finds a changed description, default or extra row', () => {
    const schema: ObjectSchema = { properties: { zod: { type: 'string', enum: ['classic', 'mini'], default: 'classic', description: 'a | b' } } };
    const table = schemaTable(schema);
    expect(table).toContain('| `zod` | `classic` \\| `mini` | `"classic"` | a \\| b |');
    expect(schemaTable({ ...schema, properties: { zod: { ...schema.properties.zod!, default: 'mini' } } })).not.toBe(table);
    expect(tableOptions(`${table}\n| \`extra\` | string | — | x |`)).toEqual(['zod', 'extra']);
  });
});
