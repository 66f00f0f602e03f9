import * as path from 'node:path';
import { type Diagnostic, error, hasErrors, sortDiagnostics, uniqueDiagnostics } from './diagnostics/diagnostics';
import { brokenBudget, type RunReport, type WarningBudget } from './diagnostics/run-report';
import { type EmitResult, type GeneratedFile, withProperties } from './emit/emitter';
import { type AnyGenerator, fileOption, type GeneratorOption, parseGeneratorOptions } from './emit/generator';
import { GENERATORS, generatorNamed, type GeneratorName, type GeneratorOptions } from './emit/generators';
import { SharedPlans } from './emit/shared-plans';
import { buildTarget } from './go/build-constraints';
import { knownStdTypeNamed } from './go/known-marshalers';
import { initGoParser } from './go/parser';
import { WorkspaceProgram } from './go/program';
import { cacheSalt } from './go/read-go-file';
import { TypeResolver } from './go/type-resolver';
import { buildWorkspaceModel, keptRoot, type LoadedModel } from './model/build-model';
import type { WorkspaceModel } from './model/model';
import type { WatchSession } from './watch/session';
import { goLookupEnv } from './workspace/package-locator';
import { goCommandOnPath } from './workspace/go-root';
import { recordRun, runRecordFile, type RunSummary, upToDateRun } from './write/run-record';
import { type WriteOptions, type WriteReport, writeGeneratedFiles } from './write/writer';
import { sha256 } from './write/digest';
import { type Discovery, discoverWorkspace } from './workspace/discover';
import { loadTypeMappings } from './workspace/fw-config';
import { selectRoots } from './workspace/select-roots';
import { clientFileProblem, outputPathProblem } from './write/output-file';

/**
 * The one place that knows every stage: workspace discovery (once per run)
 * → Go reading → annotations → model → the generators (a loop over their
 * records, ./emit/generators.ts), then (generateAndWrite) the writer. It
 * makes the run's type resolver and shared plans and hands emitters what
 * they need; what `fw watch` keeps between runs is its WatchSession
 * (./watch/session.ts). The CLI, the Nx executors and plugin, and the
 * benchmark call this module.
 */

export type { GeneratorName, GeneratorOptions };

export interface GenerateOptions {
  /** Workspace directory (absolute, or relative to process.cwd()). */
  cwd: string;
  /** Which outputs to produce; the workspace is read once for all of them. */
  generators: GeneratorName[];
  /** Root packages to generate for, by directory base name or path relative to cwd; all when empty. */
  packages?: string[];
  /**
   * Each generator's options, by generator name and option name
   * (`{ client: { file: 'web/client.ts', zod: 'mini' } }`); an output file
   * is relative to cwd or absolute, and required by a generator that has one.
   */
  options?: GeneratorOptions;
  /** The generators `generators` names are looked up in (default: all of fw's, GENERATORS); a test adds its own. */
  registry?: readonly AnyGenerator[];
  /** Build tags, as `go build -tags` takes them: files are selected for them (with GOOS, GOARCH, CGO_ENABLED from `env`). */
  tags?: string[];
  /** The environment GOOS, GOARCH, CGO_ENABLED, CC and PATH are read from, and GOROOT, GOMODCACHE, GOPATH, GOFLAGS, GOWORK (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Directory of the parse cache (see go/read-go-file.ts); no cache when undefined. */
  cacheDir?: string;
  /** What earlier runs of this process kept (`fw watch`); without one, the run reads and builds everything. */
  session?: WatchSession;
}

export interface GenerateResult {
  /** What would be written, by generator, in a stable order. Empty when any error diagnostic exists. */
  files: (GeneratedFile & { generator: GeneratorName })[];
  /** Folders whose fw files not in `files` are stale (EmitResult.ownedDirs). */
  ownedDirs?: string[];
  /** Errors and warnings from every stage, sorted by position. */
  diagnostics: Diagnostic[];
  /** The model, when it could be built (also when it has errors, for tooling). */
  model?: WorkspaceModel;
  /** Milliseconds spent in each stage ('model', then one per generator), for `npm run bench`. */
  timings: { stage: string; ms: number }[];
  /** The roots generated for and their number of routes, for summary lines. */
  summary: RunSummary;
}

function since(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** What loadModel reads by. */
export type ModelOptions = Pick<GenerateOptions, 'cwd' | 'packages' | 'tags' | 'env' | 'cacheDir' | 'session'>;

/**
 * discover → parse → model, for `options`' build target: discovery (unless
 * given), the program with fw.json's type mappings, the selected roots' Go
 * files read ahead in parallel, then the model stage. A session's kept
 * program, discovery and root models are taken again.
 */
export async function loadModel(options: ModelOptions, discovery?: Discovery): Promise<LoadedModel> {
  await initGoParser();
  const cwd = path.resolve(options.cwd);
  const { session } = options;
  session?.dropFailedProgram();
  const found = discovery ?? session?.discovery ?? discoverWorkspace(cwd);
  if (session) session.discovery = found;
  const diagnostics = [...found.diagnostics];
  const selected = selectRoots(cwd, found.roots, options.packages ?? [], diagnostics);
  const loaded = loadTypeMappings(
    selected.flatMap((loc) => (loc.module ? [loc.module.dir] : [])),
    (name) => knownStdTypeNamed(name) !== undefined,
  );
  diagnostics.push(...loaded.diagnostics);
  const create = () =>
    new WorkspaceProgram(buildTarget(options.env ?? process.env, options.tags ?? []), {
      cacheDir: options.cacheDir,
      parsed: session?.parsed,
      env: options.env,
    });
  const program = session ? session.programFor(loaded.mappings.key, create) : create();
  program.typeMappings = loaded.mappings;
  // Only packages the program has not loaded yet (a kept program keeps the unchanged ones) are worth reading ahead.
  const searched = new Set(program.searchedDirs);
  const unbuilt = selected.filter((loc) => !keptRoot(session?.models, loc));
  await program.preload(unbuilt.flatMap((loc) => [loc.dir, ...loc.subDirs].filter((dir) => !searched.has(path.resolve(dir)))));
  const built = buildWorkspaceModel({ cwd, program, allRoots: found.roots, selected, memo: session?.models });
  diagnostics.push(...built.diagnostics, ...program.readErrors, ...program.locateDiagnostics);
  return { model: built.model, diagnostics, allRoots: found.roots, program };
}

/** A generator of a run with its options parsed, output files absolute; `file`: its output-file option, when it has one. */
interface RunGenerator {
  generator: AnyGenerator;
  options: Record<string, unknown>;
  file?: string;
}

/** The run's generators with their options (parseGeneratorOptions), output paths resolved against `cwd`. */
function runGenerators(options: GenerateOptions, cwd: string): RunGenerator[] {
  return options.generators.map((name) => {
    const generator = generatorNamed(name, options.registry ?? GENERATORS);
    const parsed = parseGeneratorOptions(generator, options.options?.[name] ?? {}) as Record<string, unknown>;
    const file = fileOption(generator);
    const given = file && typeof parsed[file.name] === 'string' ? path.resolve(cwd, parsed[file.name] as string) : undefined;
    if (file && given) parsed[file.name] = given;
    // Other paths it is given (the client's --runtime) are relative to cwd too.
    for (const o of generator.options)
      if (o.kind === 'path' && typeof parsed[o.name] === 'string') parsed[o.name] = path.resolve(cwd, parsed[o.name] as string);
    return { generator, options: parsed, file: given };
  });
}

/** Why `run`'s output file may not be written (a directory, a symlink…, or for a TypeScript module, another extension). */
function outputProblem(run: RunGenerator): Diagnostic | undefined {
  if (!run.file) return undefined;
  const problem = (o: GeneratorOption, file: string) => (o.fileKind === 'ts-module' ? clientFileProblem(file) : outputPathProblem(file));
  for (const o of run.generator.options) {
    const file = o.kind === 'file' ? run.file : o.kind === 'path' ? run.options[o.name] : undefined;
    const found = typeof file === 'string' ? problem(o, file) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The error of a generator that writes one file and was given none. */
function missingFile(run: RunGenerator): Diagnostic | undefined {
  const file = fileOption(run.generator);
  if (!file || run.file) return undefined;
  return error('FW5002', undefined, `the ${run.generator.name} generator needs an output file`, `pass --${file.flag ?? file.name} ${file.valueHelp}`);
}

/**
 * discover → parse → validate → model → emit: reads the workspace and
 * returns file contents, writing nothing (writing is
 * ./write/writer.ts's job, through generateAndWrite). With a session
 * (`fw watch`), it takes what the session kept and leaves there what this
 * run built. The CLI, the Nx executors and the benchmark all call this.
 * `discovery`: discovery's answer when the caller made it already this run
 * (`--turbo`, the run record).
 */
export async function generate(options: GenerateOptions, discovery?: Discovery): Promise<GenerateResult> {
  const cwd = path.resolve(options.cwd);
  const runs = runGenerators(options, cwd);
  // Output paths are checked before anything is read (SECURITY.md, rule 2).
  const pathProblems = runs.map(outputProblem).filter((d): d is Diagnostic => d !== undefined);
  if (pathProblems.length > 0) return { files: [], diagnostics: pathProblems, timings: [], summary: { roots: [], routes: 0 } };
  let start = process.hrtime.bigint();
  const loaded = await loadModel(options, discovery);
  const timings = [{ stage: 'model', ms: since(start) }];
  const diagnostics = [...loaded.diagnostics];
  const files: GenerateResult['files'] = [];
  const ownedDirs: string[] = [];
  const { session } = options;
  if (loaded.model && !hasErrors(diagnostics)) {
    const resolver = session ? session.resolverFor(loaded.program) : new TypeResolver(loaded.program);
    const plans = new SharedPlans(loaded.model, resolver, session?.naming);
    for (const run of runs) {
      const missing = missingFile(run);
      if (missing) {
        diagnostics.push(missing);
        continue;
      }
      const { generator } = run;
      start = process.hrtime.bigint();
      const out =
        session && generator.perRoot
          ? emitByRoot(run, loaded.model, session, plans)
          : generator.emit(loaded.model, { resolver, plans, memo: session?.memoOf(generator) }, run.options);
      timings.push({ stage: generator.name, ms: since(start) });
      diagnostics.push(...out.diagnostics);
      for (const f of out.files) files.push(withProperties(f, { generator: generator.name }));
      ownedDirs.push(...(out.ownedDirs ?? []));
    }
    // Emitters load the packages of request and response types on demand: their read errors count too.
    diagnostics.push(...loaded.program.readErrors, ...loaded.program.locateDiagnostics, ...loaded.program.importCycles());
  }
  if (loaded.model) session?.built(loaded.model);
  const roots = loaded.model?.roots ?? [];
  return {
    files: hasErrors(diagnostics) ? [] : files,
    ownedDirs: hasErrors(diagnostics) ? [] : ownedDirs,
    diagnostics: sortDiagnostics(uniqueDiagnostics(diagnostics)),
    model: loaded.model,
    timings,
    summary: { roots: roots.map((r) => r.relDir), routes: roots.reduce((n, r) => n + r.routes.length, 0) },
  };
}

/** A per-root generator's output for every root of `model`, in root order: the session's for the roots it kept, emitted (and kept) for the others. */
function emitByRoot({ generator, options }: RunGenerator, model: WorkspaceModel, session: WatchSession, plans: SharedPlans): EmitResult {
  const out: EmitResult = { files: [], diagnostics: [] };
  for (const root of model.roots) {
    let byGenerator = session.rootOutputs.get(root.dir);
    if (!byGenerator) session.rootOutputs.set(root.dir, (byGenerator = new Map()));
    let own = byGenerator.get(generator.name);
    if (!own) {
      own = generator.emit({ ...model, roots: [root] }, { resolver: plans.resolver, plans, memo: session.memoOf(generator) }, options);
      byGenerator.set(generator.name, own);
    }
    out.files.push(...own.files);
    out.diagnostics.push(...own.diagnostics);
  }
  return out;
}

/**
 * Either generation found errors (nothing was written), or the writer ran
 * and may have refused an overwrite or (with check) found stale files.
 * `diagnostics` holds generation's, then the writer's refusals.
 */
export type GenerateAndWriteOutcome =
  | { result: GenerateResult; diagnostics: Diagnostic[]; failure: 'errors'; report?: undefined }
  | { result: GenerateResult; diagnostics: Diagnostic[]; failure: 'refused' | 'stale' | undefined; report: WriteReport };

/**
 * generate() then the writer: what the CLI and the Nx executors both do; they
 * only print differently. With a cache directory, a run whose inputs and
 * outputs are as the last run with the same options left them
 * (write/run-record.ts) is skipped: nothing would be written, so nothing is
 * parsed or emitted, and its warnings are given again. `discovery`: as for
 * generate(); otherwise made here once, for the run record and generate().
 */
export async function generateAndWrite(options: GenerateOptions, write: WriteOptions, discovery?: Discovery): Promise<GenerateAndWriteOutcome> {
  // Only a fresh run (no session) is recorded: a watch session keeps its own state.
  const fresh = options.cacheDir !== undefined && !options.session;
  const found = discovery ?? (fresh ? discoverWorkspace(path.resolve(options.cwd)) : undefined);
  const record = found && fresh ? runRecordOf(options, found) : undefined;
  const recorded = record && upToDateRun(record.file, cacheSalt(), record.roots);
  if (recorded) {
    const result: GenerateResult = { files: [], diagnostics: recorded.diagnostics, timings: [], summary: recorded.summary };
    return { result, report: { written: [], unchanged: recorded.outputs, stale: [], diagnostics: [] }, diagnostics: recorded.diagnostics, failure: undefined };
  }
  const result = await generate(options, found);
  if (hasErrors(result.diagnostics)) return { result, diagnostics: result.diagnostics, failure: 'errors' };
  const report = writeGeneratedFiles(result.files, { ...write, ownedDirs: result.ownedDirs });
  const failure = report.diagnostics.length > 0 ? 'refused' : write.check && report.stale.length > 0 ? 'stale' : undefined;
  if (record && failure === undefined && result.model && !result.diagnostics.some((d) => UNRECORDED.has(d.code))) {
    recordRun(record.file, cacheSalt(), {
      roots: record.roots,
      inputDirs: result.model.program.searchedDirs,
      testDirs: result.model.program.testDirs,
      inputFiles: result.model.program.moduleInputFiles,
      // A streamed file's digest comes from the writer, which hashed it while writing (its text is never held whole).
      outputs: result.files.map((f) => ({ path: f.path, sha256: report.digests?.get(f.path) ?? sha256(f.contents) })),
      ownedDirs: result.ownedDirs ?? [],
      diagnostics: result.diagnostics,
      summary: result.summary,
    });
  }
  return { result, report, diagnostics: [...result.diagnostics, ...report.diagnostics], failure };
}

/**
 * Warnings about something fw could not find that can appear without any
 * recorded input changing (`go mod download`, installing Go): a run that
 * gave one is not recorded, so the next run looks again.
 */
const UNRECORDED: ReadonlySet<string> = new Set(['FW1020', 'FW1023']);

/** What the printed report of a run says besides its outcome: what ran, where, and how to update a stale file. */
export type RunLabels = Pick<RunReport, 'label' | 'cwd' | 'naming' | 'check' | 'staleHint'>;

/**
 * The report of a generateAndWrite() run, as the CLI and the Nx executors
 * print it: the warning budget turns a successful run with too many
 * warnings into outcome 'warnings' (its files are written).
 */
export function runReportOf(outcome: GenerateAndWriteOutcome, labels: RunLabels, started: bigint, budget: WarningBudget): RunReport {
  const { result, report, diagnostics, failure } = outcome;
  const broken = failure ? undefined : brokenBudget(diagnostics, budget);
  return {
    ...labels,
    diagnostics,
    roots: result.summary.roots,
    routes: result.summary.routes,
    written: report?.written ?? [],
    removed: report?.removed,
    unchanged: report?.unchanged ?? [],
    stale: report?.stale ?? [],
    missing: report?.missing ?? [],
    ms: since(started),
    outcome: failure ?? (broken ? 'warnings' : 'ok'),
    budget: broken,
  };
}

/** Where runs with these options are recorded, and the roots `discovery` selects (undefined when it reports a problem). */
function runRecordOf(options: GenerateOptions, discovery: Discovery): { file: string; roots: string } | undefined {
  const cwd = path.resolve(options.cwd);
  const problems = [...discovery.diagnostics];
  const selected = selectRoots(cwd, discovery.roots, options.packages ?? [], problems);
  if (problems.length > 0) return undefined;
  const key = {
    cwd,
    generators: options.generators,
    packages: options.packages ?? [],
    // Each generator's options, defaults applied and output files absolute.
    options: Object.fromEntries(runGenerators(options, cwd).map((r) => [r.generator.name, r.options])),
    // The files that count depend on the build target (GOOS, GOARCH, cgo, tags).
    target: buildTarget(options.env ?? process.env, options.tags ?? []),
    // Where packages outside the workspace are found (go.mod, go.work and modules.txt are recorded as inputs).
    goEnv: goLookupEnv(options.env ?? process.env),
    // Without GOROOT, the Go installation is the one PATH finds (workspace/go-root.ts): another go command may mean another standard library.
    goRootFrom: (options.env ?? process.env).GOROOT ? undefined : goCommandOnPath(options.env ?? process.env),
  };
  return { file: runRecordFile(options.cacheDir!, key), roots: JSON.stringify(selected) };
}
