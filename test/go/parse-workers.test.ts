import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GoFile } from '../../src/go/ast';
import type { ParseBatch, ParseJob } from '../../src/go/parse-workers';
import { initGoParser } from '../../src/go/parser';
import { readGoFile } from '../../src/go/read-go-file';
import { FIXTURES } from '../support/golden';

/**
 * Worker threads run compiled JavaScript, so these tests load dist/ (npm test
 * builds it first); run from the TypeScript sources, parseFiles parses on one
 * thread and the worker path would go untested.
 */
const COMPILED = path.join(__dirname, '../../dist/go');

function compiled<T>(module: string): T {
  const file = path.join(COMPILED, `${module}.js`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as T;
}

/** Every .go file of the fixtures, copied often enough to pass the threshold for workers. */
function manyGoFiles(copies: number): string[] {
  const sources: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.go')) sources.push(full);
    }
  };
  walk(FIXTURES);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-parse-workers-'));
  const files: string[] = [];
  for (let c = 0; c < copies; c++) {
    sources.forEach((src, i) => {
      const file = path.join(dir, `f${c}_${i}.go`);
      fs.copyFileSync(src, file);
      files.push(file);
    });
  }
  return files;
}

/** This thread's reading of a file (fw's own outputs are outlines, never parsed), to compare the workers' with. */
function parsedHere(file: string): GoFile {
  return readGoFile(file);
}

/** The batches a new worker thread sends for `job`, up to its last. */
async function workerBatches(job: Omit<ParseJob, 'port'>): Promise<ParseBatch[]> {
  const worker = new Worker(path.join(COMPILED, 'parse-worker.js'));
  const { port1, port2 } = new MessageChannel();
  try {
    return await new Promise<ParseBatch[]>((resolve, reject) => {
      const received: ParseBatch[] = [];
      port1.on('message', (batch: ParseBatch) => {
        received.push(batch);
        if (batch.last) resolve(received);
      });
      worker.on('error', reject);
      worker.postMessage({ ...job, port: port2 } satisfies ParseJob, [port2]);
    });
  } finally {
    port1.close();
    await worker.terminate();
  }
}

beforeAll(async () => {
  await initGoParser();
  await compiled<{ initGoParser(): Promise<void> }>('parser').initGoParser();
});

describe('parse-worker', () => {
  it('parses the files it takes from the front of the shared counters, from where they stand, and sends them in batches', async () => {
    const { BATCH_SIZE, TAKEN, FROM_FRONT, takenCounters } = compiled<{ BATCH_SIZE: number; TAKEN: number; FROM_FRONT: number; takenCounters(): Int32Array }>(
      'parse-workers',
    );
    const files = manyGoFiles(1).slice(0, 10 + 2 * BATCH_SIZE + 3);
    const taken = takenCounters();
    taken[TAKEN] = 10;
    taken[FROM_FRONT] = 10;
    const batches = await workerBatches({ files, taken });
    expect(batches.map((b) => [(JSON.parse(b.parsed) as unknown[]).length, b.last])).toEqual([
      [BATCH_SIZE, false],
      [BATCH_SIZE, false],
      [3, true],
    ]);
    const { decodeBatch } = compiled<{ decodeBatch(batch: ParseBatch): [number, GoFile][] }>('parse-workers');
    const parsed = batches.flatMap((b) => decodeBatch(b));
    expect(parsed.map(([i]) => i)).toEqual(files.map((_, i) => i).slice(10));
    for (const [i, file] of parsed) expect(file).toEqual(parsedHere(files[i]!));
    expect(taken[TAKEN]).toBeGreaterThanOrEqual(files.length);
    expect(taken[FROM_FRONT]).toBe(files.length);
  });
});

describe('parse-worker batches', () => {
  it('ends a batch once its files hold BATCH_BYTES of source, by the sizes the job gives (a large file is not sent with others)', async () => {
    const { BATCH_SIZE, BATCH_BYTES, takenCounters } = compiled<{ BATCH_SIZE: number; BATCH_BYTES: number; takenCounters(): Int32Array }>('parse-workers');
    const files = manyGoFiles(1).slice(0, 2 * BATCH_SIZE + 3);
    const sizes = files.map((_, i) => (i === 2 ? BATCH_BYTES : 1));
    const batches = await workerBatches({ files, sizes, taken: takenCounters() });
    expect(batches.map((b) => [(JSON.parse(b.parsed) as unknown[]).length, b.last])).toEqual([
      [3, false],
      [BATCH_SIZE, false],
      [BATCH_SIZE, false],
      [0, true],
    ]);
  });
});

describe('parseFiles', () => {
  it('gives every readable file as the single-threaded parser does, and leaves out what it cannot read', async () => {
    const { parseFiles } = compiled<{ parseFiles(files: readonly string[]): Promise<Map<string, GoFile>> }>('parse-workers');
    const files = manyGoFiles(2);
    expect(files.length).toBeGreaterThanOrEqual(200);
    const unreadable = path.join(path.dirname(files[0]!), 'dir.go');
    fs.mkdirSync(unreadable);
    for (let run = 0; run < 2; run++) {
      const parsed = await parseFiles([...files, unreadable]);
      expect([...parsed.keys()].sort()).toEqual([...files].sort());
      for (const file of files) expect(parsed.get(file)).toEqual(parsedHere(file));
    }
  });
});
