import type { Pos } from '../diagnostics/diagnostics';
import type { GoFile, GoTypeExpr } from './ast';

/**
 * Every position of a GoFile names the file's path. The parser gives them
 * all one string; a GoFile read back from JSON (a worker's batch, a cache
 * entry) would hold a copy per position (about 100,000 copies at 10k
 * routes). `withoutPaths` empties them before a GoFile is sent as JSON (a
 * shorter text to write and read), `withPaths` points them all at the
 * file's one path after reading.
 */

/** Sets `pos.file` of every position of `file` to '' (in place; `withPaths` undoes it) and returns `file`. */
export function withoutPaths(file: GoFile): GoFile {
  setPaths(file, '');
  return file;
}

/** Sets `pos.file` of every position of `file` to `file.path` (in place) and returns `file`. */
export function withPaths(file: GoFile): GoFile {
  setPaths(file, file.path);
  return file;
}

function setPaths(file: GoFile, to: string): void {
  const set = (pos: Pos) => {
    pos.file = to;
  };
  for (const f of file.funcs) {
    set(f.pos);
    set(f.namePos);
    for (const c of f.doc) set(c.pos);
    for (const r of f.results) setTypePaths(r, set);
  }
  for (const t of file.types) {
    set(t.pos);
    setTypePaths(t.type, set);
  }
  for (const c of file.consts) set(c.pos);
  for (const c of file.strayAnnotations) set(c.pos);
  for (const c of file.rootDirectives) set(c.pos);
  for (const p of file.syntaxErrors) set(p);
}

function setTypePaths(type: GoTypeExpr, set: (pos: Pos) => void): void {
  switch (type.kind) {
    case 'pointer':
    case 'slice':
    case 'array':
      setTypePaths(type.elem, set);
      break;
    case 'map':
      setTypePaths(type.key, set);
      setTypePaths(type.value, set);
      break;
    case 'struct':
      for (const f of type.fields) {
        set(f.pos);
        setTypePaths(f.type, set);
      }
      break;
    case 'generic':
      setTypePaths(type.base, set);
      for (const a of type.args) setTypePaths(a, set);
      break;
    case 'unsupported':
      if (type.tooDeep) set(type.tooDeep);
      break;
    default:
      break;
  }
}
