import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReportNaming } from '../diagnostics/run-report';
import { findGoRoot } from './go-root';
import { moduleCacheDir } from './module-cache';

/**
 * The repository a GitHub annotation names files relative to: the Actions
 * runner reads a relative `file` from GITHUB_WORKSPACE (the checkout), so that
 * when it is set; else the git top level above `dir` (the nearest directory
 * with a `.git` entry: a repository, a worktree or a submodule); else none.
 */
export function repositoryRoot(dir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.GITHUB_WORKSPACE) return path.resolve(env.GITHUB_WORKSPACE);
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * How a run names files: in text and JSON relative to `runDir` (the directory
 * fw runs in, as go build prints paths; the Nx workspace root for the
 * executors), in GitHub annotations relative to the repository holding
 * `workspace` (absolute outside one); in both, files of the module cache as
 * `module@version/path` and of GOROOT as `$GOROOT/src/…`.
 */
export function reportNaming(runDir: string, workspace: string, env: NodeJS.ProcessEnv = process.env): ReportNaming {
  const moduleCache = moduleCacheDir(env);
  const goRoot = () => findGoRoot(env);
  return { text: { dir: path.resolve(runDir), moduleCache, goRoot }, repository: { dir: repositoryRoot(workspace, env), moduleCache, goRoot } };
}
