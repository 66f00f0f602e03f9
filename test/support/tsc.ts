import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './golden';
import { withVerifyingFacade } from '../../src/emit/client/zod-facade';

/** The strictest options a user of the generated client may have. */
export const STRICT = {
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

/** STRICT for a Node project (Node types only), resolving zod from this repository. */
export const STRICT_NODE = {
  ...STRICT,
  lib: ['ES2022'],
  types: ['node'],
  typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')],
  skipLibCheck: true,
  baseUrl: REPO_ROOT,
  paths: { zod: ['node_modules/zod'], 'zod/mini': ['node_modules/zod/mini'] },
};

/**
 * Runs tsc on `files` (paths relative to the repository, or absolute) and
 * returns its errors about `files` (the code they import is checked by its
 * own tsconfig). One tsc run for many files: that is what keeps it cheap.
 */
export function tsc(compilerOptions: object, files: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-tsc-'));
  const config = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(config, JSON.stringify({ compilerOptions, files: files.map((f) => path.resolve(REPO_ROOT, f)) }, null, 2));
  try {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'], {
      encoding: 'utf8',
      stdio: 'pipe',
      cwd: REPO_ROOT,
    });
    return [];
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    const output = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    // tsc names files relative to its working directory: make them absolute, then keep the lines about `files`.
    const wanted = new Set(files.map((f) => path.resolve(REPO_ROOT, f)));
    const ours = output
      .split('\n')
      .map((line) => line.replace(/^([^(\n]+)(?=\(\d+,\d+\): )/, (file) => path.resolve(REPO_ROOT, file)))
      .filter((line) => [...wanted].some((f) => line.startsWith(`${f}(`)));
    // A failure that names none of our files (bad options, a crash) must not pass silently.
    return ours.length > 0 || output.includes('): error') ? ours : [output];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes beside a generated client (`x.ts`) its copy with the verifying zod
 * facade (`x.verify.ts`), where tsc checks every schema against its
 * TypeScript type, and returns the copy's path: type-check both in one run.
 */
export function verifyingCopy(client: string): string {
  const copy = client.replace(/\.ts$/, '.verify.ts');
  fs.writeFileSync(copy, withVerifyingFacade(fs.readFileSync(client, 'utf8')));
  return copy;
}
