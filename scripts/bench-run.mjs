// One measured run of `npm run bench`, in a fresh process so that every run
// pays start-up, wasm compilation and JIT warm-up as a user's does:
//
//   node scripts/bench-run.mjs baseline <dir>   read + tree-sitter-parse every input .go file, one thread
//   node scripts/bench-run.mjs fw <args...>      the fw command line as bin/fw runs it, output silenced
//
// Prints one JSON line: {"code": exit status, "rss": peak resident set size in bytes,
// "cpu": user + system CPU time of the whole process (all threads) in ms}.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const [mode, ...args] = process.argv.slice(2);

/** Every .go file below `dir`, skipping what fw skips (tests, hidden and underscore directories, node_modules). */
export function goFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name.startsWith('_') || e.name === 'node_modules') continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.go') && !e.name.endsWith('_test.go')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

let code = 0;
if (mode === 'baseline') {
  const { initGoParser, parseGoFile } = require(path.join(dist, 'go/parser.js'));
  const { GENERATED_HEADER } = require(path.join(dist, 'workspace/generated-header.js'));
  await initGoParser();
  // The inputs only: fw's own outputs (router.go, registry.go, urlhelper.go; 12 MB at real-api) are
  // not what any generator must parse, and a baseline that parsed them would grow between a fresh
  // tree and one with outputs present, flattering every ratio measured against it.
  for (const f of goFiles(args[0])) {
    const text = fs.readFileSync(f, 'utf8');
    if (!text.startsWith(GENERATED_HEADER)) parseGoFile(f, text);
  }
} else if (mode === 'fw') {
  // As bin/fw does: its V8 flags before fw makes any object (they change its peak RSS).
  require(path.join(dist, 'cli/v8-flags.js')).setV8Flags();
  const { main } = require(path.join(dist, 'cli/main.js'));
  const lines = [];
  code = await main(args, { out: () => {}, err: (l) => lines.push(l) });
  if (code !== 0) process.stderr.write(`${lines.slice(0, 5).join('\n')}\n`);
} else {
  process.stderr.write(`bench-run: unknown mode ${mode}\n`);
  code = 2;
}
const usage = process.resourceUsage();
process.stdout.write(`${JSON.stringify({ code, rss: usage.maxRSS * 1024, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000 })}\n`);
process.exitCode = code;
