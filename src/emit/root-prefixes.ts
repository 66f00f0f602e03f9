import * as path from 'node:path';
import { type Diagnostic, error } from '../diagnostics/diagnostics';
import type { RootModel } from '../model/model';
import { pascalCasePath } from '../model/naming';

/**
 * Name prefixes of each root's groups (client classes, OpenAPI tags and
 * operation ids): none for one root; `V1` for `v1handler`; the whole
 * directory when two roots would share one. Directory names go through the
 * identifier sanitizer (`v3+x` → `V3X`); roots that still share a prefix are
 * reported to `diagnostics`, never merged.
 */
export function rootPrefixes(roots: readonly RootModel[], diagnostics: Diagnostic[]): Map<RootModel, string> {
  const out = new Map<RootModel, string>();
  if (roots.length < 2) return out;
  const short = (r: RootModel) => identifierStart(pascalCasePath(r.name.replace(/(.)handlers?$/i, '$1')));
  const owner = new Map<string, RootModel>();
  for (const root of roots) {
    const prefix = short(root);
    const shared = roots.filter((r) => short(r) === prefix).length > 1;
    const chosen = shared ? identifierStart(pascalCasePath(root.relDir)) : prefix;
    const other = owner.get(chosen);
    if (other) {
      diagnostics.push(
        error(
          'FW5001',
          { file: path.join(root.dir, 'router.go'), line: 1, col: 1 },
          `root packages ${other.relDir} and ${root.relDir} both give the name prefix ${chosen}`,
          'rename one of the directories, or generate for one root at a time (fw g <generator> --file <path> <package>)',
        ),
      );
    }
    owner.set(chosen, root);
    out.set(root, chosen);
  }
  return out;
}

/** A name cannot start with a digit nor be empty: `2024` → `Api2024`, `+++` → `Api`. */
function identifierStart(prefix: string): string {
  return /^\p{L}/u.test(prefix) ? prefix : `Api${prefix}`;
}
