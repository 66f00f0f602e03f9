import * as path from 'node:path';
import { type Tree, joinPathFragments, logger } from '@nx/devkit';
import { formatDiagnostic } from '../../diagnostics/diagnostics';
import { scaffoldRuntime } from '../../runtime/scaffold';
import { FwNxError } from '../nx-error';

/** Workspace-relative POSIX path of an absolute path under the tree's root; undefined outside it. */
function inTree(tree: Tree, abs: string): string | undefined {
  const rel = path.relative(tree.root, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
}

/**
 * Makes sure the project has the fwhttp runtime package the example handler
 * imports, and returns its import path. An existing package (any Go file in
 * its directory) is left as it is: upgrading it is `fw init`'s job. Reads go
 * through the Tree, so go.mod and the package may be new in this same run.
 */
export function ensureRuntimeInTree(tree: Tree, projectRoot: string, runtimeDirectory: string): string {
  const dir = joinPathFragments(projectRoot, runtimeDirectory);
  const result = scaffoldRuntime({
    cwd: path.join(tree.root, projectRoot),
    dir: runtimeDirectory,
    readFile: (abs) => {
      const rel = inTree(tree, abs);
      return rel === undefined ? undefined : (tree.read(rel, 'utf8') ?? undefined);
    },
  });
  if (!result.importPath) {
    throw new FwNxError('FW8013', `no go.mod with a module line at or above ${dir}`, 'run `go mod init <module path>` in the project first');
  }
  const present = tree.exists(dir) && tree.children(dir).some((f) => f.endsWith('.go'));
  if (!present) {
    for (const d of result.diagnostics) logger.warn(formatDiagnostic(d, tree.root, true));
    for (const file of result.files) {
      const rel = inTree(tree, file.path);
      if (rel !== undefined) tree.write(rel, file.contents);
    }
  }
  return result.importPath;
}
