import * as fs from 'node:fs';
import * as path from 'node:path';
import { dirIn, type GoModule, ModuleFinder, toPosix } from '../workspace/discover';
import type { GoFile } from './ast';
import type { TypeMappings } from '../workspace/fw-config';
import { type Diagnostic, error, fileError, wholeFile } from '../diagnostics/diagnostics';
import { MIN_FILES_FOR_WORKERS, parseFiles, startParseWorkers } from './parse-workers';
import { readGoFile, readGoFileWithoutParsing } from './read-go-file';
import type { ExcludedFile, GoPackage, GoProgram } from './package';
import { type BuildTarget, buildTarget, shouldBuild } from './build-constraints';
import { goSourceFiles, goTestFiles } from './source-files';
import { scanImports } from './import-scan';
import { importsInSource, routeTypeImportsInSource, routeTypeImportsOf } from './route-type-imports';
import type { BuildList, Located } from '../workspace/build-list';
import { PackageLocator } from '../workspace/package-locator';

/** Where a program may find Go files already parsed. */
export interface ProgramReading {
  /** The parse cache's directory (./read-go-file.ts); no cache when undefined. */
  cacheDir?: string;
  /** Files parsed by earlier runs of this process that have not changed since, by path; files read now are added. */
  parsed?: Map<string, GoFile>;
  /** The environment whose GOROOT, GOMODCACHE/GOPATH, GOFLAGS and GOWORK decide where packages are (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Loads Go packages of the workspace's modules on demand and parses each
 * file exactly once per run. The parser must be initialised first
 * (`initGoParser()`); loading is synchronous after that.
 */
export class WorkspaceProgram implements GoProgram {
  private readonly byDir = new Map<string, GoPackage | null>();
  private readonly byPath = new Map<string, GoPackage>();
  private readonly modules = new Map<string, GoModule>();
  private readonly moduleFinder = new ModuleFinder();
  /** Finds packages outside the workspace's modules as the go command does. */
  private readonly locator: PackageLocator;
  /** The build list each package found through one was found with: what it imports is looked up there too. */
  private readonly listOf = new Map<string, BuildList>();
  /** Packages of the workspace's own modules (found by dirOf). */
  private readonly ofWorkspace = new WeakSet<GoPackage>();
  /** Files parsed ahead by `preload`, taken (and forgotten) when their package loads. */
  private readonly preloaded = new Map<string, GoFile>();
  /** testImports' answers, by package (a package loaded again is asked anew). */
  private readonly testImportsOf = new WeakMap<GoPackage, readonly string[]>();
  private readonly testDirsRead = new Set<string>();
  /** Number of Go files parsed, for the benchmark and the summary line. */
  filesParsed = 0;
  /** Directories and Go files that could not be read (SECURITY.md, rule 4): errors, never silently empty packages. */
  readonly readErrors: Diagnostic[] = [];
  /** The JSON forms fw.json declares for foreign types; set by the model before any type is resolved. */
  typeMappings?: TypeMappings;

  private readonly cacheDir: string | undefined;
  private readonly parsed: Map<string, GoFile> | undefined;

  /**
   * `target`: the GOOS/GOARCH/cgo/tags whose files make up each package
   * (default: this environment's, as go build sees it); `reading`: the parse
   * cache and the files parsed earlier in this process (fw watch).
   */
  constructor(
    readonly target: BuildTarget = buildTarget(process.env),
    reading: ProgramReading = {},
  ) {
    this.cacheDir = reading.cacheDir;
    this.parsed = reading.parsed;
    this.locator = new PackageLocator(reading.env);
  }

  /** What finding packages met: modules missing from the module cache, no GOROOT, bad replace or use lines, inconsistent vendoring. */
  get locateDiagnostics(): Diagnostic[] {
    return this.locator.diagnostics;
  }

  get loaded(): ReadonlyMap<string, GoPackage> {
    return this.byPath;
  }

  /** Every directory this program looked for a package in, whether it found Go files there or not. */
  get searchedDirs(): string[] {
    return [...this.byDir.keys()];
  }

  /**
   * Forgets the packages of `dirs` and of every directory below them, so
   * that they are loaded again when asked for (`fw watch`, after a change
   * there). Files already parsed come from `reading.parsed` as before: its
   * keeper drops the changed ones. Returns the import paths of those
   * directories (whether they held a package or not).
   */
  forget(dirs: Iterable<string>): Set<string> {
    const importPaths = new Set<string>();
    for (const dir of dirs) {
      const abs = path.resolve(dir);
      importPaths.add(this.importPathAt(abs));
      for (const [d, pkg] of this.byDir) {
        if (d !== abs && !d.startsWith(`${abs}${path.sep}`)) continue;
        importPaths.add(pkg?.importPath ?? this.importPathAt(d));
        this.byDir.delete(d);
        if (pkg && this.byPath.get(pkg.importPath) === pkg) this.byPath.delete(pkg.importPath);
      }
    }
    return importPaths;
  }

  /** `importPaths` and those of the loaded packages that import one of them, directly or through others: the packages whose types can depend on theirs. */
  dependents(importPaths: Iterable<string>): Set<string> {
    const out = new Set(importPaths);
    for (let grew = true; grew; ) {
      grew = false;
      for (const pkg of this.byPath.values()) {
        if (out.has(pkg.importPath) || !pkg.files.some((f) => f.imports.some((i) => out.has(i.path)))) continue;
        out.add(pkg.importPath);
        grew = true;
      }
    }
    return out;
  }

  /**
   * The import cycles among the loaded packages, one error each (at a file
   * of the first package that takes part, by import path): Go refuses to
   * build them, also when they pass through other modules.
   */
  importCycles(): Diagnostic[] {
    const out: Diagnostic[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (importPath: string): void => {
      state.set(importPath, 'open');
      stack.push(importPath);
      const pkg = this.byPath.get(importPath)!;
      const imports = new Set(pkg.files.flatMap((f) => f.imports.map((i) => i.path)));
      for (const next of [...imports].sort()) {
        if (!this.byPath.has(next)) continue;
        if (state.get(next) === 'open') {
          const cycle = [...stack.slice(stack.indexOf(next)), next];
          const first = this.byPath.get(next)!;
          const file = first.files.find((f) => f.imports.some((i) => i.path === cycle[1])) ?? first.files[0]!;
          out.push(
            error(
              'FW2108',
              wholeFile(file.path),
              `import cycle not allowed: ${cycle.join(' imports ')}`,
              'Go refuses to build it: move what both packages need into a package that imports neither',
            ),
          );
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(importPath, 'done');
    };
    for (const importPath of [...this.byPath.keys()].sort()) if (!state.has(importPath)) visit(importPath);
    return out;
  }

  /** The import path of the package in `dir`: the module's path and the directory below go.mod (the directory itself outside any module). */
  private importPathAt(dir: string): string {
    const module = this.moduleOf(dir);
    const rel = module ? toPosix(path.relative(module.dir, dir)) : '';
    return module ? (rel ? `${module.path}/${rel}` : module.path) : toPosix(dir);
  }

  /** The files besides Go sources that decided where packages were found: go.mod, go.work (also where none was), vendor/modules.txt, GOROOT's VERSION. */
  get moduleInputFiles(): string[] {
    return this.locator.inputFiles();
  }

  /** Reads the go.mod (and go.work, vendor/modules.txt) of a module of the workspace now, so that their problems are reported even when no type leads there. */
  readBuildList(module: GoModule): void {
    this.locator.buildList(module.dir);
  }

  /** Makes a module's packages reachable by import path. */
  addModule(module: GoModule): void {
    this.modules.set(module.path, module);
  }

  moduleOf(dir: string): GoModule | undefined {
    const m = this.moduleFinder.find(dir);
    if (m) this.addModule(m);
    return m;
  }

  /**
   * The package `importPath` names in a file of the package in `fromDir`
   * (default: the first module met): a package of the workspace's modules,
   * else where the go command finds it for that package's main module.
   */
  package(importPath: string, fromDir?: string): GoPackage | undefined {
    // A package of the workspace's modules is the same from every importer: the type resolver asks for it at every reference.
    const cached = this.byPath.get(importPath);
    if (cached && this.ofWorkspace.has(cached)) return cached;
    const inWorkspace = this.dirOf(importPath);
    if (inWorkspace !== undefined) {
      const pkg = this.packageAt(inWorkspace);
      if (pkg) this.ofWorkspace.add(pkg);
      return pkg;
    }
    const found = this.locate(importPath, fromDir);
    return found && this.packageAt(found.dir, found.importPath);
  }

  /** True when `importPath` (imported in the package at `fromDir`) is in a module go.mod requires that is not downloaded: its types are unknown, with the locator's warning. */
  inMissingModule(importPath: string, fromDir: string): boolean {
    return this.buildListFor(path.resolve(fromDir))?.missingModuleOf(importPath) ?? false;
  }

  /** The build list imports of the package at `from` are looked up in. */
  private buildListFor(from: string | undefined): BuildList | undefined {
    const list = from === undefined ? undefined : this.listOf.get(from);
    if (list) return list;
    const module = from === undefined ? this.modules.values().next().value : this.moduleOf(from);
    return module && this.locator.buildList(module.dir);
  }

  /** Where the go command finds `importPath`, not a package of the workspace's modules, for the package at `fromDir`. */
  private locate(importPath: string, fromDir: string | undefined): Located {
    const from = fromDir === undefined ? undefined : path.resolve(fromDir);
    const list = this.buildListFor(from);
    if (!list) return undefined;
    const found = list.locate(importPath, from ?? list.mainModules[0]?.dir ?? '');
    if (found && !this.listOf.has(found.dir)) this.listOf.set(found.dir, list);
    return found;
  }

  /** The directory of a package of the modules this program knows, by import path. */
  private dirOf(importPath: string): string | undefined {
    for (const m of this.modules.values()) {
      const dir = dirIn(m, importPath);
      if (dir !== undefined) return dir;
    }
    return undefined;
  }

  /** `importPath`: the package's import path when it is known (a package found outside the workspace's modules). */
  packageAt(dir: string, importPath?: string): GoPackage | undefined {
    const abs = path.resolve(dir);
    const cached = this.byDir.get(abs);
    if (cached !== undefined) return cached ?? undefined;
    const pkg = this.load(abs, importPath);
    this.byDir.set(abs, pkg ?? null);
    if (pkg) this.byPath.set(pkg.importPath, pkg);
    return pkg;
  }

  get testDirs(): string[] {
    return [...this.testDirsRead];
  }

  testImports(pkg: GoPackage): readonly string[] {
    let imports = this.testImportsOf.get(pkg);
    if (imports) return imports;
    const found = new Set<string>();
    if (this.ofWorkspace.has(pkg) || this.dirOf(pkg.importPath) === pkg.dir) {
      this.testDirsRead.add(pkg.dir);
      for (const file of goTestFiles(pkg.dir)) {
        let section: ReturnType<typeof scanImports>;
        try {
          section = scanImports(fs.readFileSync(file));
        } catch {
          // A test file that cannot be read: go test and go vet refuse the package anyway.
          continue;
        }
        if (section.ok && section.packageName === pkg.name) for (const p of section.imports) found.add(p);
      }
    }
    imports = [...found].sort();
    this.testImportsOf.set(pkg, imports);
    return imports;
  }

  /**
   * Reads the Go files of `dirs` (the handler packages) at once so that
   * loading those packages later finds them parsed: fw's outputs and
   * parse-cache hits on this thread, the rest spread over the cores. With
   * them go the packages their request and response types likely come from
   * (./route-type-imports.ts: the imports named on annotation lines) and the
   * packages those import, found without parsing: else the first type
   * lookup would parse them on this thread, one file after another. A
   * package read ahead that is never loaded cost a parse; one that is loaded
   * without having been read ahead is parsed then, as any other.
   */
  async preload(dirs: readonly string[]): Promise<void> {
    // Files read ahead by an earlier run (fw watch) and never loaded may have changed since.
    this.preloaded.clear();
    for (const dir of dirs) this.moduleOf(path.resolve(dir));
    const toParse: { file: string; size: number }[] = [];
    const seen = new Set<string>();
    // Handler packages, then the packages their annotations name types through, then what those import.
    let level = dirs.map((d) => path.resolve(d));
    for (let depth = 0; depth < 3 && level.length > 0; depth++) {
      const imports = new Set<string>();
      for (const dir of level) {
        if (seen.has(dir)) continue;
        seen.add(dir);
        for (const file of goSourceFiles(dir, []) ?? []) {
          const read = this.readAhead(file, toParse);
          if (depth === 2 || !read) continue;
          for (const p of importsToFollow(read, depth === 0)) imports.add(p);
        }
      }
      level = [...imports].flatMap((p) => this.dirOf(p) ?? []);
    }
    toParse.sort((a, b) => b.size - a.size);
    const parsed = await parseFiles(
      toParse.map((f) => f.file),
      this.cacheDir,
      toParse.map((f) => f.size),
    );
    for (const [file, goFile] of parsed) this.preloaded.set(file, goFile);
  }

  /** A file for `preload`: its GoFile when it is known without parsing (kept for `load`), else its bytes (and it goes into `toParse`); undefined when it cannot be read (`load` reports it). */
  private readAhead(file: string, toParse: { file: string; size: number }[]): { file: GoFile } | { file?: undefined; bytes: Buffer } | undefined {
    const known = this.parsed?.get(file);
    if (known) return { file: known };
    let found: ReturnType<typeof readGoFileWithoutParsing>;
    try {
      found = readGoFileWithoutParsing(file, this.cacheDir);
    } catch {
      return undefined;
    }
    if (found.file) this.preloaded.set(file, found.file);
    else {
      toParse.push({ file, size: found.bytes.length });
      // parseFiles will use workers: they start while the rest is read ahead.
      if (toParse.length === MIN_FILES_FOR_WORKERS) startParseWorkers();
    }
    return found;
  }

  private load(dir: string, knownImportPath: string | undefined): GoPackage | undefined {
    const paths = goSourceFiles(dir, this.readErrors);
    if (!paths || paths.length === 0) return undefined;
    const files: GoFile[] = [];
    const excluded: ExcludedFile[] = [];
    for (const file of paths) {
      this.filesParsed++;
      let parsed = this.parsed?.get(file) ?? this.preloaded.get(file);
      this.preloaded.delete(file);
      if (!parsed) {
        try {
          parsed = readGoFile(file, this.cacheDir);
        } catch (e) {
          this.readErrors.push(fileError('FW1001', file, 'cannot read', e));
          continue;
        }
      }
      this.parsed?.set(file, parsed);
      // The files `go build` leaves out for the target are not part of the package (their declarations do not exist).
      const verdict = shouldBuild(
        path.basename(file),
        parsed.constraints,
        parsed.imports.some((i) => i.path === 'C'),
        this.target,
      );
      if (verdict.build) files.push(parsed);
      else excluded.push(verdict.problem ? { file: parsed, problem: verdict.problem } : { file: parsed });
    }
    const importPath = knownImportPath ?? this.importPathAt(dir);
    const name = mostCommonPackageName(files.length > 0 ? files : excluded.map((e) => e.file));
    const pkg: GoPackage = { dir, importPath, name, files, excluded, types: new Map() };
    for (const file of files) for (const decl of file.types) if (!pkg.types.has(decl.name)) pkg.types.set(decl.name, { decl, file });
    return pkg;
  }
}

/** The imports preload follows from a file it read ahead: from a handler package those its annotations name types through, from the others all. */
function importsToFollow(read: { file: GoFile } | { file?: undefined; bytes: Buffer }, handlerPackage: boolean): string[] {
  if (read.file) return handlerPackage ? routeTypeImportsOf(read.file) : read.file.imports.map((i) => i.path);
  return handlerPackage ? routeTypeImportsInSource(read.bytes) : importsInSource(read.bytes);
}

/** A directory may hold an external test package (`x_test`); those files are excluded already, so names agree in valid Go. */
function mostCommonPackageName(files: GoFile[]): string {
  const counts = new Map<string, number>();
  for (const f of files) if (f.packageName) counts.set(f.packageName, (counts.get(f.packageName) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [name, n] of counts) if (n > bestCount) [best, bestCount] = [name, n];
  return best;
}
