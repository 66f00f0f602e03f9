import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, fileError, warning, wholeFile } from '../diagnostics/diagnostics';
import { hasGeneratedHeader } from './generated-header';

/**
 * Finds root handler packages (directories holding both router.go and
 * registry.go) and their subfolders (docs/annotations.md). Reads directory listings
 * and go.mod files only; Go sources are parsed later by the program loader.
 */

export interface GoModule {
  /** The `module` line of go.mod. */
  path: string;
  /** Absolute directory holding go.mod. */
  dir: string;
}

/** The directory an import path names inside `module`, if it is one of the module's packages. */
export function dirIn(module: GoModule, importPath: string): string | undefined {
  if (importPath === module.path) return module.dir;
  return importPath.startsWith(`${module.path}/`) ? path.join(module.dir, importPath.slice(module.path.length + 1)) : undefined;
}

export interface RootLocation {
  /** Absolute directory of the root handler package (holds router.go and registry.go). */
  dir: string;
  /** Relative to the workspace, POSIX separators ('.' when the workspace itself is the root). */
  relDir: string;
  /** Directory base name, e.g. `v1handler`. */
  name: string;
  /** Absolute directories of the subfolder packages below the root, sorted. */
  subDirs: string[];
  /** The nearest go.mod at or above the root; undefined when there is none. */
  module?: GoModule;
  /**
   * Directories below the root, holding Go files, that belong to another Go
   * module (a folder with its own go.mod, and what is below it): Go keeps them
   * out of the root's module, so the router cannot import them. Sorted.
   */
  otherModuleDirs: string[];
}

export const ROOT_MARKER_FILES = ['router.go', 'registry.go'] as const;
/** Directories never searched: Go's own exclusions plus the usual JavaScript and VCS folders. */
const SKIPPED_DIRS = new Set(['vendor', 'testdata', 'node_modules']);

export function isSkippedDir(name: string): boolean {
  return SKIPPED_DIRS.has(name) || name.startsWith('.') || name.startsWith('_');
}

/** A Go source file fw reads: tests are never handler sources, and Go ignores names starting with `_` or `.`. */
export function isGoSourceFile(name: string): boolean {
  return name.endsWith('.go') && !name.endsWith('_test.go') && !name.startsWith('_') && !name.startsWith('.');
}

/** A Go test file (`x_test.go`, as `go test` and `go vet` read it): never a source of routes, but its imports take part in import cycles. */
export function isGoTestFile(name: string): boolean {
  return name.endsWith('_test.go') && !name.startsWith('_') && !name.startsWith('.');
}

/** A Go source or test file. */
export function isGoFile(name: string): boolean {
  return isGoSourceFile(name) || isGoTestFile(name);
}

/** The directory below each root that `fw g url-helper` writes its package into (docs/url-helper.md). */
export const URL_HELPER_DIR = 'urlhelper';

/**
 * The non-test Go files of `dir` that do not carry fw's generated header,
 * i.e. files a person wrote. A file that cannot be read is reported to
 * `problems` and counted as hand-written (fw will not treat it as its own).
 */
export function handWrittenGoFiles(dir: string, problems: Diagnostic[] = []): string[] {
  let names: string[];
  try {
    names = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => isGoSourceFile(e.name) && !e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  return names.map((n) => path.join(dir, n)).filter((file) => !hasGeneratedHeader(readHead(file, problems)));
}

/** The first 2 KiB of a regular file ('' for anything else, or when it cannot be read: reported to `problems`). */
function readHead(file: string, problems: Diagnostic[]): string {
  try {
    if (!fs.statSync(file).isFile()) return '';
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(2048);
      return buf.toString('utf8', 0, fs.readSync(fd, buf, 0, buf.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    problems.push(fileError('FW1001', file, 'cannot read', e));
    return '';
  }
}

interface DirInfo {
  dir: string;
  subdirs: string[];
  hasGo: boolean;
  isRoot: boolean;
  /** The directory holds a go.mod: it starts a module of its own. */
  hasGoMod: boolean;
}

/**
 * Walks directories the way discovery does (SECURITY.md, rule 4). An
 * unreadable directory is an error, never silently empty. A symbolic link to
 * a directory is followed, like a directory, once: a link to a directory
 * already searched in this walk (a loop, or a second path to the same
 * directory) is reported as a warning and not followed again.
 */
class DirWalker {
  private readonly seen = new Map<string, string>();

  constructor(private readonly problems: Diagnostic[]) {}

  /** Reads `dir`; undefined when it was searched already (through another path) or cannot be read. */
  read(dir: string): DirInfo | undefined {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = fs.realpathSync(dir);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      this.problems.push(fileError('FW1001', dir, 'cannot read', e));
      return undefined;
    }
    const first = this.seen.get(real);
    if (first !== undefined) {
      this.problems.push(
        warning(
          'FW1002',
          wholeFile(dir),
          `not searched: this symbolic link leads to ${first}, which was searched already`,
          'remove the link, or point it outside the workspace',
        ),
      );
      return undefined;
    }
    this.seen.set(real, dir);
    const files = new Set<string>();
    const subdirs: string[] = [];
    let hasGo = false;
    for (const e of entries) {
      const full = path.join(dir, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          const target = fs.statSync(full);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // a dangling link holds nothing
        }
      }
      if (isDir) {
        if (!isSkippedDir(e.name)) subdirs.push(full);
      } else if (isFile) {
        files.add(e.name);
        if (isGoSourceFile(e.name)) hasGo = true;
      }
    }
    subdirs.sort();
    return { dir, subdirs, hasGo, isRoot: ROOT_MARKER_FILES.every((f) => files.has(f)), hasGoMod: files.has('go.mod') };
  }
}

/** Discovery's answer for one run: made once, then given to every stage that needs it (model, run record, `--turbo`). */
export interface Discovery {
  roots: RootLocation[];
  diagnostics: Diagnostic[];
}

/** Every root below `cwd`, with the problems met on the way. */
export function discoverWorkspace(cwd: string): Discovery {
  const diagnostics: Diagnostic[] = [];
  return { roots: discoverRoots(cwd, diagnostics), diagnostics };
}

/**
 * Every root below `cwd` (inclusive), sorted by relative path. Directories
 * and files that cannot be read are reported to `problems`.
 */
export function discoverRoots(cwd: string, problems: Diagnostic[] = []): RootLocation[] {
  const base = path.resolve(cwd);
  const roots: RootLocation[] = [];
  const modules = new ModuleFinder();
  const walker = new DirWalker(problems);
  const visit = (dir: string): void => {
    const info = walker.read(dir);
    if (!info) return;
    if (info.isRoot) roots.push(collectRoot(base, info, modules, problems));
    for (const sub of info.subdirs) visit(sub);
  };
  if (fs.existsSync(base)) visit(base);
  return roots.sort((a, b) => (a.relDir < b.relDir ? -1 : a.relDir > b.relDir ? 1 : 0));
}

function collectRoot(base: string, info: DirInfo, modules: ModuleFinder, problems: Diagnostic[]): RootLocation {
  const subDirs: string[] = [];
  const otherModuleDirs: string[] = [];
  // A walk of its own: the outer search passes through these directories too.
  const walker = new DirWalker(problems);
  walker.read(info.dir);
  const walk = (dirs: string[], inOtherModule: boolean): void => {
    for (const d of dirs) {
      const sub = walker.read(d);
      if (!sub) continue;
      if (sub.isRoot) continue; // a nested root is a root of its own
      const other = inOtherModule || sub.hasGoMod;
      // The URL helper fw wrote holds no handlers; parsing it would only cost time (it grows with the routes).
      const fwOutput = d === path.join(info.dir, URL_HELPER_DIR) && handWrittenGoFiles(d, problems).length === 0;
      if (sub.hasGo && !fwOutput) (other ? otherModuleDirs : subDirs).push(d);
      walk(sub.subdirs, other);
    }
  };
  walk(info.subdirs, false);
  const relDir = toPosix(path.relative(base, info.dir)) || '.';
  const root: RootLocation = { dir: info.dir, relDir, name: path.basename(info.dir), subDirs: subDirs.sort(), otherModuleDirs: otherModuleDirs.sort() };
  const module = modules.find(info.dir);
  if (module) root.module = module;
  return root;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Finds the nearest go.mod at or above a directory; caches what it read. */
export class ModuleFinder {
  private readonly cache = new Map<string, GoModule | null>();

  find(dir: string): GoModule | undefined {
    const hit = this.cache.get(dir);
    if (hit !== undefined) return hit ?? undefined;
    let found: GoModule | null = null;
    const modPath = readModulePath(path.join(dir, 'go.mod'));
    if (modPath !== undefined) found = { path: modPath, dir };
    else {
      const parent = path.dirname(dir);
      if (parent !== dir) found = this.find(parent) ?? null;
    }
    this.cache.set(dir, found);
    return found ?? undefined;
  }
}

/** The module path of a go.mod file, or undefined when the file does not exist or has no module line. */
export function readModulePath(goMod: string): string | undefined {
  let text: string;
  try {
    // A FIFO or device named go.mod would block or never end: only regular files are read.
    if (!fs.statSync(goMod).isFile()) return undefined;
    text = fs.readFileSync(goMod, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^\s*module\s+("?)([^\s"]+)\1\s*(?:\/\/.*)?$/m.exec(text);
  return m?.[2];
}
