import { type Tree, readJson, readNxJson, updateJson } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { initGenerator } from '../../src/nx/generators/init/generator';
import { fwVersion } from '../../src/nx/package-info';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const DEFAULT_OPTIONS = {
  routerTargetName: 'gen-router',
  urlHelperTargetName: 'gen-url-helper',
  clientTargetName: 'gen-client',
  clientFile: 'client/client.ts',
};

describe('init generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
  });

  it('registers the plugin in nx.json with its default options and adds fw to devDependencies', async () => {
    await initGenerator(tree, { skipFormat: true });
    expect(readNxJson(tree)?.plugins).toEqual([{ plugin: 'fw', options: DEFAULT_OPTIONS }]);
    expect(readJson<PackageJson>(tree, 'package.json').devDependencies?.fw).toBe(`^${fwVersion()}`);
  });

  it('is idempotent: a second run changes nothing', async () => {
    await initGenerator(tree, { skipFormat: true });
    const nxJson = tree.read('nx.json', 'utf8');
    const packageJson = tree.read('package.json', 'utf8');
    await initGenerator(tree, { skipFormat: true });
    expect(tree.read('nx.json', 'utf8')).toBe(nxJson);
    expect(tree.read('package.json', 'utf8')).toBe(packageJson);
  });

  it('keeps an existing registration (string or object form) and the other plugins as they are', async () => {
    updateJson(tree, 'nx.json', (json) => ({ ...json, plugins: ['@nx/js/typescript', 'fw'] }));
    await initGenerator(tree, { skipFormat: true });
    expect(readNxJson(tree)?.plugins).toEqual(['@nx/js/typescript', 'fw']);

    updateJson(tree, 'nx.json', (json) => ({ ...json, plugins: [{ plugin: 'fw', options: { clientFile: 'web/api.ts' } }] }));
    await initGenerator(tree, { skipFormat: true });
    expect(readNxJson(tree)?.plugins).toEqual([{ plugin: 'fw', options: { clientFile: 'web/api.ts' } }]);
  });

  it('keeps a version of fw the workspace already depends on', async () => {
    updateJson(tree, 'package.json', (json) => ({ ...json, devDependencies: { ...json.devDependencies, fw: '0.0.1' } }));
    await initGenerator(tree, { skipFormat: true });
    expect(readJson<PackageJson>(tree, 'package.json').devDependencies?.fw).toBe('0.0.1');
  });

  it('leaves package.json alone with --skipPackageJson', async () => {
    const before = tree.read('package.json', 'utf8');
    await initGenerator(tree, { skipPackageJson: true, skipFormat: true });
    expect(tree.read('package.json', 'utf8')).toBe(before);
    expect(readNxJson(tree)?.plugins).toEqual([{ plugin: 'fw', options: DEFAULT_OPTIONS }]);
  });
});
