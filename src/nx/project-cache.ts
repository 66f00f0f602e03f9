import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProjectConfiguration } from '@nx/devkit';
import { nxApi } from './nx-api';

/** What is remembered per project root between nx invocations (in .nx/workspace-data). */
export interface CachedProject {
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
  /**
   * Workspace-relative globs outside the project that the analysis read:
   * the Go files of locally replaced modules and go.work siblings, their
   * go.mod files, go.work files above. Hashed with the project's files.
   */
  outside?: string[];
  project: Pick<ProjectConfiguration, 'name' | 'targets'> | null;
}
export type ProjectCache = Record<string, CachedProject>;

export function readCache(file: string): ProjectCache {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ProjectCache;
  } catch {
    return {};
  }
}

export function writeCache(file: string, cache: ProjectCache): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cache));
}

/** The files a project's inferred targets are computed from; a change to any of them recomputes its targets. */
function projectGlobs(projectRoot: string, outside: readonly string[]): string[] {
  const under = (g: string) => (projectRoot === '.' ? g : `${projectRoot}/${g}`);
  return [under('**/*.go'), under('**/go.mod'), under('**/go.work'), under('project.json'), under('package.json'), ...outside];
}

/** The hash of the files a project's targets are computed from (`outside`: see CachedProject), without its generated files. */
export function projectFilesHash(workspaceRoot: string, projectRoot: string, generated: string[], outside: readonly string[] = []): Promise<string> {
  return nxApi().hashWithWorkspaceContext(workspaceRoot, projectGlobs(projectRoot, outside), generated);
}

/** Whether a remembered entry still holds: same options and fw version, same project files. */
export async function isFresh(entry: CachedProject, projectRoot: string, configHash: string, workspaceRoot: string): Promise<boolean> {
  return entry.configHash === configHash && (await projectFilesHash(workspaceRoot, projectRoot, entry.generated, entry.outside)) === entry.filesHash;
}
