import * as path from 'node:path';
import { type Diagnostic, error, wholeFile } from '../diagnostics/diagnostics';
import { compareGoVersions, type ModFile, readModFile, type Replace } from './go-mod';
import { findGoRoot } from './go-root';
import { moduleCacheDir } from './module-cache';
import { usesVendor, vendorInconsistencies } from './vendor';
import { BuildList, isDirectory, isFile, isInside } from './build-list';

/**
 * Finds the directory the go command compiles for an import path, with its
 * rules: the standard library in GOROOT, the main module(s) (one, or the
 * `use` lines of a go.work), dependencies at the versions go.mod selects,
 * `replace` directives, and vendor/ exactly when Go builds from it. The
 * module cache is only read: a module missing there is a warning naming
 * `go mod download`, never a download. `go list -deps -json`'s `Dir` is the
 * oracle (test/workspace/package-locator.go.test.ts).
 */

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
      problems.forEach((d, i) => {
        list.reportOnce(`vendor:${i}`, d);
      });
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
    list.inputs.add(workFile);
    const work = readModFile(workFile);
    const workDir = path.dirname(workFile);
    if (!work) {
      list.reportOnce('gowork', error('FW1025', wholeFile(workFile), 'cannot read go.work', 'fix the file, or set GOWORK=off'));
      return list;
    }
    const mods: { mod: ModFile; dir: string }[] = [];
    for (const use of work.use) {
      const dir = path.resolve(workDir, use.dir);
      list.inputs.add(path.join(dir, 'go.mod'));
      const mod = readModFile(path.join(dir, 'go.mod'));
      if (!mod?.module) {
        list.reportOnce(
          `use:${use.dir}`,
          error('FW1026', use.pos, `go.work uses ${use.dir}, which holds no go.mod`, 'fix the use directive, or remove it (`go work edit -dropuse`)'),
        );
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
  return (
    replaces.find((r) => r.old.path === modulePath && r.old.version !== undefined && r.old.version === version) ??
    replaces.find((r) => r.old.path === modulePath && r.old.version === undefined)
  );
}

/** The environment variables that decide where packages outside the workspace are found (GOFLAGS for its -mod). */
export const GO_LOOKUP_ENV = ['GOROOT', 'GOMODCACHE', 'GOPATH', 'GOWORK', 'GOFLAGS'];

/**
 * The environment variables that decide which Go files go build (and so fw)
 * reads (docs/annotations.md, build constraints) and where it finds packages
 * outside the workspace: part of every build cache's hash (Nx, Turborepo).
 */
export const BUILD_TARGET_ENV: readonly string[] = ['GOOS', 'GOARCH', 'CGO_ENABLED', ...GO_LOOKUP_ENV];

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
