import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FSWatcher, watch as chokidarWatch } from 'chokidar';
import { type Diagnostic, hasErrors } from './diagnostics/diagnostics';
import type { GoFile } from './go/ast';
import { forgetTypes } from './go/type-resolver';
import { type ClientMemo, type GenerateOptions, type GenerateResult, generateAndWrite, type RootOutputs } from './generate';
import { forgetModel, type ModelMemo } from './model/build-model';
import type { WorkspaceModel } from './model/model';
import { isGoSourceFile, isSkippedDir, URL_HELPER_DIR } from './workspace/discover';
import { CONFIG_FILE } from './workspace/fw-config';
import type { WriteReport } from './write/writer';

/**
 * `fw watch`: generation kept running. The parsed Go files stay in memory;
 * a change event drops only the changed file's, so a rebuild re-reads and
 * re-parses only what changed. The Go program (its packages and its type
 * resolver), discovery's answer and each root's model are kept too
 * (ModelMemo), and forgotten where a change can affect them: the changed
 * directories' packages, the types of those and of the packages importing
 * them (forgetTypes), the roots rootsToForget names, discovery after a
 * change of directories, go.mod, which files exist or a file of a URL-helper
 * folder (discoveryMayChange), everything after a go.mod or go.work edit. The per-root
 * generators (router, url-helper) re-emit only the forgotten roots; the
 * client (one file for every root) is planned whole, and prints again only
 * the operations whose inputs changed (ClientMemo). What fw last wrote stays in memory too, so outputs are compared
 * there, not read back, and only those whose contents changed are written.
 * Events are debounced into one rebuild. A rebuild with errors writes
 * nothing, so the last good outputs stay; the next good one writes again.
 */

export interface WatchOptions extends Omit<GenerateOptions, 'parsed' | 'rootOutputs' | 'emitMemos' | 'models' | 'clientMemo'> {
  /** Milliseconds of quiet after a change before rebuilding (default 20). */
  debounceMs?: number;
  /** Called with errors of the file watcher (e.g. the system's limit of watched directories) or of a rebuild; watching goes on. */
  onWatchError?: (error: Error) => void;
}

export interface Rebuild {
  /** What started it: 'initial', or the number of changed paths. */
  cause: 'initial' | number;
  /** From the first change event (or the start) to the end of writing. */
  ms: number;
  diagnostics: Diagnostic[];
  /** Undefined when there were errors (nothing written). */
  report?: WriteReport;
  result: GenerateResult;
}

export interface Watcher {
  /** Settles after the watcher is ready and the first build is done. */
  ready: Promise<Rebuild>;
  /** Stops watching; waits for a rebuild in progress. */
  close(): Promise<void>;
}

/** go.mod, go.work and fw.json: a change may move any package (another module version, replacement or workspace module) or change type mappings, so everything is read again. */
function isModuleFile(file: string): boolean {
  const base = path.basename(file);
  return base === 'go.mod' || base === 'go.work' || base === CONFIG_FILE;
}

/** The paths whose change can change what fw generates: Go sources, go.mod, go.work, fw.json, and directories (a new root or subfolder). */
function isRelevant(file: string): boolean {
  return isModuleFile(file) || isGoSourceFile(path.basename(file));
}

export function startWatch(options: WatchOptions, onRebuild: (rebuild: Rebuild) => void): Watcher {
  const cwd = path.resolve(options.cwd);
  const debounceMs = options.debounceMs ?? 20;
  /** The model in memory: every Go file parsed so far that has not changed since. */
  const parsed = new Map<string, GoFile>();
  /** What fw last wrote or found up to date: compared with instead of the disk, and so that its own writes do not start a rebuild. */
  const outputs = new Map<string, string>();
  /** The per-root generators' outputs by root, kept until a change can affect that root. */
  const rootOutputs: RootOutputs = new Map();
  /** What the per-root generators derived from model objects (their groups, say), kept while those objects live. */
  const emitMemos: NonNullable<GenerateOptions['emitMemos']> = new Map();
  /** The program, discovery and root models of the last rebuild, kept until a change can affect them. */
  const models: ModelMemo = { roots: new Map() };
  /** The client's printed operations, each reused while everything it was printed from is the same (see ClientMemo). */
  const clientMemo: ClientMemo = new Map();
  /** Of the last model: root directories, and those whose packages something outside them imports. */
  let roots: RootDeps = { dirs: [], imported: new Set() };
  const changed = new Set<string>();
  /** Whether the changes since the last rebuild may change what discovery finds (see discoveryMayChange). */
  let structural = false;
  let firstEvent: bigint | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const build = async (cause: Rebuild['cause'], started: bigint): Promise<Rebuild> => {
    const outcome = await generateAndWrite({ ...options, cwd, parsed, rootOutputs, emitMemos, models, clientMemo }, { known: outputs });
    // After a refusal nothing was written: what is on disk is what was there.
    if (outcome.report?.diagnostics.length === 0) for (const f of outcome.result.files) outputs.set(f.path, f.contents);
    if (outcome.result.model) roots = rootDeps(outcome.result.model);
    const rebuild: Rebuild = {
      cause,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      diagnostics: outcome.diagnostics,
      result: outcome.result,
    };
    if (outcome.report && !hasErrors(outcome.diagnostics)) rebuild.report = outcome.report;
    return rebuild;
  };

  const flush = () => {
    timer = undefined;
    const paths = [...changed];
    const started = firstEvent ?? process.hrtime.bigint();
    const rediscover = structural;
    changed.clear();
    structural = false;
    firstEvent = undefined;
    running = running
      .then(async () => {
        if (closed) return;
        for (const p of paths) parsed.delete(p);
        const forget = rootsToForget(paths, roots);
        if (forget === 'all') rootOutputs.clear();
        else for (const dir of forget) rootOutputs.delete(dir);
        if (paths.some(isModuleFile)) forgetModel(models);
        else {
          if (rediscover) models.discovery = undefined;
          // A changed file's package, or a changed directory and everything below it, is loaded again, and the types
          // of those packages and of the packages that import them are resolved again.
          const program = models.program;
          if (program) {
            const forgotten = program.forget(paths.map((p) => (isGoSourceFile(path.basename(p)) ? path.dirname(p) : p)));
            forgetTypes(program, program.dependents(forgotten));
          }
          if (forget === 'all') models.roots.clear();
          else for (const dir of forget) models.roots.delete(dir);
        }
        onRebuild(await build(paths.length, started));
      })
      // A rebuild that throws is a bug in fw: say so and keep watching (the next change rebuilds again).
      .catch((e: unknown) => options.onWatchError?.(e instanceof Error ? e : new Error(String(e))));
  };

  const onEvent = (event: string, file: string) => {
    if (closed) return;
    const isDir = event === 'addDir' || event === 'unlinkDir';
    if (!isDir && !isRelevant(file)) return;
    // fw's own write of an output: nothing changed that fw does not know.
    if (event !== 'unlink' && outputs.has(file) && readOrUndefined(file) === outputs.get(file)) return;
    // Someone else changed or removed an output: read it again next time.
    outputs.delete(file);
    if (isDir) for (const p of parsed.keys()) if (p.startsWith(`${file}${path.sep}`)) parsed.delete(p);
    firstEvent ??= process.hrtime.bigint();
    changed.add(file);
    if (discoveryMayChange(event, file)) structural = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  const watcher: FSWatcher = chokidarWatch(cwd, {
    ignoreInitial: true,
    // Directories fw never reads (node_modules, vendor, testdata, .git, _x); any file but Go sources, go.mod and fw.json.
    ignored: (p, stats) => {
      const base = path.basename(p);
      if (p !== cwd && isSkippedDir(base) && (stats === undefined || stats.isDirectory())) return true;
      return stats?.isFile() === true && !isRelevant(p);
    },
  });
  watcher.on('all', onEvent);
  const started = process.hrtime.bigint();
  watcher.on('error', (e) => options.onWatchError?.(e instanceof Error ? e : new Error(String(e))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve)).then(() => build('initial', started));
  running = ready.then(
    (r) => onRebuild(r),
    () => {},
  );
  return {
    ready,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running.catch(() => {});
    },
  };
}

/** What rootsToForget needs of the last model. */
interface RootDeps {
  dirs: string[];
  /** Roots with a package in their tree that a package outside the tree imports (e.g. another root's request types). */
  imported: Set<string>;
}

const inTree = (file: string, dir: string) => file === dir || file.startsWith(`${dir}${path.sep}`);

function rootDeps(model: WorkspaceModel): RootDeps {
  const dirs = model.roots.map((r) => r.dir);
  const packages = [...model.program.loaded.values()];
  // For each import path, the directories of the packages that import it.
  const importers = new Map<string, string[]>();
  for (const p of packages) {
    for (const path of new Set(p.files.flatMap((f) => f.imports.map((i) => i.path)))) {
      let list = importers.get(path);
      if (!list) importers.set(path, (list = []));
      list.push(p.dir);
    }
  }
  const imported = new Set<string>();
  for (const dir of dirs) {
    const own = packages.filter((p) => inTree(p.dir, dir));
    if (own.some((p) => importers.get(p.importPath)?.some((d) => !inTree(d, dir)))) imported.add(dir);
  }
  return { dirs, imported };
}

/**
 * The roots whose per-root outputs changed `paths` can affect: a path in a
 * root's tree affects that root; a path in no root's tree (a shared types
 * package, go.mod, a parent directory) or in a tree other packages import
 * from may affect every root, and so does a root unknown to the last model
 * (a root's outputs depend on its tree and the packages it reaches).
 */
function rootsToForget(paths: readonly string[], roots: RootDeps): Iterable<string> | 'all' {
  const out = new Set<string>();
  for (const p of paths) {
    const owners = roots.dirs.filter((d) => inTree(p, d));
    if (owners.length === 0 || isModuleFile(p) || owners.some((d) => roots.imported.has(d))) return 'all';
    for (const d of owners) out.add(d);
  }
  return out;
}

/**
 * Discovery reads which directories and files exist, go.mod files, and the
 * headers of the Go files in a root's URL-helper folder: only a change of a
 * Go file's contents elsewhere leaves its answer as it was.
 */
function discoveryMayChange(event: string, file: string): boolean {
  return event !== 'change' || !isGoSourceFile(path.basename(file)) || path.basename(path.dirname(file)) === URL_HELPER_DIR;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
