import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';

/**
 * The golden clients type-check with the strictest options a user may
 * have (DESIGN §7): `strict`, `exactOptionalPropertyTypes`,
 * `noUncheckedIndexedAccess`, `noImplicitOverride`, `verbatimModuleSyntax`,
 * once with the browser's DOM types and once with Node's types only. The
 * Node pass also checks the end-to-end test, whose code uses the results
 * the way an application would (narrowing on status).
 */
const GOLDEN_CLIENTS = ['fixtures/example/web/src/api/client.ts', 'fixtures/client-kinds/client.ts', 'fixtures/json-oracle/web/client.ts'];

const STRICT = {
  strict: true,
  noEmit: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
};

/** Runs tsc on `files` and returns its errors about `files` (the code they import is the project's own, checked by its own tsconfig). */
function tsc(compilerOptions: object, files: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-tsc-'));
  const config = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(config, JSON.stringify({ compilerOptions, files: files.map((f) => path.join(REPO_ROOT, f)) }, null, 2));
  try {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'], { encoding: 'utf8', stdio: 'pipe' });
    return [];
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    const output = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    const ours = output.split('\n').filter((line) => files.some((f) => line.includes(f)));
    // A failure that names none of our files (bad options, a crash) must not pass silently.
    return ours.length > 0 || output.includes('): error') ? ours : [output];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('golden TypeScript clients type-check under strict options', () => {
  it('in a browser project (lib DOM, no Node types, library types checked too)', () => {
    expect(tsc({ ...STRICT, lib: ['ES2022', 'DOM'], types: [] }, GOLDEN_CLIENTS)).toEqual([]);
  });

  it('in a Node project (Node types only), with the end-to-end test as a typed user', () => {
    const options = { ...STRICT, lib: ['ES2022'], types: ['node'], typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')], skipLibCheck: true };
    expect(tsc(options, [...GOLDEN_CLIENTS, 'test/e2e/client.e2e.test.ts'])).toEqual([]);
  });
});
