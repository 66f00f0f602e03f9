import * as path from 'node:path';
import { type Diagnostic, error } from '../diagnostics/diagnostics';
import { toPosix } from '../workspace/discover';
import { writeGeneratedFiles } from '../write/writer';
import { type Json, objectAt, readJson, turboRoot, turboTaskName } from './turbo-config';

/**
 * `fw init --turbo --uses <service>`: wires the workspace package in `cwd`
 * (an app) to the TypeScript client of a Go service package, so that the
 * app's typecheck and build run the service's gen:client first and miss
 * when it does (Turborepo hashes a task's dependencies' hashes):
 * - the app's package.json depends on the service (`workspace:*`, or `*`
 *   under npm), which makes `^gen:client` reach it;
 * - the service's package.json exports its client (`<name>/client`) and
 *   depends on zod, which the client imports (pnpm's strict layout finds a
 *   package only through the dependencies of the package that imports it);
 * - the root turbo.json's typecheck and build depend on `^gen:client`.
 * Other keys are kept; a file is written only when it changes.
 */

/** The files of the wiring, as they will be written. */
interface Edit {
  file: string;
  before?: Json;
  next: Json;
}

const CONSUMER_TASKS = ['typecheck', 'build'];

/** The zod range fw's own package.json asks for: the one the generated client is written for. */
function zodRange(): string {
  const pkg = readJson(path.join(__dirname, '..', '..', 'package.json')).json;
  const range = objectAt(pkg ?? {}, 'dependencies').zod;
  return typeof range === 'string' ? range : '*';
}

/** The client a service's gen:client task writes (its `.ts` output), relative to the service. */
function clientOf(serviceDir: string): string | undefined {
  const task = objectAt(objectAt(readJson(path.join(serviceDir, 'turbo.json')).json ?? {}, 'tasks'), turboTaskName('client'));
  const outputs = Array.isArray(task.outputs) ? task.outputs : [];
  return outputs.find((o): o is string => typeof o === 'string' && o.endsWith('.ts'));
}

/** How the app names a workspace dependency: pnpm and Yarn take `workspace:*`, npm a plain range. */
function workspaceRange(root: string | undefined): string {
  const manager = root ? readJson(path.join(root, 'package.json')).json?.packageManager : undefined;
  return typeof manager === 'string' && manager.startsWith('npm@') ? '*' : 'workspace:*';
}

function withDependency(pkg: Json, name: string, range: string): Json {
  const has = ['dependencies', 'devDependencies', 'peerDependencies'].some((k) => objectAt(pkg, k)[name] !== undefined);
  return has ? pkg : { ...pkg, dependencies: { ...objectAt(pkg, 'dependencies'), [name]: range } };
}

function withClientExport(pkg: Json, client: string): Json {
  const target = `./${client}`;
  const exports = pkg.exports;
  if (typeof exports === 'string') return { ...pkg, exports: { '.': exports, './client': target } };
  return { ...pkg, exports: { ...objectAt(pkg, 'exports'), './client': target } };
}

function withClientFirst(turbo: Json): Json {
  const tasks = { ...objectAt(turbo, 'tasks') };
  const first = `^${turboTaskName('client')}`;
  for (const name of CONSUMER_TASKS) {
    const task = objectAt(tasks, name);
    const dependsOn = Array.isArray(task.dependsOn) ? task.dependsOn : [];
    tasks[name] = dependsOn.includes(first) ? task : { ...task, dependsOn: [...dependsOn, first] };
  }
  return { ...turbo, tasks };
}

export interface ConsumerResult {
  written: string[];
  unchanged: string[];
  /** The services' package names, in the order given. */
  services: string[];
  diagnostics: Diagnostic[];
}

/** Wires the app in `cwd` to each service (directories relative to `cwd`); all or nothing. */
export function wireClientConsumer(cwd: string, serviceDirs: readonly string[]): ConsumerResult {
  const result: ConsumerResult = { written: [], unchanged: [], services: [], diagnostics: [] };
  const root = turboRoot(cwd);
  const edits = new Map<string, Edit>();
  const edit = (file: string, change: (json: Json) => Json) => {
    const current = edits.get(file) ?? { file, before: readJson(file).json, next: readJson(file).json ?? {} };
    edits.set(file, { ...current, next: change(current.next) });
  };
  const appFile = path.join(cwd, 'package.json');
  if (!readJson(appFile).json) {
    result.diagnostics.push(
      error('FW7014', undefined, `${toPosix(appFile)} does not exist`, 'run fw init --turbo in a workspace package (a directory with package.json)'),
    );
  }
  for (const dir of serviceDirs) {
    const serviceDir = path.resolve(cwd, dir);
    const serviceFile = path.join(serviceDir, 'package.json');
    const name = readJson(serviceFile).json?.name;
    if (typeof name !== 'string' || name === '') {
      result.diagnostics.push(
        error(
          'FW7019',
          undefined,
          `--uses ${dir}: ${toPosix(path.relative(cwd, serviceFile))} is missing or has no name`,
          'pass the directory of the Go service package',
        ),
      );
      continue;
    }
    const client = clientOf(serviceDir);
    if (!client) {
      result.diagnostics.push(
        error('FW7020', undefined, `--uses ${dir}: ${name} has no ${turboTaskName('client')} task`, 'run fw init --turbo --file <client.ts> in it first'),
      );
      continue;
    }
    result.services.push(name);
    edit(serviceFile, (pkg) => withDependency(withClientExport(pkg, client), 'zod', zodRange()));
    edit(appFile, (pkg) => withDependency(pkg, name, workspaceRange(root)));
  }
  if (root) edit(path.join(root, 'turbo.json'), withClientFirst);
  if (result.diagnostics.length > 0) return result;

  const changed = [];
  for (const e of edits.values()) {
    if (e.before && JSON.stringify(e.before) === JSON.stringify(e.next)) result.unchanged.push(e.file);
    else changed.push({ path: e.file, contents: `${JSON.stringify(e.next, null, 2)}\n` });
  }
  // The user's files, merged on purpose: force, through the one writer (all or nothing).
  const report = writeGeneratedFiles(changed, { force: true });
  result.diagnostics.push(...report.diagnostics);
  result.written.push(...report.written);
  return result;
}
