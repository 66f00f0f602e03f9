import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error } from '../diagnostics/diagnostics';
import { type Discovery, discoverRoots, type RootLocation, toPosix } from '../workspace/discover';
import { importClosure } from '../go/import-closure';
import { type AnyGenerator, fileOption, switchOption } from '../emit/generator';
import { flagOf, GENERATORS, type GeneratorName, type GeneratorOptions, outputFilesOf, perRootGenerators } from '../emit/generators';
import { writeGeneratedFiles } from '../write/writer';
import { BUILD_TARGET_ENV } from '../workspace/package-locator';

/**
 * The Turborepo tasks of one workspace package (`fw init --turbo`), and the
 * check `fw g <generator> --turbo` makes before it generates.
 *
 * Turborepo hashes the content of files matched by static globs, so it
 * cannot see whether a root marker (router.go + registry.go) exists without
 * hashing the marker's content, which fw itself rewrites (a second miss after
 * every edit, and no remote hits for a checkout that committed the outputs).
 * So the package's turbo.json names the roots: its inputs are every Go file
 * and go.mod (and fw.json) of the package minus tests and minus exactly the generated files
 * of the roots fw found, its outputs exactly those files. Turborepo hashes
 * the task definition, so the list of roots is part of every hash, while the
 * generated files are not:
 * - a new root (stubs in a directory that is not listed) changes the hash:
 *   its stub files are inputs;
 * - a listed root whose files were deleted gets them back from the cache,
 *   consistent with the hash;
 * - any run that misses while the list does not match the roots on disk
 *   fails (`--turbo`), and Turborepo caches only successful runs. So every
 *   cache entry was made with the list equal to the roots, and a hit never
 *   replays outputs of another set of roots.
 */

/** The name of generator `name`'s task in the package's turbo.json and package.json scripts (`all`: fw g all). */
export function turboTaskName(name: GeneratorName | 'all'): string {
  return `gen:${name}`;
}

/** The never-cached task that checks every output (`fw g all --check`). */
export const TURBO_CHECK_TASK = 'check:generated';

export interface TurboTask {
  inputs?: string[];
  outputs?: string[];
  env?: string[];
  cache?: boolean;
}

export interface TurboPlan {
  /** Root handler packages found, relative to the package directory. */
  roots: string[];
  /** The fw tasks the package's turbo.json must hold, by task name. */
  tasks: Record<string, TurboTask>;
  /** The package.json scripts that run them, by task name. */
  scripts: Record<string, string>;
  /** Every generator the plan chose from, by name: their tasks are fw's, replaced when fw init --turbo runs again. */
  generators: GeneratorName[];
  diagnostics: Diagnostic[];
}

/**
 * What `fw init --turbo` writes for the package in `cwd` with roots
 * `locations`: a task for each generator of `list` that `options` select (as
 * fw g all selects them: one with an output file when it is given, relative
 * to cwd), one for fw g all and the never-cached check.
 */
export function turboPlan(
  cwd: string,
  options: GeneratorOptions = {},
  locations: readonly RootLocation[] = discoverRoots(cwd),
  list: readonly AnyGenerator[] = GENERATORS,
): TurboPlan {
  const diagnostics: Diagnostic[] = [];
  for (const root of locations) {
    if (root.module && path.relative(cwd, root.module.dir).startsWith('..')) {
      diagnostics.push(
        error(
          'FW7010',
          undefined,
          `root handler package ${root.relDir} belongs to the Go module in ${toPosix(path.relative(cwd, root.module.dir))}, outside this package`,
          'run fw init --turbo in the workspace package that holds go.mod',
        ),
      );
    }
  }
  const roots = locations.map((r) => r.relDir);
  const selected: AnyGenerator[] = [];
  const files: Record<GeneratorName, Record<string, unknown>> = {};
  for (const generator of list) {
    const file = fileOption(generator);
    const own = { ...options[generator.name] };
    const given = file ? own[file.name] : undefined;
    if (file && (typeof given !== 'string' || given === '')) continue;
    if (file && typeof given === 'string') {
      const rel = toPosix(path.normalize(given));
      if (path.isAbsolute(rel) || rel.startsWith('..')) {
        diagnostics.push(
          error('FW7011', undefined, `--${flagOf(file, true)} ${given} is outside the package`, 'give a path inside the package, relative to it'),
        );
      }
      own[file.name] = rel;
    }
    files[generator.name] = own;
    selected.push(generator);
  }
  const outputs = outputFilesOf('', roots, files, list);
  const inputs = [
    ...outsideInputs(cwd, locations),
    'package.json',
    '**/go.mod',
    // The type mappings beside go.mod (src/workspace/fw-config.ts).
    '**/fw.json',
    // Which versions of dependencies are read.
    '**/go.sum',
    '**/go.work',
    '**/go.work.sum',
    '**/vendor/modules.txt',
    '**/*.go',
    '!**/*_test.go',
    ...perRootGenerators(list)
      .flatMap((g) => outputs[g.name] ?? [])
      .map((f) => `!${f}`),
  ];
  const env = [...BUILD_TARGET_ENV];
  const tasks: Record<string, TurboTask> = {};
  const scripts: Record<string, string> = {};
  for (const generator of selected) {
    // A companion (the query helpers) is written by its generator's task, which its switch turns on.
    if (generator.companionOf) continue;
    const companions = selected.filter((c) => c.companionOf === generator.name);
    tasks[turboTaskName(generator.name)] = { inputs, outputs: [generator, ...companions].flatMap((g) => outputs[g.name]!), env };
    const own = generator.options.map((o) => ({ flag: flagOf(o, false), value: files[generator.name]![o.name], default: o.default }));
    const switches = companions.map((c) => ({ flag: flagOf(switchOption(c)!, false), value: true }));
    scripts[turboTaskName(generator.name)] = `fw g ${generator.name}${flagArgs([...own, ...switches])} --turbo`;
  }
  // fw g all: everything above from one read of the Go files.
  const allArgs = flagArgs(selected.flatMap((g) => g.options.map((o) => ({ flag: flagOf(o, true), value: files[g.name]![o.name], default: o.default }))));
  tasks[turboTaskName('all')] = { inputs, outputs: selected.flatMap((g) => outputs[g.name]!), env };
  scripts[turboTaskName('all')] = `fw g all${allArgs} --turbo`;
  tasks[TURBO_CHECK_TASK] = { cache: false };
  scripts[TURBO_CHECK_TASK] = `fw g all${allArgs} --check`;
  return { roots, tasks, scripts, generators: list.map((g) => g.name), diagnostics };
}

/** The flags that give these option values again: only values given and other than the default (a script names what was asked), each flag once. */
function flagArgs(entries: readonly { flag: string; value: unknown; default?: string }[]): string {
  const args: string[] = [];
  const seen = new Set<string>();
  for (const { flag, value, default: byDefault } of entries) {
    if (value === undefined || value === '' || value === false || value === byDefault || seen.has(flag)) continue;
    seen.add(flag);
    if (value === true) args.push(` --${flag}`);
    else if (value !== false) for (const v of Array.isArray(value) ? value : [value]) args.push(` --${flag} ${v}`);
  }
  return args.join('');
}

/**
 * Inputs outside the package, as `$TURBO_ROOT$/…` globs: the Go files and
 * go.mod of packages the roots import from modules outside it (a `replace`
 * by a directory, a go.work module), and go.work files above it. Turborepo
 * hashes them like the package's own. Without a root turbo.json above (one
 * without `extends`) there is nothing to name them relative to: none.
 */
function outsideInputs(cwd: string, locations: readonly RootLocation[]): string[] {
  const root = turboRoot(cwd);
  if (root === undefined) return [];
  const inside = (p: string, dir: string) => p === dir || p.startsWith(`${dir}${path.sep}`);
  const rel = (p: string) => `$TURBO_ROOT$/${toPosix(path.relative(root, p))}`;
  const closure = importClosure(locations.flatMap((r) => [r.dir, ...r.subDirs]));
  const out = new Set<string>();
  for (const dir of closure.dirs) if (!inside(dir, cwd) && inside(dir, root)) out.add(`${rel(dir)}/*.go`);
  for (const dir of closure.moduleDirs) if (!inside(dir, cwd) && inside(dir, root)) out.add(rel(path.join(dir, 'go.mod')));
  for (let dir = path.dirname(cwd); inside(dir, root); dir = path.dirname(dir)) {
    for (const f of ['go.work', 'go.work.sum']) if (fs.existsSync(path.join(dir, f))) out.add(rel(path.join(dir, f)));
    if (dir === root) break;
  }
  return [...out].sort();
}

/** The repository root as Turborepo sees it: the nearest directory above `cwd` whose turbo.json extends nothing. */
export function turboRoot(cwd: string): string | undefined {
  for (let dir = path.dirname(path.resolve(cwd)); ; dir = path.dirname(dir)) {
    const { json } = readJson(path.join(dir, 'turbo.json'));
    if (json && json.extends === undefined) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export type Json = Record<string, unknown>;

export function readJson(file: string): { json?: Json; problem?: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) return { json: json as Json };
    return { problem: 'is not a JSON object' };
  } catch (e) {
    return { problem: `is not valid JSON: ${(e as Error).message}` };
  }
}

export function objectAt(json: Json, key: string): Json {
  const v = json[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

const stable = (v: unknown): string => JSON.stringify(v);
/** The inputs inside the package (not those of outsideInputs). */
const ownInputs = (inputs: unknown): unknown =>
  Array.isArray(inputs) ? inputs.filter((i) => typeof i !== 'string' || !i.startsWith('$TURBO_ROOT$/')) : inputs;

export interface TurboWriteResult {
  written: string[];
  unchanged: string[];
  diagnostics: Diagnostic[];
}

/**
 * Merges the plan into `<cwd>/turbo.json` (a package configuration extending
 * the root's) and `<cwd>/package.json` scripts. Other tasks, scripts and keys
 * are kept; a file is written only when it changes.
 */
export function writeTurboConfig(cwd: string, plan: TurboPlan): TurboWriteResult {
  const result: TurboWriteResult = { written: [], unchanged: [], diagnostics: [...plan.diagnostics] };
  const turboFile = path.join(cwd, 'turbo.json');
  const packageFile = path.join(cwd, 'package.json');
  const turbo = readJson(turboFile);
  const pkg = readJson(packageFile);
  if (turbo.problem)
    result.diagnostics.push(
      error('FW7012', { file: turboFile, line: 1, col: 1 }, `turbo.json ${turbo.problem}`, 'fix or delete it, then run fw init --turbo again'),
    );
  if (pkg.problem)
    result.diagnostics.push(error('FW7013', { file: packageFile, line: 1, col: 1 }, `package.json ${pkg.problem}`, 'fix it, then run fw init --turbo again'));
  if (!pkg.json && !pkg.problem) {
    result.diagnostics.push(
      error('FW7014', undefined, `${toPosix(packageFile)} does not exist`, 'run fw init --turbo in a workspace package (a directory with package.json)'),
    );
  }
  if (result.diagnostics.some((d) => d.severity === 'error') || !pkg.json) return result;

  const turboJson: Json = turbo.json ?? { $schema: 'https://turborepo.com/schema.json', extends: ['//'] };
  const stale = new Set([...plan.generators.map(turboTaskName), turboTaskName('all'), TURBO_CHECK_TASK]);
  const keptTasks = Object.fromEntries(Object.entries(objectAt(turboJson, 'tasks')).filter(([name]) => !stale.has(name)));
  const nextTurbo = { ...turboJson, tasks: { ...keptTasks, ...plan.tasks } };
  const keptScripts = Object.fromEntries(Object.entries(objectAt(pkg.json, 'scripts')).filter(([name]) => !stale.has(name)));
  const nextPkg = { ...pkg.json, scripts: { ...keptScripts, ...plan.scripts } };
  const changed = [];
  for (const [file, next, before] of [
    [turboFile, nextTurbo, turbo.json],
    [packageFile, nextPkg, pkg.json],
  ] as const) {
    if (before && stable(before) === stable(next)) result.unchanged.push(file);
    else changed.push({ path: file, contents: `${JSON.stringify(next, null, 2)}\n` });
  }
  // These are the user's files, merged on purpose: force, but through the one writer (all or nothing, no symlinks).
  const report = writeGeneratedFiles(changed, { force: true });
  result.diagnostics.push(...report.diagnostics);
  result.written.push(...report.written);
  return result;
}

/**
 * `fw g <generator> --turbo`: the package's turbo.json must declare the task
 * exactly as `fw init --turbo` would now (same roots, same outputs), or the
 * run fails before writing anything, so that Turborepo caches nothing made
 * under a list of roots that does not match the disk. `discovery`: the run's.
 */
export function checkTurboTask(
  cwd: string,
  discovery: Discovery,
  command: GeneratorName | 'all',
  options: GeneratorOptions,
  list: readonly AnyGenerator[] = GENERATORS,
): Diagnostic[] {
  const plan = turboPlan(cwd, options, discovery.roots, list);
  if (plan.diagnostics.length > 0) return plan.diagnostics;
  const turboFile = path.join(cwd, 'turbo.json');
  const name = turboTaskName(command);
  const hint = 'update the tasks: run fw init --turbo in this package, with the options you gave it before, then turbo again';
  const turbo = readJson(turboFile);
  if (!turbo.json) {
    return [
      error(
        'FW7016',
        undefined,
        `${toPosix(turboFile)} ${turbo.problem ?? 'does not exist'}; --turbo needs the task ${name} that fw init --turbo writes`,
        hint,
      ),
    ];
  }
  const tasks = objectAt(turbo.json, 'tasks');
  if (!(name in tasks)) {
    return [error('FW7016', { file: turboFile, line: 1, col: 1 }, `turbo.json has no task ${name}, which --turbo checks (fw init --turbo writes it)`, hint)];
  }
  const declared = objectAt(tasks, name);
  const expected = plan.tasks[name];
  if (stable(declared.inputs) === stable(expected?.inputs) && stable(declared.outputs) === stable(expected?.outputs)) return [];
  if (stable(declared.outputs) === stable(expected?.outputs) && stable(ownInputs(declared.inputs)) === stable(ownInputs(expected?.inputs))) {
    return [
      error(
        'FW7018',
        { file: turboFile, line: 1, col: 1 },
        `task ${name} does not name the Go packages outside this package that the roots now read: a cached result could miss an edit there`,
        hint,
      ),
    ];
  }
  const found = plan.roots.length > 0 ? plan.roots.join(', ') : 'none';
  return [
    error(
      'FW7017',
      { file: turboFile, line: 1, col: 1 },
      `task ${name} does not match the root handler packages found (${found}): a cached result could belong to other roots`,
      hint,
    ),
  ];
}
