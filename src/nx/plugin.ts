import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type CreateNodes,
  type CreateNodesContext,
  type CreateNodesResult,
  type ProjectConfiguration,
  createNodesFromFiles,
  hashArray,
} from '@nx/devkit';
import { hashObject, hashWithWorkspaceContext, workspaceDataDirectory } from '@nx/devkit/internal';
import { fwTargets, generatedGoFiles } from './inferred-targets';
import { fwVersion } from './package-info';
import { type FwPluginOptions, type FwPluginOptionsInput, normalizePluginOptions } from './plugin-options';
import { analyzeProject } from './project-analysis';

/** A go.mod marks a Go project; projects whose module holds root handler packages get the fw targets. */
const GO_MOD_GLOB = '**/go.mod';

/** What is remembered per project root between nx invocations (in .nx/workspace-data). */
interface CachedProject {
  /** Hash of the plugin options and fw's version. */
  configHash: string;
  /**
   * The project's generated Go files (workspace-relative). They are left out
   * of filesHash: deleting or regenerating one must keep the targets (a root
   * is found by its router.go), so that nx can restore the file from cache.
   */
  generated: string[];
  /**
   * Hash of the project's Go files, go.mod files, project.json and
   * package.json, without the generated files. The project root is the Go
   * module's directory and fw reads only packages of the module, so this
   * covers everything the targets are computed from.
   */
  filesHash: string;
  project: Pick<ProjectConfiguration, 'name' | 'targets'> | null;
}
type ProjectCache = Record<string, CachedProject>;

function readCache(file: string): ProjectCache {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ProjectCache;
  } catch {
    return {};
  }
}

function writeCache(file: string, cache: ProjectCache): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cache));
}

function readJsonName(file: string): string | undefined {
  try {
    const name = (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project's name as Nx knows it: project.json's, else package.json's,
 * else the directory's. Setting it lets a bare go.mod directory become a
 * project; repeating the name the other files give keeps Nx's merge a no-op.
 */
function projectNameOf(workspaceRoot: string, projectRoot: string): string {
  const dir = path.join(workspaceRoot, projectRoot);
  return readJsonName(path.join(dir, 'project.json')) ?? readJsonName(path.join(dir, 'package.json')) ?? path.basename(dir);
}

/** The files a project's inferred targets are computed from; a change to any of them recomputes its targets. */
function projectGlobs(projectRoot: string): string[] {
  const under = (g: string) => (projectRoot === '.' ? g : `${projectRoot}/${g}`);
  return [under('**/*.go'), under('**/go.mod'), under('project.json'), under('package.json')];
}

async function inferProject(
  projectRoot: string,
  configHash: string,
  options: FwPluginOptions,
  context: CreateNodesContext,
): Promise<CachedProject> {
  const analysis = analyzeProject(context.workspaceRoot, projectRoot);
  const generated = generatedGoFiles(projectRoot, analysis.roots);
  const filesHash = await hashWithWorkspaceContext(context.workspaceRoot, projectGlobs(projectRoot), generated);
  if (analysis.roots.length === 0) return { configHash, generated, filesHash, project: null };
  const name = projectNameOf(context.workspaceRoot, projectRoot);
  return { configHash, generated, filesHash, project: { name, targets: fwTargets(projectRoot, name, analysis, options) } };
}

async function isFresh(entry: CachedProject, projectRoot: string, configHash: string, workspaceRoot: string): Promise<boolean> {
  return (
    entry.configHash === configHash &&
    (await hashWithWorkspaceContext(workspaceRoot, projectGlobs(projectRoot), entry.generated)) === entry.filesHash
  );
}

/**
 * createNodes' body, with the cache file as a parameter so tests can use a
 * temporary one. A project's targets are recomputed only when the options,
 * fw's version or the project's files (other than the generated ones) changed.
 */
export async function createFwNodes(
  configFiles: readonly string[],
  rawOptions: FwPluginOptionsInput | undefined,
  context: CreateNodesContext,
  cacheFile: string,
): Promise<[file: string, value: CreateNodesResult][]> {
  const options = normalizePluginOptions(rawOptions);
  const configHash = hashArray([hashObject(options), fwVersion()]);
  const previous = readCache(cacheFile);
  // Only this run's projects are kept: nx passes every go.mod each time, so removed projects fall away.
  const cache: ProjectCache = {};
  try {
    return await createNodesFromFiles(
      async (file, _options, ctx) => {
        const projectRoot = path.posix.dirname(file);
        const cached = previous[projectRoot];
        const entry =
          cached && (await isFresh(cached, projectRoot, configHash, ctx.workspaceRoot))
            ? cached
            : await inferProject(projectRoot, configHash, options, ctx);
        cache[projectRoot] = entry;
        return entry.project ? { projects: { [projectRoot]: { ...entry.project } } } : {};
      },
      configFiles,
      options,
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
    createFwNodes(configFiles, options, context, path.join(workspaceDataDirectory, `fw-${hashObject(options ?? {})}.hash`)),
];

/** The same, under the name Nx versions before 22 look for. */
export const createNodesV2 = createNodes;
