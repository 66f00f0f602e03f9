import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDirOption } from '../../src/cli/generate-command';
import { CACHE_DIR_ENV, defaultCacheDir } from '../../src/workspace/cache-dir';

/** A temporary tree with these directories and (empty) files; its root. */
function tree(dirs: string[], files: string[] = []): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cache-dir-')));
  for (const d of dirs) fs.mkdirSync(path.join(root, d), { recursive: true });
  for (const f of files) fs.writeFileSync(path.join(root, f), '');
  return root;
}

const NO_ENV = {};

describe('defaultCacheDir', () => {
  it('is node_modules/.cache/fw of the nearest directory with node_modules', () => {
    const root = tree(['node_modules', 'apps/api/internal']);
    expect(defaultCacheDir(path.join(root, 'apps/api/internal'), NO_ENV)).toBe(path.join(root, 'node_modules', '.cache', 'fw'));
  });

  it("is .yarn/.cache/fw of a Yarn Plug'n'Play project, which ignores itself in git, and creates no node_modules", () => {
    const root = tree(['apps/api'], ['.pnp.cjs']);
    const dir = defaultCacheDir(path.join(root, 'apps/api'), NO_ENV);
    expect(dir).toBe(path.join(root, '.yarn', '.cache', 'fw'));
    expect(fs.readFileSync(path.join(dir!, '.gitignore'), 'utf8').split('\n')).toContain('*');
    expect(fs.existsSync(path.join(root, 'node_modules'))).toBe(false);
  });

  it("takes the nearest: a Plug'n'Play project below a folder with node_modules, node_modules beside .pnp.cjs", () => {
    const outer = tree(['node_modules', 'pnp/sub'], ['pnp/.pnp.cjs']);
    expect(defaultCacheDir(path.join(outer, 'pnp/sub'), NO_ENV)).toBe(path.join(outer, 'pnp', '.yarn', '.cache', 'fw'));
    const both = tree(['node_modules'], ['.pnp.cjs']);
    expect(defaultCacheDir(both, NO_ENV)).toBe(path.join(both, 'node_modules', '.cache', 'fw'));
  });

  it('is none in a tree with neither', () => {
    // The temporary directory's own parents could hold node_modules: look from the filesystem root instead.
    expect(defaultCacheDir(path.parse(os.tmpdir()).root, NO_ENV)).toBeUndefined();
  });

  it(`is ${CACHE_DIR_ENV} when set (relative to the workspace), before any node_modules`, () => {
    const root = tree(['node_modules']);
    expect(defaultCacheDir(root, { [CACHE_DIR_ENV]: 'tmp/fw' })).toBe(path.join(root, 'tmp', 'fw'));
    expect(defaultCacheDir(root, { [CACHE_DIR_ENV]: '' })).toBe(path.join(root, 'node_modules', '.cache', 'fw'));
  });
});

describe('the CLI cache options', () => {
  it(`--cache-dir and --no-cache win over ${CACHE_DIR_ENV}`, () => {
    const root = tree([]);
    const saved = process.env[CACHE_DIR_ENV];
    process.env[CACHE_DIR_ENV] = path.join(root, 'env');
    try {
      expect(cacheDirOption({}, root)).toBe(path.join(root, 'env'));
      expect(cacheDirOption({ 'cache-dir': 'flag' }, root)).toBe(path.join(root, 'flag'));
      expect(cacheDirOption({ 'no-cache': true }, root)).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env[CACHE_DIR_ENV];
      else process.env[CACHE_DIR_ENV] = saved;
    }
  });
});
