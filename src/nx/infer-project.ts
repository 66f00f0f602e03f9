import * as fs from 'node:fs';
import * as path from 'node:path';
import { goProjectName } from './go-project-name';
import { fwTargets, generatedGoFiles } from './inferred-targets';
import { type FwPluginOptionsInput, normalizePluginOptions } from './plugin-options';
import { type CachedProject, projectFilesHash } from './project-cache';
import { analyzeProject, type ProjectAnalysis } from './project-analysis';

/**
 * Computing a project's targets afresh: loaded by the plugin only when a
 * project changed (or the options did), so that a graph computation with
 * nothing changed loads neither zod nor the analysis.
 */

/** A workspace file's text, undefined when it cannot be read. */
function readText(workspaceRoot: string, file: string): string | undefined {
  try {
    return fs.readFileSync(path.join(workspaceRoot, file), 'utf8');
  } catch {
    return undefined;
  }
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
    // Setting the name lets a bare go.mod directory become a project; repeating the one project.json or package.json gives keeps Nx's merge a no-op.
    const name = goProjectName(projectRoot, workspaceRoot, (f) => readText(workspaceRoot, f));
    return { ...entry, project: { name, targets: fwTargets(projectRoot, name, analysis, options) } };
  };
}
