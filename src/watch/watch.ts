import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FSWatcher, watch as chokidarWatch } from 'chokidar';
import { type Diagnostic, hasErrors } from '../diagnostics/diagnostics';
import { type GenerateOptions, type GenerateResult, generateAndWrite } from '../generate';
import { isGoFile, isSkippedDir, URL_HELPER_DIR } from '../workspace/discover';
import { fileStamp, type KeptPieces, sameStamp } from '../write/kept-pieces';
import type { WriteReport } from '../write/writer';
import { changedReadings } from './same-reading';
import { isModuleFile, WatchSession } from './session';
import { inputsToWatch, unwatchedNotice } from './watch-inputs';

/**
 * `fw watch`: generation kept running. Everything kept between rebuilds
 * lives in one WatchSession (./session.ts): the parsed Go files, the
 * program and its type resolver, discovery's answer, each root's model, the
 * per-root generators' outputs, each generator's memo, and what fw last
 * wrote (outputs are compared there, not read back, and only those whose
 * contents changed are written). Change events are debounced into one
 * rebuild, before which session.invalidate forgets what the changed paths
 * can affect. A rebuild with errors writes nothing, so the last good
 * outputs stay; the next good one writes again.
 */

export interface WatchOptions extends Omit<GenerateOptions, 'session'> {
  /** Milliseconds of quiet after a change before rebuilding (default 20). */
  debounceMs?: number;
  /** Called with errors of the file watcher (e.g. the system's limit of watched directories) or of a rebuild; watching goes on. */
  onWatchError?: (error: Error) => void;
  /** Called once, after the first build, with what fw cannot watch (./watch-inputs.ts unwatchedNotice). */
  onNotice?: (text: string) => void;
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

/** The paths whose change can change what fw generates: Go sources, test files (their imports decide what the URL helper may import), go.mod, go.work, fw.json, and directories (a new root or subfolder). */
function isRelevant(file: string): boolean {
  return isModuleFile(file) || isGoFile(path.basename(file));
}

export function startWatch(options: WatchOptions, onRebuild: (rebuild: Rebuild) => void): Watcher {
  const cwd = path.resolve(options.cwd);
  const debounceMs = options.debounceMs ?? 20;
  const session = new WatchSession();
  const changed = new Set<string>();
  /** Whether the changes since the last rebuild may change what discovery finds (see discoveryMayChange). */
  let structural = false;
  let firstEvent: bigint | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  /** Inputs outside the watched tree that are watched too (./watch-inputs.ts). */
  const extra = new Set<string>();
  let watcher: FSWatcher | undefined;

  const build = async (cause: Rebuild['cause'], started: bigint): Promise<Rebuild> => {
    const outcome = await generateAndWrite({ ...options, cwd, session }, { known: session.written });
    // A streamed file (the client) is known by its pieces and its identity on disk, never joined (./session.ts written).
    if (outcome.report?.diagnostics.length === 0) {
      for (const f of outcome.result.files) {
        const pieces = outcome.report.pieces?.get(f.path);
        // A kept root's router.go is one piece, rendered once into its text: kept as text, it is not rendered again.
        session.written.set(f.path, pieces && pieces.pieces.length > 1 ? { ...pieces, stamp: fileStamp(f.path) } : f.contents);
      }
    } else if (outcome.report) {
      // A refusal wrote nothing, but a failed rename may follow others: what is on disk is read again next time.
      for (const f of outcome.result.files) session.written.delete(f.path);
    }
    // What this build read outside the watched tree (go.work modules, replaced directories, go.work files) is watched from now on.
    const program = outcome.result.model?.program;
    const more = program ? inputsToWatch(cwd, program, options.env ?? process.env).filter((p) => !extra.has(p)) : [];
    for (const p of more) extra.add(p);
    if (more.length > 0) watcher?.add(more);
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
        const { changed: affecting, reread } = changedReadings(paths, session.parsed, options.cacheDir);
        session.invalidate(affecting, rediscover, reread);
        onRebuild(await build(paths.length, started));
      })
      // A rebuild that throws is a bug in fw: say so and keep watching (the next change rebuilds again).
      .catch((e: unknown) => options.onWatchError?.(e instanceof Error ? e : new Error(String(e))));
  };

  const onEvent = (event: string, file: string) => {
    if (closed) return;
    // A new directory changes nothing until a file appears in it, and each file that does is an event of its own
    // (the folders a split client's first write creates would otherwise cause a rebuild).
    if (event === 'addDir') return;
    if (event !== 'unlinkDir' && !isRelevant(file)) return;
    // fw's own write of an output: nothing changed that fw does not know.
    if (event !== 'unlink' && isOwnWrite(file, session.written.get(file))) return;
    // Someone else changed or removed an output: read it again next time.
    session.written.delete(file);
    firstEvent ??= process.hrtime.bigint();
    changed.add(file);
    if (discoveryMayChange(event, file)) structural = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  watcher = chokidarWatch(cwd, {
    ignoreInitial: true,
    // Directories fw never reads (node_modules, vendor, testdata, .git, _x); any file but Go sources, go.mod and fw.json.
    ignored: (p, stats) => {
      const base = path.basename(p);
      if (extra.has(p)) return false;
      if (p !== cwd && isSkippedDir(base) && (stats === undefined || stats.isDirectory())) return true;
      return stats?.isFile() === true && !isRelevant(p);
    },
  });
  watcher.on('all', onEvent);
  const started = process.hrtime.bigint();
  watcher.on('error', (e) => options.onWatchError?.(e instanceof Error ? e : new Error(String(e))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve))
    .then(() => build('initial', started))
    .then((first) => {
      const notice = unwatchedNotice(first.diagnostics);
      if (notice) options.onNotice?.(notice);
      return first;
    });
  running = ready.then(
    (r) => onRebuild(r),
    () => {},
  );
  return {
    ready,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher?.close();
      await running.catch(() => {});
    },
  };
}

/**
 * Discovery reads which directories and files exist, go.mod files, and the
 * headers of the Go files in a root's URL-helper folder: only a change of a
 * Go file's contents elsewhere leaves its answer as it was.
 */
function discoveryMayChange(event: string, file: string): boolean {
  return event !== 'change' || !isGoFile(path.basename(file)) || path.basename(path.dirname(file)) === URL_HELPER_DIR;
}

/** Whether `file` holds what fw last wrote or found there: the same text, or for a streamed file the same file as after that write. */
function isOwnWrite(file: string, known: string | KeptPieces | undefined): boolean {
  if (known === undefined) return false;
  return typeof known === 'string' ? readOrUndefined(file) === known : sameStamp(known.stamp, fileStamp(file));
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
