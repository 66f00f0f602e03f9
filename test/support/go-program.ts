import { emptyGoFile, type GoConstDecl, type GoField, type GoFile, type GoFuncDecl, type GoImport, type GoTypeDecl, type GoTypeExpr } from '../../src/go/ast';
import type { GoPackage, GoProgram } from '../../src/go/package';
import { packPos } from '../../src/go/packed-pos';

/**
 * An in-memory GoProgram for unit tests: packages of one module, keyed by
 * directory relative to the module (`''` is the module root). Packages live
 * under the fake directory `/mem`.
 */
export function memoryProgram(modulePath: string, packages: Record<string, GoFile[]>): GoProgram {
  const byPath = new Map<string, GoPackage>();
  for (const [rel, files] of Object.entries(packages)) {
    const importPath = rel === '' ? modulePath : `${modulePath}/${rel}`;
    const types = new Map<string, { decl: GoTypeDecl; file: GoFile }>();
    for (const file of files) for (const decl of file.types) types.set(decl.name, { decl, file });
    byPath.set(importPath, { dir: `/mem/${rel}`, importPath, name: files[0]?.packageName ?? rel, files, excluded: [], types });
  }
  return {
    package: (importPath) => byPath.get(importPath),
    packageAt: (dir) => [...byPath.values()].find((p) => p.dir === dir),
    loaded: byPath,
    get searchedDirs() {
      return [...byPath.values()].map((p) => p.dir);
    },
    moduleInputFiles: [],
    testImports: () => [],
    testDirs: [],
  };
}

/** Builders for hand-written Go ASTs (what the parser would produce). */
export const go = {
  ident: (name: string): GoTypeExpr => ({ kind: 'ident', name }),
  q: (pkg: string, name: string): GoTypeExpr => ({ kind: 'qualified', pkg, name }),
  ptr: (elem: GoTypeExpr): GoTypeExpr => ({ kind: 'pointer', elem }),
  slice: (elem: GoTypeExpr): GoTypeExpr => ({ kind: 'slice', elem }),
  array: (length: string, elem: GoTypeExpr): GoTypeExpr => ({ kind: 'array', length, elem }),
  map: (key: GoTypeExpr, value: GoTypeExpr): GoTypeExpr => ({ kind: 'map', key, value }),
  struct: (...fields: GoField[]): GoTypeExpr => ({ kind: 'struct', fields }),
  generic: (base: GoTypeExpr, ...args: GoTypeExpr[]): GoTypeExpr => ({ kind: 'generic', base, args }),
  iface: (empty = true): GoTypeExpr => ({ kind: 'interface', empty }),
};

let line = 1;
const pos = (file: string) => ({ file, line: line++, col: 2 });

/** A named field (in the file of the struct that holds it); `tag` is the raw tag without backquotes. */
export function field(name: string, type: GoTypeExpr, tag = ''): GoField {
  return { name, type, tag, at: packPos(line++, 2) };
}

/** An embedded field. */
export function embed(type: GoTypeExpr, tag = ''): GoField {
  return { type, tag, at: packPos(line++, 2) };
}

export function typeDecl(name: string, type: GoTypeExpr, extra: Partial<GoTypeDecl> = {}): GoTypeDecl {
  return { name, alias: false, type, typeParams: [], doc: [], at: packPos(line++, 2), ...extra };
}

export function constDecl(name: string, typeName: string | undefined, value: string | undefined, iota: number): GoConstDecl {
  const c: GoConstDecl = { name, iota, at: packPos(line++, 2) };
  if (typeName !== undefined) c.typeName = typeName;
  if (value !== undefined) c.value = value;
  return c;
}

export function method(receiver: string, name: string): GoFuncDecl {
  const p = pos('/mem/x.go');
  return { name, receiver: { typeName: receiver, pointer: false }, paramCount: 0, results: [], doc: [], pos: p, namePos: p };
}

export function importOf(importPath: string, alias?: string): GoImport {
  const imp: GoImport = { path: importPath, name: alias ?? importPath.slice(importPath.lastIndexOf('/') + 1) };
  if (alias !== undefined) imp.alias = alias;
  return imp;
}

export function goFile(path: string, packageName: string, parts: Partial<Pick<GoFile, 'imports' | 'types' | 'consts' | 'funcs'>>): GoFile {
  return { ...emptyGoFile(path, packageName, false, { plusBuild: [] }), ...parts };
}

/**
 * A GoProgram parsed by the real parser from in-memory sources:
 * `{ 'internal/models/models.go': 'package models ...' }`, paths relative
 * to the module root (directory = package). Files live under `/mem`.
 */
export async function parsedProgram(modulePath: string, sources: Record<string, string>): Promise<GoProgram> {
  const { initGoParser, parseGoFile } = await import('../../src/go/parser');
  await initGoParser();
  const packages: Record<string, GoFile[]> = {};
  for (const [rel, text] of Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    (packages[dir] ??= []).push(parseGoFile(`/mem/${rel}`, text));
  }
  return memoryProgram(modulePath, packages);
}
