import * as path from 'node:path';

/** The `name` of a JSON file's text (project.json, package.json), when it is a non-empty string. */
function jsonName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project name of the Go module at `root` (POSIX, workspace-relative),
 * as the plugin gives it and the generators accept it: project.json's name,
 * else package.json's, else the directory's (the workspace directory's for
 * a go.mod at the root). `read` returns a file's text, or undefined when it
 * does not exist; the plugin reads the disk, the generators Nx's Tree.
 */
export function goProjectName(root: string, workspaceRoot: string, read: (workspacePath: string) => string | undefined): string {
  const file = (name: string) => (root === '.' || root === '' ? name : `${root}/${name}`);
  const base = root === '.' || root === '' ? path.basename(path.resolve(workspaceRoot)) : path.posix.basename(root);
  return jsonName(read(file('project.json'))) ?? jsonName(read(file('package.json'))) ?? base;
}
