import { parentPort } from 'node:worker_threads';
import type { GoFile } from './ast';
import { BATCH_BYTES, BATCH_SIZE, encodeBatch, FROM_FRONT, type ParseJob, takeFiles } from './parse-workers';
import { initGoParser } from './parser';

/** A worker thread of ./parse-workers.ts: parses the files it takes from each job and sends them in batches. */
const ready = initGoParser();

parentPort?.on('message', (job: ParseJob) => {
  void ready.then(() => {
    let parsed: [number, GoFile][] = [];
    /** Bytes of source of the files in `parsed`. */
    let bytes = 0;
    const send = (last: boolean) => {
      job.port.postMessage(encodeBatch(parsed, last));
      parsed = [];
      bytes = 0;
    };
    takeFiles(job.files, job.taken, FROM_FRONT, job.cacheDir, (i, file) => {
      parsed.push([i, file]);
      bytes += job.sizes?.[i] ?? 0;
      if (parsed.length === BATCH_SIZE || bytes >= BATCH_BYTES) send(false);
    });
    send(true);
    job.port.close();
  });
});
