import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { goEnv, requireGo } from '../../support/go';
import { FW_NPM_NAME } from '../../../src/nx/package-info';
import { FIXTURES, REPO_ROOT } from '../../support/golden';
import { contentKey, madeOnce } from './made-once';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for matching messages whose stream does not matter. */
  output: string;
}

/**
 * The environment every tool of these tests runs with: the caller's, minus
 * settings of Nx, Turborepo and the test runner that would change what is
 * tested, plus Go's (no go.work, local toolchain) and Nx's for a
 * reproducible, offline run (no daemon, no Nx Cloud, no prompts).
 */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(goEnv())) {
    if (!/^(NX_|TURBO_|VITEST|NODE_OPTIONS$|npm_lifecycle_|npm_package_)/.test(k)) env[k] = v;
  }
  return {
    ...env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_INTERACTIVE: 'false',
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...extra,
  };
}

/** Tools colour their output when they think a CI log wants it (CI=true); assertions read plain text. */
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g;

function plain(text: string): string {
  return text.replace(ANSI_ESCAPE, '');
}

/** Runs a program with an argument array (no shell) and collects its output; never throws on a non-zero exit. */
export function run(command: string, args: string[], cwd: string, options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: toolEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      output += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout: plain(stdout), stderr: plain(stderr), output: plain(output) });
    });
  });
}

/**
 * Runs the fw command line installed in `ws` as `cd ws && fw <args>` would, but in this process: the module its
 * bin/fw runs (node_modules/fw/dist/cli/main.js, loaded once per process) with the environment run() gives
 * programs. The same command and result without a process's start-up (loading fw and its Go parser: about 0.4 s
 * of CPU, where a warm `fw g all --check` of an e2e workspace takes 0.05 s). bin/fw's V8 flags, which change
 * how memory is managed and nothing fw writes or prints, stay this process's (as when Nx runs fw's executors).
 * Only for a check that needs no process of its own (a cache test that does keeps run()).
 */
export async function runInstalledFw(ws: string, args: string[]): Promise<CommandResult> {
  const { main } = createRequire(__filename)(path.join(ws, 'node_modules', 'fw', 'dist', 'cli', 'main.js')) as {
    main: (argv: string[], io: { out: (line: string) => void; err: (line: string) => void; cwd: string }) => Promise<number>;
  };
  const out: string[] = [];
  const err: string[] = [];
  const output: string[] = [];
  const into = (stream: string[]) => (line: string) => {
    stream.push(line);
    output.push(line);
  };
  const saved = process.env;
  process.env = toolEnv();
  try {
    const code = await main(args, { out: into(out), err: into(err), cwd: ws });
    return { code, stdout: out.join('\n'), stderr: err.join('\n'), output: output.join('\n') };
  } finally {
    process.env = saved;
  }
}

/** Like run(), but a non-zero exit is an error that shows the command's output. */
export async function runOk(command: string, args: string[], cwd: string, env?: Record<string, string>): Promise<CommandResult> {
  const result = await run(command, args, cwd, { env });
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code} in ${cwd}:\n${result.output}`);
  return result;
}

/** The version of a package this repository has installed (what the e2e workspaces install beside fw). */
export function installedVersion(pkg: string): string {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Makes a real workspace from fixtures/nx-workspace in a temporary directory
 * and installs fw as README's "Install" says until fw is published: this
 * repository's build packed by `npm pack`, installed from the tarball under
 * the alias `fw` (and under its own name, so both generator prefixes can be
 * tried), next to the nx, @nx/devkit and turbo versions this repository uses, with
 * `packageManager` set as turbo needs. Then commits it to a fresh git
 * repository (Turborepo hashes git-tracked files; clones need it).
 * The install is done once per test run and inputs (installedNxWorkspace);
 * each caller gets its own copy of it, which it may change as it likes,
 * except for the files of node_modules (hard links, shared).
 */
export async function createInstalledWorkspace(name: string): Promise<string> {
  requireGo();
  const installed = await installedNxWorkspace();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `fw-e2e-${name}-`));
  const ws = path.join(base, path.basename(installed));
  fs.cpSync(installed, ws, { recursive: true, filter: (from) => from !== path.join(installed, 'node_modules') });
  // node_modules as hard links (like nx.e2e's second clone): a tenth of a second instead of seconds of copying
  // 140 MB. No test writes into an installed file in place (Nx and fw put their caches in new files), which
  // would change it for every workspace of the run; npm's relative .bin links stay relative.
  await runOk('cp', ['-al', path.join(installed, 'node_modules'), path.join(ws, 'node_modules')], ws);
  await runOk('git', ['init', '-q', '-b', 'main'], ws);
  await commitAll(ws, 'workspace from fixtures/nx-workspace');
  return ws;
}

/**
 * fixtures/nx-workspace with fw's tarball, nx, @nx/devkit and turbo installed
 * by npm (see createInstalledWorkspace), made once per test run for the same
 * inputs (tarball, fixture files, versions), whichever worker asks first
 * (an npm install is ~13 s of CPU; build-cache and nx e2e files both need it).
 * Never changed after it is made: callers copy it. It is a folder `workspace`
 * one level below the run's temporary directory, as the copies are, so the
 * relative `file:` paths npm wrote into package.json lead to the tarball from both.
 */
async function installedNxWorkspace(): Promise<string> {
  const tarball = await packFw();
  const fixture = path.join(FIXTURES, 'nx-workspace');
  const fixtureFiles = (fs.readdirSync(fixture, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => fs.statSync(path.join(fixture, f)).isFile())
    .sort();
  const npmVersion = (await runOk('npm', ['--version'], fixture)).stdout.trim();
  const devDependencies = [
    `fw@file:${tarball}`,
    `${FW_NPM_NAME}@file:${tarball}`,
    `nx@${installedVersion('nx')}`,
    // A peer dependency of fw, as a workspace has it for its Nx plugins.
    `@nx/devkit@${installedVersion('@nx/devkit')}`,
    `turbo@${installedVersion('turbo')}`,
  ];
  const key = contentKey([
    npmVersion,
    ...devDependencies,
    fs.readFileSync(tarball),
    ...fixtureFiles.flatMap((f) => [f, fs.readFileSync(path.join(fixture, f))]),
  ]);
  const made = await madeOnce('fw-nx-workspace-installed', key, async (dir) => {
    const ws = path.join(dir, 'workspace');
    fs.cpSync(fixture, ws, { recursive: true });
    await runOk('npm', ['pkg', 'set', `packageManager=npm@${npmVersion}`], ws);
    await runOk('npm', ['install', '--save-dev', '--save-exact', ...devDependencies, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], ws);
  });
  return path.join(made, 'workspace');
}

/**
 * This repository's build packed by `npm pack`, as users install fw until it
 * is published; the tarball's path. Packed once per test run and build (the
 * run's temporary directory, test/support/global-setup.ts, keeps it until the
 * run ends), whichever e2e file asks first: another file, or one asking at
 * the same time, gets the same bytes (npm pack fixes every entry's time).
 */
export async function packFw(): Promise<string> {
  const buildId = path.join(REPO_ROOT, 'dist', 'build-id.txt');
  if (!fs.existsSync(buildId)) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does) so that the packed fw contains the code under test');
  }
  const shared = path.join(os.tmpdir(), `fw-packed-${fs.readFileSync(buildId, 'utf8').trim().slice(0, 16)}`);
  const existing = fs.existsSync(shared) ? fs.readdirSync(shared).find((f) => f.endsWith('.tgz')) : undefined;
  if (existing) return path.join(shared, existing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-pack-'));
  const pack = await runOk('npm', ['pack', '--silent', '--pack-destination', dir], REPO_ROOT);
  const name = pack.stdout.trim().split('\n').pop() ?? '';
  if (!name || !fs.existsSync(path.join(dir, name))) throw new Error(`npm pack did not produce a tarball:\n${pack.output}`);
  fs.mkdirSync(shared, { recursive: true });
  // A rename is atomic: a file packing at the same time replaces it with the same bytes.
  fs.renameSync(path.join(dir, name), path.join(shared, name));
  fs.rmSync(dir, { recursive: true, force: true });
  return path.join(shared, name);
}

/** Commits everything (author fixed, no global git config needed). */
export async function commitAll(dir: string, message: string): Promise<void> {
  await runOk('git', ['add', '-A'], dir);
  await runOk('git', ['-c', 'user.name=fw e2e', '-c', 'user.email=e2e@fw.invalid', 'commit', '-q', '--allow-empty', '-m', message], dir);
}

/** Removes a workspace made by createInstalledWorkspace (its temporary parent too). */
export function removeWorkspace(ws: string | undefined): void {
  if (ws) fs.rmSync(path.dirname(ws), { recursive: true, force: true });
}
