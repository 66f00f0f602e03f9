import * as fs from 'node:fs';
import * as path from 'node:path';

/** Where the parse cache lives below a node_modules directory (the find-cache-dir convention). */
export const CACHE_SUBDIR = path.join('node_modules', '.cache', 'fw');

/**
 * The default parse-cache directory for a workspace: `node_modules/.cache/fw`
 * in the nearest directory at or above `cwd` that has a node_modules folder;
 * undefined (no cache) when there is none, so that fw never creates a
 * node_modules folder in a tree that has none.
 */
export function defaultCacheDir(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    try {
      if (fs.statSync(path.join(dir, 'node_modules')).isDirectory()) return path.join(dir, CACHE_SUBDIR);
    } catch {
      // no node_modules here; look further up
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Writes one file of fw's caches through a temporary file and a rename, so
 * that a reader (another process, a worker thread) never sees half of it. A
 * cache that cannot be written only costs time later: failures are ignored.
 */
export function writeCacheFile(file: string, contents: string): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, contents);
    fs.renameSync(tmp, file);
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing was created
    }
  }
}
