import type { RootModel } from '../model/model';
import { pascalCasePath } from '../model/naming';

/** Name prefixes of each root's groups (client classes, OpenAPI tags and operation ids): none for one root; `V1` for `v1handler`; the whole directory when two roots would share one. */
export function rootPrefixes(roots: readonly RootModel[]): Map<RootModel, string> {
  const out = new Map<RootModel, string>();
  if (roots.length < 2) return out;
  const short = (r: RootModel) => identifierStart(pascalCasePath(r.name.replace(/(.)handlers?$/i, '$1')));
  for (const root of roots) {
    const prefix = short(root);
    const shared = roots.filter((r) => short(r) === prefix).length > 1;
    out.set(root, shared ? identifierStart(pascalCasePath(root.relDir || root.name)) : prefix);
  }
  return out;
}

/** A class name cannot start with a digit: `2024` → `Api2024`. */
function identifierStart(prefix: string): string {
  return /^[0-9]/.test(prefix) ? `Api${prefix}` : prefix;
}

