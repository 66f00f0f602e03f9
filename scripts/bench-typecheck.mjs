// fw's client beside the one @hey-api/openapi-ts generates from fw's own
// OpenAPI export of the same workspace (zod plugin, validated SDK): how long
// each takes to generate, and what `tsc --noEmit --strict` costs on each
// (wall time and peak memory, from /usr/bin/time). Called by
// scripts/bench.mjs; also runs alone:
//
//   node scripts/bench-typecheck.mjs [--routes 1000] [--roots 10] [--runs 3]
//
// Both generators run as the CLI a user runs (a new node process each), and
// both outputs are checked with the same options (skipLibCheck: zod's own
// types cost the same to both). Times are medians of --runs.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { makeBenchWorkspace } from './bench-workspace.mjs';

const REPO = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const HEY_API = path.join(REPO, 'node_modules/@hey-api/openapi-ts/bin/run.js');

/** The wall milliseconds and peak resident memory (MB) /usr/bin/time wrote to stderr. */
function parse(stderr) {
  const m = /FWTIME ([\d.]+) (\d+)/.exec(stderr);
  if (!m) throw new Error(`no /usr/bin/time line in: ${stderr.slice(-2000)}`);
  return { ms: Number(m[1]) * 1000, mb: Number(m[2]) / 1024 };
}

function median(runs, fn) {
  const samples = Array.from({ length: runs }, fn);
  const pick = (key) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
  return { ms: pick('ms'), mb: pick('mb') };
}

/** Runs node with `args` in `cwd`, `runs` times; median wall time and peak memory. */
function timed(args, cwd, runs) {
  return median(runs, () => {
    const r = spawnSync('/usr/bin/time', ['-f', 'FWTIME %e %M', process.execPath, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr.slice(-4000)}`);
    return parse(r.stderr);
  });
}

export function benchTypecheck({ routes: ROUTES = 1000, roots: ROOTS = 10, runs: RUNS = 3, log = console.log } = {}) {
  const { dir, routes } = makeBenchWorkspace({ routes: ROUTES, roots: ROOTS });
  try {
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const fw = path.join(REPO, 'bin/fw');
    const fwGen = timed([fw, 'g', 'client', '--file', 'web/client.ts', '-q', '--force', '--no-cache'], dir, RUNS);
    const fwOpenapi = timed([fw, 'g', 'openapi', '--file', 'web/openapi.json', '-q', '--force', '--no-cache'], dir, RUNS);
    const hey = path.join(dir, 'hey');
    fs.mkdirSync(hey);
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(hey, 'node_modules'), 'dir');
    const config = { input: '../web/openapi.json', output: 'src/client', plugins: ['@hey-api/client-fetch', 'zod', { name: '@hey-api/sdk', validator: true }] };
    fs.writeFileSync(path.join(hey, 'openapi-ts.config.mjs'), `export default ${JSON.stringify(config)};\n`);
    const heyGen = timed([HEY_API, '-f', 'openapi-ts.config.mjs', '--no-log-file', '-s'], hey, RUNS);

    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
    };
    fs.writeFileSync(path.join(dir, 'tsconfig.fw.json'), JSON.stringify({ compilerOptions, files: ['web/client.ts'] }));
    fs.writeFileSync(path.join(hey, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src/client/**/*.ts'] }));
    const fwTsc = timed([TSC, '-p', 'tsconfig.fw.json'], dir, RUNS);
    const heyTsc = timed([TSC, '-p', 'tsconfig.json'], hey, RUNS);

    const size = (p) => fs.statSync(p).size;
    const heyFiles = fs.readdirSync(path.join(hey, 'src/client'), { recursive: true }).filter((f) => f.endsWith('.ts'));
    const heyBytes = heyFiles.reduce((n, f) => n + size(path.join(hey, 'src/client', f)), 0);
    const mb = (b) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    log(`client vs @hey-api/openapi-ts (zod plugin, validated SDK) on ${routes} routes (${RUNS} runs, medians; each a new node process):`);
    log(`  fw client:        ${mb(size(path.join(dir, 'web/client.ts')))} in 1 file; hey-api: ${mb(heyBytes)} in ${heyFiles.length} files`);
    log(
      `  generate:         fw g client ${fwGen.ms.toFixed(0)} ms (fw g openapi ${fwOpenapi.ms.toFixed(0)} ms); hey-api ${heyGen.ms.toFixed(0)} ms from that document: fw ${(heyGen.ms / fwGen.ms).toFixed(1)}x faster`,
    );
    log(
      `  tsc --noEmit --strict: fw ${fwTsc.ms.toFixed(0)} ms, ${fwTsc.mb.toFixed(0)} MB peak; hey-api ${heyTsc.ms.toFixed(0)} ms, ${heyTsc.mb.toFixed(0)} MB peak: fw/hey-api ${(fwTsc.ms / heyTsc.ms).toFixed(2)}x time, ${(fwTsc.mb / heyTsc.mb).toFixed(2)}x memory`,
    );
    return { routes, fwGen, fwOpenapi, heyGen, fwTsc, heyTsc };
  } finally {
    if (!process.env.FW_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else log(`workspace kept: ${dir}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({
    options: { routes: { type: 'string', default: '1000' }, roots: { type: 'string', default: '10' }, runs: { type: 'string', default: '3' } },
  });
  benchTypecheck({ routes: Number(values.routes), roots: Number(values.roots), runs: Number(values.runs) });
}
