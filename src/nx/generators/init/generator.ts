import { type GeneratorCallback, type Tree, addDependenciesToPackageJson, formatFiles, readNxJson, updateNxJson } from '@nx/devkit';
import { DEFAULT_RUNTIME_DIR } from '../../../runtime/scaffold';
import { FW_NPM_NAME, fwInstalledName, fwVersion } from '../../package-info';
import { findFwPlugin, pluginOptionsSchema } from '../../plugin-options';
import { checkDirectory, chooseGoProject } from '../go-projects';
import { ensureRuntimeInTree } from '../runtime-in-tree';
import type { InitGeneratorOptions } from './schema';

/**
 * `nx g fw:init`: registers the plugin in nx.json with its default options
 * spelled out (so they can be discovered and edited there) and adds fw to
 * devDependencies. Idempotent: an existing registration is left as it is.
 * With --runtime it also scaffolds the fwhttp Go package into a Go project.
 */
export async function initGenerator(tree: Tree, options: InitGeneratorOptions = {}): Promise<GeneratorCallback> {
  const nxJson = readNxJson(tree) ?? {};
  const plugins = nxJson.plugins ?? [];
  if (!findFwPlugin(plugins)) {
    nxJson.plugins = [...plugins, { plugin: fwInstalledName(), options: pluginOptionsSchema.parse({}) }];
    updateNxJson(tree, nxJson);
  }
  // Under the alias `fw` the version is an npm alias of the published name, as README's install line writes it.
  const name = fwInstalledName();
  const spec = name === FW_NPM_NAME ? `^${fwVersion()}` : `npm:${FW_NPM_NAME}@^${fwVersion()}`;
  const install = options.skipPackageJson ? () => {} : addDependenciesToPackageJson(tree, {}, { [name]: spec }, undefined, true);
  if (options.runtime) {
    const project = await chooseGoProject(tree, options.project, 'Which Go project should get the fwhttp runtime?');
    ensureRuntimeInTree(tree, project.root, checkDirectory('runtimeDirectory', options.runtimeDirectory ?? DEFAULT_RUNTIME_DIR));
  }
  if (!options.skipFormat) await formatFiles(tree);
  return install;
}

export default initGenerator;
