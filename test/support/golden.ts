import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { hasGeneratedHeader } from '../../src/workspace/generated-header';

/** `UPDATE_GOLDEN=1 npm test` rewrites golden files instead of comparing (review the diff like code). */
export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const FIXTURES = path.join(REPO_ROOT, 'fixtures');

/** Compares `actual` with the golden file, or rewrites it under UPDATE_GOLDEN=1. */
export function expectGoldenFile(file: string, actual: string): void {
  if (UPDATE_GOLDEN) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== actual) fs.writeFileSync(file, actual);
    return;
  }
  if (!fs.existsSync(file)) throw new Error(`golden file ${path.relative(REPO_ROOT, file)} is missing; run UPDATE_GOLDEN=1 npm test to create it`);
  expect(actual, `${path.relative(REPO_ROOT, file)} differs from the generated output (UPDATE_GOLDEN=1 refreshes it)`).toBe(fs.readFileSync(file, 'utf8'));
}

/** Line 2 of a file of the fwhttp runtime package, which `fw init` scaffolds (test/runtime/scaffold.test.ts keeps those). */
const RUNTIME_HASH_LINE = /^\/\/ fw:runtime-hash /;

/**
 * The golden files under `dir`: every file carrying fw's generated mark (as
 * the writer reads it), except the scaffolded runtime package.
 */
export function goldenFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(full);
        continue;
      }
      const text = fs.readFileSync(full, 'utf8');
      if (hasGeneratedHeader(text) && !RUNTIME_HASH_LINE.test(text.split('\n', 2)[1] ?? '')) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

/** The golden files under `dir` that are not in `produced` (absolute paths). */
export function staleGoldens(dir: string, produced: Iterable<string>): string[] {
  const wanted = new Set(produced);
  return goldenFiles(dir).filter((f) => !wanted.has(f));
}

/**
 * Fails on golden files under `dir` that no generator produced (`produced`:
 * absolute paths), or deletes them under UPDATE_GOLDEN=1: a golden file of an
 * output that is gone would otherwise pass forever.
 */
export function expectNoStaleGoldens(dir: string, produced: Iterable<string>): void {
  const stale = staleGoldens(dir, produced);
  if (UPDATE_GOLDEN) {
    for (const f of stale) fs.rmSync(f);
    return;
  }
  expect(
    stale.map((f) => path.relative(REPO_ROOT, f)),
    'golden files that no generator produces any more (delete them, or UPDATE_GOLDEN=1 deletes them)',
  ).toEqual([]);
}
