import { type Diagnostic, type Pos, warning } from './diagnostics';
import type { RouteModel } from './model';

/** The value of one key of a Go struct tag (`path:"id"` → `id`). */
function tagValue(tag: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}:"((?:[^"\\\\]|\\\\.)*)"`).exec(tag);
  return m?.[1];
}

/**
 * Warns when a path wildcard is not bound by a `path:` field of the request
 * type, or a `path:` field names no wildcard. Only plain struct request
 * types with no embedded fields are checked: anything else could bind
 * through a path fw does not follow here, and a false warning is worse than none.
 */
export function checkPathBindings(route: RouteModel, pathPos: Pos): Diagnostic[] {
  if (!route.request) return [];
  const decl = route.request.pkg.types.get(route.request.name)?.decl;
  if (!decl || decl.type.kind !== 'struct' || decl.type.fields.some((f) => f.name === undefined)) return [];
  const bound = new Map<string, Pos>();
  for (const f of decl.type.fields) {
    const name = tagValue(f.tag, 'path')?.split(',')[0];
    if (name) bound.set(name, f.pos);
  }
  const wildcards = route.path.segments.flatMap((s) => (s.kind === 'wildcard' || s.kind === 'remainder' ? [s.name] : []));
  const out: Diagnostic[] = [];
  for (const w of wildcards) {
    if (!bound.has(w)) {
      out.push(warning(pathPos, `path wildcard {${w}} is not bound by request type ${route.request.name}`, `add a field tagged path:"${w}" to ${route.request.name}, or read it with r.PathValue("${w}")`));
    }
  }
  for (const [name, pos] of bound) {
    if (!wildcards.includes(name)) {
      out.push(warning(pos, `field tagged path:"${name}" in ${route.request.name} names no wildcard of route ${route.name} (${route.path.text})`, `add {${name}} to the path, or fix the tag`));
    }
  }
  return out;
}
