import * as path from 'node:path';
import { type Tree, getProjects, joinPathFragments } from '@nx/devkit';
import { isInteractive, selectPrompt } from '@nx/devkit/internal';
import { FwNxError } from '../nx-error';

/** Projects with a go.mod at their root, sorted by name: where a handler package can live. */
export function goProjects(tree: Tree): string[] {
  return [...getProjects(tree)]
    .filter(([, project]) => tree.exists(joinPathFragments(project.root, 'go.mod')))
    .map(([name]) => name)
    .sort();
}

/** The project named by --project, the only Go project, or the one the user picks (interactive only). */
export async function chooseGoProject(tree: Tree, requested: string | undefined, question: string): Promise<string> {
  if (requested) return requested;
  const candidates = goProjects(tree);
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length === 0) {
    throw new FwNxError('FW8011', 'no Go project found (no project has a go.mod at its root)', 'pass --project <name>');
  }
  if (isInteractive()) {
    return selectPrompt({ message: question, choices: candidates });
  }
  throw new FwNxError('FW8012', `more than one Go project (${candidates.join(', ')})`, 'pass --project <name>');
}

/** A directory option, normalised; it must stay inside the project. */
export function checkDirectory(option: string, directory: string): string {
  const normalized = path.posix.normalize(directory.replaceAll('\\', '/'));
  if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../')) {
    throw new FwNxError('FW8014', `--${option} ${JSON.stringify(directory)} must be a path inside the project`, 'give a path relative to its root');
  }
  return normalized;
}
