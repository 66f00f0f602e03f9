import * as path from 'node:path';
import { type Tree, getProjects } from '@nx/devkit';
import { isInteractive, selectPrompt } from '@nx/devkit/internal';
import { goProjectName } from '../go-project-name';
import { FwNxError } from '../nx-error';

/** A place a generator can work in: a project, or a Go module no project claims yet, by the name the plugin gives it. */
export interface GoModule {
  name: string;
  /** Workspace-relative, POSIX ('.' for the workspace root). */
  root: string;
}

/** Directories the go command never looks into for packages (and node_modules, dot and underscore directories). */
const SKIPPED = new Set(['node_modules', 'vendor', 'testdata']);

/** The directories of the tree holding a go.mod, outside the directories the go command skips. */
function goModDirs(tree: Tree, dir = ''): string[] {
  const found: string[] = [];
  for (const child of tree.children(dir)) {
    const full = dir === '' ? child : `${dir}/${child}`;
    if (child === 'go.mod' && tree.isFile(full)) found.push(dir === '' ? '.' : dir);
    else if (!SKIPPED.has(child) && !child.startsWith('.') && !child.startsWith('_') && !tree.isFile(full)) found.push(...goModDirs(tree, full));
  }
  return found;
}

const normalRoot = (root: string) => (root === '' ? '.' : root);

/**
 * Every Go module of the workspace, sorted by name: the projects with a
 * go.mod at their root, and every other go.mod directory, named as the
 * plugin names it once it holds a root handler package (project.json's
 * name, package.json's, else the directory's). A module without roots
 * needs no project.json to be a place the generators can work in.
 */
export function goModules(tree: Tree): GoModule[] {
  const projects = [...getProjects(tree)].map(([name, p]) => ({ name, root: normalRoot(p.root) }));
  const claimed = new Map(projects.map((p) => [p.root, p.name]));
  const read = (file: string) => tree.read(file, 'utf8') ?? undefined;
  return goModDirs(tree)
    .map((root) => ({ name: claimed.get(root) ?? goProjectName(root, tree.root, read), root }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The place named by --project (a Go module by its name, or any project:
 * the runtime then needs a go.mod at or above it), the only Go module, or
 * the one the user picks (interactive only).
 */
export async function chooseGoProject(tree: Tree, requested: string | undefined, question: string): Promise<GoModule> {
  const modules = goModules(tree);
  const names = modules.map((m) => m.name).join(', ');
  if (requested) {
    const project = [...getProjects(tree)].find(([name]) => name === requested);
    const found = project ? { name: requested, root: normalRoot(project[1].root) } : modules.find((m) => m.name === requested);
    if (found) return found;
    const known = modules.length > 0 ? `Go modules: ${names}` : 'the workspace has no go.mod';
    throw new FwNxError('FW8016', `--project ${JSON.stringify(requested)} names no project and no Go module (${known})`, 'pass the name of a Go module');
  }
  if (modules.length === 1 && modules[0]) return modules[0];
  if (modules.length === 0) {
    throw new FwNxError(
      'FW8011',
      'no Go module found (no go.mod outside node_modules, vendor and testdata directories)',
      "create one first: `go mod init <module path>` in the service's directory",
    );
  }
  if (isInteractive()) {
    const name = await selectPrompt({ message: question, choices: modules.map((m) => m.name) });
    const picked = modules.find((m) => m.name === name);
    if (picked) return picked;
  }
  throw new FwNxError('FW8012', `more than one Go module (${names})`, 'pass --project <name>');
}

/** A directory option, normalised; it must stay inside the project. */
export function checkDirectory(option: string, directory: string): string {
  const normalized = path.posix.normalize(directory.replaceAll('\\', '/'));
  if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../')) {
    throw new FwNxError('FW8014', `--${option} ${JSON.stringify(directory)} must be a path inside the project`, 'give a path relative to its root');
  }
  return normalized;
}
