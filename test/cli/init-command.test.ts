import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runtimeFileState } from '../../src/runtime/scaffold';
import { runFw, snapshotTree } from '../support/workspace';

const shipped = fs
  .readdirSync(path.join(__dirname, '../../src/runtime/fwhttp'))
  .filter((n) => n.endsWith('.go'))
  .sort();

let cwd: string;
beforeEach(() => {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-init-'));
  fs.writeFileSync(path.join(cwd, 'go.mod'), 'module example.com/app\n\ngo 1.22\n');
});

describe('fw init', () => {
  it('scaffolds fwhttp into internal/fwhttp and says how to import it (exit 0)', async () => {
    const run = await runFw(['init', '--cwd', cwd]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      ...shipped.map((n) => `wrote internal/fwhttp/${n}`),
      `fw init: package fwhttp (import "example.com/app/internal/fwhttp"); ${shipped.length} written, 0 unchanged`,
    ]);
    for (const n of shipped) expect(runtimeFileState(fs.readFileSync(path.join(cwd, 'internal/fwhttp', n), 'utf8'))).toBe('pristine');
  });

  it('takes --dir and writes nothing on a second run', async () => {
    expect((await runFw(['init', '--cwd', cwd, '--dir', 'pkg/web'])).code).toBe(0);
    const before = snapshotTree(cwd);
    const run = await runFw(['init', '--cwd', cwd, '--dir', 'pkg/web']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`fw init: package fwhttp (import "example.com/app/pkg/web"); 0 written, ${shipped.length} unchanged`);
    expect(snapshotTree(cwd)).toEqual(before);
  });

  it('refuses an edited file (exit 1, nothing written) and replaces it with --force', async () => {
    await runFw(['init', '--cwd', cwd]);
    const bind = path.join(cwd, 'internal/fwhttp/bind.go');
    fs.appendFileSync(bind, '// my change\n');
    fs.rmSync(path.join(cwd, 'internal/fwhttp/wrap.go'));
    const before = snapshotTree(cwd);
    const refused = await runFw(['init', '--cwd', cwd]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      "internal/fwhttp/bind.go:1:1: error: refusing to replace a file of the fwhttp package that was edited after fw init scaffolded it (pass --force to replace it with fw's version, or delete its first two lines to keep it as your own code) [FW7004]\nfw: nothing was written",
    );
    expect(snapshotTree(cwd)).toEqual(before);

    const forced = await runFw(['init', '--cwd', cwd, '--force', '-q']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe('');
    expect(fs.readFileSync(bind, 'utf8')).not.toContain('my change');
    expect(fs.existsSync(path.join(cwd, 'internal/fwhttp/wrap.go'))).toBe(true);
  });

  it('leaves a file the user took over alone with a warning (exit 0)', async () => {
    await runFw(['init', '--cwd', cwd]);
    const wrap = path.join(cwd, 'internal/fwhttp/wrap.go');
    fs.writeFileSync(wrap, 'package fwhttp\n');
    const run = await runFw(['init', '--cwd', cwd]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('internal/fwhttp/wrap.go:1:1: warning: left as it is');
    expect(fs.readFileSync(wrap, 'utf8')).toBe('package fwhttp\n');
  });

  it('answers usage errors with exit 2 and --help with the usage', async () => {
    const extra = await runFw(['init', 'internal/x', '--cwd', cwd]);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('fw init takes no arguments');
    const unknown = await runFw(['init', '--out', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: fw init');
    const help = await runFw(['init', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: fw init [--dir <dir>]');
    const overview = await runFw(['--help']);
    expect(overview.stdout).toMatch(/fw init\s+scaffold the Go runtime package fwhttp/);
    expect(fs.readdirSync(cwd)).toEqual(['go.mod']);
  });
});

describe('fw init --turbo --uses', () => {
  const writeJson = (rel: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(cwd, rel)), { recursive: true });
    fs.writeFileSync(path.join(cwd, rel), `${JSON.stringify(value, null, 2)}\n`);
  };
  const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(cwd, rel), 'utf8')) as Record<string, unknown>;
  beforeEach(() => {
    writeJson('package.json', { name: 'shop', private: true, packageManager: 'npm@10.9.0' });
    writeJson('turbo.json', { tasks: { build: { dependsOn: ['^build'], outputs: ['dist/**'] } } });
    writeJson('services/api/package.json', { name: '@shop/api', exports: './index.js', devDependencies: { zod: '^4.0.0' } });
    writeJson('services/api/turbo.json', { extends: ['//'], tasks: { 'gen:client': { outputs: ['client/client.ts'] } } });
    writeJson('services/billing/package.json', { name: 'billing' });
    writeJson('services/billing/turbo.json', { extends: ['//'], tasks: { 'gen:router': { outputs: ['internal/v1handler/router.go'] } } });
    writeJson('apps/web/package.json', { name: 'web', dependencies: { react: '^19.0.0' } });
  });

  it("wires the app to the service's client and keeps what is there; a second run writes nothing", async () => {
    const web = path.join(cwd, 'apps/web');
    const run = await runFw(['init', '--turbo', '--uses', '../../services/api', '--cwd', web]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').at(-1)).toBe('fw init --turbo: uses the clients of @shop/api; 3 written, 0 unchanged');
    // npm workspaces take a plain range (pnpm and Yarn: workspace:*).
    expect(readJson('apps/web/package.json').dependencies).toEqual({ react: '^19.0.0', '@shop/api': '*' });
    expect(readJson('services/api/package.json')).toEqual({
      name: '@shop/api',
      exports: { '.': './index.js', './client': './client/client.ts' },
      devDependencies: { zod: '^4.0.0' },
    });
    expect(readJson('turbo.json').tasks).toEqual({
      build: { dependsOn: ['^build', '^gen:client'], outputs: ['dist/**'] },
      typecheck: { dependsOn: ['^gen:client'] },
    });
    const before = snapshotTree(cwd);
    expect((await runFw(['init', '--turbo', '--uses', '../../services/api', '--cwd', web])).stdout).toBe(
      'fw init --turbo: uses the clients of @shop/api; 0 written, 3 unchanged',
    );
    expect(snapshotTree(cwd)).toEqual(before);
  });

  it('names every service it cannot use (FW7019, FW7020), exit 1, nothing written', async () => {
    const before = snapshotTree(cwd);
    const run = await runFw(['init', '--turbo', '--uses', '../../services/billing', '--uses', '../../services/nope', '--cwd', path.join(cwd, 'apps/web')]);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toEqual([
      'fw: error: --uses ../../services/billing: billing has no gen:client task (run fw init --turbo --file <client.ts> in it first) [FW7020]',
      'fw: error: --uses ../../services/nope: ../../services/nope/package.json is missing or has no name (pass the directory of the Go service package) [FW7019]',
      'fw: nothing was written',
    ]);
    expect(snapshotTree(cwd)).toEqual(before);
  });
});
