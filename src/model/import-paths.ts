import * as path from 'node:path';
import { type Diagnostic, error } from '../diagnostics/diagnostics';
import { importPathProblem } from '../go/import-path';
import type { RootModel } from './model';

/**
 * The Go outputs of a root refer to the root package (urlhelper's package
 * comment, and importers of router.go) and import its handler subfolders.
 * A directory name that Go rejects in an import path (a space, a quote, a
 * newline, `nul`, ...) would give Go that does not build: reported instead.
 */
export function importPathDiagnostics(root: RootModel): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const rootProblem = importPathProblem(root.pkg.pkg.importPath);
  if (rootProblem) {
    diagnostics.push(
      error(
        'FW4020',
        { file: path.join(root.dir, 'router.go'), line: 1, col: 1 },
        `the import path of root package ${root.relDir} is not valid Go (${rootProblem})`,
        'rename the directory: Go import paths allow ASCII letters, digits and - . _ ~ +',
      ),
    );
    return diagnostics;
  }
  const seen = new Set<string>();
  for (const group of root.groups) {
    const pkg = group.pkg.pkg;
    if (group.pkg.isRoot || seen.has(pkg.importPath)) continue;
    seen.add(pkg.importPath);
    const problem = importPathProblem(pkg.importPath);
    const first = group.routes[0];
    if (problem && first) {
      diagnostics.push(
        error(
          'FW4020',
          first.pos,
          `subfolder ${group.pkg.relDir} cannot be imported by the router: its import path is not valid Go (${problem})`,
          'rename the directory: Go import paths allow ASCII letters, digits and - . _ ~ +',
        ),
      );
    }
  }
  return diagnostics;
}
