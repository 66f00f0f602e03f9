import * as fs from 'node:fs';
import * as path from 'node:path';
import { drainPieces, writeAll } from './chunked-write';

/** Where the parse cache lives below a node_modules directory (the find-cache-dir convention). */
export const CACHE_SUBDIR = path.join('node_modules', '.cache', 'fw');

/** Where it lives in a Yarn Plug'n'Play project (no node_modules): inside the .yarn folder Yarn's recommended .gitignore ignores. */
export const PNP_CACHE_SUBDIR = path.join('.yarn', '.cache', 'fw');

/** The environment variable that names the cache directory of every run (the CLI's --cache-dir still wins). */
export const CACHE_DIR_ENV = 'FW_CACHE_DIR';

/** The file Yarn writes at the root of a Plug'n'Play project (Yarn 2 named it .pnp.js). */
const PNP_FILES = ['.pnp.cjs', '.pnp.js'];

/** What stat says of a path; undefined when there is nothing there (or it cannot be read). This module stays free of the workspace modules: parse workers load it. */
function statOf(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p);
  } catch {
    return undefined;
  }
}

/**
 * The default parse-cache directory for a workspace (docs/performance.md
 * explains the choice): $FW_CACHE_DIR when set (relative to `cwd`); else,
 * in the nearest directory at or above `cwd` that has a node_modules folder
 * or is a Yarn Plug'n'Play project, `node_modules/.cache/fw` or
 * `.yarn/.cache/fw`; undefined (no cache) when there is neither, so that fw
 * never creates a node_modules folder in a tree that has none.
 */
export function defaultCacheDir(cwd: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env[CACHE_DIR_ENV];
  if (named) return path.resolve(cwd, named);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (statOf(path.join(dir, 'node_modules'))?.isDirectory()) return path.join(dir, CACHE_SUBDIR);
    if (PNP_FILES.some((f) => statOf(path.join(dir, f))?.isFile())) return selfIgnoring(path.join(dir, PNP_CACHE_SUBDIR));
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Gives a cache directory inside the repository a .gitignore that ignores
 * everything in it (itself included), so that it stays out of `git status`
 * (and out of Nx's file hashes, which follow .gitignore files) even where the
 * repository's own .gitignore does not cover .yarn/.
 */
function selfIgnoring(dir: string): string {
  const ignore = path.join(dir, '.gitignore');
  if (!statOf(ignore)?.isFile()) writeCacheFile(ignore, '# the parse cache and run records of fw, never committed\n*\n');
  return dir;
}

/**
 * A cache file written a piece at a time: its first line (`header`, given
 * the SHA-256 of what follows it, as hex) and then `lines`, each ending
 * with a newline. The whole text never exists at once (../go/read-go-file.ts
 * says why).
 */
export interface CheckedLines {
  header: (checksum: string) => string;
  lines: Iterable<string>;
}

/**
 * Writes one file of fw's caches through a temporary file and a rename, so
 * that a reader (another process, a worker thread) never sees half of it. A
 * cache that cannot be written only costs time later: failures are ignored.
 */
export function writeCacheFile(file: string, contents: string | CheckedLines): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  let fd: number | undefined;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (typeof contents === 'string') fs.writeFileSync(tmp, contents);
    else {
      fd = fs.openSync(tmp, 'w');
      writeChecked(fd, contents);
      fs.closeSync(fd);
      fd = undefined;
    }
    fs.renameSync(tmp, file);
  } catch {
    try {
      if (fd !== undefined) fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing was created
    }
  }
}

/** The header with a placeholder checksum of the same length, the lines a piece at a time, then the header again with theirs. */
function writeChecked(fd: number, { header, lines }: CheckedLines): void {
  writeAll(fd, Buffer.from(header('0'.repeat(64))));
  const checksum = drainPieces(lines, fd);
  writeAll(fd, Buffer.from(header(checksum)), 0);
}
