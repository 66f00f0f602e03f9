import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratorName } from '../src/generate';
import { expectGoldenFile, FIXTURES } from './support/golden';
import { copyFixture, runFw, snapshotTree } from './support/workspace';

/**
 * Bad input: each fixtures/errors/<case>/ is a Go workspace with one kind of
 * mistake, and every generator runs on it. expected-diagnostics.txt holds, per
 * generator, what it must print (UPDATE_GOLDEN=1 rewrites it). The router reads
 * every root, so it fails on every case; a generator that fails must exit 1,
 * print only compiler-style diagnostics, and leave every file as it was. A
 * generator that the mistake does not concern (the client beside a hand-written
 * router.go) exits 0, and the file says so.
 */
const ERRORS = path.join(FIXTURES, 'errors');
const cases = fs
  .readdirSync(ERRORS)
  .filter((n) => fs.statSync(path.join(ERRORS, n)).isDirectory())
  .sort();
const DIAGNOSTIC = /^[^\s:]+\.(go|json):\d+:\d+: (error|warning|note): .+$/;
/** Each generator's command, with the output file it needs. */
const COMMANDS: Record<GeneratorName, string[]> = {
  router: ['g', 'router'],
  'url-helper': ['g', 'url-helper'],
  // With --query: the query helpers go with the client, and bad input stops both.
  client: ['g', 'client', '--file', 'web/client.ts', '--query'],
  openapi: ['g', 'openapi', '--file', 'web/openapi.json'],
};

describe('bad input', () => {
  it('has at least 25 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of cases) {
    it(name, async () => {
      const sections: string[] = [];
      for (const [generator, args] of Object.entries(COMMANDS)) {
        const dir = copyFixture(`errors/${name}`);
        fs.rmSync(path.join(dir, 'expected-diagnostics.txt'), { force: true });
        const before = snapshotTree(dir);
        const run = await runFw([...args, '--cwd', dir]);
        const after = snapshotTree(dir);
        fs.rmSync(dir, { recursive: true, force: true });
        sections.push(`$ fw ${args.join(' ')}`);
        if (generator === 'router') expect(run.code, 'the router reads every root: it must fail on every case').toBe(1);
        if (run.code === 0) {
          sections.push('exit 0 (this mistake does not concern it)', '');
          continue;
        }
        expect(run.code, run.stderr).toBe(1);
        expect(run.stdout).toBe('');
        expect(after, 'a failing run writes nothing').toEqual(before);
        const lines = run.stderr.split('\n');
        const summary = lines.pop();
        expect(summary).toMatch(new RegExp(`^fw g ${generator}: \\d+ errors?, \\d+ warnings?; nothing was written$`));
        for (const line of lines) expect(line).toMatch(DIAGNOSTIC);
        // Every error and warning ends with its code (docs/diagnostics.md); notes belong to the line above.
        for (const line of lines) if (!line.includes(': note: ')) expect(line).toMatch(/ \[FW\d{4}\]$/);
        expect(lines.some((l) => l.includes(': error: ') && /\(.+\) \[FW\d{4}\]$/.test(l))).toBe(true);
        sections.push(run.stderr, '');
      }
      expectGoldenFile(path.join(ERRORS, name, 'expected-diagnostics.txt'), sections.join('\n'));
    });
  }
});
