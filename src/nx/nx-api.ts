import { createRequire } from 'node:module';
import type { CreateNodesContext, CreateNodesResult } from '@nx/devkit';

/**
 * The few Nx functions the plugin needs on every project-graph computation,
 * taken from the nx modules that define them. Nx runs each plugin in a worker
 * process that has those modules loaded already; @nx/devkit's entry points
 * re-export them among hundreds of others, and loading those barrels costs
 * that worker about 130 ms (measured with nx 23, on every `nx` command that
 * computes the graph). When a module is not where this nx keeps it, the same
 * functions come from @nx/devkit.
 */
export interface NxApi {
  createNodesFromFiles<T>(
    createNodes: (
      file: string,
      options: T,
      context: CreateNodesContext & { configFiles: readonly string[] },
      index: number,
    ) => Promise<CreateNodesResult | undefined>,
    configFiles: readonly string[],
    options: T,
    context: CreateNodesContext,
  ): Promise<[file: string, value: CreateNodesResult][]>;
  hashArray(content: string[]): string;
  hashObject(obj: object): string;
  hashWithWorkspaceContext(workspaceRoot: string, globs: string[], exclude?: string[]): Promise<string>;
  workspaceDataDirectory: string;
}

let api: NxApi | undefined;

/** Loads the functions from nx (the workspace's: a peer dependency of fw and of @nx/devkit), else from @nx/devkit. */
export function nxApi(): NxApi {
  api ??= fromNxModules() ?? fromDevkit();
  return api;
}

/** The workspace's nx (fw's peer dependency, as @nx/devkit's), found from fw itself, else from @nx/devkit. */
function nxPackageJson(): string {
  try {
    return require.resolve('nx/package.json');
  } catch {
    return createRequire(require.resolve('@nx/devkit/package.json')).resolve('nx/package.json');
  }
}

/** The functions from the nx modules themselves; undefined when one is not where this nx keeps it (exported for its test). */
export function fromNxModules(): NxApi | undefined {
  try {
    const nxRequire = createRequire(nxPackageJson());
    const plugins = nxRequire('nx/src/project-graph/plugins/utils') as Pick<NxApi, 'createNodesFromFiles'>;
    const hasher = nxRequire('nx/src/hasher/file-hasher') as Pick<NxApi, 'hashArray' | 'hashObject'>;
    const context = nxRequire('nx/src/utils/workspace-context') as Pick<NxApi, 'hashWithWorkspaceContext'>;
    const cache = nxRequire('nx/src/utils/cache-directory') as Pick<NxApi, 'workspaceDataDirectory'>;
    const found: NxApi = {
      createNodesFromFiles: plugins.createNodesFromFiles,
      hashArray: hasher.hashArray,
      hashObject: hasher.hashObject,
      hashWithWorkspaceContext: context.hashWithWorkspaceContext,
      workspaceDataDirectory: cache.workspaceDataDirectory,
    };
    return Object.values(found).every((v) => v !== undefined) ? found : undefined;
  } catch {
    return undefined;
  }
}

function fromDevkit(): NxApi {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const devkit = require('@nx/devkit') as typeof import('@nx/devkit');
  const internal = require('@nx/devkit/internal') as typeof import('@nx/devkit/internal');
  return {
    createNodesFromFiles: devkit.createNodesFromFiles as NxApi['createNodesFromFiles'],
    hashArray: devkit.hashArray,
    hashObject: internal.hashObject,
    hashWithWorkspaceContext: internal.hashWithWorkspaceContext,
    workspaceDataDirectory: internal.workspaceDataDirectory,
  };
}
