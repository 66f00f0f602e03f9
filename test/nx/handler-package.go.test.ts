import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { generate } from '../../src/generate';
import { handlerPackageGenerator } from '../../src/nx/generators/handler-package/generator';
import { runGo } from '../support/go';
import { addGoProject, materialize } from '../support/nx-tree';

/** The handler package the Nx generator writes is what fw g router would write, and Go builds it. */
describe('handler-package generator, with Go', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
  });

  it('writes router.go and registry.go exactly as fw g router generates them for the example handler, and the package builds', async () => {
    addGoProject(tree, 'api', 'apps/api');
    await handlerPackageGenerator(tree, { name: 'v2', project: 'api', skipFormat: true });
    const dir = materialize(tree, 'apps/api');
    try {
      const result = await generate({ cwd: dir, generators: ['router'] });
      expect(result.diagnostics.map((d) => formatDiagnostic(d, dir))).toEqual([]);
      expect(result.files.map((f) => path.relative(dir, f.path)).sort()).toEqual(['internal/v2handler/registry.go', 'internal/v2handler/router.go']);
      for (const f of result.files) expect(fs.readFileSync(f.path, 'utf8'), f.path).toBe(f.contents);
      expect(runGo('gofmt', ['-l', '.'], dir)).toBe('');
      runGo('go', ['vet', './...'], dir);
      runGo('go', ['build', './...'], dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
