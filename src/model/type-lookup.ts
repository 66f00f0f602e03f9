import { type Diagnostic, error, type Pos } from '../diagnostics/diagnostics';
import { closestMatch } from '../diagnostics/suggest';
import type { GoFile } from '../go/ast';
import type { GoPackage, GoProgram, TypeRef } from '../go/package';
import type { TypeName } from '../annotations/types';

/** The keywords a response specifier takes in place of a type (`404:Error`, `3xx:Redirect`), which a misspelt name may have meant. */
const TYPE_KEYWORDS: readonly string[] = ['Error', 'Redirect'];

/** `did you mean Error? ` when a declared name (or a keyword) is one typo away from `name`; empty otherwise. */
function didYouMean(name: string, candidates: Iterable<string>): string {
  const near = closestMatch(
    name,
    [...candidates].filter((c) => c !== name),
  );
  return near ? `did you mean ${near}? ` : '';
}

/**
 * Finds the declaration of a type named in an annotation (`User` in the
 * handler's package, or `models.User` through the handler file's imports).
 * Packages are found as the go command finds them (docs/type-mapping.md): the module's
 * own, the standard library, dependencies, go.work modules, vendor/.
 */
export function lookupTypeName(
  program: GoProgram,
  pkg: GoPackage,
  file: GoFile,
  type: TypeName,
  pos: Pos,
  role: string,
): { ref?: TypeRef; diagnostic?: Diagnostic } {
  const written = type.pkg ? `${type.pkg}.${type.name}` : type.name;
  if (!type.pkg) {
    if (pkg.types.has(type.name)) return { ref: { name: type.name, pkg } };
    return {
      diagnostic: error(
        'FW4010',
        pos,
        `${role} type ${written} is not declared in package ${pkg.name}`,
        `${didYouMean(type.name, [...pkg.types.keys(), ...(role === 'response' ? TYPE_KEYWORDS : [])])}declare type ${type.name} in package ${pkg.name}, or name an existing type`,
      ),
    };
  }
  const imp = file.imports.find((i) => i.name === type.pkg && i.alias !== '_' && i.alias !== '.');
  if (!imp) {
    return {
      diagnostic: error(
        'FW4011',
        pos,
        `${role} type ${written}: package ${type.pkg} is not imported by ${file.path.split(/[\\/]/).pop()}`,
        `import the package that declares ${type.name}, or fix the qualifier`,
      ),
    };
  }
  const target = program.package(imp.path, pkg.dir);
  // A module not downloaded: the body is unknown (the program warns, naming `go mod download`), the route is kept.
  if (!target && program.inMissingModule?.(imp.path, pkg.dir)) {
    return { ref: { name: type.name, pkg: { dir: '', importPath: imp.path, name: imp.name, files: [], excluded: [], types: new Map() } } };
  }
  if (!target) {
    return {
      diagnostic: error(
        'FW4012',
        pos,
        `${role} type ${written}: package "${imp.path}" cannot be found`,
        'require its module in go.mod and run `go mod download`, or fix the import path',
      ),
    };
  }
  if (!target.types.has(type.name)) {
    return {
      diagnostic: error(
        'FW4010',
        pos,
        `${role} type ${written} is not declared in package "${imp.path}"`,
        `${didYouMean(
          type.name,
          [...target.types.keys()].filter((n) => /^\p{Lu}/u.test(n)),
        )}declare type ${type.name} there, or name an existing type`,
      ),
    };
  }
  return { ref: { name: type.name, pkg: target } };
}
