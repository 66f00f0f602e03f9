import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error, fileError, type Pos, warning } from '../diagnostics/diagnostics';
import { compareSemver, isLocalReplacement, readModFile, type ModFile, type Replace } from './go-mod';
import { cachedGoModFile, moduleVersionDir } from './module-cache';
import { isGoSourceFile } from './discover';

/**
 * The modules one build sees and where their packages are: what the go
 * command computes from go.mod (or go.work) before it finds a package.
 * ./package-locator.ts makes these lists; `locate` answers an import path.
 */

/** Where an import path was found, or why not. */
export type Located = { dir: string; importPath: string } | undefined;

/** One dependency module of a build list: where its files are, and where go.mod (or go.work) chose it. */
interface Dependency {
  path: string;
  version?: string;
  /** Absolute directory; undefined while unknown (not in the module cache). */
  dir?: string;
  /** The require or replace line that made this choice, for diagnostics. */
  pos?: Pos;
}

/** The modules one build sees: the main module, or a go.work's modules. */
export class BuildList {
  readonly mainModules: { path: string; dir: string }[] = [];
  readonly deps = new Map<string, Dependency>();
  /** The vendor directory Go builds from, when it does. */
  vendorDir?: string;
  /** The files read to make this list (or looked for and not found): go.mod, go.work, vendor/modules.txt. */
  readonly inputs = new Set<string>();
  /** Problems found reading go.mod, go.work, vendor/modules.txt, or the module cache. */
  readonly diagnostics: Diagnostic[] = [];
  private readonly reported = new Set<string>();

  constructor(
    private readonly cache: string,
    private readonly goRoot: () => string | undefined,
    private readonly goRootFound: () => string | undefined,
  ) {}

  /** What `locate` answered, by import path (and `std\0` before it when asked from inside GOROOT). */
  private readonly located = new Map<string, Located>();

  /** The directory of `importPath` as imported from a file in `importerDir`; answered once per import path (the type resolver asks often). */
  locate(importPath: string, importerDir: string): Located {
    if (isStdlibPath(importPath)) return this.remember(importPath, () => this.inGoRoot(importPath));
    // An importer inside GOROOT was found there, so GOROOT was looked for already: no `go env` for this.
    const goRoot = this.goRootFound();
    const fromStd = goRoot !== undefined && isInside(importerDir, path.join(goRoot, 'src'));
    return this.remember(fromStd ? `std\0${importPath}` : importPath, () => this.find(importPath, fromStd ? goRoot : undefined));
  }

  private remember(key: string, find: () => Located): Located {
    if (this.located.has(key)) return this.located.get(key);
    const found = find();
    this.located.set(key, found);
    return found;
  }

  /** `importPath`, not of the standard library; `stdRoot` when a package of the standard library imports it. */
  private find(importPath: string, stdRoot: string | undefined): Located {
    // Packages of the standard library import golang.org/x/... from GOROOT's own vendor directory.
    if (stdRoot !== undefined) {
      const dir = path.join(stdRoot, 'src', 'vendor', importPath);
      return hasGoFiles(dir) ? { dir, importPath } : undefined;
    }
    for (const m of this.mainModules) {
      const dir = subdir(m.path, m.dir, importPath);
      if (dir !== undefined) return { dir, importPath };
    }
    if (this.vendorDir) {
      const dir = path.join(this.vendorDir, importPath);
      return hasGoFiles(dir) ? { dir, importPath } : undefined;
    }
    // The longest module path that provides the package wins (Go refuses ambiguous imports; fw takes the closest).
    const candidates = [...this.deps.values()].filter((d) => subdir(d.path, '', importPath) !== undefined).sort((a, b) => b.path.length - a.path.length);
    let missing: Dependency | undefined;
    for (const dep of candidates) {
      if (!dep.dir || !this.readable(dep)) {
        missing ??= dep;
        continue;
      }
      const dir = subdir(dep.path, dep.dir, importPath)!;
      if (hasGoFiles(dir)) return { dir, importPath };
    }
    if (missing) this.reportMissing(missing);
    return undefined;
  }

  /** True when a module the build list requires would provide `importPath` but is not on disk (not downloaded). */
  missingModuleOf(importPath: string): boolean {
    if (this.vendorDir || isStdlibPath(importPath)) return false;
    return [...this.deps.values()].some((d) => subdir(d.path, '', importPath) !== undefined && (!d.dir || !isDirectory(d.dir)));
  }

  private inGoRoot(importPath: string): Located {
    const goRoot = this.goRoot();
    if (!goRoot) {
      this.reportOnce(
        'goroot',
        warning(
          'FW1020',
          undefined,
          'no Go installation found: types of the standard library are treated as unknown',
          'install Go, put `go` on PATH, or set GOROOT',
        ),
      );
      return undefined;
    }
    const src = path.join(goRoot, 'src');
    try {
      fs.readdirSync(src);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      this.reportOnce(
        'goroot',
        code === 'ENOENT' || code === 'ENOTDIR'
          ? warning(
              'FW1020',
              undefined,
              `no Go installation found at ${goRoot} (GOROOT): types of the standard library are treated as unknown`,
              'install Go there, or set GOROOT to a Go installation',
            )
          : fileError('FW1021', src, 'cannot read the standard library (GOROOT)', e),
      );
      return undefined;
    }
    const dir = path.join(src, importPath);
    return hasGoFiles(dir) ? { dir, importPath } : undefined;
  }

  /** The module's directory can be listed; an unreadable module cache is an error (once). */
  private readable(dep: Dependency): boolean {
    try {
      fs.readdirSync(dep.dir!);
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      const inCache = isInside(dep.dir!, this.cache);
      this.reportOnce(
        `unreadable:${inCache ? this.cache : dep.dir}`,
        fileError('FW1022', inCache ? this.cache : dep.dir!, inCache ? 'cannot read the module cache' : 'cannot read', e),
      );
      return false;
    }
  }

  private reportMissing(dep: Dependency): void {
    const at = dep.version ? `${dep.path}@${dep.version}` : dep.path;
    this.reportOnce(
      `missing:${at}`,
      warning(
        'FW1023',
        dep.pos,
        `module ${at} is not in the module cache (${this.cache}); its types are treated as unknown`,
        'run `go mod download`; fw never downloads',
      ),
    );
  }

  reportOnce(key: string, d: Diagnostic): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push(d);
  }

  /** Adds the requirements of a main module's go.mod, keeping the highest version of each path. */
  require(mod: ModFile): void {
    for (const r of mod.require) {
      const known = this.deps.get(r.path);
      if (!known || (known.version !== undefined && compareSemver(r.version, known.version) > 0))
        this.deps.set(r.path, { path: r.path, version: r.version, pos: r.pos });
    }
  }

  /**
   * Before go 1.17 a go.mod lists only the direct requirements: the rest of
   * the graph comes from the go.mod files of the dependencies (in the module
   * cache), taking the highest version of each module (minimal version
   * selection).
   */
  completeUnprunedGraph(replace: (p: string, v: string | undefined) => Replace | undefined, baseDir: string): void {
    const queue = [...this.deps.values()];
    const visited = new Set<string>();
    while (queue.length > 0) {
      const dep = queue.shift()!;
      const key = `${dep.path}@${dep.version}`;
      if (visited.has(key)) continue;
      visited.add(key);
      const rep = replace(dep.path, dep.version);
      const modFile = rep
        ? isLocalReplacement(rep.new)
          ? path.join(path.resolve(baseDir, rep.new.path), 'go.mod')
          : cachedGoModFile(this.cache, rep.new.path, rep.new.version!)
        : dep.version
          ? cachedGoModFile(this.cache, dep.path, dep.version)
          : undefined;
      // A replacement directory's go.mod can change (the module cache's cannot): an input.
      if (modFile && rep && isLocalReplacement(rep.new)) this.inputs.add(modFile);
      const mod = modFile ? readModFile(modFile) : undefined;
      for (const r of mod?.require ?? []) {
        const known = this.deps.get(r.path);
        if (known && known.version !== undefined && compareSemver(r.version, known.version) <= 0) continue;
        const next: Dependency = { path: r.path, version: r.version };
        if (known?.pos) next.pos = known.pos;
        this.deps.set(r.path, next);
        queue.push(next);
      }
    }
  }

  /** Sets each dependency's directory: its replacement, or its version in the module cache. */
  placeDependencies(replace: (p: string, v: string | undefined) => { rep: Replace; baseDir: string } | undefined): void {
    for (const dep of this.deps.values()) {
      const found = replace(dep.path, dep.version);
      if (!found) {
        if (dep.version) dep.dir = moduleVersionDir(this.cache, dep.path, dep.version);
        continue;
      }
      const { rep, baseDir } = found;
      if (isLocalReplacement(rep.new)) {
        const dir = path.resolve(baseDir, rep.new.path);
        if (!isDirectory(dir)) {
          this.reportOnce(
            `replace:${rep.pos.file}:${rep.pos.line}`,
            error('FW1024', rep.pos, `replacement directory ${rep.new.path} does not exist`, 'fix the path in this replace directive, or remove the directive'),
          );
          continue;
        }
        dep.dir = dir;
      } else {
        dep.dir = moduleVersionDir(this.cache, rep.new.path, rep.new.version!);
        dep.version = rep.new.version!;
        dep.pos = rep.pos;
      }
    }
  }
}

/** Go's rule: an import path whose first element has no dot belongs to the standard library. */
export function isStdlibPath(importPath: string): boolean {
  return !(importPath.split('/')[0] ?? '').includes('.');
}

/** The directory of `importPath` inside a module at `dir`, when the module's path is a prefix of it. */
export function subdir(modulePath: string, dir: string, importPath: string): string | undefined {
  if (importPath === modulePath) return dir;
  return importPath.startsWith(`${modulePath}/`) ? path.join(dir, ...importPath.slice(modulePath.length + 1).split('/')) : undefined;
}

export function isInside(dir: string, parent: string): boolean {
  return dir === parent || dir.startsWith(`${parent}${path.sep}`);
}

export function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A directory holding at least one Go source file (a package for Go; build constraints aside). */
function hasGoFiles(dir: string): boolean {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).some((e) => !e.isDirectory() && isGoSourceFile(e.name));
  } catch {
    return false;
  }
}
