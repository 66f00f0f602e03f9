import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { GoFile } from './ast';
import { withoutPaths, withPaths } from './file-positions';
import { readGoFile } from './read-go-file';

/**
 * Parses many Go files at once, on this thread and on worker threads
 * (work spread over the cores: docs/internals/pipeline-and-layout.md). The files come largest first:
 * workers take them from the front, this thread from the back, each the next
 * one left (shared counters), so a worker that is still starting simply
 * takes fewer, the large files (a 400 KB models.go) are parsed on a worker
 * (tree-sitter's wasm memory, which never shrinks, grows with the largest
 * tree a thread has parsed, a piece of 64 KB for a large file: ./parser.ts),
 * and the last files taken are small ones.
 * Workers send what they parsed in small batches (at most BATCH_SIZE files
 * or, by their sizes, about BATCH_BYTES of source: a 3 MB models.go is a
 * 23 MB batch of its own), which this thread reads between two files of
 * its own, so that little is left to read when the files run out and no
 * batch holds several large files at once. Workers start for each call that has enough files and
 * are stopped when it ends: each holds a V8 heap and tree-sitter's wasm
 * memory (which never shrinks), about 50 MB at 10k routes, and nothing
 * later needs them (`fw watch` parses a few changed files at a time, on this
 * thread). `initGoParser()` must have completed.
 *
 * A file that cannot be read, or that a failed worker had taken, is left
 * out of the result: the program loader parses it when it needs it, as it
 * does every other file.
 */

/** Below this many files, starting a worker costs more than it saves. */
export const MIN_FILES_FOR_WORKERS = 200;
/** Workers beyond a few add start-up time and memory (a wasm heap each) for little. */
const MAX_WORKERS = 7;
/** Files per batch a worker sends… */
export const BATCH_SIZE = 16;
/** …or fewer, once they hold this many bytes of source (when their sizes are known). */
export const BATCH_BYTES = 256 * 1024;
/** The compiled worker; absent when fw runs from its TypeScript sources (tests), which then parse on one thread. */
const WORKER_SCRIPT = path.join(__dirname, 'parse-worker.js');

/** What this thread sends a worker: the files, the shared counters of those taken (see `takeFiles`), and where to send batches. */
export interface ParseJob {
  files: readonly string[];
  /** Each file's size in bytes, when known (batches are cut by them). */
  sizes?: readonly number[];
  /** The parse cache's directory (./read-go-file.ts), if any. */
  cacheDir?: string;
  taken: Int32Array;
  port: MessagePort;
}

/** `taken[TAKEN]`: files taken by any thread; `taken[FROM_FRONT]`, `taken[FROM_BACK]`: by workers from the front, by this thread from the back. */
export const TAKEN = 0;
export const FROM_FRONT = 1;
export const FROM_BACK = 2;

/** Shared counters for a new job: nothing taken. */
export function takenCounters(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
}

/**
 * One batch from a worker: `[index in files, GoFile]` pairs as JSON (read
 * faster than a structured clone of the same objects), positions without
 * their path (./file-positions.ts); `last` on its final batch of the job.
 */
export interface ParseBatch {
  parsed: string;
  last: boolean;
}

/** A worker's batch of parsed files (which it gives up: their positions are emptied). */
export function encodeBatch(parsed: [number, GoFile][], last: boolean): ParseBatch {
  for (const [, file] of parsed) withoutPaths(file);
  return { parsed: JSON.stringify(parsed), last };
}

/** The `[index in files, GoFile]` pairs of a batch, every position naming its file again. */
export function decodeBatch(batch: ParseBatch): [number, GoFile][] {
  const parsed = JSON.parse(batch.parsed) as [number, GoFile][];
  for (const [, file] of parsed) withPaths(file);
  return parsed;
}

let workers: Worker[] | undefined;
/** Jobs each worker has in hand: a busy worker keeps the process alive, an idle one does not. */
const busy = new WeakMap<Worker, number>();
/** Calls of parseFiles under way: the last one to end stops the workers. */
let running = 0;

/**
 * Path → parsed file, for every file of `files` (largest first: see above)
 * that could be read; `cacheDir` is the parse cache's, if any; `sizes`:
 * each file's size in bytes, when known.
 */
export async function parseFiles(files: readonly string[], cacheDir?: string, sizes?: readonly number[]): Promise<Map<string, GoFile>> {
  const out = new Map<string, GoFile>();
  const add = (batch: ParseBatch) => {
    for (const [i, file] of decodeBatch(batch)) out.set(files[i]!, file);
  };
  const pool = files.length >= MIN_FILES_FOR_WORKERS ? workerPool() : [];
  const taken = takenCounters();
  running++;
  try {
    const jobs = pool.map((worker) => startJob(worker, { files, sizes, taken, cacheDir }, add));
    takeFiles(files, taken, FROM_BACK, cacheDir, (i, file) => {
      out.set(files[i]!, file);
      for (const job of jobs) job.poll();
    });
    await Promise.allSettled(jobs.map((job) => job.finished));
  } finally {
    if (--running === 0) stopWorkers();
  }
  return out;
}

/**
 * Starts the workers before their files are known, once a caller knows it
 * will hand parseFiles at least MIN_FILES_FOR_WORKERS files: a worker's
 * start (loading fw's modules, compiling tree-sitter's wasm) then overlaps
 * this thread's reading ahead instead of its parsing. The next parseFiles
 * takes them (and stops them when it ends).
 */
export function startParseWorkers(): void {
  workerPool();
}

/** Stops the workers (without waiting: each frees its memory as its thread ends). */
function stopWorkers(): void {
  const stopping = workers ?? [];
  workers = undefined;
  for (const worker of stopping) void worker.terminate();
}

/**
 * Parses files of `files` until none is left, taking each from the front or
 * the back (`end`); used by this thread and by workers alike. A thread first
 * counts the file in `taken[TAKEN]`, so that the two ends never take more
 * files than there are between them, then takes the next index at its end.
 */
export function takeFiles(
  files: readonly string[],
  taken: Int32Array,
  end: typeof FROM_FRONT | typeof FROM_BACK,
  cacheDir: string | undefined,
  parsed: (index: number, file: GoFile) => void,
): void {
  while (Atomics.add(taken, TAKEN, 1) < files.length) {
    const n = Atomics.add(taken, end, 1);
    const i = end === FROM_FRONT ? n : files.length - 1 - n;
    let file: GoFile;
    try {
      file = readGoFile(files[i]!, cacheDir);
    } catch {
      continue;
    }
    parsed(i, file);
  }
}

function workerPool(): Worker[] {
  if (workers) return workers;
  workers = [];
  const count = Math.min(os.availableParallelism() - 1, MAX_WORKERS);
  if (count < 1 || !fs.existsSync(WORKER_SCRIPT)) return workers;
  for (let i = 0; i < count; i++) {
    const worker = new Worker(WORKER_SCRIPT);
    worker.unref();
    // A worker that fails or stops is dropped; the files it had taken are parsed on demand.
    const drop = () => {
      workers = workers?.filter((w) => w !== worker);
    };
    worker.on('error', drop);
    worker.on('exit', drop);
    workers.push(worker);
  }
  return workers;
}

interface RunningJob {
  /** Settles after the worker's last batch (rejected when the worker fails). */
  finished: Promise<void>;
  /** Reads the batches that have arrived, without waiting. */
  poll(): void;
}

/** Sends a job to `worker`; every batch it answers is handed to `add`. */
function startJob(worker: Worker, work: Omit<ParseJob, 'port'>, add: (batch: ParseBatch) => void): RunningJob {
  const { port1: port, port2 } = new MessageChannel();
  let settle: (error?: Error) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    settle = (error) => {
      port.close();
      worker.off('error', onError);
      worker.off('exit', onError);
      const left = (busy.get(worker) ?? 1) - 1;
      busy.set(worker, left);
      if (left === 0) worker.unref();
      if (error) reject(error);
      else resolve();
    };
  });
  const onBatch = (batch: ParseBatch) => {
    add(batch);
    if (batch.last) settle();
  };
  const onError = (e: unknown) => settle(e instanceof Error ? e : new Error(`parse worker stopped (exit code ${String(e)})`));
  // Batches this thread does not read between its own files arrive as messages once it waits.
  port.on('message', onBatch);
  worker.on('error', onError);
  worker.on('exit', onError);
  busy.set(worker, (busy.get(worker) ?? 0) + 1);
  worker.ref();
  const job: ParseJob = { ...work, port: port2 };
  worker.postMessage(job, [port2]);
  return {
    finished,
    poll: () => {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) onBatch(m.message as ParseBatch);
    },
  };
}
