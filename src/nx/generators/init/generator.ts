import {
  type GeneratorCallback,
  type Tree,
  addDependenciesToPackageJson,
  formatFiles,
  readNxJson,
  updateNxJson,
} from '@nx/devkit';
import { FW_PACKAGE_NAME, fwVersion } from '../../package-info';
import { pluginOptionsSchema } from '../../plugin-options';
import type { InitGeneratorOptions } from './schema';

/** True when nx.json already lists the fw plugin, in either of the forms nx accepts. */
function hasFwPlugin(plugins: readonly (string | { plugin: string })[]): boolean {
  return plugins.some((p) => (typeof p === 'string' ? p : p.plugin) === FW_PACKAGE_NAME);
}

/**
 * `nx g fw:init`: registers the plugin in nx.json with its default options
 * spelled out (so they can be discovered and edited there) and adds fw to
 * devDependencies. Idempotent: an existing registration is left as it is.
 */
export async function initGenerator(tree: Tree, options: InitGeneratorOptions = {}): Promise<GeneratorCallback> {
  const nxJson = readNxJson(tree) ?? {};
  const plugins = nxJson.plugins ?? [];
  if (!hasFwPlugin(plugins)) {
    nxJson.plugins = [...plugins, { plugin: FW_PACKAGE_NAME, options: pluginOptionsSchema.parse({}) }];
    updateNxJson(tree, nxJson);
  }
  const install = options.skipPackageJson
    ? () => {}
    : addDependenciesToPackageJson(tree, {}, { [FW_PACKAGE_NAME]: `^${fwVersion()}` }, undefined, true);
  if (!options.skipFormat) await formatFiles(tree);
  return install;
}

export default initGenerator;
