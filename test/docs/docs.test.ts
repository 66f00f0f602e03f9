import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/golden';
import { checkFenceInfo, checkJson, checkLinks, checkTypeScript, docPages } from './support/checks';

/**
 * The docs keep their conventions (CONTRIBUTING.md › Docs): links stay inside
 * the repository and resolve (file and #anchor), json fences parse, checked
 * fences carry known info strings, and every `ts` fence type-checks against
 * the example's generated client (one tsc run). The `sh` and `go` fences need
 * Go: docs-run.go.test.ts.
 */
const pages = docPages(REPO_ROOT);

describe('docs conventions', () => {
  it('covers README.md and docs/', () => {
    expect(pages).toContain('README.md');
    expect(pages.some((p) => p.startsWith('docs/'))).toBe(true);
  });

  for (const page of pages) {
    it(`${page}: links resolve inside the repository, json parses, fences are known`, () => {
      expect([...checkLinks(REPO_ROOT, [page]), ...checkJson(REPO_ROOT, [page]), ...checkFenceInfo(REPO_ROOT, [page])].join('\n')).toBe('');
    });
  }

  it('ts fences type-check beside the example client (tsc --strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)', () => {
    expect(checkTypeScript(REPO_ROOT, pages).join('\n')).toBe('');
  });
});
