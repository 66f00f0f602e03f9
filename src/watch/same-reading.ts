import * as path from 'node:path';
import type { GoFile, GoFuncDecl } from '../go/ast';
import { isAnnotationComment } from '../go/annotation-comment';
import { readGoFile } from '../go/read-go-file';
import { GENERATED_DECLARATIONS } from '../model/build-model';
import { URL_HELPER_DIR } from '../workspace/discover';

/**
 * The changed paths that can change what fw generates, and the changed Go
 * files read again: a file whose reading is the same as the kept one
 * (`parsed`, sameReading) is left out, its kept reading taking the new
 * functions (the record stays the file's), so that the objects built from
 * it live on; the others' new readings are handed on, to be used instead of
 * parsing them again. A file that cannot be read stays changed (the rebuild
 * reports it).
 */
export function changedReadings(
  paths: readonly string[],
  parsed: ReadonlyMap<string, GoFile>,
  cacheDir: string | undefined,
): { changed: string[]; reread: Map<string, GoFile> } {
  const changed: string[] = [];
  const reread = new Map<string, GoFile>();
  for (const p of paths) {
    const kept = parsed.get(p);
    let fresh: GoFile | undefined;
    try {
      fresh = kept && readGoFile(p, cacheDir);
    } catch {
      fresh = undefined;
    }
    if (kept && fresh && sameReading(kept, fresh)) {
      kept.funcs = fresh.funcs;
      continue;
    }
    changed.push(p);
    if (fresh) reread.set(p, fresh);
  }
  return { changed, reread };
}

/**
 * Whether a Go file read again after a change gives fw what the kept
 * reading gave: then nothing built from it needs building again (`fw
 * watch` keeps its package, the types resolved from it and every model and
 * plan made of them). A GoFile is what fw reads of a file, positions
 * included (diagnostics print them), with one part read only in a few
 * places: functions without a receiver. fw reads them where they carry
 * fw:http_route (a handler or its error), where their name is one the
 * router declares (FW4022), and in a URL helper's directory, where every
 * name counts (FW5036); any other such function, with its position, is
 * left out of the comparison, so that appending one to a types file keeps
 * everything. A new reader of functions must be told here.
 */
export function sameReading(kept: GoFile, fresh: GoFile): boolean {
  if (kept.path !== fresh.path) return false;
  const everyName = path.basename(path.dirname(kept.path)) === URL_HELPER_DIR;
  const read = (funcs: readonly GoFuncDecl[]) => (everyName ? funcs : funcs.filter(isReadFunction));
  return sameData({ ...kept, funcs: read(kept.funcs) }, { ...fresh, funcs: read(fresh.funcs) });
}

/** A method, a function carrying fw:http_route, or one named like a declaration the router writes. */
function isReadFunction(f: GoFuncDecl): boolean {
  return f.receiver !== undefined || GENERATED_DECLARATIONS.includes(f.name) || f.doc.some((c) => isAnnotationComment(c.text));
}

/**
 * Structural equality of parsed data (objects, arrays, strings, numbers,
 * booleans), a property set to undefined counting as absent: a GoFile read
 * back from JSON (a parse worker's batch, the parse cache) has none.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameData(x, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const kx = keys(x);
  return kx.length === keys(y).length && kx.every((k) => sameData(x[k], y[k]));
}
