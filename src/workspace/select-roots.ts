import * as path from 'node:path';
import { type Diagnostic, error } from '../diagnostics/diagnostics';
import type { RootLocation } from './discover';

/**
 * Picks the roots named on the command line (by directory base name or by
 * path relative to the workspace); all roots when none is named.
 */
export function selectRoots(cwd: string, roots: RootLocation[], names: readonly string[], diagnostics: Diagnostic[]): RootLocation[] {
  const found = roots.map((r) => `${r.name} (${r.relDir})`).join(', ');
  if (roots.length === 0) {
    diagnostics.push(
      error(
        'FW1003',
        undefined,
        `no root handler packages found under ${cwd}`,
        'a root handler package is a directory holding both router.go and registry.go; create one with `nx g fw:handler-package` or add the two files',
      ),
    );
    return [];
  }
  if (names.length === 0) return roots;
  const selected = new Set<RootLocation>();
  for (const raw of names) {
    const wanted = raw.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
    const byPath = roots.filter((r) => r.relDir === wanted || r.dir === path.resolve(cwd, raw));
    const matches = byPath.length > 0 ? byPath : roots.filter((r) => r.name === wanted);
    if (matches.length === 0) diagnostics.push(error('FW1004', undefined, `unknown package "${raw}"`, `the root handler packages found are: ${found}`));
    else if (matches.length > 1)
      diagnostics.push(error('FW1005', undefined, `package name "${raw}" is ambiguous`, `name it by path: ${matches.map((m) => m.relDir).join(', ')}`));
    else selected.add(matches[0]!);
  }
  return roots.filter((r) => selected.has(r));
}
