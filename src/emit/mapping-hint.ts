import * as path from 'node:path';
import type { NamedType } from '../go/resolved-types';
import { CONFIG_FILE, type TypeMappings } from '../workspace/fw-config';
import { FORM_TYPES, JSON_DIRECTIVE } from '../workspace/json-form';

/**
 * The declaration that would tell fw the JSON form of a type whose
 * MarshalJSON it cannot see through: a `// fw:json` directive for a type of
 * the modules being generated for (the user's own code), else the fw.json
 * entry for its full name (a dependency's type, which the user cannot edit).
 */
export function opaqueTypeHint(info: NamedType, mappings: TypeMappings | undefined): string {
  const choices = FORM_TYPES.join('|');
  const own = mappings?.moduleDirs.some((dir) => isWithin(info.pkg.dir, dir) && !isWithin(info.pkg.dir, path.join(dir, 'vendor')));
  if (own) return `declare the form it writes: add the line \`// ${JSON_DIRECTIVE} type=${choices}\` above \`type ${info.decl.name}\``;
  return `declare the form it writes: add \`"${info.pkg.importPath}.${info.decl.name}": "${choices}"\` to "types" in ${CONFIG_FILE} beside go.mod`;
}

function isWithin(dir: string, parent: string): boolean {
  const rel = path.relative(parent, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
