import {
  type GeneratorCallback,
  type NxJsonConfiguration,
  type TargetConfiguration,
  type Tree,
  addDependenciesToPackageJson,
  formatFiles,
  readNxJson,
  updateNxJson,
} from '@nx/devkit';
import { DEFAULT_RUNTIME_DIR } from '../../../runtime/scaffold';
import { FW_NPM_NAME, fwInstalledName, fwVersion } from '../../package-info';
import { findFwPlugin, pluginOptionsSchema, registeredTargetName } from '../../plugin-options';
import { checkDirectory, chooseGoProject } from '../go-projects';
import { ensureRuntimeInTree } from '../runtime-in-tree';
import type { InitGeneratorOptions } from './schema';

/** The targets of a TypeScript project that read the generated client it uses. */
type TargetDependencyConfigs = NonNullable<TargetConfiguration['dependsOn']>;

const CONSUMER_TARGETS = ['typecheck', 'build', 'test', 'lint'];

/**
 * Adds `^<client target>` to the dependsOn of the consumers' targets in
 * targetDefaults: a project that uses a client depends on its Go project
 * (the plugin's createDependencies), so Nx generates the client before
 * type-checking, building, testing or linting it. What is there stays.
 */
function runClientFirst(nxJson: NxJsonConfiguration): void {
  const first = `^${registeredTargetName(nxJson.plugins, 'client')}`;
  const defaults = (nxJson.targetDefaults ??= {});
  const add = (config: { dependsOn?: TargetDependencyConfigs }) => {
    const dependsOn = config.dependsOn ?? [];
    if (!dependsOn.includes(first)) config.dependsOn = [...dependsOn, first];
  };
  for (const target of CONSUMER_TARGETS) {
    const value = (defaults[target] ??= {});
    if (!Array.isArray(value)) add(value);
    else {
      // The array form (entries narrowed by a filter): every entry, and a baseline for the targets no filter matches.
      if (!value.some((e) => e.filter === undefined)) value.unshift({});
      for (const entry of value) add(entry);
    }
  }
}

/**
 * `nx g fw:init`: registers the plugin in nx.json with its default options
 * spelled out (so they can be discovered and edited there) and adds fw to
 * devDependencies. Idempotent: an existing registration is left as it is.
 * With --runtime it also scaffolds the fwhttp Go package into a Go project.
 */
export async function initGenerator(tree: Tree, options: InitGeneratorOptions = {}): Promise<GeneratorCallback> {
  const nxJson = readNxJson(tree) ?? {};
  const plugins = nxJson.plugins ?? [];
  if (!findFwPlugin(plugins)) nxJson.plugins = [...plugins, { plugin: fwInstalledName(), options: pluginOptionsSchema.parse({}) }];
  const before = JSON.stringify(nxJson);
  runClientFirst(nxJson);
  if (!findFwPlugin(plugins) || JSON.stringify(nxJson) !== before) updateNxJson(tree, nxJson);
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
