import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Tree, addProjectConfiguration } from '@nx/devkit';

/** Adds an Nx project at `root` with a go.mod of module example.com/<name>. */
export function addGoProject(tree: Tree, name: string, root: string): void {
  addProjectConfiguration(tree, name, { root, projectType: 'application' });
  tree.write(`${root}/go.mod`, `module example.com/${name}\n\ngo 1.22\n`);
}

/** Copies the tree's files under `prefix` to a temporary directory, to run the real pipeline and Go on them. */
export function materialize(tree: Tree, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-handler-package-'));
  const walk = (p: string): void => {
    for (const child of tree.children(p)) {
      const full = path.posix.join(p, child);
      if (tree.isFile(full)) {
        const target = path.join(dir, path.posix.relative(prefix, full));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, tree.read(full) ?? '');
      } else walk(full);
    }
  };
  walk(prefix);
  return dir;
}
