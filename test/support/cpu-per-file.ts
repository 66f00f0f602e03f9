import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll } from 'vitest';

/**
 * With FW_TEST_CPU=<file>, each test file appends one line to <file>: its
 * path, and the CPU seconds its worker process and every program the file
 * ran used (Linux's /proc/self/stat: user and system time of the worker
 * and of its waited-for children, which include theirs). A whole run's CPU,
 * file by file, from one `npx vitest run`: what to compare on a loaded
 * machine, where wall times say more about the others' load than the file.
 * A vitest setup file (vitest.config.mts); without FW_TEST_CPU it does nothing.
 */
const out = process.env.FW_TEST_CPU;
if (out) {
  const start = cpuSeconds();
  const startedAt = Date.now();
  afterAll(() => {
    const file = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath ?? 'unknown';
    const line = { file: path.relative(process.cwd(), file), cpu: round(cpuSeconds() - start), wall: round((Date.now() - startedAt) / 1000) };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}

/** utime + stime + cutime + cstime of this process, in seconds (fields 14-17 of /proc/self/stat, in clock ticks of 1/100 s). */
function cpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;
