import { spanOf } from '../diagnostics/text-pos';
import { type Diagnostic, type Pos, warning } from '../diagnostics/diagnostics';
import { parseStructTag, tagName } from '../go/struct-tags';
import type { RouteModel } from './model';
import type { GoTypeDecl } from '../go/ast';

/** The wildcards each request type binds, by declaration (many routes share one; `fw watch` keeps unchanged files' declarations): null when not checked. */
const boundByDecl = new WeakMap<GoTypeDecl, ReadonlySet<string> | null>();

function boundNames(decl: GoTypeDecl): ReadonlySet<string> | undefined {
  let bound = boundByDecl.get(decl);
  if (bound === undefined) {
    bound = null;
    if (decl.type.kind === 'struct' && decl.type.fields.every((f) => f.name !== undefined)) {
      const names = new Set<string>();
      for (const f of decl.type.fields) {
        // A tag that binds a path value holds `path:"`; most do not, and need no parsing.
        if (!f.tag.includes('path:"')) continue;
        const name = tagName(parseStructTag(f.tag), 'path');
        if (name) names.add(name);
      }
      bound = names;
    }
    boundByDecl.set(decl, bound);
  }
  return bound ?? undefined;
}

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
  const bound = decl && boundNames(decl);
  if (!bound) return [];
  const wildcards = route.path.segments.flatMap((s) => (s.kind === 'wildcard' || s.kind === 'remainder' ? [s.name] : []));
  const out: Diagnostic[] = [];
  for (const w of wildcards) {
    if (!bound.has(w)) {
      out.push(
        warning(
          'FW4040',
          spanOf(pathPos, route.path.text),
          `path wildcard {${w}} is not bound by request type ${route.request.name}`,
          `add a field tagged path:"${w}" to ${route.request.name}, or read it with r.PathValue("${w}")`,
        ),
      );
    }
  }
  return out;
}
