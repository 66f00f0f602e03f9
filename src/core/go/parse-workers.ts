import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GoFile } from './ast';
import { parseGoFile } from './parser';

/**
 * Parses many Go files at once, on this thread and on worker threads
 * (DESIGN §7: work spread over the cores). Every thread takes the next file
 * from one shared counter, so a worker that is still starting simply takes
 * fewer. Workers start on first use and stay for later runs of the same
 * process (they do not keep it alive). `initGoParser()` must have completed.
 *
 * A file that cannot be read, or that a failed worker had taken, is left
 * out of the result: the program loader parses it when it needs it, as it
 * does every other file.
 */

/** Below this many files, starting a worker costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 200;
/** Workers beyond a few add start-up time and memory (a wasm heap each) for little. */
const MAX_WORKERS = 7;
/** The compiled worker; absent when fw runs from its TypeScript sources (tests), which then parse on one thread. */
const WORKER_SCRIPT = path.join(__dirname, 'parse-worker.js');

/** What the main thread sends a worker: the files, and the shared index of the next one to take. */
export interface ParseJob {
  id: number;
  files: readonly string[];
  next: Int32Array;
}

/** A worker's answer to job `id`: `[index in files, GoFile]` pairs, as JSON (read faster than a structured clone). */
export interface ParseResult {
  id: number;
  parsed: string;
}

let workers: Worker[] | undefined;
/** Jobs each worker has in hand: a busy worker keeps the process alive, an idle one does not. */
const busy = new WeakMap<Worker, number>();
let jobs = 0;

/** Path → parsed file, for every file of `files` that could be read. */
export async function parseFiles(files: readonly string[]): Promise<Map<string, GoFile>> {
  const pool = files.length >= MIN_FILES_FOR_WORKERS ? workerPool() : [];
  const job: ParseJob = { id: ++jobs, files, next: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) };
  const answers = pool.map((w) => run(w, job));
  const out = new Map<string, GoFile>();
  for (const [i, file] of takeFiles(job)) out.set(files[i]!, file);
  for (const answer of await Promise.allSettled(answers)) {
    if (answer.status !== 'fulfilled') continue;
    for (const [i, file] of JSON.parse(answer.value.parsed) as [number, GoFile][]) out.set(files[i]!, file);
  }
  return out;
}

/** Parses files of the job until none is left; used by the main thread and by workers alike. */
export function takeFiles(job: ParseJob): [number, GoFile][] {
  const parsed: [number, GoFile][] = [];
  for (let i = Atomics.add(job.next, 0, 1); i < job.files.length; i = Atomics.add(job.next, 0, 1)) {
    const file = job.files[i]!;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    parsed.push([i, parseGoFile(file, text)]);
  }
  return parsed;
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

function run(worker: Worker, job: ParseJob): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (result: ParseResult) => {
      if (result.id !== job.id) return;
      done();
      resolve(result);
    };
    const onError = (e: unknown) => {
      done();
      reject(e instanceof Error ? e : new Error(`parse worker stopped (exit code ${String(e)})`));
    };
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onError);
      const left = (busy.get(worker) ?? 1) - 1;
      busy.set(worker, left);
      if (left === 0) worker.unref();
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onError);
    busy.set(worker, (busy.get(worker) ?? 0) + 1);
    worker.ref();
    worker.postMessage(job);
  });
}
