import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { runFw } from '../support/workspace';

/**
 * The excerpts of generated files that the generator pages show are taken
 * from what fw generates for the example: every line of such a fence (but the
 * `// ...` and `# …` elisions) must occur in the generated file, in the same
 * order, so a change of the generators that the page does not follow fails here.
 */
interface Excerpt {
  page: string;
  /** The fence's info string and its index among the page's fences with that info string. */
  info: string;
  index: number;
  /** The generated text the fence is taken from. */
  source: () => Promise<string>;
}

const example = path.join(FIXTURES, 'example');
const read = (rel: string) => async () => fs.readFileSync(path.join(example, rel), 'utf8');

/** The example's OpenAPI document as YAML, generated with the options `npm run example` gives. */
async function exampleYaml(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-docs-excerpt-'));
  try {
    fs.cpSync(example, dir, { recursive: true });
    const args = ['--title', 'Shop API', '--version', '1.0.0', '--license', 'MIT', '--server', 'http://127.0.0.1:8080'];
    const run = await runFw(['g', 'openapi', '--cwd', dir, '--file', 'openapi.yaml', '--no-cache', '-q', ...args]);
    expect(run.code, run.stderr).toBe(0);
    return fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const EXCERPTS: Excerpt[] = [
  { page: 'docs/router.md', info: 'go no-check', index: 0, source: read('internal/v1handler/router.go') },
  { page: 'docs/router.md', info: 'go no-check', index: 1, source: read('internal/v1handler/registry.go') },
  { page: 'docs/client.md', info: 'ts no-check', index: 0, source: read('web/src/api/client.ts') },
  { page: 'docs/openapi.md', info: 'yaml', index: 0, source: exampleYaml },
  // The React app the browser test runs (test/e2e/browser.e2e.test.ts).
  { page: 'docs/query.md', info: 'tsx', index: 0, source: async () => fs.readFileSync(path.join(REPO_ROOT, 'test/e2e/browser/query-page.tsx'), 'utf8') },
];

/** The bodies of a page's fences whose info string is exactly `info`. */
function fences(markdown: string, info: string): string[] {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].filter((m) => m[1]!.trim() === info).map((m) => m[2]!);
}

const ELISION = /^\s*(\/\/|#) *(\.\.\.|…)/;

/** The first line of `excerpt` (elisions and blank lines aside) not found in `source` after the lines before it; undefined when all are. */
function firstMissingLine(excerpt: string, source: string): string | undefined {
  const lines = source.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const line of excerpt.split('\n').map((l) => l.trimEnd())) {
    if (line.trim() === '' || ELISION.test(line)) continue;
    const found = lines.indexOf(line, at);
    if (found < 0) return line;
    at = found + 1;
  }
  return undefined;
}

describe('excerpts of generated files in the docs', () => {
  for (const e of EXCERPTS) {
    it(`${e.page}: the ${e.info} fence #${e.index} is taken from what fw generates`, async () => {
      const fence = fences(fs.readFileSync(path.join(REPO_ROOT, e.page), 'utf8'), e.info)[e.index];
      expect(fence, `${e.page} has no ${e.info} fence #${e.index}`).toBeDefined();
      expect(firstMissingLine(fence!, await e.source())).toBeUndefined();
    });
  }

  it('finds a changed, a missing or a reordered line', () => {
    const source = 'a\nb\nc\n';
    expect(firstMissingLine('a\n// ...\nc', source)).toBeUndefined();
    expect(firstMissingLine('a\nx', source)).toBe('x');
    expect(firstMissingLine('c\na', source)).toBe('a');
  });
});
