import * as fs from 'node:fs';
import * as path from 'node:path';

/** The JavaScript and TypeScript files whose imports can reach a generated client. */
export const SCRIPT_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * The module specifiers a script names: `import … from 'x'`, `export … from
 * 'x'`, `import 'x'`, `import('x')`, `require('x')`. Read with a pattern, not
 * parsed: a specifier in a comment or a string that merely looks like an
 * import counts too, so the edges found are a superset (a dependency too
 * many re-runs a task, one too few would let it hit stale).
 */
export function importSpecifiers(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*(['"])([^'"\n]+)\1/g)) found.add(m[2]!);
  return [...found].sort();
}

/** What is remembered per file between graph computations: its hash (as Nx gives it) and its specifiers. */
type SpecifierCache = Record<string, { hash: string; specifiers: string[] }>;

/**
 * The specifiers of each file, read only for files whose hash changed since
 * the cache file was written (Nx hashes every file of the workspace anyway).
 * The cache keeps this run's files only.
 */
export function specifiersByFile(workspaceRoot: string, files: readonly { file: string; hash: string }[], cacheFile: string): Map<string, string[]> {
  let previous: SpecifierCache = {};
  try {
    previous = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as SpecifierCache;
  } catch {
    // No cache yet (or an unreadable one): every file is read.
  }
  const next: SpecifierCache = {};
  const out = new Map<string, string[]>();
  let changed = false;
  for (const { file, hash } of files) {
    let entry = previous[file];
    if (entry?.hash !== hash) {
      let text = '';
      try {
        text = fs.readFileSync(path.join(workspaceRoot, file), 'utf8');
      } catch {
        // Gone since Nx listed it: no imports.
      }
      entry = { hash, specifiers: importSpecifiers(text) };
      changed = true;
    }
    next[file] = entry;
    out.set(file, entry.specifiers);
  }
  if (changed || Object.keys(previous).length !== files.length) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(next));
  }
  return out;
}
