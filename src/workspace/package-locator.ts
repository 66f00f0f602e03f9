import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error, fileError, type Pos, warning, wholeFile } from '../diagnostics/diagnostics';
import { compareGoVersions, compareSemver, isLocalReplacement, type ModFile, readModFile, type Replace } from './go-mod';
import { findGoRoot } from './go-root';
import { cachedGoModFile, moduleCacheDir, moduleVersionDir } from './module-cache';
import { usesVendor, vendorInconsistencies } from './vendor';
import { isGoSourceFile } from './discover';

/**
 * Finds the directory the go command compiles for an import path, with its
 * rules: the standard library in GOROOT, the main module(s) (one, or the
 * `use` lines of a go.work), dependencies at the versions go.mod selects,
 * `replace` directives, and vendor/ exactly when Go builds from it. The
 * module cache is only read: a module missing there is a warning naming
 * `go mod download`, never a download. `go list -deps -json`'s `Dir` is the
 * oracle (test/workspace/package-locator.go.test.ts).
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
      this.reportOnce('goroot', warning(undefined, 'no Go installation found: types of the standard library are treated as unknown', 'install Go, put `go` on PATH, or set GOROOT'));
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
          ? warning(undefined, `no Go installation found at ${goRoot} (GOROOT): types of the standard library are treated as unknown`, 'install Go there, or set GOROOT to a Go installation')
          : fileError(src, 'cannot read the standard library (GOROOT)', e),
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
      this.reportOnce(`unreadable:${inCache ? this.cache : dep.dir}`, fileError(inCache ? this.cache : dep.dir!, inCache ? 'cannot read the module cache' : 'cannot read', e));
      return false;
    }
  }

  private reportMissing(dep: Dependency): void {
    const at = dep.version ? `${dep.path}@${dep.version}` : dep.path;
    this.reportOnce(
      `missing:${at}`,
      warning(dep.pos, `module ${at} is not in the module cache (${this.cache}); its types are treated as unknown`, 'run `go mod download`; fw never downloads'),
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
      if (!known || (known.version !== undefined && compareSemver(r.version, known.version) > 0)) this.deps.set(r.path, { path: r.path, version: r.version, pos: r.pos });
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
          this.reportOnce(`replace:${rep.pos.file}:${rep.pos.line}`, error(rep.pos, `replacement directory ${rep.new.path} does not exist`, 'fix the path in this replace directive, or remove the directive'));
          continue;
        }
        dep.dir = dir;
      } else {
        dep.dir = moduleVersionDir(this.cache, rep.new.path, rep.new.version!);
        dep.version = rep.new.version!;
        dep.pos = rep.pos;
        dep.path = rep.old.path;
      }
    }
  }
}

/**
 * The build list of each main module (or go.work), by the directory of its
 * go.mod, made once. `env` gives GOROOT, GOMODCACHE/GOPATH, GOFLAGS and GOWORK.
 */
export class PackageLocator {
  private readonly lists = new Map<string, BuildList>();
  private readonly cache: string;
  private readonly modFlag: string | undefined;
  private goRootFound: { dir: string | undefined } | undefined;

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {
    this.cache = moduleCacheDir(env);
    this.modFlag = modFlagOf(env.GOFLAGS);
  }

  /** False for a directory of the module cache (immutable per version): true for the workspace's own and locally replaced modules. */
  isOnDisk(dir: string): boolean {
    return !isInside(dir, this.cache);
  }

  /** The GOROOT whose standard library is read (looked for once). */
  goRoot(): string | undefined {
    this.goRootFound ??= { dir: findGoRoot(this.env) };
    return this.goRootFound.dir;
  }

  /** The build list of the main module whose go.mod is in `moduleDir`. */
  buildList(moduleDir: string): BuildList {
    const looked: string[] = [];
    const work = this.goWorkFile(moduleDir, looked);
    const key = work ?? moduleDir;
    let list = this.lists.get(key);
    if (!list) {
      list = work ? this.workspaceList(work) : this.moduleList(moduleDir);
      this.lists.set(key, list);
    }
    for (const file of looked) list.inputs.add(file);
    return list;
  }

  /** Every file the build lists depend on (see BuildList.inputs), and GOROOT's VERSION once the standard library was looked for. */
  inputFiles(): string[] {
    const files = [...this.lists.values()].flatMap((l) => [...l.inputs]);
    const goRoot = this.goRootFound?.dir;
    if (goRoot) files.push(path.join(goRoot, 'VERSION'));
    return files;
  }

  /** Every diagnostic the build lists made so far. */
  get diagnostics(): Diagnostic[] {
    return [...this.lists.values()].flatMap((l) => l.diagnostics);
  }

  /** The go.work that applies to a module: GOWORK (`off` for none), else the nearest go.work at or above it. */
  private goWorkFile(moduleDir: string, looked: string[]): string | undefined {
    const env = this.env.GOWORK;
    if (env === 'off') return undefined;
    if (env) return path.resolve(env);
    for (let dir = moduleDir; ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'go.work');
      looked.push(file);
      if (isFile(file)) return file;
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  private newList(): BuildList {
    return new BuildList(
      this.cache,
      () => this.goRoot(),
      () => this.goRootFound?.dir,
    );
  }

  private moduleList(moduleDir: string): BuildList {
    const list = this.newList();
    const goModPath = path.join(moduleDir, 'go.mod');
    list.inputs.add(goModPath);
    list.inputs.add(path.join(moduleDir, 'vendor', 'modules.txt'));
    const mod = readModFile(goModPath);
    if (!mod?.module) return list;
    list.mainModules.push({ path: mod.module, dir: moduleDir });
    if (usesVendor(mod, moduleDir, this.modFlag)) {
      list.vendorDir = path.join(moduleDir, 'vendor');
      const problems = vendorInconsistencies(mod, path.join(list.vendorDir, 'modules.txt'));
      problems.forEach((d, i) => list.reportOnce(`vendor:${i}`, d));
      return list;
    }
    list.require(mod);
    const replace = (p: string, v: string | undefined) => findReplace(mod.replace, p, v);
    if (compareGoVersions(mod.go ?? '1.16', '1.17') < 0) list.completeUnprunedGraph(replace, moduleDir);
    list.placeDependencies((p, v) => {
      const rep = replace(p, v);
      return rep && { rep, baseDir: moduleDir };
    });
    return list;
  }

  private workspaceList(workFile: string): BuildList {
    const list = this.newList();
    const work = readModFile(workFile);
    const workDir = path.dirname(workFile);
    if (!work) {
      list.reportOnce('gowork', error(wholeFile(workFile), 'cannot read go.work', 'fix the file, or set GOWORK=off'));
      return list;
    }
    const mods: { mod: ModFile; dir: string }[] = [];
    for (const use of work.use) {
      const dir = path.resolve(workDir, use.dir);
      list.inputs.add(path.join(dir, 'go.mod'));
      const mod = readModFile(path.join(dir, 'go.mod'));
      if (!mod?.module) {
        list.reportOnce(`use:${use.dir}`, error(use.pos, `go.work uses ${use.dir}, which holds no go.mod`, 'fix the use directive, or remove it (`go work edit -dropuse`)'));
        continue;
      }
      mods.push({ mod, dir });
      list.mainModules.push({ path: mod.module, dir });
    }
    const vendor = path.join(workDir, 'vendor');
    list.inputs.add(path.join(vendor, 'modules.txt'));
    if (this.modFlag === 'vendor' || (this.modFlag === undefined && compareGoVersions(work.go ?? '0', '1.22') >= 0 && isDirectory(vendor))) {
      list.vendorDir = vendor;
      return list;
    }
    for (const { mod } of mods) list.require(mod);
    for (const main of list.mainModules) list.deps.delete(main.path);
    list.placeDependencies((p, v) => {
      const own = findReplace(work.replace, p, v);
      if (own) return { rep: own, baseDir: workDir };
      for (const { mod, dir } of mods) {
        const rep = findReplace(mod.replace, p, v);
        if (rep) return { rep, baseDir: dir };
      }
      return undefined;
    });
    return list;
  }
}

/** The replace directive for a module version: one naming that version wins over one for every version. */
function findReplace(replaces: readonly Replace[], modulePath: string, version: string | undefined): Replace | undefined {
  return replaces.find((r) => r.old.path === modulePath && r.old.version !== undefined && r.old.version === version) ?? replaces.find((r) => r.old.path === modulePath && r.old.version === undefined);
}

/** The environment variables that decide where packages outside the workspace are found (GOFLAGS for its -mod). */
export const GO_LOOKUP_ENV = ['GOROOT', 'GOMODCACHE', 'GOPATH', 'GOWORK', 'GOFLAGS'];

/** The values of GO_LOOKUP_ENV that count (GOFLAGS: its -mod only). */
export function goLookupEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of GO_LOOKUP_ENV) if (k !== 'GOFLAGS' && env[k]) out[k] = env[k]!;
  const mod = modFlagOf(env.GOFLAGS);
  if (mod) out.mod = mod;
  return out;
}

/** The `-mod=` value of GOFLAGS, if any. */
export function modFlagOf(goflags: string | undefined): string | undefined {
  for (const flag of (goflags ?? '').split(/\s+/)) {
    const m = /^--?mod=(\S+)$/.exec(flag);
    if (m) return m[1];
  }
  return undefined;
}

/** Go's rule: an import path whose first element has no dot belongs to the standard library. */
export function isStdlibPath(importPath: string): boolean {
  return !(importPath.split('/')[0] ?? '').includes('.');
}

/** The directory of `importPath` inside a module at `dir`, when the module's path is a prefix of it. */
function subdir(modulePath: string, dir: string, importPath: string): string | undefined {
  if (importPath === modulePath) return dir;
  return importPath.startsWith(`${modulePath}/`) ? path.join(dir, ...importPath.slice(modulePath.length + 1).split('/')) : undefined;
}

function isInside(dir: string, parent: string): boolean {
  return dir === parent || dir.startsWith(`${parent}${path.sep}`);
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDirectory(p: string): boolean {
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
