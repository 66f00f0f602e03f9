import * as fs from 'node:fs';
import * as path from 'node:path';
import { fwTargets, generatedGoFiles } from './inferred-targets';
import { type FwPluginOptionsInput, normalizePluginOptions } from './plugin-options';
import { type CachedProject, projectFilesHash } from './project-cache';
import { analyzeProject, type ProjectAnalysis } from './project-analysis';

/**
 * Computing a project's targets afresh: loaded by the plugin only when a
 * project changed (or the options did), so that a graph computation with
 * nothing changed loads neither zod nor the analysis.
 */

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

/** The analysis's files outside the project (replaced modules, go.work siblings, go.work above), as workspace-relative globs. */
function outsideGlobs(projectRoot: string, analysis: ProjectAnalysis): string[] {
  const inside = (p: string) => projectRoot === '.' || p === projectRoot || p.startsWith(`${projectRoot}/`);
  const globs = [...analysis.goDirs.map((d) => (d === '.' ? '*.go' : `${d}/*.go`)), ...analysis.goModFiles, ...analysis.moduleFiles];
  return globs.filter((g) => !inside(g)).sort();
}

export type InferProject = (projectRoot: string, configHash: string, workspaceRoot: string) => Promise<CachedProject>;

/** The options checked (throws one error listing every problem), then a function computing one project's entry. */
export function projectInference(rawOptions: FwPluginOptionsInput | undefined): InferProject {
  const options = normalizePluginOptions(rawOptions);
  return async (projectRoot, configHash, workspaceRoot) => {
    const analysis = analyzeProject(workspaceRoot, projectRoot);
    const generated = generatedGoFiles(projectRoot, analysis.roots);
    const outside = outsideGlobs(projectRoot, analysis);
    const filesHash = await projectFilesHash(workspaceRoot, projectRoot, generated, outside);
    const entry = { configHash, generated, filesHash, ...(outside.length > 0 ? { outside } : {}) };
    if (analysis.roots.length === 0) return { ...entry, project: null };
    const name = projectNameOf(workspaceRoot, projectRoot);
    return { ...entry, project: { name, targets: fwTargets(projectRoot, name, analysis, options) } };
  };
}
