import { describe, expect, it } from 'vitest';
import { makeWorkspace } from '../support/workspace';
import { checkFenceInfo, checkInstalledPaths, checkJson, checkLinks, checkTypeScript, docPages } from './support/checks';
import { anchors, slug } from './support/markdown';

/**
 * Each docs check fails on a small sample page that breaks its rule, naming
 * file:line, and passes on one that keeps it: a check that cannot fail would
 * prove nothing about the real pages (docs.test.ts).
 */
describe('docs checks fail on pages that break the conventions', () => {
  it('finds README, CONTRIBUTING, CHANGELOG, SECURITY and docs/** pages, only those that exist', () => {
    const root = makeWorkspace({ 'README.md': '', 'SECURITY.md': '', 'docs/a.md': '', 'docs/internals/b.md': '', 'docs/c.txt': '', 'other.md': '' });
    expect(docPages(root)).toEqual(['README.md', 'SECURITY.md', 'docs/a.md', 'docs/internals/b.md']);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('What `fw g url-helper` generates')).toBe('what-fw-g-url-helper-generates');
    expect(slug('The client beside @hey-api/openapi-ts')).toBe('the-client-beside-hey-apiopenapi-ts');
    expect(slug('Go → Zod')).toBe('go--zod');
    expect(slug('`fw_case.json` and **bold** [link](x.md)')).toBe('fw_casejson-and-bold-link');
    expect([...anchors('# A\n\n## A\n\nSetext\n------\n\n```md\n# not a heading\n```\n<a id="custom"></a>\n')]).toEqual(['a', 'a-1', 'setext', 'custom']);
  });

  it('links: external, escaping, absolute, missing file, missing anchor; fine ones pass', () => {
    const root = makeWorkspace({
      'README.md': [
        '# Top',
        'See [docs](docs/a.md#part-one), [top](#top), [code](src/x.ts#L3) and `[not a link](http://in.code)`.',
        'Out: [web](https://example.com/x).',
        'Up: [shared](../shared/spec.md).',
        'Abs: [abs](/docs/a.md).',
        'Gone: [gone](docs/missing.md).',
        'No anchor: [a](docs/a.md#part-two).',
        'Bare https://example.com/y and <mailto:a@b.c>.',
        '[ref]: docs/a.md#nope',
        '```sh no-run',
        'curl https://example.com/in-a-fence',
        '```',
      ].join('\n'),
      'docs/a.md': '# A\n\n## Part one\n\nBack to [the readme](../README.md#top).\n',
      'src/x.ts': 'export {};\n',
    });
    expect(checkLinks(root, docPages(root))).toEqual([
      'README.md:3: link https://example.com/x leaves the repository (no external links: describe it in words, or link a page of this repository)',
      'README.md:4: link ../shared/spec.md leaves the repository (it resolves to ../shared/spec.md outside the root)',
      'README.md:5: link /docs/a.md is absolute: write it relative to README.md',
      'README.md:6: link docs/missing.md: docs/missing.md does not exist',
      'README.md:7: link docs/a.md#part-two: docs/a.md has no heading with the anchor #part-two',
      'README.md:8: link https://example.com/y leaves the repository (no external links: describe it in words, or link a page of this repository)',
      'README.md:8: link mailto:a@b.c leaves the repository (no external links: describe it in words, or link a page of this repository)',
      'README.md:9: link docs/a.md#nope: docs/a.md has no heading with the anchor #nope',
    ]);
  });

  it("paths into fw's installed package must exist where the README installs it (the alias fw)", () => {
    const root = makeWorkspace({
      'README.md': [
        'Schema: `"$schema": "./node_modules/fw-http-routes/schemas/fw.schema.json"`.',
        'Also `./node_modules/fw/schemas/fw.schema.json`, the folder (`node_modules/fw/schemas/`) and `node_modules/fw/schemas/…`.',
        'Not fw: `node_modules/.cache/fw`, `node_modules/zod/v4`.',
        'Gone: node_modules/fw/schemas/nope.json.',
      ].join('\n'),
    });
    const install = makeWorkspace({ 'node_modules/fw/schemas/fw.schema.json': '{}' });
    expect(checkInstalledPaths(root, ['README.md'], install)).toEqual([
      'README.md:1: node_modules/fw-http-routes/schemas/fw.schema.json does not exist where the README installs fw (node_modules/fw/…)',
      'README.md:4: node_modules/fw/schemas/nope.json does not exist where the README installs fw (node_modules/fw/…)',
    ]);
  });

  it('json fences must parse; jsonc and text fences are not parsed', () => {
    const root = makeWorkspace({ 'README.md': '```json\n{ "a": 1 }\n```\n\n```json\n"key": { }\n```\n\n```jsonc\n{ // ok\n}\n```\n' });
    expect(checkJson(root, ['README.md'])).toEqual([
      expect.stringMatching(/^README\.md:5: json block does not parse: .+ \(fix it, or use a jsonc\/text fence for a fragment\)$/),
    ]);
  });

  it('fence info strings: aliases of checked languages and unknown flags', () => {
    const root = makeWorkspace({ 'docs/p.md': '```bash\nls\n```\n\n```sh norun\nls\n```\n\n```sh no-run exit=2\nls\n```\n\n```ts no-check\nx\n```\n' });
    expect(checkFenceInfo(root, ['docs/p.md'])).toEqual([
      'docs/p.md:1: a `bash` fence is not checked: write `sh` (or `sh no-run`)',
      'docs/p.md:5: unknown flag `norun` on a `sh` fence (allowed: no-run|exit=\\d+)',
    ]);
  });

  it('ts fences are type-checked strictly beside the example client, each as its own module; no-check fences are not', () => {
    const root = makeWorkspace({
      'README.md': [
        '```ts',
        "import { createClient } from './client';",
        "const api = createClient({ baseUrl: '/api' });",
        'const found = await api.v1.user.getUser({ path: { id: 1 } });',
        'if (found.status === 200) console.log(found.body.user.name);',
        '```',
        '',
        '```ts',
        "import { createClient } from './client';",
        "const api = createClient({ baseUrl: '/api', headers: undefined });",
        'const xs: number[] = [];',
        'const n: number = xs[0];',
        '```',
        '',
        '```ts no-check',
        'this is not TypeScript',
        '```',
      ].join('\n'),
      'docs/x.md': "```ts\nimport { nothing } from './client';\n```\n",
    });
    expect(checkTypeScript(root, docPages(root))).toEqual([
      // exactOptionalPropertyTypes: `headers: undefined` is not an omitted header.
      expect.stringMatching(/^README\.md:10: error TS2345: .*headers: undefined/),
      // noUncheckedIndexedAccess: xs[0] may be undefined.
      expect.stringMatching(/^README\.md:12: error TS2322: /),
      expect.stringMatching(/^docs\/x\.md:2: error TS2305: Module '"\.\/client"' has no exported member 'nothing'\.$/),
    ]);
  });
});
