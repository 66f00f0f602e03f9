import * as fs from 'node:fs';
import * as path from 'node:path';
import { type GoModule, isGoSourceFile, ModuleFinder, toPosix } from '../workspace/discover';
import type { GoFile } from './ast';
import { parseFiles } from './parse-workers';
import { readGoFile, readGoFileWithoutParsing } from './read-go-file';
import type { GoPackage, GoProgram } from './package';

/** Where a program may find Go files already parsed. */
export interface ProgramReading {
  /** The parse cache's directory (./read-go-file.ts); no cache when undefined. */
  cacheDir?: string;
  /** Files parsed by earlier runs of this process that have not changed since, by path; files read now are added. */
  parsed?: Map<string, GoFile>;
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
  /** Files parsed ahead by `preload`, taken (and forgotten) when their package loads. */
  private readonly preloaded = new Map<string, GoFile>();
  /** Number of Go files parsed, for the benchmark and the summary line. */
  filesParsed = 0;

  private readonly cacheDir: string | undefined;
  private readonly parsed: Map<string, GoFile> | undefined;

  constructor(reading: ProgramReading = {}) {
    this.cacheDir = reading.cacheDir;
    this.parsed = reading.parsed;
  }

  get loaded(): ReadonlyMap<string, GoPackage> {
    return this.byPath;
  }

  /** Every directory this program looked for a package in, whether it found Go files there or not. */
  get searchedDirs(): string[] {
    return [...this.byDir.keys()];
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

  package(importPath: string): GoPackage | undefined {
    const cached = this.byPath.get(importPath);
    if (cached) return cached;
    for (const m of this.modules.values()) {
      if (importPath === m.path) return this.packageAt(m.dir);
      if (importPath.startsWith(`${m.path}/`)) return this.packageAt(path.join(m.dir, importPath.slice(m.path.length + 1)));
    }
    return undefined;
  }

  packageAt(dir: string): GoPackage | undefined {
    const abs = path.resolve(dir);
    const cached = this.byDir.get(abs);
    if (cached !== undefined) return cached ?? undefined;
    const pkg = this.load(abs);
    this.byDir.set(abs, pkg ?? null);
    if (pkg) this.byPath.set(pkg.importPath, pkg);
    return pkg;
  }

  /**
   * Reads the Go files of `dirs` at once so that loading those packages later
   * finds them parsed: fw's outputs and parse-cache hits on this thread, the
   * rest spread over the cores.
   */
  async preload(dirs: readonly string[]): Promise<void> {
    const files = dirs.flatMap((dir) => goSourceFiles(path.resolve(dir)) ?? []).filter((f) => !this.parsed?.has(f));
    // fw's own outputs and cache hits are read here; only what must be parsed goes to the workers.
    const toParse: string[] = [];
    for (const file of files) {
      let found: ReturnType<typeof readGoFileWithoutParsing> | undefined;
      try {
        found = readGoFileWithoutParsing(file, this.cacheDir);
      } catch {
        // Unreadable: load() reads it again and reports it.
      }
      if (found?.file) this.preloaded.set(file, found.file);
      else if (found) toParse.push(file);
    }
    for (const [file, parsed] of await parseFiles(toParse, this.cacheDir)) this.preloaded.set(file, parsed);
  }

  private load(dir: string): GoPackage | undefined {
    const paths = goSourceFiles(dir);
    if (!paths || paths.length === 0) return undefined;
    const module = this.moduleOf(dir);
    const files: GoFile[] = paths.map((file) => {
      this.filesParsed++;
      const parsed = this.parsed?.get(file) ?? this.preloaded.get(file) ?? readGoFile(file, this.cacheDir);
      this.preloaded.delete(file);
      this.parsed?.set(file, parsed);
      return parsed;
    });
    const rel = module ? toPosix(path.relative(module.dir, dir)) : '';
    const importPath = module ? (rel ? `${module.path}/${rel}` : module.path) : toPosix(dir);
    const pkg: GoPackage = { dir, importPath, name: mostCommonPackageName(files), files, types: new Map() };
    for (const file of files) for (const decl of file.types) if (!pkg.types.has(decl.name)) pkg.types.set(decl.name, { decl, file });
    return pkg;
  }
}

/** The Go source files of `dir` (absolute paths, sorted by name); undefined when it cannot be read. */
function goSourceFiles(dir: string): string[] | undefined {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && isGoSourceFile(e.name))
      .map((e) => e.name)
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return undefined;
  }
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
