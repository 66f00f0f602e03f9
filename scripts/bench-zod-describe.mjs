// What `.describe()` on every field schema would cost a client when its module loads: the
// measurement behind docs/type-mapping.md's choice to name validator rules in the TypeScript
// types and not in the zod response schemas (docs/performance.md, "Describing rules in zod").
//
//   node scripts/bench-zod-describe.mjs [--fields 20000] [--runs 3]
//
// Each run is a fresh Node process that builds `--fields` string schemas, plain or each with
// `.describe(<a rules line>)`, and prints the CPU time of building them and the heap they hold.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};

if (process.argv[2] === 'child') {
  const z = await import('zod');
  const [, , , mode, n] = process.argv;
  z.string().describe('warm');
  global.gc();
  const cpu = process.cpuUsage();
  const heap = process.memoryUsage().heapUsed;
  const schemas = [];
  for (let i = 0; i < Number(n); i++) {
    const s = z.string();
    schemas.push(mode === 'describe' ? s.describe(`Validator rules (validate tag): \`required,max=${i}\``) : s);
  }
  const used = process.cpuUsage(cpu);
  global.gc();
  console.log(JSON.stringify({ ms: (used.user + used.system) / 1000, mb: (process.memoryUsage().heapUsed - heap) / 1e6, n: schemas.length }));
} else {
  const fields = arg('fields', 20000);
  const runs = arg('runs', 3);
  const self = fileURLToPath(import.meta.url);
  const results = { plain: [], describe: [] };
  // Alternating, so that a change in the machine's load touches both.
  for (let r = 0; r < runs; r++)
    for (const mode of ['plain', 'describe'])
      results[mode].push(JSON.parse(execFileSync(process.execPath, ['--expose-gc', self, 'child', mode, String(fields)], { encoding: 'utf8' })));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [mode, rs] of Object.entries(results))
    console.log(
      `${mode.padEnd(8)} ${fields} string schemas: ${median(rs.map((x) => x.ms)).toFixed(0)} ms CPU, ${median(rs.map((x) => x.mb)).toFixed(1)} MB heap (median of ${runs})`,
    );
}
