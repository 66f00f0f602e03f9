import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments tell the truth about where things are: every file a comment of
 * src/ or scripts/ names exists (the file system is the oracle), and
 * no comment sends the reader to a document that is not in the repository.
 */
const REPO = path.join(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'fixtures'].includes(e.name) ? [] : files(full);
    return /\.(ts|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** The comments of a TypeScript or JavaScript file, with their line, as the TypeScript parser attaches them to the tree. */
function comments(file: string): { line: number; text: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const out: { line: number; text: string }[] = [];
  const seen = new Set<number>();
  const visit = (node: ts.Node): void => {
    for (const ranges of [ts.getLeadingCommentRanges(text, node.pos), ts.getTrailingCommentRanges(text, node.end)]) {
      for (const r of ranges ?? []) {
        if (seen.has(r.pos)) continue;
        seen.add(r.pos);
        out.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const SOURCES = ['src', 'scripts'].flatMap((d) => files(path.join(REPO, d)));
const RELATIVE = /(?<![\w/.])(\.{1,2}\/[\w./-]+\.(?:ts|md|json|hbs|mjs|go|txt))\b/g;
const FROM_ROOT = /(?<![\w/.-])((?:src|docs|test|scripts|schemas)\/[\w./-]+\.(?:ts|md|json|hbs|mjs|go|txt))\b/g;

describe('comments', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const file of SOURCES) {
      for (const c of comments(file)) {
        const where = `${path.relative(REPO, file)}:${c.line}`;
        for (const [, p] of c.text.matchAll(RELATIVE)) if (!fs.existsSync(path.resolve(path.dirname(file), p!))) missing.push(`${where}: ${p}`);
        for (const [, p] of c.text.matchAll(FROM_ROOT)) if (!fs.existsSync(path.join(REPO, p!))) missing.push(`${where}: ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refer to no document outside the repository (DESIGN, the spec)', () => {
    const outside: string[] = [];
    for (const file of SOURCES) {
      for (const c of comments(file)) {
        if (/\bDESIGN\s*§|\bspec\s*(?:§|[NRV]\d)/.test(c.text))
          outside.push(
            `${path.relative(REPO, file)}:${c.line}: ${c.text
              .split('\n')
              .find((l) => /DESIGN|spec/.test(l))!
              .trim()}`,
          );
      }
    }
    expect(outside).toEqual([]);
  });
});
