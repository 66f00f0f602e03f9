import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';

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
  expect(actual, `${path.relative(REPO_ROOT, file)} differs from the generated output (UPDATE_GOLDEN=1 refreshes it)`).toBe(
    fs.readFileSync(file, 'utf8'),
  );
}
