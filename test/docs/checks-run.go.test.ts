import { describe, expect, it } from 'vitest';
import { makeWorkspace } from '../support/workspace';
import { checkGo, runShellBlocks } from './support/checks';

/**
 * The docs checks that need Go fail on sample pages that break their rule,
 * naming file:line: a failing or mis-expected `sh` block, a `go` fragment not
 * marked no-check, a `go` file that does not vet.
 */
describe('docs checks that run Go fail on pages that break the conventions', () => {
  it('sh blocks run in order in one copy of the example, with bin/fw as fw; exit=N, no-run', () => {
    const root = makeWorkspace({
      'README.md': [
        '```sh',
        'fw g router',
        'touch made-by-block-one && go build ./...',
        '```',
        '```sh',
        'test -f made-by-block-one',
        '```',
        '```sh exit=1',
        'fw g router --cwd does-not-exist',
        '```',
        '```sh no-run',
        'npm install something-from-the-network',
        '```',
        '```sh',
        'false',
        'echo not reached',
        '```',
        '```sh exit=3',
        'true',
        '```',
      ].join('\n'),
      'docs/other.md': '```sh\ntest ! -f made-by-block-one\n```\n',
    });
    expect(runShellBlocks(root, 'README.md')).toEqual([
      'README.md:14: sh block exited 1, expected 0 (mark it `sh no-run` if it cannot run on the example):\n',
      'README.md:18: sh block exited 0, expected 3 (mark it `sh no-run` if it cannot run on the example):\n',
    ]);
    // Another page gets a fresh copy.
    expect(runShellBlocks(root, 'docs/other.md')).toEqual([]);
  });

  it('go blocks: whole files vet as new packages of the example module; fragments must be marked no-check', () => {
    const root = makeWorkspace({
      'README.md': [
        '```go',
        '// Package ok uses the example module.',
        'package ok',
        '',
        'import "example.com/shop/internal/models"',
        '',
        'var _ = models.User{}',
        '```',
        '',
        '```go',
        'func (h *UserHandler) GetUser() http.HandlerFunc { ... }',
        '```',
        '',
        '```go no-check',
        'func fragment() { ... }',
        '```',
      ].join('\n'),
      'docs/bad.md': '# Bad\n\n```go\npackage bad\n\nimport "fmt"\n\nfunc F() { fmt.Printf("%d", "x"); undefinedName() }\n```\n',
    });
    const findings = checkGo(root, ['README.md', 'docs/bad.md']);
    expect(findings[0]).toBe('README.md:10: go block is not a whole file starting with `package` (complete it, or mark the fence `go no-check`)');
    expect(findings.slice(1).join('\n')).toMatch(/^docs\/bad\.md:8: .*undefined: undefinedName/m);
    expect(findings.slice(1).every((f) => f.startsWith('docs/bad.md:8: '))).toBe(true);
  });
});
