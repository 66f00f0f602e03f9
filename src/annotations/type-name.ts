import { type Diagnostic, error, type Pos } from '../diagnostics/diagnostics';
import { posAt, spanOf } from '../diagnostics/text-pos';
import { GO_KEYWORDS, isGoIdentifier } from '../go/names';
import type { TypeName } from './types';

/**
 * Parses a Go type name as written in an annotation: `Ident` or `pkg.Ident`
 * (V4). `what` names the annotation part in messages (e.g. `request type`).
 */
export function parseTypeName(text: string, pos: Pos, what: string): { type?: TypeName; diagnostics: Diagnostic[] } {
  const parts = text.split('.');
  const hint = `${what} must be a Go type name: an identifier such as User, or pkg.User for a type of another package of the module`;
  if (parts.length > 2) {
    const second = text.indexOf('.', text.indexOf('.') + 1);
    return { diagnostics: [error('FW3060', posAt(pos, text, second), `invalid ${what} "${text}": more than one "."`, hint)] };
  }
  const diagnostics: Diagnostic[] = [];
  let offset = 0;
  for (const part of parts) {
    if (!isGoIdentifier(part)) {
      const why = part === '' ? 'empty name' : GO_KEYWORDS.has(part) ? `"${part}" is a Go keyword` : `"${part}" is not a Go identifier`;
      diagnostics.push(error('FW3060', spanOf(posAt(pos, text, offset), part), `invalid ${what} "${text}": ${why}`, hint));
    }
    offset += part.length + 1;
  }
  if (diagnostics.length > 0) return { diagnostics };
  const [first, second] = parts as [string, string | undefined];
  return { type: second === undefined ? { name: first } : { pkg: first, name: second }, diagnostics };
}
