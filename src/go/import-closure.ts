import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics';
import { dirIn, type GoModule, ModuleFinder } from '../workspace/discover';
import { scanImports } from './import-scan';
import { goSourceFiles } from './source-files';
import { isStdlibPath } from '../workspace/build-list';
import { PackageLocator } from '../workspace/package-locator';

/** The packages a set of packages reaches through imports, and what could not be read on the way. */
export interface ImportClosure {
  /** Absolute directories, sorted: the starting ones and those of every package they import, directly or not, that holds Go files. */
  dirs: string[];
  /** The Go modules of those directories (absolute go.mod directories), sorted. */
  moduleDirs: string[];
  /** Go files whose import section could not be read (or that could not be read at all): their imports are unknown. */
  unreadable: { file: string; problem: string }[];
}

/**
 * The workspace packages `startDirs` import, transitively, found by reading
 * only the import sections of their Go files (./import-scan.ts), without
 * tree-sitter. It is a superset of the packages fw's Go program loads for
 * them (./program.ts): the program loads a package only for an import of a
 * file it read, and resolves it only against the modules of directories it
 * read; here every non-test Go file counts (whatever its build constraints)
 * and an import path is resolved against every module met so far, also
 * those met later. `go list -deps` of the same packages, restricted to the
 * modules, is a subset (test/nx/project-analysis.go.test.ts). Modules on
 * disk that the build takes instead of a downloaded version (a `replace` by
 * a directory, the other modules of a go.work) count as the workspace's:
 * only the module cache and GOROOT, immutable per version, are left out.
 */
export function importClosure(startDirs: readonly string[], locator = new PackageLocator()): ImportClosure {
  const finder = new ModuleFinder();
  const modules = new Map<string, GoModule>();
  const importPaths = new Set<string>();
  const queued = new Set<string>();
  const queue: string[] = [];
  const withFiles: string[] = [];
  const unreadable: ImportClosure['unreadable'] = [];
  const problems: Diagnostic[] = [];
  const enqueue = (dir: string) => {
    if (queued.has(dir)) return;
    queued.add(dir);
    queue.push(dir);
  };
  const follow = (importPath: string, module: GoModule) => {
    const dir = dirIn(module, importPath);
    if (dir !== undefined) enqueue(dir);
  };
  /** The main module whose build list each directory's imports are looked up in. */
  const mainOf = new Map<string, string>();
  const looked = new Set<string>();
  const followLocal = (importPath: string, from: string) => {
    const main = mainOf.get(from);
    if (main === undefined || isStdlibPath(importPath) || looked.has(`${main}\0${importPath}`)) return;
    looked.add(`${main}\0${importPath}`);
    const found = locator.buildList(main).locate(importPath, from);
    if (!found || !locator.isOnDisk(found.dir) || queued.has(found.dir)) return;
    mainOf.set(found.dir, main);
    enqueue(found.dir);
  };
  for (const dir of startDirs) {
    const abs = path.resolve(dir);
    const module = finder.find(abs);
    if (module) mainOf.set(abs, module.dir);
    enqueue(abs);
  }
  for (let i = 0; i < queue.length; i++) {
    const dir = queue[i]!;
    const files = goSourceFiles(dir, problems) ?? [];
    for (const d of problems.splice(0)) unreadable.push({ file: dir, problem: d.message });
    if (files.length === 0) continue;
    withFiles.push(dir);
    const module = finder.find(dir);
    if (module && !modules.has(module.dir)) {
      modules.set(module.dir, module);
      // Imports read before this module was known may name its packages.
      for (const p of importPaths) follow(p, module);
    }
    for (const file of files) {
      let section: ReturnType<typeof scanImports>;
      try {
        section = scanImports(fs.readFileSync(file));
      } catch (e) {
        unreadable.push({ file, problem: `cannot read: ${(e as Error).message}` });
        continue;
      }
      if (!section.ok) {
        unreadable.push({ file, problem: section.problem });
        continue;
      }
      for (const p of section.imports) {
        followLocal(p, dir);
        if (importPaths.has(p)) continue;
        importPaths.add(p);
        for (const m of modules.values()) follow(p, m);
      }
    }
  }
  return { dirs: withFiles.sort(), moduleDirs: [...modules.keys()].sort(), unreadable };
}
