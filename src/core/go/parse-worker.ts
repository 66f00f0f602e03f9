import { parentPort } from 'node:worker_threads';
import { type ParseJob, type ParseResult, takeFiles } from './parse-workers';
import { initGoParser } from './parser';

/** A worker thread of ./parse-workers.ts: parses the files it takes from each job and answers with them. */
const ready = initGoParser();

parentPort?.on('message', (job: ParseJob) => {
  void ready.then(() => {
    const result: ParseResult = { id: job.id, parsed: JSON.stringify(takeFiles(job)) };
    parentPort?.postMessage(result);
  });
});
