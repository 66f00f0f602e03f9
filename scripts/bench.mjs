// npm run bench: times fw on a generated large workspace and prints times and ratios.
//
//   node scripts/bench.mjs [--routes 10000] [--roots 10] [--runs 5] [--tsc-routes 1000] [--tsc-runs 1]
//
// Baseline: reading and tree-sitter-parsing every .go file of the workspace
// (the least any generator must do). Then each generator, and all three in
// one run (the workspace is read once for all of them): router, url-helper,
// client and openapi. Ratios are against
// the baseline; DESIGN §7 asks for at most 2x. Times are medians of --runs.
// Then the client beside @hey-api/openapi-ts's on a smaller workspace of
// --tsc-routes routes (generation and tsc --noEmit --strict time and peak
// memory; scripts/bench-typecheck.mjs), --tsc-routes 0 to skip it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { makeBenchWorkspace } from './bench-workspace.mjs';
import { bundleApp, EXAMPLE_CALLS, EXAMPLE_CLIENT, kb } from './client-bundle.mjs';
import { benchTypecheck } from './bench-typecheck.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const { initGoParser, parseGoFile } = require(path.join(dist, 'go/parser.js'));
const { generate } = require(path.join(dist, 'generate.js'));
const { emitters } = require(path.join(dist, 'emit/emitters.js'));

const { values } = parseArgs({
  options: {
    routes: { type: 'string', default: '10000' },
    roots: { type: 'string', default: '10' },
    runs: { type: 'string', default: '5' },
    'tsc-routes': { type: 'string', default: '1000' },
    'tsc-runs': { type: 'string', default: '1' },
  },
});
const ROUTES = Number(values.routes);
const ROOTS = Number(values.roots);
const RUNS = Number(values.runs);
const SUBS = 9; // subfolders per root, plus the root itself

function goFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.go')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

async function time(fn) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const { dir, routes, files } = makeBenchWorkspace({ routes: ROUTES, roots: ROOTS, subs: SUBS });
const clientFile = path.join(dir, 'web/client.ts');
const openapi = { file: path.join(dir, 'web/openapi.json') };
await initGoParser();
console.log(`fw bench: ${routes} routes in ${files} handler files, ${ROOTS} roots x ${SUBS + 1} packages; median of ${RUNS} runs; node ${process.version}, ${os.cpus().length} cores`);
console.log(`workspace: ${dir}`);

const all = goFiles(dir);
const baseline = await time(() => {
  for (const f of all) parseGoFile(f, fs.readFileSync(f, 'utf8'));
});
const rows = [['read + parse every .go file (baseline)', baseline]];
const available = ['router', 'url-helper', 'client', 'openapi'].filter((g) => emitters[g]);
for (const g of available) {
  rows.push([`generate ${g}`, await time(() => generate({ cwd: dir, generators: [g], clientFile, openapi }))]);
}
if (available.length > 1) rows.push([`generate ${available.join(' + ')} (one run)`, await time(() => generate({ cwd: dir, generators: available, clientFile, openapi }))]);

const check = await generate({ cwd: dir, generators: available, clientFile, openapi });
const errors = check.diagnostics.filter((d) => d.severity === 'error');
if (errors.length > 0) {
  console.error(`bench workspace produced ${errors.length} errors, e.g. ${errors[0].message}`);
  process.exit(1);
}
const stages = check.timings.map((t) => `${t.stage} ${t.ms.toFixed(0)} ms`).join(', ');
const width = Math.max(...rows.map(([n]) => n.length));
for (const [name, ms] of rows) {
  console.log(`${name.padEnd(width)}  ${ms.toFixed(0).padStart(6)} ms  ${(ms / baseline).toFixed(2)}x baseline  ${Math.round(routes / (ms / 1000))} routes/s`);
}
console.log(`stages of one ${available.join(' + ')} run: ${stages}`);

// What a web app ships: esbuild, minified, zod included (scripts/client-bundle.mjs).
const client = check.files.find((f) => f.path.endsWith('.ts'));
if (client) {
  fs.mkdirSync(path.dirname(clientFile), { recursive: true });
  fs.writeFileSync(clientFile, client.contents);
  // The first operation function of each of the first three classes.
  const firstOfClass = new Map();
  for (const m of client.contents.matchAll(/The request argument of `(\w+)\(\)` and `(\w+)\./g)) if (!firstOfClass.has(m[2])) firstOfClass.set(m[2], m[1]);
  const calls = [...firstOfClass.values()].slice(0, 3);
  const bundles = [
    [`example client, app calling ${EXAMPLE_CALLS.join(', ')}`, await bundleApp(EXAMPLE_CLIENT, EXAMPLE_CALLS)],
    [`bench client (${kb(Buffer.byteLength(client.contents))}), app calling ${calls.join(', ')}`, await bundleApp(clientFile, calls)],
    ['bench client, app using createClient (every group)', await bundleApp(clientFile, [])],
  ];
  for (const [name, b] of bundles) console.log(`bundle: ${name}: ${kb(b.bytes)} minified, ${kb(b.gzipBytes)} gzipped`);
}
if (Number(values['tsc-routes']) > 0) benchTypecheck({ routes: Number(values['tsc-routes']), roots: ROOTS, runs: Number(values['tsc-runs']) });
// FW_BENCH_KEEP=1 keeps the workspace (its path is printed above), e.g. for profiling.
if (!process.env.FW_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
