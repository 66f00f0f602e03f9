import { ANNOTATION_MARKER, isAnnotationComment } from './annotation-comment';
import type { GoFile } from './ast';
import { scanImports } from './import-scan';

/**
 * The import paths through which a handler file's routes may name their
 * request and response types: the imports whose name qualifies a word on one
 * of its annotation lines (`models` of `response=200:models.User`). Read
 * before parsing, to parse those packages with the handler files
 * (./program.ts, preload); a lexical over-approximation (any `x.Y` on a line
 * that mentions the marker counts), never a verdict.
 */

/** `models` of `models.User`: an identifier right before a dot and a letter. */
const QUALIFIER = /([\p{L}_][\p{L}\p{Nd}_]*)\.[\p{L}_]/gu;

function qualifiersOf(line: string, into: Set<string>): void {
  for (const m of line.matchAll(QUALIFIER)) into.add(m[1]!);
}

/** From a Go file's source, unparsed (an import section the lexer refuses gives none). */
export function routeTypeImportsInSource(source: Buffer): string[] {
  const qualifiers = new Set<string>();
  for (let at = source.indexOf(ANNOTATION_MARKER); at >= 0; at = source.indexOf(ANNOTATION_MARKER, at + 1)) {
    const end = source.indexOf(10, at);
    qualifiersOf(source.toString('utf8', at, end < 0 ? source.length : end), qualifiers);
  }
  if (qualifiers.size === 0) return [];
  const section = scanImports(source);
  return section.ok ? section.imports.filter((_, i) => qualifiers.has(section.names[i]!)) : [];
}

/** From a parsed Go file. */
export function routeTypeImportsOf(file: GoFile): string[] {
  const qualifiers = new Set<string>();
  for (const f of file.funcs) for (const c of f.doc) if (isAnnotationComment(c.text)) qualifiersOf(c.text, qualifiers);
  return file.imports.filter((i) => qualifiers.has(i.name)).map((i) => i.path);
}

/** Every import path of a Go file's source, unparsed (none when the lexer refuses its import section). */
export function importsInSource(source: Buffer): string[] {
  const section = scanImports(source);
  return section.ok ? section.imports : [];
}
