import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, type GenerateOptions, type GenerateResult } from '../src/generate';
import { syntheticWorkspace } from '../scripts/bench-workspaces.mjs';
import { copyFixture, makeWorkspace, runFw, snapshotTree } from './support/workspace';

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
  options: { client: { file: 'web/src/api/client.ts' } },
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
  it('give byte-identical outputs: the compiled package (worker threads; no cache, cold and warm cache) and the sources (one thread)', async () => {
    if (!fs.existsSync(COMPILED)) throw new Error(`${COMPILED} is missing: run \`npm run build\` first (npm test does)`);
    // 220 files: above the threshold from which the compiled package parses on worker threads.
    const made = syntheticWorkspace({ routes: 4400, roots: 2 }) as { dir: string; files: number };
    const ws = made.dir;
    expect(made.files).toBeGreaterThanOrEqual(200);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiled = require(COMPILED) as { generate: typeof generate };
    // The Go outputs only: the client adds time, not coverage of how files were parsed.
    const options: GenerateOptions = { cwd: ws, generators: ['router', 'url-helper'] };
    const several = outcome(await compiled.generate(options));
    const one = outcome(await generate(options));
    expect(several.files).toHaveLength(2 * 3);
    expect(several).toEqual(one);
    // With the parse cache: the workers parse and store every file, then this thread reads them all from the cache.
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    expect(outcome(await compiled.generate({ ...options, cacheDir }))).toEqual(one);
    expect(fs.readdirSync(cacheDir).length).toBeGreaterThan(0);
    expect(outcome(await compiled.generate({ ...options, cacheDir }))).toEqual(one);
  });
});

describe('fw g all', () => {
  it('writes what fw g router, fw g url-helper and fw g client write, byte for byte', async () => {
    const one = copyFixture('example');
    const all = copyFixture('example');
    for (const args of [
      ['g', 'router'],
      ['g', 'url-helper'],
      ['g', 'client', '--file', 'web/src/api/client.ts'],
    ]) {
      expect((await runFw([...args, '--cwd', one, '--no-cache'])).code).toBe(0);
    }
    const run = await runFw(['g', 'all', '--file', 'web/src/api/client.ts', '--cwd', all, '--no-cache']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^fw g all: 0 errors, 0 warnings; 2 roots \(internal\/v1handler, [^)]+\), \d+ routes; \d+ written, \d+ unchanged in \d+ ms$/m);
    const contents = (dir: string) => new Map([...snapshotTree(dir)].map(([f, { contents }]) => [f, contents]));
    expect(contents(all)).toEqual(contents(one));
  });

  it('with --openapi also writes what fw g openapi writes (YAML too), byte for byte', async () => {
    const one = copyFixture('example');
    const all = copyFixture('example');
    const doc = ['--title', 'Shop API', '--version', '1.0.0', '--server', 'http://127.0.0.1:8080', '--server', 'https://api.example.com'];
    for (const file of ['web/src/api/openapi.json', 'web/openapi.yaml']) {
      expect((await runFw(['g', 'openapi', '--file', file, ...doc, '--cwd', one, '--no-cache'])).code).toBe(0);
      const run = await runFw(['g', 'all', '--openapi', file, ...doc, '--cwd', all, '--no-cache']);
      expect(run.code).toBe(0);
      expect(fs.readFileSync(path.join(all, file), 'utf8')).toBe(fs.readFileSync(path.join(one, file), 'utf8'));
    }
    expect((await runFw(['g', 'all', '--openapi', 'web/openapi.yaml', ...doc, '--cwd', all, '--check'])).code).toBe(0);
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
    expect(run.stderr).toContain(`internal/v1handler/router.go: stale (run fw g all --cwd ${ws} to update it)`);
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

describe('a run with nothing to do (the run record beside the parse cache)', () => {
  const CLIENT = 'web/src/api/client.ts';
  const all = ['g', 'all', '--file', CLIENT];
  /** Runs fw g all with the cache; says whether the run was skipped (it then prints no per-file lines and parses nothing). */
  async function cachedRun(ws: string, cacheDir: string, ...extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return runFw([...all, '--cwd', ws, '--cache-dir', cacheDir, ...extra]);
  }
  /** The oracle: a fresh run without any cache finds every output up to date. */
  async function expectFresh(ws: string): Promise<void> {
    const check = await runFw([...all, '--cwd', ws, '--no-cache', '--check']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  }

  it('skips parsing and emitting when inputs and outputs are as the last run left them, and says the same', async () => {
    const ws = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const first = await cachedRun(ws, cacheDir);
    expect(first.code).toBe(0);
    const { generateAndWrite } = await import('../src/generate');
    const options = everyGenerator(ws, { options: { client: { file: CLIENT } }, cacheDir });
    const skipped = await generateAndWrite(options, {});
    expect(skipped.result.timings).toEqual([]);
    expect(skipped.report?.written).toEqual([]);
    const full = await generateAndWrite(everyGenerator(ws, { options: { client: { file: CLIENT } } }), {});
    expect(full.result.timings.length).toBeGreaterThan(0);
    expect([...(skipped.report?.unchanged ?? [])].sort()).toEqual([...(full.report?.unchanged ?? [])].sort());
    expect(skipped.result.summary).toEqual(full.result.summary);
    expect(skipped.diagnostics).toEqual(full.diagnostics);
    const again = await cachedRun(ws, cacheDir);
    expect(again.stdout.replace(/in \d+ ms/, '')).toBe(
      first.stdout
        .replace(/in \d+ ms/, '')
        .replace(/^wrote .*\n/gm, '')
        .replace(/\d+ written, \d+ unchanged/, '0 written, 7 unchanged'),
    );
    expect((await cachedRun(ws, cacheDir, '--check')).code).toBe(0);
  });

  it("is keyed by the go command PATH finds, not by PATH: a package manager's shims folder keeps it, another go does not", async () => {
    const ws = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const { generateAndWrite } = await import('../src/generate');
    const withPath = (first: string) =>
      everyGenerator(ws, { options: { client: { file: CLIENT } }, cacheDir, env: { ...process.env, PATH: `${first}${path.delimiter}${process.env.PATH}` } });
    // As `yarn run` does on every run: a fresh folder of shims (no go among them) in front of PATH.
    const shims = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fw-shims-'));
    expect((await generateAndWrite(withPath(shims()), {})).result.timings.length).toBeGreaterThan(0);
    expect((await generateAndWrite(withPath(shims()), {})).result.timings).toEqual([]);
    const otherGo = shims();
    fs.writeFileSync(path.join(otherGo, process.platform === 'win32' ? 'go.exe' : 'go'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    expect((await generateAndWrite(withPath(otherGo), {})).result.timings.length).toBeGreaterThan(0);
  });

  it('a built fw keys the parse cache and the run record by its build (dist/build-id.txt), not only by its version', async () => {
    const id = fs.readFileSync(path.join(__dirname, '../dist/build-id.txt'), 'utf8').trim();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const { cacheSalt } = (await import(path.join(__dirname, '../dist/go/read-go-file.js'))) as { cacheSalt: () => string };
    const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string }).version;
    expect(cacheSalt()).toMatch(new RegExp(`^fw ${version.replaceAll('.', '\\.')} build ${id} cache \\d+$`));
  });

  it.each([
    [
      'an edited handler file',
      (ws: string) =>
        fs.appendFileSync(path.join(ws, 'internal/v1handler/handler_users.go'), '\n// fw:http_route path=/late\nfunc Late() http.HandlerFunc { return nil }\n'),
    ],
    [
      'an edited type file',
      (ws: string) => {
        const f = path.join(ws, 'internal/models/models.go');
        fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace(/struct \{/, 'struct {\n\tRecorded string `json:"recorded"`'));
      },
    ],
    [
      'a new Go file in a handler package',
      (ws: string) =>
        fs.writeFileSync(
          path.join(ws, 'internal/v1handler/handler_new.go'),
          'package v1handler\n\nimport "net/http"\n\n// fw:http_route path=/new\nfunc New() http.HandlerFunc { return nil }\n',
        ),
    ],
    [
      'a new fw.json beside go.mod (type mappings)',
      (ws: string) => fs.writeFileSync(path.join(ws, 'fw.json'), '{ "types": { "github.com/shopspring/decimal.Decimal": "string" } }\n'),
    ],
    ['a deleted output', (ws: string) => fs.rmSync(path.join(ws, 'internal/v1handler/urlhelper/urlhelper.go'))],
    ['an edited output', (ws: string) => fs.appendFileSync(path.join(ws, CLIENT), '// mine\n')],
    [
      'a new root',
      (ws: string) => {
        fs.cpSync(path.join(ws, 'internal/v2handler'), path.join(ws, 'internal/v3handler'), { recursive: true });
        for (const f of fs.readdirSync(path.join(ws, 'internal/v3handler'))) {
          const file = path.join(ws, 'internal/v3handler', f);
          if (f.endsWith('.go'))
            fs.writeFileSync(
              file,
              fs
                .readFileSync(file, 'utf8')
                .replace(/^package v2handler$/m, 'package v3handler')
                .replaceAll('/v2/', '/v3/'),
            );
        }
      },
    ],
    [
      'a router.go that lost its header (now written by a person)',
      (ws: string) => {
        const f = path.join(ws, 'internal/v2handler/router.go');
        fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('// Code generated by fw. DO NOT EDIT.\n', '// Mine now.\n'));
      },
    ],
    [
      'a record from another fw version',
      (_ws: string, cacheDir: string) => {
        const dir = path.join(cacheDir, 'runs');
        for (const f of fs.readdirSync(dir))
          fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8').replace(/"salt":"fw [^ "]+/, '"salt":"fw 0.0.0'));
      },
    ],
    [
      'a record from another build of this version',
      (_ws: string, cacheDir: string) => {
        const dir = path.join(cacheDir, 'runs');
        for (const f of fs.readdirSync(dir))
          fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8').replace(/"salt":"fw ([^ "]+)/, '"salt":"fw $1 build 0000'));
      },
    ],
    [
      'a truncated record',
      (_ws: string, cacheDir: string) => {
        const dir = path.join(cacheDir, 'runs');
        for (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8').slice(0, 100));
      },
    ],
  ])('runs in full after %s, and then agrees with a fresh run', async (_, change) => {
    const ws = copyFixture('example');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    expect((await cachedRun(ws, cacheDir)).code).toBe(0);
    change(ws, cacheDir);
    const { generateAndWrite } = await import('../src/generate');
    const outcome = await generateAndWrite(everyGenerator(ws, { options: { client: { file: CLIENT } }, cacheDir }), { force: true });
    expect(outcome.result.timings.length).toBeGreaterThan(0);
    await expectFresh(ws);
  });

  /** A module whose response type comes from another module through a replace directive (lib1); lib2 declares it differently. */
  const money = (fields: string) => `package money\n\ntype Money struct {\n${fields}\n}\n`;
  const replaceWorkspace = () =>
    makeWorkspace({
      'app/go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../lib1\n',
      'app/api/router.go': '// Code generated by fw. DO NOT EDIT.\n\npackage api\n',
      'app/api/registry.go': '// Code generated by fw. DO NOT EDIT.\n\npackage api\n',
      'app/api/handlers.go':
        'package api\n\nimport (\n\t"net/http"\n\n\t"example.com/lib/money"\n)\n\n// fw:http_route path=/price response=200:money.Money\nfunc Price() http.HandlerFunc { return nil }\n',
      'lib1/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'lib1/money/money.go': money('\tCents int64 `json:"cents"`'),
      'lib2/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'lib2/money/money.go': money('\tUnits string `json:"units"`'),
      'shared/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'shared/money/money.go': money('\tCurrency string `json:"currency"`'),
    });

  it.each([
    [
      'an edited replace directive',
      (ws: string) => fs.writeFileSync(path.join(ws, 'app/go.mod'), fs.readFileSync(path.join(ws, 'app/go.mod'), 'utf8').replace('../lib1', '../lib2')),
    ],
    [
      'an edited file of the replacing module',
      (ws: string) => fs.writeFileSync(path.join(ws, 'lib1/money/money.go'), money('\tCents int64 `json:"cents"`\n\tNote string `json:"note"`')),
    ],
    [
      'a go.work that appears and takes the module from a sibling',
      (ws: string) => fs.writeFileSync(path.join(ws, 'go.work'), 'go 1.22\n\nuse (\n\t./app\n\t./shared\n)\n'),
    ],
  ])("runs in full after %s (outside the workspace's own Go files), and then agrees with a fresh run", async (_, change) => {
    const ws = replaceWorkspace();
    const app = path.join(ws, 'app');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const args = ['g', 'all', '--file', 'client.ts', '--cwd', app, '--cache-dir', cacheDir];
    expect((await runFw(args)).code).toBe(0);
    const before = fs.readFileSync(path.join(app, 'client.ts'), 'utf8');
    change(ws);
    const second = await runFw(args);
    expect(second.code, second.stderr).toBe(0);
    expect(fs.readFileSync(path.join(app, 'client.ts'), 'utf8')).not.toBe(before);
    const check = await runFw(['g', 'all', '--file', 'client.ts', '--cwd', app, '--no-cache', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it("runs in full when an in-package test file's imports change (the URL helper's cycle rule reads them), and not for a test body edit", async () => {
    const STUB_HEAD = '// Code generated by fw. DO NOT EDIT.\n\n';
    const ws = makeWorkspace({
      'go.mod': 'module example.com/w\n\ngo 1.22\n',
      'api/router.go': `${STUB_HEAD}package api\n`,
      'api/registry.go': `${STUB_HEAD}package api\n`,
      'api/h.go':
        'package api\n\nimport "net/http"\n\ntype Status string\n\ntype ListRequest struct {\n\tStatus Status `query:"status"`\n}\n\n// fw:http_route path=/things\nfunc List() http.HandlerFunc { return nil }\n',
      'api/h_test.go': 'package api\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n',
    });
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const args = ['g', 'url-helper', '--cwd', ws, '--cache-dir', cacheDir];
    const helper = () => fs.readFileSync(path.join(ws, 'api/urlhelper/urlhelper.go'), 'utf8');
    const test = (imports: string, body = '') =>
      fs.writeFileSync(path.join(ws, 'api/h_test.go'), `package api\n\nimport (\n${imports}\n)\n\nfunc TestX(t *testing.T) {${body}}\n`);
    expect((await runFw(args)).code).toBe(0);
    expect(helper()).toMatch(/\tStatus api\.Status\n/);
    test('\t"testing"\n\n\t"example.com/w/api/urlhelper"', ' _ = urlhelper.New("") ');
    const second = await runFw(args);
    expect(second.stdout).toMatch(/1 written/);
    expect(helper()).toMatch(/\tStatus string\n/);
    // The same imports, another body: the record holds.
    test('\t"testing"\n\n\t"example.com/w/api/urlhelper"', ' _ = urlhelper.New("/x") ');
    expect((await runFw(args)).stdout).toMatch(/0 written, 1 unchanged/);
    const check = await runFw(['g', 'url-helper', '--cwd', ws, '--no-cache', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it('runs in full after an edit of a handler file that is a symbolic link (fw reads it as a source, so the record must see it)', async () => {
    const STUB_HEAD = '// Code generated by fw. DO NOT EDIT.\n\n';
    const handler = (p: string) => `package api\n\nimport "net/http"\n\n// fw:http_route path=${p}\nfunc List() http.HandlerFunc { return nil }\n`;
    const ws = makeWorkspace({
      'go.mod': 'module example.com/w\n\ngo 1.22\n',
      'api/router.go': `${STUB_HEAD}package api\n`,
      'api/registry.go': `${STUB_HEAD}package api\n`,
      'shared/h.go.txt': handler('/things'),
    });
    fs.symlinkSync(path.join(ws, 'shared/h.go.txt'), path.join(ws, 'api/h.go'));
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const args = ['g', 'router', '--cwd', ws, '--cache-dir', cacheDir];
    expect((await runFw(args)).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8')).toContain('/things');
    fs.writeFileSync(path.join(ws, 'shared/h.go.txt'), handler('/items'));
    expect((await runFw(args)).code).toBe(0);
    const check = await runFw(['g', 'router', '--cwd', ws, '--no-cache', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8')).toContain('/items');
  });

  /** Runs `body` with the environment variables `vars` set (fw reads them in-process through runFw). */
  async function withEnv(vars: Record<string, string>, body: () => Promise<void>): Promise<void> {
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    try {
      await body();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

  it('runs in full after a module it warned was missing is downloaded: such a run is not recorded', async () => {
    const ws = replaceWorkspace();
    const app = path.join(ws, 'app');
    fs.writeFileSync(path.join(app, 'go.mod'), 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n');
    const modCache = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-modcache-'));
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const args = ['g', 'all', '--file', 'client.ts', '--cwd', app, '--cache-dir', cacheDir];
    await withEnv({ GOMODCACHE: modCache }, async () => {
      const first = await runFw(args);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toContain('[FW1023]');
      const before = fs.readFileSync(path.join(app, 'client.ts'), 'utf8');
      // What `go mod download` leaves in the module cache.
      const dir = path.join(modCache, 'example.com', 'lib@v1.0.0');
      fs.mkdirSync(path.join(dir, 'money'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/lib\n\ngo 1.22\n');
      fs.writeFileSync(path.join(dir, 'money', 'money.go'), money('\tCents int64 `json:"cents"`'));
      const second = await runFw(args);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).not.toContain('[FW1023]');
      expect(fs.readFileSync(path.join(app, 'client.ts'), 'utf8')).not.toBe(before);
    });
  });

  it('runs in full after an edit of the go.work file GOWORK names', async () => {
    const ws = replaceWorkspace();
    const app = path.join(ws, 'app');
    const work = path.join(ws, 'custom.work');
    fs.writeFileSync(work, 'go 1.22\n\nuse ./app\n');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-'));
    const args = ['g', 'all', '--file', 'client.ts', '--cwd', app, '--cache-dir', cacheDir];
    await withEnv({ GOWORK: work }, async () => {
      expect((await runFw(args)).code).toBe(0);
      const before = fs.readFileSync(path.join(app, 'client.ts'), 'utf8');
      fs.writeFileSync(work, 'go 1.22\n\nuse (\n\t./app\n\t./shared\n)\n');
      const second = await runFw(args);
      expect(second.code, second.stderr).toBe(0);
      expect(fs.readFileSync(path.join(app, 'client.ts'), 'utf8')).not.toBe(before);
      const check = await runFw(['g', 'all', '--file', 'client.ts', '--cwd', app, '--no-cache', '--check']);
      expect(check.code, check.stdout + check.stderr).toBe(0);
    });
  });
});
