import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ExecutorContext, logger } from '@nx/devkit';
import { type Diagnostic, error } from '../../diagnostics/diagnostics';
import { printReport } from '../../diagnostics/print-report';
import type { Lines, RunReport } from '../../diagnostics/run-report';
import { fileOption, GeneratorOptionError, parseGeneratorOptions } from '../../emit/generator';
import type { FwExecutorOptions } from './executor-options';
import { GENERATORS, generatorNamed, generatorsFor, type GeneratorOptions, outputFilesOf, perRootGenerators, sharedName } from '../../emit/generators';
import { generateAndWrite, type GeneratorName, runReportOf } from '../../generate';
import { discoverWorkspace, type RootLocation, toPosix } from '../../workspace/discover';
import { CONFIG_FILE } from '../../workspace/fw-config';
import { selectRoots } from '../../workspace/select-roots';
import { defaultCacheDir } from '../../workspace/cache-dir';
import { reportNaming } from '../../workspace/report-naming';
import { FwNxError } from '../nx-error';

export interface FwExecutorResult {
  success: boolean;
}

function projectRootOf(context: ExecutorContext): string {
  const name = context.projectName;
  const project = name ? context.projectsConfigurations.projects[name] : undefined;
  if (!project)
    throw new FwNxError(
      'FW8015',
      `the executor must run as a target of a project (got project ${JSON.stringify(name)})`,
      'run it through a target of a project',
    );
  return project.root;
}

/** Nx's logger as the lines a run report prints: warnings at warn level, other diagnostics and failures at error level. */
const NX_LINES: Lines = { out: (l) => logger.info(l), err: (l) => logger.error(l), warn: (l) => logger.warn(l) };

/**
 * A check answered from Nx's cache would pass without looking (and restore
 * the cached outputs over the files it should have judged), so `check` runs
 * only in targets that are not cached: the inferred check target, or one the
 * user declares with `"cache": false`.
 */
function cachedCheckError(context: ExecutorContext): Diagnostic | undefined {
  if (context.target?.cache !== true) return undefined;
  return error(
    'FW8001',
    undefined,
    `--check cannot run in the cached target ${context.projectName}:${context.targetName} (a cache hit would pass without checking)`,
    'run the project\'s check-generated target, or declare a target with "cache": false',
  );
}

/** `{projectRoot}`, `{workspaceRoot}`, `{projectName}` and `{options.x}` in a declared output, resolved to a workspace-relative path. */
function resolveOutput(output: string, projectRoot: string, context: ExecutorContext, options: FwExecutorOptions): string {
  const resolved = output
    .replaceAll('{workspaceRoot}/', '')
    .replaceAll('{projectRoot}', projectRoot)
    .replaceAll('{projectName}', context.projectName ?? '')
    .replace(/\{options\.([A-Za-z]+)\}/g, (_, key: string) => String((options as Record<string, unknown>)[key] ?? ''));
  return path.posix.normalize(resolved);
}

/** What the target will write for the selected roots (absolute), and every generated Go file of all roots; undefined when the selection is wrong (generation reports that). */
function filesToGenerate(
  cwd: string,
  all: RootLocation[],
  generators: readonly GeneratorName[],
  packages: readonly string[],
  options: GeneratorOptions,
): { own: string[]; goFiles: string[]; configs: string[] } | undefined {
  const problems: Diagnostic[] = [];
  const selected = selectRoots(cwd, all, packages, problems);
  if (problems.length > 0) return undefined;
  // Output files as the executor's options give them (relative to the project root), made absolute.
  const absolute = Object.fromEntries(
    generators.map((name) => {
      const file = fileOption(generatorNamed(name));
      const own = { ...options[name] };
      if (file && typeof own[file.name] === 'string') own[file.name] = toPosix(path.resolve(cwd, own[file.name] as string));
      return [name, own];
    }),
  );
  const files = (roots: typeof all) =>
    outputFilesOf(
      toPosix(cwd),
      roots.map((r) => r.relDir),
      absolute,
    );
  const own = files(selected);
  const every = files(all);
  // The fw.json files generation reads (beside the go.mod of each selected root's module): inputs too.
  const configs = [...new Set(selected.flatMap((r) => (r.module ? [path.join(r.module.dir, CONFIG_FILE)] : [])))].filter((f) => fs.existsSync(f)).map(toPosix);
  return { own: generators.flatMap((g) => own[g] ?? []), goFiles: perRootGenerators().flatMap((g) => every[g.name] ?? []), configs };
}

/** The paths of the generated Go files inside a root ('router.go', 'urlhelper/urlhelper.go'…): how an input that excludes one is told. */
function generatedInRoot(): string[] {
  return perRootGenerators().flatMap((g) => g.outputs('', ['.'], {}));
}

/**
 * A cached target must declare as its outputs exactly the files fw generates
 * for the roots it finds, and leave every generated Go file out of its
 * inputs: Nx restores only declared outputs, and the target's definition is
 * part of the hash (the project configuration), so a definition that matches
 * the roots on disk keeps a new or removed root from being answered by a
 * cache entry made for other roots (and a run from invalidating the next).
 * Returns the error to print when it does not match.
 */
function undeclaredOutputs(context: ExecutorContext, options: FwExecutorOptions, files: ReturnType<typeof filesToGenerate>): Diagnostic | undefined {
  if (context.target?.cache !== true || !files) return undefined;
  const projectRoot = projectRootOf(context);
  const resolve = (o: string) => resolveOutput(o, projectRoot, context, options);
  const rel = (f: string) => path.relative(context.root, f).split(path.sep).join('/');
  const declared = (context.target.outputs ?? []).map(resolve).sort();
  const own = files.own.map(rel).sort();
  // The exclusions of generated files name the roots too: they must be exactly the generated Go files of the roots found.
  const inRoot = generatedInRoot();
  const excluded = (context.target.inputs ?? [])
    .filter((i): i is string => typeof i === 'string' && i.startsWith('!'))
    .map((i) => resolve(i.slice(1)))
    .filter((f) => inRoot.some((g) => f === g || f.endsWith(`/${g}`)) && !f.includes('*'));
  const goFiles = files.goFiles.map(rel);
  const included = goFiles.filter((f) => !excluded.includes(f));
  const extra = excluded.filter((f) => !goFiles.includes(f));
  const target = `${context.projectName}:${context.targetName}`;
  const list = (fs: string[], prefix = '') => fs.map((f) => JSON.stringify(`${prefix}{workspaceRoot}/${f}`)).join(', ');
  if (declared.join('\n') !== own.join('\n')) {
    return error(
      'FW8002',
      undefined,
      `the outputs of the cached target ${target} are not the files it generates (${own.join(', ') || 'none'}): a cache hit could restore files of other roots`,
      `declare "outputs": [${list(own)}] and exclude every generated Go file from its inputs`,
    );
  }
  if (included.length > 0) {
    return error(
      'FW8003',
      undefined,
      `the inputs of the cached target ${target} do not exclude the generated files ${included.join(', ')}`,
      `add ${list(included, '!')} to its inputs`,
    );
  }
  if (extra.length > 0) {
    return error(
      'FW8004',
      undefined,
      `the inputs of the cached target ${target} exclude ${extra.join(', ')}, which fw does not generate (no such root handler package)`,
      `remove ${list(extra, '!')} from its inputs`,
    );
  }
  const inputs = (context.target.inputs ?? []).filter((i): i is string => typeof i === 'string' && !i.startsWith('!')).map(resolve);
  const configs = files.configs.map(rel).filter((f) => !inputs.includes(f));
  if (configs.length > 0) {
    return error(
      'FW8005',
      undefined,
      `the inputs of the cached target ${target} do not include ${configs.join(', ')}, whose type mappings decide the output`,
      `add ${list(configs)} to its inputs`,
    );
  }
  return undefined;
}

/**
 * The generators an executor runs and their options, from its options: one
 * generator's own (by option name), or for `all` and `check` what
 * generatorsFor makes of them (by shared name: fw:all's `openapi` is the
 * OpenAPI document's file). A bad value is an FW8006 error.
 */
function executorGenerators(command: GeneratorName | 'all' | 'check', options: FwExecutorOptions): { generators: GeneratorName[]; options: GeneratorOptions } {
  const values = options as Record<string, unknown>;
  try {
    if (command === 'all' || command === 'check') {
      const byShared = Object.fromEntries(GENERATORS.flatMap((g) => g.options).map((o) => [sharedName(o), values[sharedName(o)]]));
      return generatorsFor(byShared, GENERATORS, (o) => `option ${sharedName(o)}`);
    }
    const generator = generatorNamed(command);
    const own = Object.fromEntries(generator.options.map((o) => [o.name, values[o.name]]));
    return { generators: [command], options: { [command]: parseGeneratorOptions(generator, own, (o) => `option ${o.name}`) } };
  } catch (e) {
    if (e instanceof GeneratorOptionError) throw new ExecutorOptionError(e.message);
    throw e;
  }
}

/** A bad executor option (Nx's schema validation lets some through: values it does not know, a target run programmatically). */
class ExecutorOptionError extends Error {}

/**
 * How to update what a check found stale: `run nx run api:gen-all to update
 * it`, naming the project's target that writes those files (the executor of
 * the same package for the same generator, or fw:all for fw:check, without
 * `check` in its options); the words of old when the project has none.
 */
function staleHintOf(context: ExecutorContext, command: GeneratorName | 'all' | 'check'): string {
  const executor = context.target?.executor ?? '';
  const pkg = executor.slice(0, executor.lastIndexOf(':'));
  const wanted = command === 'check' ? 'all' : command;
  const project = context.projectName ? context.projectsConfigurations.projects[context.projectName] : undefined;
  const found = Object.entries(project?.targets ?? {}).find(
    ([name, t]) => name !== context.targetName && t.executor === `${pkg}:${wanted}` && (t.options as FwExecutorOptions | undefined)?.check !== true,
  );
  return found ? `run nx run ${context.projectName}:${found[0]} to update it` : 'run the generating target to regenerate it';
}

/**
 * The body of the fw executors (one per generator, all, check): one
 * in-process generate() for the project's root handler packages (the parse
 * cache where the CLI keeps it for the workspace root: defaultCacheDir), then the shared
 * writer. `all` and `check` run what generatorsFor makes of their options
 * (every generator without an output file; one with a file when it is
 * given); `check` writes nothing. Any error diagnostic, refusal or (with
 * `check`) stale file fails the target.
 */
export async function runFwGenerator(
  command: GeneratorName | 'all' | 'check',
  executorOptions: FwExecutorOptions,
  context: ExecutorContext,
): Promise<FwExecutorResult> {
  const options = command === 'check' ? { ...executorOptions, check: true } : executorOptions;
  let selected: ReturnType<typeof executorGenerators>;
  // Paths as Nx prints the rest: relative to the workspace root (GitHub annotations: to the repository root).
  const labels = {
    label: '',
    cwd: context.root,
    naming: reportNaming(context.root, context.root),
    check: options.check === true,
    staleHint: staleHintOf(context, command),
  };
  const print = (run: RunReport) => printReport(options.format ?? 'text', run, { verbose: options.verbose }, NX_LINES);
  const refuse = (d: Diagnostic): FwExecutorResult => {
    print({ ...labels, diagnostics: [d], outcome: 'errors', roots: [], routes: 0, written: [], unchanged: [], stale: [] });
    return { success: false };
  };
  try {
    selected = executorGenerators(command, options);
  } catch (e) {
    if (!(e instanceof ExecutorOptionError)) throw e;
    labels.label = `fw ${command}`;
    return refuse(error('FW8006', undefined, `the ${command} executor's ${e.message}`, "give a value the executor's schema.json lists"));
  }
  const { generators } = selected;
  labels.label = `fw ${command === 'all' ? 'all' : generators.join(', ')}`;
  const refused = options.check ? cachedCheckError(context) : undefined;
  if (refused) return refuse(refused);
  const cwd = path.join(context.root, projectRootOf(context));
  // Discovery runs once: here for the outputs check, and generateAndWrite takes its answer.
  const discovery = options.check ? undefined : discoverWorkspace(cwd);
  const undeclared =
    discovery && undeclaredOutputs(context, options, filesToGenerate(cwd, discovery.roots, generators, options.packages ?? [], selected.options));
  if (undeclared) return refuse(undeclared);
  const started = process.hrtime.bigint();
  const written = await generateAndWrite(
    { cwd, generators, packages: options.packages ?? [], options: selected.options, cacheDir: defaultCacheDir(context.root) },
    { check: options.check, force: options.force },
    discovery,
  );
  const run = runReportOf(written, labels, started, { maxWarnings: options.maxWarnings, warningsAsErrors: options.warningsAsErrors, setBy: 'options' });
  print(run);
  return { success: run.outcome === 'ok' };
}
