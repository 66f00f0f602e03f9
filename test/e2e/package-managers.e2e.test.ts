import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireGo } from '../support/go';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { commitAll, installedVersion, packFw, runOk } from './support/packed-workspace';

/**
 * The warm path with each package manager a user may install fw with: npm,
 * pnpm and Yarn 4 in Plug'n'Play mode (no node_modules at all). Each installs
 * fixtures/nx-workspace (two Go apps as workspace packages) with fw from this
 * checkout's packed tarball; a first `fw g all` runs cold, a second one is
 * answered by the run record where defaultCacheDir puts it. pnpm and Yarn
 * are this repository's devDependencies, run by node from their JS entry,
 * with every folder of theirs inside the test's temporary directory.
 */

const PNPM = path.join(REPO_ROOT, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const YARN = path.join(REPO_ROOT, 'node_modules', '@yarnpkg', 'cli-dist', 'bin', 'yarn.js');

interface Manager {
  /** Writes the manager's own files into the workspace, then installs; `tmp` holds its caches. */
  install(ws: string, tmp: string): Promise<void>;
  /** The command that runs the installed fw with these arguments, as a user of this manager would. */
  fw(args: string[]): [string, string[]];
  /** Where the parse cache and the run records must be, relative to the workspace. */
  cacheDir: string;
  /** Installed besides fw. */
  devDependencies?: Record<string, string>;
}

const quiet = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

const MANAGERS: Record<string, Manager> = {
  npm: {
    install: async (ws) => void (await runOk('npm', ['install', ...quiet], ws)),
    fw: (args) => ['npm', ['exec', '--no', '--', 'fw', ...args]],
    cacheDir: 'node_modules/.cache/fw',
  },
  pnpm: {
    install: async (ws, tmp) => {
      fs.writeFileSync(path.join(ws, 'pnpm-workspace.yaml'), 'packages:\n  - apps/*\n');
      await runOk(process.execPath, [PNPM, 'install', '--store-dir', path.join(tmp, 'pnpm-store'), '--reporter=silent'], ws, xdg(tmp));
    },
    fw: (args) => [process.execPath, [PNPM, 'exec', 'fw', ...args]],
    cacheDir: 'node_modules/.cache/fw',
  },
  'yarn-pnp': {
    install: async (ws, tmp) => {
      // No .gitignore entry for .yarn/: the cache must keep itself out of git status.
      // The lockfile is made by this install: Yarn forbids that on CI unless immutable installs are turned off.
      const rc = {
        nodeLinker: 'pnp',
        enableGlobalCache: false,
        cacheFolder: path.join(tmp, 'yarn-cache'),
        enableTelemetry: false,
        enableImmutableInstalls: false,
      };
      fs.writeFileSync(
        path.join(ws, '.yarnrc.yml'),
        Object.entries(rc)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}\n`)
          .join(''),
      );
      fs.writeFileSync(path.join(ws, 'yarn.lock'), '');
      await runOk(process.execPath, [YARN, 'install'], ws, { ...xdg(tmp), YARN_GLOBAL_FOLDER: path.join(tmp, 'yarn-global') });
    },
    fw: (args) => [process.execPath, [YARN, 'fw', ...args]],
    cacheDir: '.yarn/.cache/fw',
    // The Nx targets run here too (below): the plugin is registered in nx.json before the install.
    devDependencies: { nx: installedVersion('nx'), '@nx/devkit': installedVersion('@nx/devkit') },
  },
};

/** The per-user folders a package manager may write to, inside the test's temporary directory. */
function xdg(tmp: string): Record<string, string> {
  return { XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'), XDG_DATA_HOME: path.join(tmp, 'xdg-data'), XDG_STATE_HOME: path.join(tmp, 'xdg-state') };
}

interface JsonReport {
  outcome: string;
  summary: { routes: number; written: number; unchanged: number };
}

let base: string;
let tarball: string;

beforeAll(async () => {
  requireGo();
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-e2e-pm-'));
  tarball = await packFw();
});

afterAll(() => {
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

describe.each(Object.keys(MANAGERS))('fw installed with %s', (name) => {
  const manager = MANAGERS[name]!;

  it('runs cold once, then warm from the cache where defaultCacheDir puts it, outside git status', async () => {
    const ws = path.join(base, name);
    fs.cpSync(path.join(FIXTURES, 'nx-workspace'), ws, { recursive: true });
    const pkg = JSON.parse(fs.readFileSync(path.join(ws, 'package.json'), 'utf8')) as Record<string, unknown>;
    const devDependencies = { fw: `file:${tarball}`, ...manager.devDependencies };
    fs.writeFileSync(path.join(ws, 'package.json'), JSON.stringify({ ...pkg, devDependencies }, null, 2));
    if (devDependencies.nx) fs.writeFileSync(path.join(ws, 'nx.json'), JSON.stringify({ plugins: [{ plugin: 'fw' }] }));
    const tmp = path.join(base, `${name}-tmp`);
    let started = Date.now();
    await manager.install(ws, tmp);
    const installMs = Date.now() - started;
    await runOk('git', ['init', '-q', '-b', 'main'], ws);
    await commitAll(ws, 'installed');

    const fw = async (): Promise<JsonReport> => {
      const [command, args] = manager.fw(['g', 'all', '--format', 'json']);
      const result = await runOk(command, args, ws);
      return JSON.parse(result.stdout) as JsonReport;
    };
    started = Date.now();
    const cold = await fw();
    const coldMs = Date.now() - started;
    expect(cold.outcome).toBe('ok');
    expect(cold.summary.routes).toBeGreaterThan(0);

    // The cold run filled the parse cache and left one run record, at the chosen place.
    const cacheDir = path.join(ws, manager.cacheDir);
    const records = fs.readdirSync(path.join(cacheDir, 'runs'));
    expect(records).toHaveLength(1);
    expect(fs.readdirSync(cacheDir).some((d) => /^[0-9a-f]{2}$/.test(d))).toBe(true);
    // The record is what a warm run answers from: a route count only the record holds shows it was read (and nothing was parsed).
    const recordFile = path.join(cacheDir, 'runs', records[0]!);
    const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as { summary: { routes: number } };
    fs.writeFileSync(recordFile, JSON.stringify({ ...record, summary: { ...record.summary, routes: 4242 } }));
    started = Date.now();
    const warm = await fw();
    const warmMs = Date.now() - started;
    expect(warm).toMatchObject({ outcome: 'ok', summary: { routes: 4242, written: 0, unchanged: cold.summary.written + cold.summary.unchanged } });

    if (name === 'yarn-pnp') expect(fs.existsSync(path.join(ws, 'node_modules'))).toBe(false);
    const status = (await runOk('git', ['status', '--porcelain', '--untracked-files=all'], ws)).stdout;
    expect(status.split('\n').filter((line) => line.includes('.cache'))).toEqual([]);
    console.log(`${name}: install ${installMs} ms, cold fw g all ${coldMs} ms, warm ${warmMs} ms`);
  });
});

describe("the Nx target under Yarn Plug'n'Play", () => {
  it("uses the same cache as the CLI, warm on a run Nx does not answer from its cache, and leaves Nx's cache hits alone", async () => {
    // The workspace the yarn-pnp case above installed (nx included) and ran the CLI in.
    const ws = path.join(base, 'yarn-pnp');
    const runs = path.join(ws, MANAGERS['yarn-pnp']!.cacheDir, 'runs');
    const before = new Set(fs.readdirSync(runs));
    const nx = async (...args: string[]) => (await runOk(process.execPath, [YARN, 'nx', 'run', 'api:gen-all', '--outputStyle=static', ...args], ws)).output;
    let started = Date.now();
    expect(await nx()).toMatch(/fw all: .* 2 routes; /);
    const coldMs = Date.now() - started;
    const added = fs.readdirSync(runs).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const recordFile = path.join(runs, added[0]!);
    const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as { summary: { routes: number } };
    fs.writeFileSync(recordFile, JSON.stringify({ ...record, summary: { ...record.summary, routes: 4242 } }));
    started = Date.now();
    expect(await nx('--skip-nx-cache')).toMatch(/fw all: .* 4242 routes; 0 written/);
    const warmMs = Date.now() - started;
    // The cache files are no input of the target: Nx answers the next run from its own cache.
    expect(await nx()).toContain('[local cache]');
    console.log(`yarn-pnp nx: cold gen-all ${coldMs} ms, warm ${warmMs} ms`);
  });
});

describe('a CLI-only install (a package with no Nx)', () => {
  /** Every installed package (name → package.json) under a node_modules directory, scoped ones and pnpm's store included. */
  function installedPackages(nodeModules: string): Map<string, { dir: string; scripts?: Record<string, string> }> {
    const found = new Map<string, { dir: string; scripts?: Record<string, string> }>();
    const visit = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (!entry.isDirectory() || entry.isSymbolicLink()) continue;
        const manifest = path.join(full, 'package.json');
        if (!entry.name.startsWith('@') && entry.name !== '.pnpm' && fs.existsSync(manifest)) {
          const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; scripts?: Record<string, string> };
          found.set(`${pkg.name}@${path.relative(nodeModules, full)}`, { dir: full, ...(pkg.scripts ? { scripts: pkg.scripts } : {}) });
        }
        if (entry.name === '.pnpm' || entry.name.startsWith('@') || entry.name === 'node_modules' || fs.existsSync(path.join(full, 'node_modules')))
          visit(full);
      }
    };
    visit(nodeModules);
    return found;
  }

  it('npm: installs no nx, no @nx package and nothing with an install script, and fw g router works', async () => {
    const app = path.join(base, 'cli-only-npm');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'cli-only', private: true }));
    await runOk('npm', ['install', '--save-dev', `fw@file:${tarball}`, ...quiet], app);
    const packages = installedPackages(path.join(app, 'node_modules'));
    const names = [...packages.keys()].map((k) => k.slice(0, k.lastIndexOf('@')));
    expect(names.filter((n) => n === 'nx' || n.startsWith('@nx/') || n.startsWith('tree-sitter-go'))).toEqual([]);
    // What npm would run on install: lifecycle scripts, and node-gyp for a binding.gyp without an install script.
    const building = [...packages].filter(
      ([, p]) => ['preinstall', 'install', 'postinstall'].some((s) => p.scripts?.[s]) || fs.existsSync(path.join(p.dir, 'binding.gyp')),
    );
    expect(building.map(([k]) => k)).toEqual([]);
    const ws = path.join(base, 'cli-only-example');
    fs.cpSync(path.join(FIXTURES, 'example'), ws, { recursive: true });
    const result = await runOk(path.join(app, 'node_modules', '.bin', 'fw'), ['g', 'router'], ws);
    expect(result.output).toMatch(/fw g router: 0 errors, 0 warnings; 2 roots/);
  });

  it('pnpm 10: no "Ignored build scripts" warning (fw needs no build script of its dependencies)', async () => {
    const app = path.join(base, 'cli-only-pnpm');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'cli-only', private: true, devDependencies: { fw: `file:${tarball}` } }));
    const tmp = path.join(base, 'cli-only-pnpm-tmp');
    const result = await runOk(process.execPath, [PNPM, 'install', '--store-dir', path.join(tmp, 'pnpm-store')], app, xdg(tmp));
    expect(result.output).not.toMatch(/Ignored build scripts|build scripts/i);
    expect(fs.existsSync(path.join(app, 'node_modules', '.pnpm', 'node_modules', 'nx'))).toBe(false);
    expect((await runOk(path.join(app, 'node_modules', '.bin', 'fw'), ['--version'], app)).stdout.trim()).toMatch(/\d+\.\d+\.\d+/);
  });
});
