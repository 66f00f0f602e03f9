import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CreateDependenciesContext, DependencyType, ProjectConfiguration, RawProjectGraphDependency } from '@nx/devkit';
import { SCRIPT_FILE, specifiersByFile } from './import-specifiers';
import { fwInstalledName } from './package-info';

/**
 * The edges from the projects that use a generated TypeScript client to the
 * Go project that generates it, so that `^gen-client` in their targets'
 * dependsOn runs the generation first, a Go edit changes their hash (`^`
 * inputs) and `nx affected` marks them. A project uses a client when it holds
 * the client file (the plugin's clientFile inside it) or one of its scripts
 * imports it: by a relative path, or by the package name of the Go project
 * (its package.json `name`, or a subpath of it).
 */

/** A client file and the Go project whose target writes it. */
interface Client {
  /** The client file, workspace-relative, without its `.ts`. */
  stem: string;
  project: string;
  /** The Go project's package name (its package.json `name`), when it has one. */
  packageName?: string;
}

const withoutScriptExtension = (file: string) => file.replace(/\.(?:[cm]?[jt]s|[jt]sx)$/, '');

function packageNameOf(workspaceRoot: string, root: string): string | undefined {
  try {
    const name = (JSON.parse(fs.readFileSync(path.join(workspaceRoot, root, 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The clients fw's client and all targets write (inferred or written by hand: any target whose executor is fw's). */
function clientsOf(projects: Record<string, ProjectConfiguration>, workspaceRoot: string): Client[] {
  const executors = new Set(['client', 'all'].map((e) => `${fwInstalledName()}:${e}`));
  const clients: Client[] = [];
  for (const [name, project] of Object.entries(projects)) {
    const files = new Set<string>();
    for (const target of Object.values(project.targets ?? {})) {
      const file = (target.options as { file?: unknown } | undefined)?.file;
      if (target.executor && executors.has(target.executor) && typeof file === 'string' && file !== '') {
        files.add(path.posix.normalize(path.posix.join(project.root, file)));
      }
    }
    const packageName = files.size > 0 ? packageNameOf(workspaceRoot, project.root) : undefined;
    for (const file of files) clients.push({ stem: withoutScriptExtension(file), project: name, ...(packageName ? { packageName } : {}) });
  }
  return clients;
}

/** The project whose root holds a workspace-relative file: the one with the longest root. */
function ownerOf(file: string, projects: Record<string, ProjectConfiguration>): string | undefined {
  let best: [string, number] | undefined;
  for (const [name, project] of Object.entries(projects)) {
    const root = project.root === '' ? '.' : project.root;
    const holds = root === '.' || file === root || file.startsWith(`${root}/`);
    const depth = root === '.' ? 0 : root.length;
    if (holds && (!best || depth > best[1])) best = [name, depth];
  }
  return best?.[0];
}

/** The client a specifier of `file` names, if any. */
function clientImported(file: string, specifier: string, clients: readonly Client[]): Client | undefined {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const stem = withoutScriptExtension(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    return clients.find((c) => c.stem === stem);
  }
  return clients.find((c) => c.packageName !== undefined && (specifier === c.packageName || specifier.startsWith(`${c.packageName}/`)));
}

/** The edges: holder → Go project (implicit: the file may not exist yet), importer → Go project (static, from the importing file). */
export function clientConsumerDependencies(context: CreateDependenciesContext, cacheFile: string): RawProjectGraphDependency[] {
  const clients = clientsOf(context.projects, context.workspaceRoot);
  if (clients.length === 0) return [];
  const edges = new Map<string, RawProjectGraphDependency>();
  for (const client of clients) {
    const holder = ownerOf(`${client.stem}.ts`, context.projects);
    if (holder && holder !== client.project) {
      edges.set(`${holder}\0${client.project}`, { source: holder, target: client.project, type: 'implicit' as DependencyType.implicit });
    }
  }
  const scripts = Object.entries(context.fileMap.projectFileMap).flatMap(([project, files]) =>
    files.filter((f) => SCRIPT_FILE.test(f.file)).map((f) => ({ project, file: f.file, hash: f.hash })),
  );
  const specifiers = specifiersByFile(context.workspaceRoot, scripts, cacheFile);
  for (const { project, file } of scripts) {
    for (const specifier of specifiers.get(file) ?? []) {
      const client = clientImported(file, specifier, clients);
      const key = `${project}\0${client?.project}`;
      if (client && client.project !== project && !edges.has(key)) {
        edges.set(key, { source: project, target: client.project, sourceFile: file, type: 'static' as DependencyType.static });
      }
    }
  }
  return [...edges.values()];
}
