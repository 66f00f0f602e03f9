import * as path from 'node:path';
import { type Diagnostic, error, hasErrors, sortDiagnostics, uniqueDiagnostics } from './diagnostics/diagnostics';
import { brokenBudget, type RunReport, type WarningBudget } from './diagnostics/run-report';
import { type ClientMemo, type EmitResult, type Emitter, type GeneratedFile, type OpenApiOptions, withProperties, type ZodFlavour } from './emit/emitter';
import { emitters, type GeneratorName } from './emit/emitters';
import type { GoFile } from './go/ast';
import { buildTarget } from './go/build-constraints';
import { cacheSalt } from './go/read-go-file';
import { loadWorkspaceModel, type ModelMemo } from './model/build-model';
import type { WorkspaceModel } from './model/model';
import { goLookupEnv } from './workspace/package-locator';
import { goCommandOnPath } from './workspace/go-root';
import { recordRun, runRecordFile, type RunSummary, upToDateRun } from './write/run-record';
import { type WriteOptions, type WriteReport, writeGeneratedFiles } from './write/writer';
import { sha256 } from './write/digest';
import { discoverRoots } from './workspace/discover';
import { selectRoots } from './workspace/select-roots';
import { clientFileProblem, outputPathProblem } from './write/output-file';

/**
 * The one place that knows every stage: workspace discovery → Go reading →
 * annotations → model → emitters, then (generateAndWrite) the writer. The
 * CLI, the Nx executors and plugin, and the benchmark call this module.
 */

export type { ClientMemo, GeneratorName, ZodFlavour };

export interface GenerateOptions {
  /** Workspace directory (absolute, or relative to process.cwd()). */
  cwd: string;
  /** Which outputs to produce; the workspace is read once for all of them. */
  generators: GeneratorName[];
  /** Root packages to generate for, by directory base name or path relative to cwd; all when empty. */
  packages?: string[];
  /** Output path of the TypeScript client (required for 'client'), relative to cwd or absolute. */
  clientFile?: string;
  /** Which zod the client imports: `zod` (classic, the default) or `zod/mini` (`fw g client --zod mini`). */
  clientZod?: ZodFlavour;
  /** The OpenAPI document (required for 'openapi'): its file, relative to cwd or absolute, and `info`/`servers`. */
  openapi?: OpenApiOptions;
  /** Build tags, as `go build -tags` takes them: files are selected for them (with GOOS, GOARCH, CGO_ENABLED from `env`). */
  tags?: string[];
  /** The environment GOOS, GOARCH, CGO_ENABLED, CC and PATH are read from, and GOROOT, GOMODCACHE, GOPATH, GOFLAGS, GOWORK (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Directory of the parse cache (see go/read-go-file.ts); no cache when undefined. */
  cacheDir?: string;
  /**
   * Go files parsed by earlier runs of this process, by path, that have not
   * changed since (`fw watch` drops a file's entry when it changes); this run
   * adds the files it reads.
   */
  parsed?: Map<string, GoFile>;
  /**
   * What the per-root generators (PER_ROOT) emitted for each root, by root
   * directory, from earlier runs of this process: a root found here is not
   * emitted again, one missing is emitted and added. Its keeper (`fw watch`)
   * drops a root's entry whenever a file that root's outputs depend on changes.
   */
  rootOutputs?: RootOutputs;
  /**
   * With rootOutputs: per per-root generator, what its emitter derived from
   * model objects in earlier runs of this process (EmitContext.memo), so that
   * a root emitted again re-derives only the parts whose model changed.
   */
  emitMemos?: Map<GeneratorName, WeakMap<object, unknown>>;
  /** What earlier runs of this process built of the model; see ModelMemo (`fw watch` keeps it). */
  models?: ModelMemo;
  /** The client's operations as earlier runs of this process printed them; see ClientMemo (`fw watch` keeps it). */
  clientMemo?: ClientMemo;
}

/** Per root directory, per generator: the files and diagnostics emitted for that root alone. */
export type RootOutputs = Map<string, Map<GeneratorName, EmitResult>>;

/**
 * The generators whose files for one root are a function of that root's
 * model and the packages it reaches, nothing of the other roots: their
 * emitters, given a model of one root, emit exactly that root's share.
 */
export const PER_ROOT: ReadonlySet<GeneratorName> = new Set(['router', 'url-helper']);

export interface GenerateResult {
  /** What would be written, by generator, in a stable order. Empty when any error diagnostic exists. */
  files: (GeneratedFile & { generator: GeneratorName })[];
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

/** The model of the workspace, read for `options`' build target, through its parse cache and parsed files. */
function loadModel(options: Omit<GenerateOptions, 'generators'>) {
  const reading = { cacheDir: options.cacheDir, parsed: options.parsed, env: options.env };
  return loadWorkspaceModel(
    path.resolve(options.cwd),
    options.packages ?? [],
    buildTarget(options.env ?? process.env, options.tags ?? []),
    reading,
    options.models,
  );
}

/**
 * discover → parse → validate → model → emit. Pure: reads the workspace and
 * returns file contents; writing is ./writer.ts's job. The CLI, the Nx
 * executors and the benchmark all call this.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const cwd = path.resolve(options.cwd);
  // Output paths named on the command line are checked before anything is read (SECURITY.md, rule 2).
  const clientFile = options.clientFile ? path.resolve(cwd, options.clientFile) : undefined;
  const openapiOptions = options.openapi ? { ...options.openapi, file: path.resolve(cwd, options.openapi.file) } : undefined;
  const pathProblems = [
    clientFile && options.generators.includes('client') ? clientFileProblem(clientFile) : undefined,
    openapiOptions && options.generators.includes('openapi') ? outputPathProblem(openapiOptions.file) : undefined,
  ].filter((d): d is Diagnostic => d !== undefined);
  if (pathProblems.length > 0) return { files: [], diagnostics: pathProblems, timings: [], summary: { roots: [], routes: 0 } };
  let start = process.hrtime.bigint();
  const loaded = await loadModel(options);
  const timings = [{ stage: 'model', ms: since(start) }];
  const diagnostics = [...loaded.diagnostics];
  const files: GenerateResult['files'] = [];
  if (loaded.model && !hasErrors(diagnostics)) {
    for (const name of options.generators) {
      const emitter = emitters[name];
      if (name === 'client' && !options.clientFile) {
        diagnostics.push(error('FW5002', undefined, 'the client generator needs an output file', 'pass --file <path>'));
        continue;
      }
      if (name === 'openapi' && !options.openapi?.file) {
        diagnostics.push(error('FW5002', undefined, 'the openapi generator needs an output file', 'pass --file <path.json|path.yaml>'));
        continue;
      }
      start = process.hrtime.bigint();
      const ctx = { clientFile, clientZod: options.clientZod, openapi: openapiOptions, clientMemo: options.clientMemo };
      const out =
        options.rootOutputs && PER_ROOT.has(name)
          ? emitByRoot(name, emitter, loaded.model, options.rootOutputs, memoOf(options, name))
          : emitter(loaded.model, ctx);
      timings.push({ stage: name, ms: since(start) });
      diagnostics.push(...out.diagnostics);
      for (const f of out.files) files.push(withProperties(f, { generator: name }));
    }
    // Emitters load the packages of request and response types on demand: their read errors count too.
    diagnostics.push(...loaded.program.readErrors, ...loaded.program.locateDiagnostics, ...loaded.program.importCycles());
  }
  const roots = loaded.model?.roots ?? [];
  return {
    files: hasErrors(diagnostics) ? [] : files,
    diagnostics: sortDiagnostics(uniqueDiagnostics(diagnostics)),
    model: loaded.model,
    timings,
    summary: { roots: roots.map((r) => r.relDir), routes: roots.reduce((n, r) => n + r.routes.length, 0) },
  };
}

function memoOf(options: GenerateOptions, name: GeneratorName): WeakMap<object, unknown> | undefined {
  if (!options.emitMemos) return undefined;
  let memo = options.emitMemos.get(name);
  if (!memo) options.emitMemos.set(name, (memo = new WeakMap()));
  return memo;
}

/** `emitter`'s output for every root of `model`, in root order, reusing `memo`'s for the roots it holds and adding the others' (emitted with `emitMemo`). */
function emitByRoot(
  name: GeneratorName,
  emitter: Emitter,
  model: WorkspaceModel,
  memo: RootOutputs,
  emitMemo: WeakMap<object, unknown> | undefined,
): EmitResult {
  const out: EmitResult = { files: [], diagnostics: [] };
  for (const root of model.roots) {
    let byGenerator = memo.get(root.dir);
    if (!byGenerator) memo.set(root.dir, (byGenerator = new Map()));
    let own = byGenerator.get(name);
    if (!own) byGenerator.set(name, (own = emitter({ ...model, roots: [root] }, { memo: emitMemo })));
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
 * parsed or emitted, and its warnings are given again.
 */
export async function generateAndWrite(options: GenerateOptions, write: WriteOptions): Promise<GenerateAndWriteOutcome> {
  const record = options.cacheDir !== undefined && options.parsed === undefined ? runRecordOf(options) : undefined;
  const recorded = record && upToDateRun(record.file, cacheSalt(), record.roots);
  if (recorded) {
    const result: GenerateResult = { files: [], diagnostics: recorded.diagnostics, timings: [], summary: recorded.summary };
    return { result, report: { written: [], unchanged: recorded.outputs, stale: [], diagnostics: [] }, diagnostics: recorded.diagnostics, failure: undefined };
  }
  const result = await generate(options);
  if (hasErrors(result.diagnostics)) return { result, diagnostics: result.diagnostics, failure: 'errors' };
  const report = writeGeneratedFiles(result.files, write);
  const failure = report.diagnostics.length > 0 ? 'refused' : write.check && report.stale.length > 0 ? 'stale' : undefined;
  if (record && failure === undefined && result.model && !result.diagnostics.some((d) => UNRECORDED.has(d.code))) {
    recordRun(record.file, cacheSalt(), {
      roots: record.roots,
      inputDirs: result.model.program.searchedDirs,
      inputFiles: result.model.program.moduleInputFiles,
      // A streamed file's digest comes from the writer, which hashed it while writing (its text is never held whole).
      outputs: result.files.map((f) => ({ path: f.path, sha256: report.digests?.get(f.path) ?? sha256(f.contents) })),
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
export type RunLabels = Pick<RunReport, 'label' | 'cwd' | 'check' | 'staleHint'>;

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
    unchanged: report?.unchanged ?? [],
    stale: report?.stale ?? [],
    ms: since(started),
    outcome: failure ?? (broken ? 'warnings' : 'ok'),
    budget: broken,
  };
}

/** Where runs with these options are recorded, and discovery's answer now (undefined when discovery reports a problem). */
function runRecordOf(options: GenerateOptions): { file: string; roots: string } | undefined {
  const cwd = path.resolve(options.cwd);
  const problems: Diagnostic[] = [];
  const selected = selectRoots(cwd, discoverRoots(cwd, problems), options.packages ?? [], problems);
  if (problems.length > 0) return undefined;
  const key = {
    cwd,
    generators: options.generators,
    packages: options.packages ?? [],
    clientFile: options.clientFile ? path.resolve(cwd, options.clientFile) : undefined,
    // Client options other than the defaults (keys of default runs stay as they were).
    ...(options.clientZod === 'mini' ? { clientZod: 'mini' } : {}),
    openapi: options.openapi ? { ...options.openapi, file: path.resolve(cwd, options.openapi.file) } : undefined,
    // The files that count depend on the build target (GOOS, GOARCH, cgo, tags).
    target: buildTarget(options.env ?? process.env, options.tags ?? []),
    // Where packages outside the workspace are found (go.mod, go.work and modules.txt are recorded as inputs).
    goEnv: goLookupEnv(options.env ?? process.env),
    // Without GOROOT, the Go installation is the one PATH finds (workspace/go-root.ts): another go command may mean another standard library.
    goRootFrom: (options.env ?? process.env).GOROOT ? undefined : goCommandOnPath(options.env ?? process.env),
  };
  return { file: runRecordFile(options.cacheDir!, key), roots: JSON.stringify(selected) };
}
