import * as path from 'node:path';
import type { CreateDependencies, CreateNodes, CreateNodesContext, CreateNodesResult } from '@nx/devkit';
import type { InferProject } from './infer-project';
import { nxApi } from './nx-api';
import { fwVersion } from './package-info';
import type { FwPluginOptionsInput } from './plugin-options';
import { isFresh, type ProjectCache, readCache, writeCache } from './project-cache';

/** A go.mod marks a Go project; projects whose module holds root handler packages get the fw targets. */
const GO_MOD_GLOB = '**/go.mod';

/**
 * createNodes' body, with the cache file as a parameter so tests can use a
 * temporary one. A project's targets are recomputed only when the options,
 * fw's version or the project's files (other than the generated ones)
 * changed; only then is the code that computes them loaded (./infer-project).
 * Options are checked whenever no project of the cache was computed with
 * them: invalid ones fail every graph computation, with every problem named.
 */
export async function createFwNodes(
  configFiles: readonly string[],
  rawOptions: FwPluginOptionsInput | undefined,
  context: CreateNodesContext,
  cacheFile: string,
): Promise<[file: string, value: CreateNodesResult][]> {
  const nx = nxApi();
  const configHash = nx.hashArray([nx.hashObject(rawOptions ?? {}), fwVersion()]);
  const previous = readCache(cacheFile);
  let inference: Promise<InferProject> | undefined;
  const infer = () => (inference ??= import('./infer-project.js').then((m) => m.projectInference(rawOptions)));
  if (!Object.values(previous).some((e) => e.configHash === configHash)) await infer();
  // Only this run's projects are kept: nx passes every go.mod each time, so removed projects fall away.
  const cache: ProjectCache = {};
  try {
    return await nx.createNodesFromFiles(
      async (file, _options, ctx) => {
        const projectRoot = path.posix.dirname(file);
        const cached = previous[projectRoot];
        const entry =
          cached && (await isFresh(cached, projectRoot, configHash, ctx.workspaceRoot))
            ? cached
            : await (await infer())(projectRoot, configHash, ctx.workspaceRoot);
        cache[projectRoot] = entry;
        return entry.project ? { projects: { [projectRoot]: { ...entry.project } } } : {};
      },
      configFiles,
      rawOptions,
      context,
    );
  } finally {
    writeCache(cacheFile, cache);
  }
}

/** The fw Nx plugin: `{ "plugin": "fw" }` in nx.json gives Go projects with root handler packages gen-* targets. */
export const createNodes: CreateNodes<FwPluginOptionsInput> = [
  GO_MOD_GLOB,
  (configFiles, options, context) =>
    createFwNodes(configFiles, options, context, path.join(nxApi().workspaceDataDirectory, `fw-${nxApi().hashObject(options ?? {})}.hash`)),
];

/** The same, under the name Nx versions before 22 look for. */
export const createNodesV2 = createNodes;

/**
 * The edges from the projects that hold or import a generated client to the
 * Go project generating it (./client-consumers, loaded only when Nx asks).
 */
export const createDependencies: CreateDependencies<FwPluginOptionsInput> = async (_options, context) =>
  (await import('./client-consumers.js')).clientConsumerDependencies(context, path.join(nxApi().workspaceDataDirectory, 'fw-imports.json'));
