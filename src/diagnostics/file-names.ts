import * as path from 'node:path';

/**
 * How a run names the files it speaks of. A file is named relative to `dir`
 * (absolute when `dir` is undefined), except files of the Go module cache,
 * named `module@version/path` (the cache's case encoding undone), and files
 * of GOROOT, named `$GOROOT/src/…`: a path climbing out of the workspace into
 * those is long, differs on every machine, and opens nothing useful.
 */
export interface FileNaming {
  /** The directory paths are relative to; absolute paths without one. */
  dir: string | undefined;
  /** The module cache (GOMODCACHE), when known. */
  moduleCache?: string;
  /** GOROOT, asked only for a file outside `dir` (finding it may run `go env`). */
  goRoot?: () => string | undefined;
}

/** Whether `file` is `dir` or inside it; the path from `dir` when it is. */
function inside(dir: string, file: string): string | undefined {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)) ? rel : undefined;
}

const posix = (p: string) => p.split(path.sep).join('/');

/** `github.com/!burnt!sushi/toml@v1.3.2/decode.go` → `github.com/BurntSushi/toml@v1.3.2/decode.go`; undefined for the cache's own files (cache/download). */
function moduleCacheName(rel: string): string | undefined {
  const parts = posix(rel).split('/');
  const at = parts.findIndex((p) => p.includes('@'));
  if (at < 0 || parts[0] === 'cache') return undefined;
  return parts.join('/').replace(/!([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The name of `file` under `naming`, with forward slashes (not escaped: each format escapes its own way). */
export function fileName(file: string, naming: FileNaming): string {
  if (naming.moduleCache) {
    const rel = inside(naming.moduleCache, file);
    const name = rel === undefined ? undefined : moduleCacheName(rel);
    if (name) return name;
  }
  const own = naming.dir === undefined ? undefined : inside(naming.dir, file);
  if (own !== undefined) return posix(own) || '.';
  const goRoot = naming.goRoot?.();
  const std = goRoot === undefined ? undefined : inside(goRoot, file);
  if (std) return `$GOROOT/${posix(std)}`;
  if (naming.dir === undefined) return posix(file);
  return posix(path.relative(naming.dir, file)) || '.';
}

/**
 * The path a tool reading `file` from `naming.dir` opens: relative when the
 * file is inside the directory, absolute without a directory; undefined for a
 * file it names otherwise (outside the directory, the module cache, GOROOT).
 */
export function pathFromDir(file: string, naming: FileNaming): string | undefined {
  const name = fileName(file, naming);
  const plain = naming.dir === undefined ? posix(file) : inside(naming.dir, file) === undefined ? undefined : posix(path.relative(naming.dir, file)) || '.';
  return name === plain ? name : undefined;
}

/** A string is the directory files are relative to, with no module-cache or GOROOT names (what callers without the Go environment pass). */
export function namingOf(base: string | FileNaming): FileNaming {
  return typeof base === 'string' ? { dir: base } : base;
}
