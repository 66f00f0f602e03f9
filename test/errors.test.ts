import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGoldenFile, FIXTURES } from './support/golden';
import { copyFixture, runFw, snapshotTree } from './support/workspace';

/**
 * Bad input: each fixtures/errors/<case>/ is a Go workspace with one kind of
 * mistake; expected-diagnostics.txt holds what `fw g router` must print
 * (UPDATE_GOLDEN=1 rewrites it). Every case must exit 1, print only
 * compiler-style diagnostics, and leave every file as it was.
 */
const ERRORS = path.join(FIXTURES, 'errors');
const cases = fs.readdirSync(ERRORS).filter((n) => fs.statSync(path.join(ERRORS, n)).isDirectory()).sort();
const DIAGNOSTIC = /^[^\s:]+\.(go|json):\d+:\d+: (error|warning|note): .+$/;

describe('bad input', () => {
  it('has at least 25 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of cases) {
    it(name, async () => {
      const dir = copyFixture(`errors/${name}`);
      fs.rmSync(path.join(dir, 'expected-diagnostics.txt'), { force: true });
      const before = snapshotTree(dir);
      const run = await runFw(['g', 'router', '--cwd', dir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n');
      const summary = lines.pop();
      expect(summary).toMatch(/^fw g router: \d+ errors?, \d+ warnings?; nothing was written$/);
      for (const line of lines) expect(line).toMatch(DIAGNOSTIC);
      // Every error and warning ends with its code (docs/diagnostics.md); notes belong to the line above.
      for (const line of lines) if (!line.includes(': note: ')) expect(line).toMatch(/ \[FW\d{4}\]$/);
      expect(lines.some((l) => l.includes(': error: ') && /\(.+\) \[FW\d{4}\]$/.test(l))).toBe(true);
      expect(snapshotTree(dir)).toEqual(before);
      expectGoldenFile(path.join(ERRORS, name, 'expected-diagnostics.txt'), `${run.stderr}\n`);
    });
  }
});
