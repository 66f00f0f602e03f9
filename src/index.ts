// The package entry. Nx loads `{ "plugin": "fw" }` from nx.json by requiring
// this module, so it must expose the plugin's createNodes; keep it light (the
// core is loaded lazily by the plugin when it first needs it).
export { createDependencies, createNodes, createNodesV2 } from './nx/plugin';
export type { FwPluginOptionsInput as FwPluginOptions } from './nx/plugin-options';
