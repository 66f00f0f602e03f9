import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FW_BIN } from '../support/fw-process';
import { REPO_ROOT } from '../support/golden';

/**
 * The V8 flags the command line sets at its start (src/cli/v8-flags.ts),
 * asked of V8 itself: `--trace-pretenuring-statistics` prints a line at each
 * scavenge that looks at allocation sites, which no scavenge does once
 * allocation-site pretenuring is off. docs/performance.md says why it is off.
 */

const TRACE = '--trace-pretenuring-statistics';

/** The lines in which V8 reports allocation-site pretenuring, from `node <TRACE> ...args`. */
function pretenuringLines(args: string[], cwd: string): { code: number | null; lines: string[]; output: string } {
  const run = spawnSync(process.execPath, [TRACE, ...args], { cwd, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
  const output = `${run.stdout}${run.stderr}`;
  return { code: run.status, lines: output.split('\n').filter((l) => l.includes('pretenuring:')), output };
}

describe('V8 flags of the command line', () => {
  it('turns allocation-site pretenuring off before fw does any work', () => {
    // The control: this Node reports pretenuring while the flag is on (else the check below proves nothing).
    const control = pretenuringLines(['-e', 'const keep = []; for (let i = 0; i < 3e5; i++) keep.push({ i, list: [i] });'], REPO_ROOT);
    expect(control.code).toBe(0);
    expect(control.lines.length).toBeGreaterThan(0);

    const fw = pretenuringLines([FW_BIN, 'g', 'all', '--check', '--no-cache'], path.join(REPO_ROOT, 'fixtures', 'example'));
    expect(fw.output).toContain('checked, 6 unchanged');
    expect(fw.code).toBe(0);
    expect(fw.lines).toEqual([]);
  });
});
