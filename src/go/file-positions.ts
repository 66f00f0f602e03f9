import type { Pos } from '../diagnostics/diagnostics';
import { type GoFile, type GoTypeExpr, NO_LINES } from './ast';
import { interned } from './interned';

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
  setPaths(file, '', undefined);
  return file;
}

/**
 * Sets `pos.file` of every position of `file` to `file.path` (in place) and
 * returns `file`; as the parser does, empty doc lines become the shared
 * NO_LINES and each type name one `ident` expression per file (JSON reading
 * made a copy of each).
 */
export function withPaths(file: GoFile): GoFile {
  setPaths(file, file.path, new Map());
  return file;
}

/** `idents`: the file's `ident` expressions by name, when reading (see withPaths). */
function setPaths(file: GoFile, to: string, idents: Map<string, GoTypeExpr> | undefined): void {
  const set = (pos: Pos) => {
    pos.file = to;
  };
  const types = (type: GoTypeExpr) => setTypePaths(type, set, idents);
  for (const f of file.funcs) {
    set(f.pos);
    set(f.namePos);
    for (const c of f.doc) set(c.pos);
    for (let i = 0; i < f.results.length; i++) f.results[i] = types(f.results[i]!);
  }
  for (const t of file.types) {
    t.type = types(t.type);
    if (idents) {
      if (t.doc.length === 0) t.doc = NO_LINES;
      if (t.typeParams.length === 0) t.typeParams = NO_LINES;
    }
  }
  for (const c of file.strayAnnotations) set(c.pos);
  for (const c of file.rootDirectives) set(c.pos);
  for (const p of file.syntaxErrors) set(p);
}

/** Sets the paths of the positions in `type`; returns `type`, or the file's one `ident` expression of its name. */
function setTypePaths(type: GoTypeExpr, set: (pos: Pos) => void, idents: Map<string, GoTypeExpr> | undefined): GoTypeExpr {
  switch (type.kind) {
    case 'ident': {
      if (!idents) return type;
      const kept = idents.get(type.name);
      if (kept) return kept;
      type.name = interned(type.name);
      idents.set(type.name, type);
      return type;
    }
    case 'pointer':
    case 'slice':
    case 'array':
      type.elem = setTypePaths(type.elem, set, idents);
      break;
    case 'map':
      type.key = setTypePaths(type.key, set, idents);
      type.value = setTypePaths(type.value, set, idents);
      break;
    case 'struct':
      for (const f of type.fields) {
        f.type = setTypePaths(f.type, set, idents);
        if (idents) {
          if (f.doc.length === 0) f.doc = NO_LINES;
          // (JSON reading made a copy of each name and tag.)
          if (f.name !== undefined) f.name = interned(f.name);
          f.tag = interned(f.tag);
        }
      }
      break;
    case 'generic':
      type.base = setTypePaths(type.base, set, idents);
      for (let i = 0; i < type.args.length; i++) type.args[i] = setTypePaths(type.args[i]!, set, idents);
      break;
    case 'unsupported':
      if (type.tooDeep) set(type.tooDeep);
      break;
    default:
      break;
  }
  return type;
}
