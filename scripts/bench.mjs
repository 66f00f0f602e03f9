// npm run bench: times fw on generated workspaces and prints times, ratios and peak memory.
//
//   node scripts/bench.mjs [--runs 5] [--workspace synthetic|real-api|github|modules] [--no-nx | --nx-only] [--routes 10000] [--roots 10]
//                          [--github-versions 1] [--tsc-routes 1000] [--tsc-runs 1] [--only watch|split] [--help]
//
// --only watch: only the baseline and the fw watch rows (each of --runs edits is one rebuild).
// --only split: only the baseline, the client rows with and without --split (fw g client, fw g all,
// the largest file, fw watch --file): the split client against the one file.
//
// Workspaces (scripts/bench-workspaces.mjs, generated into a temporary directory):
//   synthetic  uniform small handler files (--routes, --roots)
//   real-api   shaped like a real public API: 8 roots sharing a 400 KB models package, ~9,800 routes
//   github     GitHub's REST API description (@octokit/openapi, pinned; fetched once with npm pack)
//              converted to Go: 5 roots, 1,190 routes, a 3 MB models package; --github-versions 5
//              adds Enterprise Cloud and Server descriptions (26 roots, 5,539 routes)
//   modules    response types from k8s.io/api in the module cache against the same packages copied
//              into the module (needs Go and, once, the module proxy; skipped without them)
//
// Every measured run is a fresh process (scripts/bench-run.mjs), so each pays
// node start-up and wasm compilation as a user's run does. The baseline is such
// a process reading and tree-sitter-parsing every .go file on one thread: the
// least any generator must do. Each run of fw is paired with a baseline run just
// before it, and its ratio is the median of the pairs' ratios, so that a machine
// whose load changes during the bench still gives comparable ratios. Times are
// medians of --runs (wall and CPU of all threads), peak RSS the largest of the runs.
// On the real-shaped workspaces (real-api, github), the targets follow: fw g all cold,
// its peak RSS and fw watch --file after a handler edit against their limits.
// On real-api, the Nx rows follow (`nx show projects` with and without the
// plugin, `nx run api:gen-client` against the CLI); --nx-only times just those
// (and skips the TypeScript comparison), --no-nx leaves them out.
// Last, the TypeScript client beside @hey-api/openapi-ts's on a synthetic
// workspace of --tsc-routes routes (generation, tsc --noEmit --strict time
// and peak memory; scripts/bench-typecheck.mjs); --tsc-routes 0 skips it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { githubWorkspace, k8sWorkspaces, realApiWorkspace, syntheticWorkspace } from './bench-workspaces.mjs';
import { bundleApp, EXAMPLE_CALLS, EXAMPLE_CLIENT, kb } from './client-bundle.mjs';
import { benchTypecheck } from './bench-typecheck.mjs';
import { GENERATED_STUB } from './bench-workspace.mjs';
import { processUsage } from './proc-usage.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.join(here, '..');
const dist = path.join(repo, 'dist');
const RUNNER = path.join(here, 'bench-run.mjs');

/** The commit fw is at, or its package version where the sources are not a git checkout (an unpacked tarball). */
function whichFw() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    const { version } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
    return `version ${version} (not a git checkout)`;
  }
}

/** The comment at the top of this file: what --help prints. */
function usage() {
  const lines = fs.readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  const header = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('//')),
  );
  return header.map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
}

const { values } = parseArgsOrExit({
  options: {
    runs: { type: 'string', default: '5' },
    workspace: { type: 'string', multiple: true },
    routes: { type: 'string', default: '10000' },
    roots: { type: 'string', default: '10' },
    'github-versions': { type: 'string', default: '1' },
    'no-nx': { type: 'boolean', default: false },
    'nx-only': { type: 'boolean', default: false },
    'tsc-routes': { type: 'string', default: '1000' },
    'tsc-runs': { type: 'string', default: '1' },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage());
  process.exit(0);
}

/** parseArgs, with a wrong option told as one line and the usage (not a stack trace), exit status 2. */
function parseArgsOrExit(config) {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`bench: ${error.message}\n\n${usage()}`);
    process.exit(2);
  }
}
const RUNS = Number(values.runs);
const NX_ONLY = values['nx-only'];
const WORKSPACES = values.workspace ?? (NX_ONLY ? ['real-api'] : ['synthetic', 'real-api', 'github', 'modules']);
if (values.only !== undefined && values.only !== 'watch' && values.only !== 'split') {
  console.error(`bench: --only takes watch or split, not ${values.only}`);
  process.exit(2);
}
const WATCH_ONLY = values.only === 'watch';
const SPLIT_ONLY = values.only === 'split';
/** Only some rows: no bundle, Nx or TypeScript comparison. */
const SOME_ROWS = WATCH_ONLY || SPLIT_ONLY;
const { commands } = require(path.join(dist, 'cli/main.js'));
const hasCommand = (...words) => commands.some((c) => c.words.join(' ') === words.join(' '));
const CLIENT = 'web/client.ts';
/** The same client with --split: its entry (its modules in web/split/client/). */
const SPLIT_CLIENT = 'web/split/client.ts';
const CACHE_DIR = 'node_modules/.cache/fw';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs bench-run.mjs once; wall time measured here, peak RSS reported by the child. */
function runOnce(args, cwd) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [RUNNER, ...args], { cwd, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const last = r.stdout.trim().split('\n').pop() ?? '{}';
  const { code, rss, cpu } = JSON.parse(last);
  return { ms, rss, cpu, code, stderr: r.stderr };
}

/**
 * Median wall and CPU time and peak RSS of `RUNS` runs; `before` runs untimed
 * before each. With `pairedWith` (the baseline's arguments), each run follows
 * a baseline run and `ratio` is the median of run / baseline.
 */
function measure(args, cwd, { before = () => {}, expectCode = 0, pairedWith } = {}) {
  const ms = [];
  const cpu = [];
  const ratios = [];
  let rss = 0;
  for (let i = 0; i < RUNS; i++) {
    const base = pairedWith ? runOnce(pairedWith, cwd) : undefined;
    before();
    const r = runOnce(args, cwd);
    if (r.code !== expectCode) throw new Error(`bench: ${args.join(' ')} exited ${r.code} (expected ${expectCode}):\n${r.stderr}`);
    ms.push(r.ms);
    cpu.push(r.cpu);
    if (base) ratios.push(r.ms / base.ms);
    rss = Math.max(rss, r.rss);
  }
  return { ms: median(ms), cpu: median(cpu), rss, ratio: ratios.length > 0 ? median(ratios) : undefined };
}

/**
 * Median wall time of a one-off command (nx); `expect` must match its output,
 * proving it did the work. With NX_PERF_LOGGING set, also the median of what
 * Nx reports for 'build-project-configs': every plugin's createNodes.
 */
function timeCommand(file, args, cwd, env, before = () => {}, expect = undefined) {
  const ms = [];
  const configs = [];
  for (let i = 0; i < RUNS; i++) {
    before();
    const t = process.hrtime.bigint();
    const r = spawnSync(file, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0 || (expect && !expect.test(r.stdout + r.stderr))) throw new Error(`bench: ${file} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
    const perf = /'build-project-configs' ([\d.]+)ms/.exec(r.stdout + r.stderr);
    if (perf) configs.push(Number(perf[1]));
  }
  return { ms: median(ms), configs: configs.length > 0 ? median(configs) : undefined };
}

/** Removes what fw wrote, so that the next run starts from a fresh tree (the root stubs stay). */
function freshTree(dir) {
  for (const root of fs.readdirSync(path.join(dir, 'internal'))) {
    if (!root.endsWith('handler')) continue;
    for (const f of ['router.go', 'registry.go']) fs.writeFileSync(path.join(dir, 'internal', root, f), GENERATED_STUB(root));
    fs.rmSync(path.join(dir, 'internal', root, 'urlhelper'), { recursive: true, force: true });
  }
  fs.rmSync(path.join(dir, CLIENT), { force: true });
  fs.rmSync(path.join(dir, 'web/openapi.json'), { force: true });
}
const dropCache = (dir) => fs.rmSync(path.join(dir, CACHE_DIR), { recursive: true, force: true });

/**
 * Two versions of a handler file: one route's path changed (its last literal segment, followed only
 * by wildcards, gets an x), so that its root's Go files and the client change.
 */
function handlerEdit(file) {
  const original = fs.readFileSync(file, 'utf8');
  const route = /(path=\S*?\/)([\w-]+)((?:\/\{\w+\})*\s)/.exec(original);
  if (!route) throw new Error(`bench: no route path in ${file}`);
  return { file, original, edited: original.replace(route[0], `${route[1]}${route[2]}x${route[3]}`) };
}

/** Two versions of a types file: one string field's JSON name changed, so that every root reaching it changes. */
function typesEdit(file) {
  const original = fs.readFileSync(file, 'utf8');
  const field = /(\t[A-Z]\w* +string +`json:")([a-z_]+)/.exec(original);
  if (!field) throw new Error(`bench: no string field with a json tag in ${file}`);
  return { file, original, edited: original.replace(field[0], `${field[1]}${field[2]}_x`) };
}

/** Two versions of a types file that give every type the same JSON shape: an unexported helper function added at its end. */
function typesHelperEdit(file) {
  const original = fs.readFileSync(file, 'utf8');
  return { file, original, edited: `${original}\nfunc benchHelper() int { return 1 }\n` };
}

/**
 * `fw watch` (with `args`) in a child process: waits for its first build,
 * then for each edit writes its edited and original versions alternately
 * `RUNS` times and reads the latency of each rebuild from its summary line,
 * and the CPU time the process used from the edit to that line (steadier
 * than the latency on a loaded machine; /proc counts in 10 ms ticks).
 * Returns the medians per edit.
 */
async function watchLatency(dir, args, edits) {
  const child = spawn(process.execPath, [path.join(repo, 'bin/fw'), 'watch', ...args, '--cwd', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let waiting;
  const onLine = (line) => {
    lines.push(line);
    waiting?.(line);
  };
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
  // Its warnings are printed on every rebuild: kept for the error below instead of flooding the bench's output.
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-20000);
  });
  const nextRebuild = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench: fw watch gave no summary in 300 s:\n${lines.join('\n')}\n${stderr}`)), 300000);
      waiting = (line) => {
        // The summary line of a build or rebuild (`fw watch rebuilt (1 change): ... in 42 ms`).
        const m = /^fw watch (?:built|rebuilt)\b.* in (\d+) ms/.exec(line);
        if (m) {
          clearTimeout(timer);
          waiting = undefined;
          resolve(Number(m[1]));
        }
      };
    });
  // Resolves once no build or rebuild has ended for 1.5 s: the first build's new directories (the URL helpers' folders) start one more rebuild.
  const settled = () =>
    new Promise((resolve) => {
      let timer;
      const quiet = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          waiting = undefined;
          resolve();
        }, 1500);
      };
      waiting = (line) => {
        if (/^fw watch (?:built|rebuilt)\b/.test(line)) quiet();
      };
      quiet();
    });
  const medians = [];
  try {
    await nextRebuild();
    await settled();
    for (const { file, original, edited } of edits) {
      const samples = [];
      const cpuSamples = [];
      for (let i = 0; i < RUNS; i++) {
        const next = nextRebuild();
        const cpuBefore = processUsage(child.pid).cpu;
        fs.writeFileSync(file, i % 2 === 0 ? edited : original);
        samples.push(await next);
        cpuSamples.push(processUsage(child.pid).cpu - cpuBefore);
        // A quiet moment between edits, so that each is one rebuild.
        await new Promise((r) => setTimeout(r, 300));
      }
      if (RUNS % 2 === 1) {
        const restored = nextRebuild();
        fs.writeFileSync(file, original);
        await restored;
      }
      medians.push({ ms: median(samples), cpu: median(cpuSamples) });
    }
    return medians;
  } finally {
    child.kill();
  }
}

/** A plugin that does nothing, for what Nx charges for any plugin (a worker process that loads it, and its createNodes call). */
const NULL_PLUGIN = 'bench-null-plugin';

/**
 * Makes `dir` an Nx workspace whose node_modules point at this checkout's, with
 * fw installed as README's `npm i -D fw@npm:fw-http-routes` does: under the
 * alias fw, its package.json naming fw-http-routes (package.json and the lock
 * file say so too). `plugins` is nx.json's list.
 */
function makeNxWorkspace(dir, plugins) {
  const fwPackage = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const devDependencies = { fw: `npm:${fwPackage.name}@${fwPackage.version}` };
  // A target that does nothing: `nx run api:noop` is what Nx itself costs a run (start-up, project graph, task runner).
  const nx = { targets: { noop: { executor: 'nx:noop' } } };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'api', private: true, devDependencies, nx }));
  fs.writeFileSync(
    path.join(dir, 'package-lock.json'),
    JSON.stringify({
      name: 'api',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'api', devDependencies }, 'node_modules/fw': { name: fwPackage.name, version: fwPackage.version, dev: true } },
    }),
  );
  fs.writeFileSync(path.join(dir, 'nx.json'), JSON.stringify({ plugins }, null, 2));
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(nm, { recursive: true });
  for (const e of fs.readdirSync(path.join(repo, 'node_modules'))) {
    if (e === '.cache' || fs.existsSync(path.join(nm, e))) continue;
    fs.symlinkSync(path.join(repo, 'node_modules', e), path.join(nm, e));
  }
  // fw as installed (a copy: through a link into this checkout, Nx would look for the executors' TypeScript sources).
  for (const f of ['package.json', 'executors.json', 'generators.json', 'bin', 'dist']) {
    fs.cpSync(path.join(repo, f), path.join(nm, 'fw', f), { recursive: true });
  }
  fs.mkdirSync(path.join(nm, NULL_PLUGIN), { recursive: true });
  fs.writeFileSync(path.join(nm, NULL_PLUGIN, 'package.json'), JSON.stringify({ name: NULL_PLUGIN, version: '1.0.0', main: 'index.js' }));
  fs.writeFileSync(
    path.join(nm, NULL_PLUGIN, 'index.js'),
    "exports.createNodesV2 = exports.createNodes = ['**/go.mod', async (files) => files.map((f) => [f, {}])];\n",
  );
}

const WIDTH = 52;
/** Prints one row as soon as it is measured (a long bench shows progress). */
function printRow(label, { ms, cpu, rss, ratio }, baselineMs) {
  const r = ratio ?? (baselineMs === undefined ? undefined : ms / baselineMs);
  const ratioText = r === undefined ? '' : `  ${r.toFixed(2).padStart(5)}x`;
  const cpuText = cpu === undefined ? '' : `  cpu ${cpu.toFixed(0).padStart(6)} ms`;
  const mem = rss === undefined ? '' : `  ${(rss / 2 ** 20).toFixed(0).padStart(4)} MB peak RSS`;
  console.log(`${label.padEnd(WIDTH)}  ${ms.toFixed(0).padStart(6)} ms${ratioText}${cpuText}${mem}`);
}

/**
 * Types from real modules against the same types declared locally
 * (k8sWorkspaces): fw g all on each, paired, the ratio real / local. Needs Go
 * and the module proxy (once, to fill the module cache); without them the
 * rows are skipped with the reason.
 */
function benchModules() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-modules-'));
  let ws;
  try {
    ws = k8sWorkspaces(parent);
  } catch (e) {
    console.log(`\n## modules: skipped (needs Go and the Go module proxy): ${String(e.message ?? e).split('\n')[0]}`);
    return;
  }
  console.log(`\n## modules: ${ws.describe}\nworkspaces: ${ws.real}, ${ws.local}`);
  for (const dir of [ws.real, ws.local]) fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  const all = (dir, ...extra) => ['fw', 'g', 'all', '--file', CLIENT, '--cwd', dir, ...extra];
  // The ratio of each module-cache row is the median of real / local, paired run by run.
  printRow('fw g all --no-cache, types declared locally', measure(all(ws.local, '--no-cache'), ws.local));
  printRow('fw g all --no-cache, types from the module cache', measure(all(ws.real, '--no-cache'), ws.real, { pairedWith: all(ws.local, '--no-cache') }));
  // A warm parse cache, each run record dropped before the runs (as an edit elsewhere would).
  const dropRecords = () => {
    for (const dir of [ws.real, ws.local]) fs.rmSync(path.join(dir, CACHE_DIR, 'runs'), { recursive: true, force: true });
  };
  measure(all(ws.local), ws.local, { before: dropRecords });
  measure(all(ws.real), ws.real, { before: dropRecords });
  dropRecords();
  printRow('fw g all, warm parse cache, types declared locally', measure(all(ws.local), ws.local, { before: dropRecords }));
  dropRecords();
  printRow('fw g all, warm parse cache, from the module cache', measure(all(ws.real), ws.real, { before: dropRecords, pairedWith: all(ws.local) }));
  if (!process.env.FW_BENCH_KEEP) fs.rmSync(parent, { recursive: true, force: true });
}

/** Where the bench keeps what it downloads (the OpenAPI description github is converted from). */
const BENCH_CACHE = path.join(repo, 'node_modules/.cache/fw-bench');

/** The generated workspace called `name`, in a new temporary directory. */
function makeWorkspace(name) {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), `fw-bench-${name}-`));
  if (name === 'real-api') return realApiWorkspace(dir());
  if (name === 'github') return githubWorkspace(dir(), { versions: Number(values['github-versions']), cacheDir: BENCH_CACHE });
  if (name === 'synthetic') return syntheticWorkspace({ routes: Number(values.routes), roots: Number(values.roots) });
  throw new Error(`bench: no workspace ${name} (synthetic, real-api, github, modules)`);
}

/** The workspaces shaped like a real API, on which the bench prints the targets. */
const REAL_SHAPED = new Set(['real-api', 'github']);

/**
 * One `fw g all` before the timed runs, its summary line printed: a workspace on which fw
 * reports an error (a converter's mistake) fails the bench here, with the diagnostics.
 */
function checkWorkspace(dir) {
  const r = spawnSync(process.execPath, [path.join(repo, 'bin/fw'), 'g', 'all', '--file', CLIENT, '--no-cache', '--cwd', dir], { encoding: 'utf8' });
  const summary = r.stdout.trim().split('\n').pop();
  if (r.status !== 0) throw new Error(`bench: fw g all exited ${r.status} on ${dir}:\n${r.stdout}\n${r.stderr}`);
  console.log(`checked: ${summary}`);
}

/** The targets of the cold path and of fw watch, each against what the rows measured (`rows`, by label). */
function printTargets(rows) {
  const cold = rows.get('fw g all, outputs present, --no-cache');
  const peak = Math.max(...[...rows].filter(([label]) => label.startsWith('fw g all')).map(([, m]) => m.rss ?? 0));
  const watch = rows.get('fw watch --file: rebuild after a handler-file edit');
  const splitWatch = rows.get('fw watch --file --split: rebuild after a handler-file edit');
  const largest = rows.get('largest TypeScript file, --split');
  const targets = [
    ['fw g all cold (outputs present, --no-cache) vs. baseline', cold?.ratio, 1.5, (v) => `${v.toFixed(2)}x`],
    ['peak RSS of fw g all', peak > 0 ? peak / 2 ** 20 : undefined, 250, (v) => `${v.toFixed(0)} MB`],
    ['fw watch --file, rebuild after a handler-file edit', watch?.ms, 100, (v) => `${v.toFixed(0)} ms`],
    ['fw watch --file --split, rebuild after a handler-file edit', splitWatch?.ms, 100, (v) => `${v.toFixed(0)} ms`],
    ['largest TypeScript file with --split', largest?.bytes === undefined ? undefined : largest.bytes / 1e6, 2, (v) => `${v.toFixed(2)} MB`],
  ];
  for (const [label, value, limit, format] of targets) {
    if (value === undefined) continue;
    console.log(`target: ${`${label} <= ${format(limit)}`.padEnd(WIDTH + 12)}  ${format(value).padStart(8)}  ${value <= limit ? 'met' : 'missed'}`);
  }
}

async function benchWorkspace(name) {
  if (name === 'modules') return benchModules();
  const ws = makeWorkspace(name);
  const { dir } = ws;
  // A JavaScript monorepo has a node_modules folder: fw keeps its parse cache in node_modules/.cache/fw.
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  console.log(`\n## ${name}: ${ws.describe}\nworkspace: ${dir}`);
  if (hasCommand('g', 'all') && !NX_ONLY) checkWorkspace(dir);
  if (NX_ONLY) {
    if (name === 'real-api') nxRows(dir);
    if (!process.env.FW_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const baseline = measure(['baseline', dir], dir);
  const measured = new Map();
  const row = (label, m) => {
    measured.set(label, m);
    printRow(label, m, baseline.ms);
  };
  row('read + parse every .go file, one thread (baseline)', baseline);
  const fwRuns = (args, cwd, options = {}) => measure(args, cwd, { ...options, pairedWith: ['baseline', dir] });
  const fw = (...args) => ['fw', ...args, '--cwd', dir];
  const noCache = hasCommand('g', 'all') ? ['--no-cache'] : [];
  const fresh = () => {
    freshTree(dir);
    dropCache(dir);
  };
  for (const [g, extra] of WATCH_ONLY
    ? []
    : SPLIT_ONLY
      ? [['client', ['--file', CLIENT]]]
      : [
          ['router', []],
          ['url-helper', []],
          ['client', ['--file', CLIENT]],
        ]) {
    row(`fw g ${g}, fresh tree`, fwRuns(fw('g', g, ...extra, ...noCache), dir, { before: fresh }));
    row(`fw g ${g}, outputs present`, fwRuns(fw('g', g, ...extra, ...noCache), dir));
  }
  const canSplit = commands.some((c) => c.words.join(' ') === 'g client' && 'split' in c.options);
  if (canSplit && !WATCH_ONLY) {
    const split = fw('g', 'client', '--file', SPLIT_CLIENT, '--split', ...noCache);
    // (The split client and the cache removed, the one file left for largestFiles.)
    const freshSplit = () => {
      fs.rmSync(path.join(dir, SPLIT_CLIENT.replace(/\.ts$/, '')), { recursive: true, force: true });
      fs.rmSync(path.join(dir, SPLIT_CLIENT), { force: true });
      dropCache(dir);
    };
    row('fw g client --split, fresh tree', fwRuns(split, dir, { before: freshSplit }));
    row('fw g client --split, outputs present', fwRuns(split, dir));
    measured.set('largest TypeScript file, --split', { bytes: largestFiles(dir) });
  }
  if (canSplit && SPLIT_ONLY) {
    // Every generator, the client as one file and split (each with its outputs present, as after the fw g all of the row before).
    const all = (...extra) => fw('g', 'all', ...extra, '--no-cache');
    measure(all('--file', CLIENT), dir);
    row('fw g all, outputs present, --no-cache', fwRuns(all('--file', CLIENT), dir));
    measure(all('--file', SPLIT_CLIENT, '--split'), dir);
    row('fw g all --split, outputs present, --no-cache', fwRuns(all('--file', SPLIT_CLIENT, '--split'), dir));
  }
  if (hasCommand('g', 'openapi') && !SOME_ROWS) {
    const openapi = ['g', 'openapi', '--file', 'web/openapi.json', '--title', 'Bench', '--version', '1.0.0', ...noCache];
    row('fw g openapi, fresh tree', fwRuns(fw(...openapi), dir, { before: fresh }));
  }
  if (hasCommand('g', 'all') && !SOME_ROWS) {
    const all = fw('g', 'all', '--file', CLIENT);
    row('fw g all, fresh tree, cold cache', fwRuns(all, dir, { before: fresh }));
    row('fw g all, outputs present, cold cache', fwRuns(all, dir, { before: () => dropCache(dir) }));
    row('fw g all, outputs present, --no-cache', fwRuns([...all, '--no-cache'], dir));
    // One comment line more in one handler file: the parse cache holds every other file; the run record no longer holds.
    if (ws.editable) {
      const original = fs.readFileSync(ws.editable, 'utf8');
      let n = 0;
      row('fw g all, warm cache, one handler file edited', fwRuns(all, dir, { before: () => fs.writeFileSync(ws.editable, `${original}\n// edit ${n++}\n`) }));
      fs.writeFileSync(ws.editable, original);
      measure(all, dir);
    }
    row('fw g all, warm cache, nothing changed', fwRuns(all, dir));
    row('fw g all --check, warm cache', fwRuns([...all, '--check'], dir));
  }
  if (ws.editable && hasCommand('watch')) {
    const edits = [handlerEdit(ws.editable), ...(ws.typesFile ? [typesEdit(ws.typesFile), typesHelperEdit(ws.typesFile)] : [])];
    // With the client (one file for all roots, emitted in full every rebuild) and without it.
    for (const args of [['--file', CLIENT], ...(canSplit ? [['--file', SPLIT_CLIENT, '--split']] : []), ...(SPLIT_ONLY ? [] : [[]])]) {
      const [handler, types, sameShapes] = await watchLatency(dir, args, edits);
      const label = `fw watch${args.length > 0 ? ' --file' : ''}${args.includes('--split') ? ' --split' : ''}: rebuild after a`;
      row(`${label} handler-file edit`, handler);
      if (types !== undefined) row(`${label} types-file edit`, types);
      if (sameShapes !== undefined) row(`${label} types-file edit keeping every JSON shape`, sameShapes);
    }
  }
  if (REAL_SHAPED.has(name)) printTargets(measured);
  if (name === 'synthetic' && !SOME_ROWS) await bundleRows(dir);
  if (!values['no-nx'] && !SOME_ROWS && name === 'real-api') nxRows(dir);
  // FW_BENCH_KEEP=1 keeps the workspace (its path is printed above), e.g. for profiling.
  if (!process.env.FW_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}

/** Prints the largest TypeScript file of the one-file client and of the split one (what an editor must open); returns the split one's size. */
function largestFiles(dir) {
  const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  const folder = path.join(dir, SPLIT_CLIENT.replace(/\.ts$/, ''));
  const modules = fs.existsSync(folder)
    ? fs
        .readdirSync(folder, { recursive: true })
        .map((f) => path.join(folder, f))
        .filter((f) => f.endsWith('.ts'))
    : [];
  const largest = modules.reduce((a, b) => (size(b) > size(a) ? b : a), path.join(dir, SPLIT_CLIENT));
  console.log(
    `largest TypeScript file: one file ${kb(size(path.join(dir, CLIENT)))}; --split ${kb(size(largest))} (${path.relative(dir, largest)}, of ${modules.length + 1} files)`,
  );
  return size(largest);
}

/** What a web app ships: esbuild, minified, zod included (scripts/client-bundle.mjs); needs the client fw g client wrote. */
async function bundleRows(dir) {
  const clientFile = path.join(dir, CLIENT);
  if (!fs.existsSync(clientFile)) return;
  const contents = fs.readFileSync(clientFile, 'utf8');
  // The first operation function of each of the first three classes.
  const firstOfClass = new Map();
  for (const m of contents.matchAll(/The request argument of `(\w+)\(\)` and `(\w+)\./g)) if (!firstOfClass.has(m[2])) firstOfClass.set(m[2], m[1]);
  const calls = [...firstOfClass.values()].slice(0, 3);
  const bundles = [
    [`example client, app calling ${EXAMPLE_CALLS.join(', ')}`, await bundleApp(EXAMPLE_CLIENT, EXAMPLE_CALLS)],
    [`bench client (${kb(Buffer.byteLength(contents))}), app calling ${calls.join(', ')}`, await bundleApp(clientFile, calls)],
    ['bench client, app using createClient (every group)', await bundleApp(clientFile, [])],
  ];
  for (const [label, b] of bundles) console.log(`bundle: ${label}: ${kb(b.bytes)} minified, ${kb(b.gzipBytes)} gzipped`);
}

function nxRows(dir) {
  const nx = path.join(repo, 'node_modules/.bin/nx');
  const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true', NX_TUI: 'false' };
  const graphEnv = { ...env, NX_PERF_LOGGING: 'true' };
  const dropNx = () => fs.rmSync(path.join(dir, '.nx'), { recursive: true, force: true });
  const row = (label, { ms, configs }) =>
    console.log(`${label.padEnd(WIDTH)}  ${ms.toFixed(0).padStart(6)} ms${configs === undefined ? '' : `  createNodes ${configs.toFixed(0).padStart(5)} ms`}`);
  const showProjects = (before) => timeCommand(nx, ['show', 'projects'], dir, graphEnv, before);
  console.log("(createNodes: what NX_PERF_LOGGING reports as build-project-configs, every plugin's createNodes)");
  makeNxWorkspace(dir, []);
  row('nx show projects, no plugin, cold', showProjects(dropNx));
  row('nx show projects, no plugin, warm', showProjects());
  makeNxWorkspace(dir, [NULL_PLUGIN]);
  row('nx show projects, a plugin doing nothing, cold', showProjects(dropNx));
  row('nx show projects, a plugin doing nothing, warm', showProjects());
  makeNxWorkspace(dir, [{ plugin: 'fw', options: { clientFile: CLIENT } }]);
  row(
    'nx show projects, fw plugin, cold (no .nx, no cache)',
    showProjects(() => {
      dropNx();
      dropCache(dir);
    }),
  );
  row('nx show projects, fw plugin, nothing changed', showProjects());
  const file = path.join(dir, 'internal/v1handler/account/handler_account.go');
  const original = fs.readFileSync(file, 'utf8');
  let n = 0;
  const edit = () => fs.writeFileSync(file, `${original}\n// edit ${n++}\n`);
  row('nx show projects, fw plugin, one .go file edited', showProjects(edit));
  // Against the CLI doing the same (fresh process, parse cache warm, run record dropped by the edit).
  const cli = measure(['fw', 'g', 'client', '--file', CLIENT, '--cwd', dir], dir, { before: edit });
  printRow('fw g client --file web/client.ts (after an edit)', cli);
  const noop = timeCommand(nx, ['run', 'api:noop'], dir, env, edit);
  row('nx run api:noop (after an edit: Nx and the plugin)', noop);
  const genClient = timeCommand(nx, ['run', 'api:gen-client', '--skip-nx-cache'], dir, env, edit, /fw client: \d+ written/);
  printRow('nx run api:gen-client --skip-nx-cache (after an edit)', genClient, cli.ms);
  // What the executor adds to Nx's own cost of running any target, against the CLI doing the same.
  printRow('  of which the executor (gen-client minus noop)', { ms: genClient.ms - noop.ms }, cli.ms);
  fs.writeFileSync(file, original);
}

const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`fw bench: median of ${RUNS} runs; node ${process.version}, ${os.availableParallelism()} cores, load average ${load}`);
console.log(`fw at ${whichFw()}`);
for (const name of WORKSPACES) await benchWorkspace(name);
if (!NX_ONLY && !SOME_ROWS && Number(values['tsc-routes']) > 0) benchTypecheck({ routes: Number(values['tsc-routes']), runs: Number(values['tsc-runs']) });
console.log(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
