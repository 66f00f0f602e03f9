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
import { fwTargets } from './inferred-targets';
import { fwVersion } from './package-info';
import { type FwPluginOptions, type FwPluginOptionsInput, normalizePluginOptions } from './plugin-options';
import { analyzeProject } from './project-analysis';

/** A go.mod marks a Go project; projects whose module holds root handler packages get the fw targets. */
const GO_MOD_GLOB = '**/go.mod';

/** What is remembered per project between nx invocations (in .nx/workspace-data). */
interface CachedProject {
  project: Pick<ProjectConfiguration, 'name' | 'targets'> | null;
  /** Globs of the Go files outside the project the result depends on (type packages), and their hash when it was computed. */
  externalGlobs: string[];
  externalHash: string;
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

async function hashGlobs(workspaceRoot: string, globs: string[]): Promise<string> {
  return globs.length === 0 ? '' : hashWithWorkspaceContext(workspaceRoot, globs);
}

async function inferProject(projectRoot: string, options: FwPluginOptions, context: CreateNodesContext): Promise<CachedProject> {
  const analysis = await analyzeProject(context.workspaceRoot, projectRoot);
  if (analysis.roots.length === 0) return { project: null, externalGlobs: [], externalHash: '' };
  const inProject = (p: string) => projectRoot === '.' || p === projectRoot || p.startsWith(`${projectRoot}/`);
  const externalGlobs = [
    ...analysis.goDirs.filter((d) => !inProject(d)).map((d) => `${d}/*.go`),
    ...analysis.goModFiles.filter((f) => !inProject(f)),
  ];
  const name = projectNameOf(context.workspaceRoot, projectRoot);
  return {
    project: { name, targets: fwTargets(projectRoot, name, analysis, options) },
    externalGlobs,
    externalHash: await hashGlobs(context.workspaceRoot, externalGlobs),
  };
}

/**
 * createNodes' body, with the cache file as a parameter so tests can use a
 * temporary one. Targets are recomputed only when the hash of the project's
 * Go files, the options or fw's version changed, or when a Go package outside
 * the project that generation read has changed.
 */
export async function createFwNodes(
  configFiles: readonly string[],
  rawOptions: FwPluginOptionsInput | undefined,
  context: CreateNodesContext,
  cacheFile: string,
): Promise<[file: string, value: CreateNodesResult][]> {
  const options = normalizePluginOptions(rawOptions);
  const projectRoots = configFiles.map((f) => path.posix.dirname(f));
  const fileHashes = await Promise.all(projectRoots.map((root) => hashGlobs(context.workspaceRoot, projectGlobs(root))));
  const previous = readCache(cacheFile);
  // Only this run's entries are kept: nx passes every go.mod each time, so stale keys fall away.
  const cache: ProjectCache = {};
  try {
    return await createNodesFromFiles(
      async (_file, _options, ctx, idx) => {
        const projectRoot = projectRoots[idx] ?? '.';
        const key = hashArray([fileHashes[idx] ?? '', hashObject(options), fwVersion(), projectRoot]);
        let entry = previous[key];
        if (!entry || (await hashGlobs(ctx.workspaceRoot, entry.externalGlobs)) !== entry.externalHash) {
          entry = await inferProject(projectRoot, options, ctx);
        }
        cache[key] = entry;
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
