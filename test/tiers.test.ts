import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { REPO_ROOT } from './support/golden';

/**
 * The test tiers (vitest.config.mts): vitest itself says which project each
 * test file belongs to. Every file is in exactly one tier, and no file of the
 * `unit` tier (npm run test:unit: no Go, no installs) calls what runs Go or
 * installs packages; such a test goes in a `*.go.test.ts` file or test/e2e/.
 */
const RUNS_GO_OR_INSTALLS =
  /\b(runGo|requireGo|startExampleServer|startServer|checkGo|runShellBlocks|createInstalledWorkspace)\(|execFileSync\('(go|gofmt|npm|npx|pnpm|yarn)'|spawn(Sync)?\('(go|gofmt|npm|npx|pnpm|yarn)'/;

async function specsByProject(): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { watch: false, config: path.join(REPO_ROOT, 'vitest.config.mts') }, {});
  try {
    const byFile = new Map<string, string[]>();
    for (const spec of await vitest.globTestSpecifications()) {
      const file = path.relative(REPO_ROOT, spec.moduleId).split(path.sep).join('/');
      byFile.set(file, [...(byFile.get(file) ?? []), spec.project.name]);
    }
    return byFile;
  } finally {
    await vitest.close();
  }
}

describe('test tiers', () => {
  it('every test file is in exactly one tier, and the unit tier runs neither Go nor an install', async () => {
    const byFile = await specsByProject();
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
});
