import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/cli/command';
import { commands } from '../../src/cli/main';
import { OUTPUT_FORMATS } from '../../src/diagnostics/run-report';

/**
 * docs/cli.md is checked against the CLI's own option definitions (the
 * parseArgs configs of src/cli), so a flag added to a command without a docs
 * row, or a row left behind for a flag that is gone, fails here.
 */
const page = fs.readFileSync(path.join(__dirname, '../../docs/cli.md'), 'utf8');

/** The `## ` sections of the page by heading text. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = markdown.split(/^## /m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    out.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return out;
}

/** The flags a section documents: every `--flag` or `-f` that opens a code span in the first cell of a table row. */
function documentedFlags(section: string): string[] {
  const flags: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `-')) continue;
    const firstCell = line.slice(1).split(/(?<!\\)\|/)[0]!;
    for (const m of firstCell.matchAll(/`(--?[a-z][a-z-]*)/g)) flags.push(m[1]!);
  }
  return flags;
}

/** Every spelling a command accepts: `--name` for each option, `-x` for each short form. */
function definedFlags(command: Command): string[] {
  return Object.entries(command.options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
}

const bySection = sections(page);
const SHARED = 'Options of every `fw g` command';

describe('docs/cli.md', () => {
  it('has a section per command and the section of the options every fw g command shares', () => {
    const headings = [...bySection.keys()];
    for (const c of commands) expect(headings).toContain(`\`fw ${c.words.join(' ')}\``);
    expect(headings).toContain(SHARED);
  });

  for (const command of commands) {
    const name = `fw ${command.words.join(' ')}`;
    it(`documents exactly the flags ${name} defines`, () => {
      const own = bySection.get(`\`${name}\``) ?? '';
      const shared = command.words[0] === 'g' ? (bySection.get(SHARED) ?? '') : '';
      const documented = new Set([...documentedFlags(own), ...documentedFlags(shared)]);
      const defined = new Set(definedFlags(command));
      expect({ command: name, missingFromDocs: [...defined].filter((f) => !documented.has(f)).sort() }).toEqual({ command: name, missingFromDocs: [] });
      expect({ command: name, notDefined: [...documented].filter((f) => !defined.has(f)).sort() }).toEqual({ command: name, notDefined: [] });
    });
  }

  it('lists every command in the synopsis', () => {
    const synopsis = /```sh no-run\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    for (const c of commands) expect(synopsis).toContain(`fw ${c.words.join(' ')} `);
  });

  it('names the values --format and --zod take as the CLI checks them', () => {
    const rows = page.split('\n').filter((l) => l.startsWith('| `--format') || l.startsWith('| `--zod'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.filter((l) => l.startsWith('| `--format'))) expect(row).toContain(`<${OUTPUT_FORMATS.join('\\|')}>`);
    for (const row of rows.filter((l) => l.startsWith('| `--zod'))) expect(row).toContain('<classic\\|mini>');
  });

  it('reads flags from table rows only, including escaped pipes and short forms', () => {
    const rows = ['| option | meaning |', '| `-q`, `--quiet` | x |', '| `--format <text\\|json>` | `--not-this` |', 'text `--nor-this`'].join('\n');
    expect(documentedFlags(rows)).toEqual(['-q', '--quiet', '--format']);
  });
});
