import * as fs from 'node:fs';
import * as path from 'node:path';
import { importClosure } from '../go/import-closure';
import { discoverRoots } from '../workspace/discover';
import { CONFIG_FILE } from '../workspace/fw-config';

/** What the inferred targets of one Go project need to know: where its roots are and which Go files generation may read. */
export interface ProjectAnalysis {
  /** Root handler packages, relative to the project root, POSIX ('.' when the project root is one), sorted. */
  roots: string[];
  /**
   * Directories whose Go files generation may read, relative to the
   * workspace root, POSIX, sorted: the handler packages and every package of
   * the workspace's modules they import, directly or not.
   */
  goDirs: string[];
  /** The go.mod files of those packages' modules (the roots' included), relative to the workspace root, sorted. */
  goModFiles: string[];
  /** fw.json beside the go.mod of each root's module (generation reads it when it exists), relative to the workspace root, sorted. */
  configFiles: string[];
  /** The go.sum, vendor/modules.txt, go.work and go.work.sum files that exist beside those modules or above them (inside the workspace), sorted. */
  moduleFiles: string[];
  /** False when a Go file's import section could not be read: inputs then fall back to all Go files of the project. */
  precise: boolean;
}

const toPosix = (p: string): string => p.split(path.sep).join('/') || '.';

/**
 * The roots of a project (discovery) and the packages they import,
 * transitively, through the workspace's modules and those taken by a local
 * replace or a go.work use, read from import sections
 * alone (go/import-closure.ts): nothing is parsed, nor emitted. Generation
 * reads a package only through an import (of a request or response type), so
 * these directories are a superset of what it reads: a package the handlers
 * import for other reasons is an input too (editing it re-runs the targets;
 * never a stale hit). A file whose imports cannot be read (generation will
 * report it) makes every Go file of the project an input.
 */
export function analyzeProject(workspaceRoot: string, projectRoot: string): ProjectAnalysis {
  const absRoot = path.join(workspaceRoot, projectRoot);
  const locations = discoverRoots(absRoot);
  const fromWorkspace = (abs: string): string => toPosix(path.relative(workspaceRoot, abs));
  const start: string[] = [];
  const goMods = new Set<string>();
  const configs = new Set<string>();
  for (const root of locations) {
    // A handler annotated in another module's folder is an error, so those files are inputs too.
    start.push(root.dir, ...root.subDirs, ...root.otherModuleDirs);
    if (root.module) goMods.add(fromWorkspace(path.join(root.module.dir, 'go.mod')));
    if (root.module) configs.add(fromWorkspace(path.join(root.module.dir, CONFIG_FILE)));
  }
  const closure = importClosure(start);
  for (const dir of closure.moduleDirs) goMods.add(fromWorkspace(path.join(dir, 'go.mod')));
  return {
    roots: locations.map((r) => toPosix(path.relative(absRoot, r.dir))).sort(),
    goDirs: [...new Set([...start, ...closure.dirs].map(fromWorkspace))].sort(),
    goModFiles: [...goMods].sort(),
    configFiles: [...configs].sort(),
    moduleFiles: moduleFilesOf(workspaceRoot, [...goMods]).map(fromWorkspace),
    precise: closure.unreadable.length === 0,
  };
}

/** The files beside go.mod files (go.sum, vendor/modules.txt) and above them up to the workspace root (go.work, go.work.sum) that exist. */
function moduleFilesOf(workspaceRoot: string, goMods: readonly string[]): string[] {
  const out = new Set<string>();
  const root = path.resolve(workspaceRoot);
  for (const goMod of goMods) {
    const moduleDir = path.dirname(path.join(root, goMod));
    for (const f of ['go.sum', path.join('vendor', 'modules.txt')]) out.add(path.join(moduleDir, f));
    for (let dir = moduleDir; dir === root || dir.startsWith(`${root}${path.sep}`); dir = path.dirname(dir)) {
      out.add(path.join(dir, 'go.work'));
      out.add(path.join(dir, 'go.work.sum'));
      if (dir === root) break;
    }
  }
  return [...out].filter((f) => fs.existsSync(f)).sort();
}
