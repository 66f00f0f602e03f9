import * as path from 'node:path';
import { hasErrors } from '../diagnostics/diagnostics';
import { discoverRoots } from '../workspace/discover';
import { readWorkspace } from '../generate';

/** What the inferred targets of one Go project need to know: where its roots are and which Go files generation reads. */
export interface ProjectAnalysis {
  /** Root handler packages, relative to the project root, POSIX ('.' when the project root is one), sorted. */
  roots: string[];
  /**
   * Directories whose Go files generation reads, relative to the workspace
   * root, POSIX, sorted: the handler packages and every package the model
   * loaded for request/response types (also those of other directories).
   */
  goDirs: string[];
  /** The go.mod files the roots' import paths come from, relative to the workspace root. */
  goModFiles: string[];
  /** False when the model could not be built (e.g. annotation errors): inputs then fall back to all Go files of the project. */
  precise: boolean;
}

const toPosix = (p: string): string => p.split(path.sep).join('/') || '.';

/**
 * Reads a project as generation will, without emitting: discovery for the
 * roots, then the model and the types its routes reach (readWorkspace). The
 * Go program loads packages on first use, so afterwards its loaded packages
 * are the Go packages generation reads. `cacheDir` is the parse cache's: a
 * Go file whose contents did not change since any earlier run is not parsed.
 */
export async function analyzeProject(workspaceRoot: string, projectRoot: string, cacheDir?: string): Promise<ProjectAnalysis> {
  const absRoot = path.join(workspaceRoot, projectRoot);
  const locations = discoverRoots(absRoot);
  const fromWorkspace = (abs: string): string => toPosix(path.relative(workspaceRoot, abs));
  const dirs = new Set<string>();
  const goMods = new Set<string>();
  for (const root of locations) {
    dirs.add(fromWorkspace(root.dir));
    for (const sub of root.subDirs) dirs.add(fromWorkspace(sub));
    // A handler annotated there is an error, so those files are inputs too.
    for (const other of root.otherModuleDirs) dirs.add(fromWorkspace(other));
    if (root.module) goMods.add(fromWorkspace(path.join(root.module.dir, 'go.mod')));
  }
  let precise = false;
  if (locations.length > 0) {
    try {
      const probe = await readWorkspace({ cwd: absRoot, cacheDir });
      if (probe.model && !hasErrors(probe.diagnostics)) {
        precise = true;
        for (const pkg of probe.model.program.loaded.values()) dirs.add(fromWorkspace(pkg.dir));
      }
    } catch {
      // A failure here must not break every nx command: the coarse inputs are
      // still correct, and the target itself will report the problem when run.
    }
  }
  return {
    roots: locations.map((r) => toPosix(path.relative(absRoot, r.dir))).sort(),
    goDirs: [...dirs].sort(),
    goModFiles: [...goMods].sort(),
    precise,
  };
}
