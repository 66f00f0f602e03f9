import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/golden';
import { checkGo, docPages, runShellBlocks } from './support/checks';

/**
 * The docs' `sh` fences run on a fresh copy of fixtures/example (one copy per
 * page, blocks in order, bin/fw as `fw`), and their `go` fences vet as new
 * packages of the example module (one go vet run): what the docs show works.
 */
const pages = docPages(REPO_ROOT);

describe('docs commands and Go snippets work on the example', () => {
  for (const page of pages) {
    it(`${page}: sh fences run`, () => {
      expect(runShellBlocks(REPO_ROOT, page).join('\n')).toBe('');
    });
  }

  it('go fences are whole files that pass go vet in the example module', () => {
    expect(checkGo(REPO_ROOT, pages).join('\n')).toBe('');
  });
});
