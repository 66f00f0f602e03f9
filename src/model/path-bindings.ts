import { type Diagnostic, type Pos, warning } from '../diagnostics/diagnostics';
import { parseStructTag, tagName } from '../go/struct-tags';
import type { RouteModel } from './model';

/**
 * Warns when a path wildcard is not bound by a `path:` field of the request
 * type. (A `path:` field naming no wildcard is fine: one request type may
 * serve several annotation lines with different paths.) Only plain struct request
 * types with no embedded fields are checked: anything else could bind
 * through a path fw does not follow here, and a false warning is worse than none.
 */
export function checkPathBindings(route: RouteModel, pathPos: Pos): Diagnostic[] {
  if (!route.request) return [];
  const decl = route.request.pkg.types.get(route.request.name)?.decl;
  if (!decl || decl.type.kind !== 'struct' || decl.type.fields.some((f) => f.name === undefined)) return [];
  const bound = new Set<string>();
  for (const f of decl.type.fields) {
    const name = tagName(parseStructTag(f.tag), 'path');
    if (name) bound.add(name);
  }
  const wildcards = route.path.segments.flatMap((s) => (s.kind === 'wildcard' || s.kind === 'remainder' ? [s.name] : []));
  const out: Diagnostic[] = [];
  for (const w of wildcards) {
    if (!bound.has(w)) {
      out.push(warning(pathPos, `path wildcard {${w}} is not bound by request type ${route.request.name}`, `add a field tagged path:"${w}" to ${route.request.name}, or read it with r.PathValue("${w}")`));
    }
  }
  return out;
}
