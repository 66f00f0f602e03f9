import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_STAGES, DIAGNOSTIC_CODES, type DiagnosticCode } from '../../src/diagnostics/codes';

/**
 * The code table (src/diagnostics/codes.ts) is the one source of every
 * diagnostic's code; docs/diagnostics.md shows it between two markers. This
 * test keeps them the same (UPDATE_DOCS=1 rewrites the docs' table), and
 * keeps every code used in src/ and written in its stage's range.
 */

const ROOT = path.join(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'diagnostics.md');
const START = '<!-- codes:start (generated from src/diagnostics/codes.ts; refresh with UPDATE_DOCS=1 npx vitest run test/diagnostics/codes.test.ts) -->';
const END = '<!-- codes:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function table(): string {
  const rows = ['| Code | Severity | What it means | How to fix it | Example |', '| --- | --- | --- | --- | --- |'];
  let stage = '';
  for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
    const s = CODE_STAGES[code[2]!]!;
    if (s !== stage) rows.push(`| **${s}** | | | | |`);
    stage = s;
    rows.push(`| <a id="${code}"></a>${code} | ${info.severity} | ${cell(info.meaning)} | ${cell(info.fix)} | ${cell(info.example)} |`);
  }
  return rows.join('\n');
}

function sourceText(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !(e.parentPath === path.join(ROOT, 'src', 'diagnostics') && e.name === 'codes.ts'))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('diagnostic codes', () => {
  const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

  it('are FW + 4 digits, numbered inside the range of a stage, in order', () => {
    for (const code of codes) {
      expect(code).toMatch(/^FW[1-9]\d{3}$/);
      expect(CODE_STAGES[code[2]!], code).toBeDefined();
    }
    expect([...codes].sort()).toEqual(codes);
  });

  it('are each used by some diagnostic in src/, and only known codes are', () => {
    const src = sourceText(path.join(ROOT, 'src'));
    const used = new Set([...src.matchAll(/'(FW\d{4})'/g)].map((m) => m[1]!));
    expect(
      codes.filter((c) => !used.has(c)),
      'codes in the table that no diagnostic uses',
    ).toEqual([]);
    expect(
      [...used].filter((c) => !(c in DIAGNOSTIC_CODES)),
      'codes used but missing from the table',
    ).toEqual([]);
  });

  it('have a meaning, a fix and an example each, and no two share a meaning', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      for (const field of [info.meaning, info.fix, info.example]) expect(field.trim().length, code).toBeGreaterThan(3);
    }
    const meanings = Object.values(DIAGNOSTIC_CODES).map((i) => i.meaning);
    expect(new Set(meanings).size).toBe(meanings.length);
  });

  it('are documented in docs/diagnostics.md, exactly as the table says', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/diagnostics.md lacks the marker ${START}`).toBeGreaterThanOrEqual(0);
    const expected = `${doc.slice(0, start + START.length)}\n${table()}\n${doc.slice(end)}`;
    if (process.env.UPDATE_DOCS) fs.writeFileSync(DOC, expected);
    expect(doc).toBe(expected);
    // Each code once in the table: a hand edit that duplicates a row fails too.
    for (const code of codes) expect(doc.split(`<a id="${code}"></a>`).length - 1, code).toBe(1);
  });
});
