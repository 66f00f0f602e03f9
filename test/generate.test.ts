import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, type GenerateOptions, type GenerateResult, readWorkspace } from '../src/generate';
import { FIXTURES } from './support/golden';
import { syntheticWorkspace } from '../scripts/bench-workspaces.mjs';
import { copyFixture, runFw, snapshotTree } from './support/workspace';

/**
 * Whatever way the Go files are read — on one thread or several, from the
 * parse cache or parsed afresh, by one generator at a time or by `g all` —
 * generation gives byte for byte the same files and the same diagnostics.
 */

const COMPILED = path.join(__dirname, '../dist/generate.js');

/** What a run produced, in a form two runs can be compared by. */
function outcome(result: GenerateResult): { files: [string, string][]; diagnostics: string[] } {
  return {
    files: result.files.map((f) => [f.path, f.contents]),
    diagnostics: result.diagnostics.map((d) => `${d.pos?.file ?? ''}:${d.pos?.line ?? ''}:${d.pos?.col ?? ''} ${d.severity} ${d.message}`),
  };
}

const everyGenerator = (cwd: string, extra: Partial<GenerateOptions> = {}): GenerateOptions => ({
  cwd,
  generators: ['router', 'url-helper', 'client'],
  clientFile: 'web/src/api/client.ts',
  ...extra,
});

describe('the parse cache', () => {
  it('gives byte-identical outputs and diagnostics without it, with a cold cache and with a warm one', async () => {
    const ws = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const without = outcome(await generate(everyGenerator(ws)));
    expect(without.files.length).toBeGreaterThan(3);
    const cold = outcome(await generate(everyGenerator(ws, { cacheDir })));
    expect(fs.readdirSync(cacheDir).length).toBeGreaterThan(0);
    const warm = outcome(await generate(everyGenerator(ws, { cacheDir })));
    expect(cold).toEqual(without);
    expect(warm).toEqual(without);
  });

  it('follows an edit: a warm cache gives what a fresh run gives after a file changed', async () => {
    const ws = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    await generate(everyGenerator(ws, { cacheDir }));
    const file = path.join(ws, 'internal/v1handler/handler_users.go');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('path=/users/{id} ', 'path=/people/{id} '));
    const cached = outcome(await generate(everyGenerator(ws, { cacheDir })));
    expect(cached.files.some(([, c]) => c.includes('/people/{id}'))).toBe(true);
    expect(cached).toEqual(outcome(await generate(everyGenerator(ws))));
  });

  it('gives the same diagnostics from a warm cache for a workspace with errors', async () => {
    const ws = copyFixture('example');
    const file = path.join(ws, 'internal/v1handler/handler_users.go');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('method=GET', 'method=FETCH'));
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const without = outcome(await generate(everyGenerator(ws)));
    expect(without.diagnostics.some((d) => d.includes('error'))).toBe(true);
    await generate(everyGenerator(ws, { cacheDir }));
    expect(outcome(await generate(everyGenerator(ws, { cacheDir })))).toEqual(without);
  });
});

describe('parse workers', () => {
  it('give byte-identical outputs: the compiled package (worker threads) and the sources (one thread)', async () => {
    if (!fs.existsSync(COMPILED)) throw new Error(`${COMPILED} is missing: run \`npm run build\` first (npm test does)`);
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-workers-'));
    // 220 files: above the threshold from which the compiled package parses on worker threads.
    const made = syntheticWorkspace(ws, { routes: 4400, roots: 2 }) as { files: number };
    expect(made.files).toBeGreaterThanOrEqual(200);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiled = require(COMPILED) as { generate: typeof generate };
    const options = everyGenerator(ws, { clientFile: 'web/client.ts' });
    const several = outcome(await compiled.generate(options));
    const one = outcome(await generate(options));
    expect(several.files).toHaveLength(2 * 3 + 1);
    expect(several).toEqual(one);
  });
});

describe('fw g all', () => {
  it('writes what fw g router, fw g url-helper and fw g client write, byte for byte', async () => {
    const one = copyFixture('example');
    const all = copyFixture('example');
    for (const args of [['g', 'router'], ['g', 'url-helper'], ['g', 'client', '--file', 'web/src/api/client.ts']]) {
      expect((await runFw([...args, '--cwd', one, '--no-cache'])).code).toBe(0);
    }
    const run = await runFw(['g', 'all', '--file', 'web/src/api/client.ts', '--cwd', all, '--no-cache']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^fw g all: 2 roots \(internal\/v1handler, [^)]+\), \d+ routes; \d+ written, \d+ unchanged in \d+ ms$/m);
    const contents = (dir: string) => new Map([...snapshotTree(dir)].map(([f, { contents }]) => [f, contents]));
    expect(contents(all)).toEqual(contents(one));
  });

  it('without --file writes the router and the URL helper only; --check then passes', async () => {
    const ws = copyFixture('example');
    const client = path.join(ws, 'web/src/api/client.ts');
    const before = fs.existsSync(client) ? fs.readFileSync(client, 'utf8') : undefined;
    expect((await runFw(['g', 'all', '--cwd', ws])).code).toBe(0);
    expect(fs.existsSync(path.join(ws, 'internal/v1handler/urlhelper/urlhelper.go'))).toBe(true);
    expect(fs.existsSync(client) ? fs.readFileSync(client, 'utf8') : undefined).toBe(before);
    expect(await runFw(['g', 'all', '--cwd', ws, '--check'])).toMatchObject({ code: 0 });
  });

  it('--check lists a stale file and names fw g all as the fix', async () => {
    const ws = copyFixture('example');
    expect((await runFw(['g', 'all', '--cwd', ws])).code).toBe(0);
    const router = path.join(ws, 'internal/v1handler/router.go');
    fs.appendFileSync(router, '\n');
    const run = await runFw(['g', 'all', '--cwd', ws, '--check']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('internal/v1handler/router.go: stale (run fw g all to update it)');
  });

  it('--cache-dir puts the parse cache there, and the outputs are the same as with --no-cache', async () => {
    const cached = copyFixture('example');
    const plain = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    for (let i = 0; i < 2; i++) expect((await runFw(['g', 'all', '--file', 'web/client.ts', '--cwd', cached, '--cache-dir', cacheDir])).code).toBe(0);
    expect(fs.readdirSync(cacheDir).length).toBeGreaterThan(0);
    expect((await runFw(['g', 'all', '--file', 'web/client.ts', '--cwd', plain, '--no-cache'])).code).toBe(0);
    const contents = (dir: string) => new Map([...snapshotTree(dir)].map(([f, { contents }]) => [f, contents]));
    expect(contents(cached)).toEqual(contents(plain));
  });
});

describe('readWorkspace (what the Nx plugin computes inputs from)', () => {
  it.each([['example'], ['nx-workspace/apps/api'], ['client-kinds']])(
    'reads, without emitting, exactly the Go packages that generating everything reads (%s)',
    async (fixture) => {
      const cwd = path.join(FIXTURES, fixture);
      const loaded = (r: Pick<GenerateResult, 'model'>) => [...(r.model?.program.loaded.values() ?? [])].map((p) => p.dir).sort();
      const read = await readWorkspace({ cwd });
      const generated = await generate({ cwd, generators: ['router', 'url-helper', 'client'], clientFile: 'client.ts' });
      expect(generated.files.length).toBeGreaterThan(0);
      expect(loaded(read).length).toBeGreaterThan(1);
      expect(loaded(read)).toEqual(loaded(generated));
    },
  );
});
