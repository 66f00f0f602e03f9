import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { generate } from '../../../src/generate';
import { FIXTURES, REPO_ROOT } from '../../support/golden';
import { lintOpenApi } from '../../support/openapi-lint';

/**
 * Every document fw writes passes Redocly's `recommended` lint rules with no
 * error: the golden documents of example, json-oracle, known-marshalers and client-kinds (JSON and YAML),
 * and the document of a generated workspace shaped like the benchmark's
 * (scripts/bench-workspace.mjs, at 600 routes over 3 roots).
 */

interface BenchWorkspace {
  makeBenchWorkspace(o: { routes: number; roots: number; subs?: number }): { dir: string; routes: number; files: number };
}

describe('generated OpenAPI documents pass the Redocly linter (recommended rules)', () => {
  it('the example (fixtures/example/web/src/api/openapi.json)', async () => {
    const { errors, warnings } = await lintOpenApi(path.join(FIXTURES, 'example/web/src/api/openapi.json'));
    expect(errors).toEqual([]);
    // What remains are advice for API authors: a license in info, and a 4XX response on routes that declare none.
    expect(warnings.every((w) => /^(info-license|operation-4xx-response):/.test(w))).toBe(true);
  });

  it('known-marshalers (fixtures/known-marshalers/web/openapi.json: built-in and declared JSON forms)', async () => {
    const { errors } = await lintOpenApi(path.join(FIXTURES, 'known-marshalers/web/openapi.json'));
    expect(errors).toEqual([]);
  });

  it('json-oracle (fixtures/json-oracle/web/openapi.json: generics, marshalers, recursion, hostile names)', async () => {
    // Redocly 2.64's no-required-schema-properties-undefined calls obj.hasOwnProperty(), which throws on a
    // schema with a property named "hasOwnProperty" (json-oracle's Keys type has one); the other rules run.
    const { errors } = await lintOpenApi(path.join(FIXTURES, 'json-oracle/web/openapi.json'), { 'no-required-schema-properties-undefined': 'off' });
    expect(errors).toEqual([]);
  });

  it('client-kinds as YAML (fixtures/client-kinds/openapi.yaml), which reads as the same JSON', async () => {
    const file = path.join(FIXTURES, 'client-kinds/openapi.yaml');
    const { errors } = await lintOpenApi(file);
    expect(errors).toEqual([]);
    const result = await generate({ cwd: path.join(FIXTURES, 'client-kinds'), generators: ['openapi'], openapi: { file: 'openapi.json' } });
    expect(parseYaml(fs.readFileSync(file, 'utf8'))).toEqual(JSON.parse(result.files[0]!.contents));
  });

  it('a benchmark-shaped workspace of 600 routes in 3 roots', async () => {
    const { makeBenchWorkspace } = (await import(path.join(REPO_ROOT, 'scripts/bench-workspace.mjs'))) as BenchWorkspace;
    const { dir } = makeBenchWorkspace({ routes: 600, roots: 3, subs: 3 });
    try {
      const result = await generate({ cwd: dir, generators: ['openapi'], openapi: { file: 'openapi.json' } });
      expect(result.diagnostics).toEqual([]);
      const file = result.files[0]!;
      fs.writeFileSync(file.path, file.contents);
      const doc = JSON.parse(file.contents) as { paths: Record<string, Record<string, unknown>> };
      expect(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)).toBe(800); // every third route has GET and POST
      const { errors } = await lintOpenApi(file.path);
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
