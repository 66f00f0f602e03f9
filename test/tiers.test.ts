import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest, type TestSpecification } from 'vitest/node';
import { LONGEST_FIRST } from './support/sequencer.mts';
import { REPO_ROOT } from './support/golden';

/**
 * The test tiers (vitest.config.mts): vitest itself says which project each
 * test file belongs to. Every file is in exactly one tier, and no file of the
 * `unit` tier (npm run test:unit: no Go, no installs) calls what runs Go or
 * installs packages; such a test goes in a `*.go.test.ts` file or test/e2e/.
 */
const RUNS_GO_OR_INSTALLS =
  /\b(runGo|requireGo|startExampleServer|startServer|checkGo|runShellBlocks|createInstalledWorkspace)\(|execFileSync\('(go|gofmt|npm|npx|pnpm|yarn)'|spawn(Sync)?\('(go|gofmt|npm|npx|pnpm|yarn)'/;

/** Each test file's projects (tiers), every file in the order the run starts them, and each project's pool. */
async function specsByProject(): Promise<{ byFile: Map<string, string[]>; order: string[]; pools: string[] }> {
  const vitest = await createVitest('test', { watch: false, config: path.join(REPO_ROOT, 'vitest.config.mts') }, {});
  try {
    const relative = (spec: TestSpecification) => path.relative(REPO_ROOT, spec.moduleId).split(path.sep).join('/');
    const specs = await vitest.globTestSpecifications();
    const byFile = new Map<string, string[]>();
    for (const spec of specs) byFile.set(relative(spec), [...(byFile.get(relative(spec)) ?? []), spec.project.name]);
    const sequencer = new vitest.config.sequence.sequencer(vitest);
    // Projects with the same group order and worker count run in one pool (vitest's groups).
    const pools = vitest.projects.map((p) => `group ${p.config.sequence.groupOrder}, ${p.config.maxWorkers} workers`);
    return { byFile, order: (await sequencer.sort(specs)).map(relative), pools };
  } finally {
    await vitest.close();
  }
}

describe('test tiers', () => {
  it('every test file is in exactly one tier, and the unit tier runs neither Go nor an install', async () => {
    const { byFile } = await specsByProject();
    expect([...byFile.values()].filter((projects) => projects.length !== 1)).toEqual([]);
    const unit = [...byFile].filter(([, projects]) => projects[0] === 'unit').map(([file]) => file);
    const go = [...byFile].filter(([, projects]) => projects[0] === 'go').map(([file]) => file);
    expect(unit).toContain('test/golden.test.ts');
    expect(unit).toContain('test/docs/docs.test.ts');
    expect(go).toContain('test/docs/docs-run.go.test.ts');
    expect(go.filter((f) => !f.startsWith('test/e2e/') && !f.endsWith('.go.test.ts'))).toEqual([]);
    const text = (f: string) => fs.readFileSync(path.join(REPO_ROOT, f), 'utf8');
    // This file names those calls, as patterns: it is the one exception.
    const suspects = unit.filter((f) => f !== 'test/tiers.test.ts' && (RUNS_GO_OR_INSTALLS.test(text(f)) || text(f).includes('/e2e/support/')));
    expect(suspects).toEqual([]);
  });

  it('both tiers share one pool, which starts the longest files first, in the order test/support/sequencer.mts lists them', async () => {
    const { byFile, order, pools } = await specsByProject();
    expect(pools).toHaveLength(2);
    expect(new Set(pools).size).toBe(1);
    expect(LONGEST_FIRST.filter((f) => !byFile.has(f))).toEqual([]);
    expect(order.slice(0, LONGEST_FIRST.length)).toEqual(LONGEST_FIRST);
    expect(new Set(LONGEST_FIRST.map((f) => byFile.get(f)?.[0]))).toEqual(new Set(['unit', 'go']));
  });
});
