import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../src/diagnostics/diagnostics';
import { generate, type GenerateOptions, type GeneratorName } from '../src/generate';
import { expectGoldenFile, FIXTURES } from './support/golden';

/**
 * Golden cases: every fixtures/<case>/fw-case.json names the generators to
 * run; the files they generate must equal the ones committed in the fixture
 * (UPDATE_GOLDEN=1 rewrites them). Adding coverage = adding a directory.
 */
interface GoldenCase {
  generators: GeneratorName[];
  clientFile?: string;
  /** Where the same client with `--zod mini` goes, when the case has one. */
  miniClientFile?: string;
  /** The OpenAPI document's file (relative to the case) and info, for the openapi generator. */
  openapi?: GenerateOptions['openapi'];
  /** Expected warnings, formatted; default none. */
  warnings?: string[];
}

const cases = fs
  .readdirSync(FIXTURES)
  .filter((name) => fs.existsSync(path.join(FIXTURES, name, 'fw-case.json')))
  .sort();

describe('golden output', () => {
  it('has golden cases', () => {
    expect(cases).toContain('example');
  });

  for (const name of cases) {
    it(`fixtures/${name}`, async () => {
      const dir = path.join(FIXTURES, name);
      const spec = JSON.parse(fs.readFileSync(path.join(dir, 'fw-case.json'), 'utf8')) as GoldenCase;
      const result = await generate({ cwd: dir, generators: spec.generators, clientFile: spec.clientFile, openapi: spec.openapi });
      expect(result.diagnostics.map((d) => formatDiagnostic(d, dir))).toEqual(spec.warnings ?? []);
      expect(result.files.length).toBeGreaterThan(0);
      for (const file of result.files) expectGoldenFile(file.path, file.contents);
      if (spec.miniClientFile) {
        const mini = await generate({ cwd: dir, generators: ['client'], clientFile: spec.miniClientFile, clientZod: 'mini' });
        expect(mini.diagnostics.map((d) => formatDiagnostic(d, dir))).toEqual(spec.warnings ?? []);
        expect(mini.files.map((f) => f.path)).toEqual([path.join(dir, spec.miniClientFile)]);
        expectGoldenFile(mini.files[0]!.path, mini.files[0]!.contents);
      }
    });
  }
});
