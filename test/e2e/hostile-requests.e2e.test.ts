import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleServer } from '../support/go';
import { copyFixture } from '../support/workspace';

/**
 * Hostile requests against the example server (built from fixtures/example,
 * fwhttp as `fw init` scaffolds it, served by fwhttp.NewServer) on
 * 127.0.0.1. Each case is one request (or four at once), of bounded size:
 * a streamed body stops at its cap or as soon as the answer comes. Before
 * each case the server's peak RSS is reset (`5` to /proc/<pid>/clear_refs)
 * and after it read (VmHWM in /proc/<pid>/status): no case may take the
 * server to 64 MB. Status and the error body of every case are checked;
 * where net/http or mime/multipart set a limit (1000 parts), the case sits
 * on each side of it.
 *
 * FW_HOSTILE_TABLE=<file> writes the measured table (case, status, time,
 * peak RSS) there; FW_HOSTILE_EXAMPLE=<dir> runs the cases against another
 * copy of the example (to measure an older fwhttp; the assertions then
 * report what differs).
 */

const MiB = 1 << 20;
const PEAK_LIMIT = 64 * 1000 * 1000;
const AUTH = { Authorization: 'Bearer test' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request body: bytes sent with Content-Length, or chunks streamed (chunked) until `cap` bytes or the answer. */
type Body = Buffer | { stream: (i: number) => Buffer; cap: number };

interface Case {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Body;
  /** How many identical requests run at once (default 1). */
  parallel?: number;
  want: { status: number; code?: string; message?: string | RegExp };
}

function urlEncodedPairs(bytes: number): Buffer {
  return Buffer.from('a=1&'.repeat(bytes / 4));
}

function multipart(boundary: string, parts: { name: string; filename?: string; content: string }[], close = true): Buffer {
  let s = '';
  for (const p of parts) {
    const filename = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    s += `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n\r\n${p.content}\r\n`;
  }
  return Buffer.from(close ? `${s}--${boundary}--\r\n` : s);
}

function fields(n: number): { name: string; content: string }[] {
  return Array.from({ length: n }, () => ({ name: 'description', content: 'a' }));
}

const BOUNDARY = 'fwhostileboundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const FILE = { name: 'file', filename: 'a.txt', content: 'hello' };
const ZEROS = Buffer.alloc(64 * 1024);

/** A case posting to the example's JSON route (POST /users, with its required Authorization). */
function createUser(name: string, contentType: string | undefined, body: Body, want: Case['want']): Case {
  const headers = contentType === undefined ? AUTH : { ...AUTH, 'Content-Type': contentType };
  return { name, method: 'POST', path: '/users', headers, body, want };
}

/** A case posting to the example's upload route (POST /files: a form with a file: field). */
function upload(name: string, contentType: string, body: Body, want: Case['want']): Case {
  return { name, method: 'POST', path: '/files', headers: { 'Content-Type': contentType }, body, want };
}

const URL_ENCODED = 'application/x-www-form-urlencoded';
const USER = Buffer.from(JSON.stringify({ name: 'Mallory', email: 'm@example.com' }));
const JSON_TOO_LARGE = { status: 413, code: 'request_too_large', message: 'JSON body is larger than 1048576 bytes' };

const CASES: Case[] = [
  createUser('JSON body of 2 MiB (Content-Length)', 'application/json', Buffer.from(JSON.stringify({ name: 'x'.repeat(2 * MiB) })), JSON_TOO_LARGE),
  createUser(
    'JSON body streamed chunked (up to 16 MiB)',
    'application/json',
    { stream: (i) => (i === 0 ? Buffer.from('{"name":"') : Buffer.alloc(64 * 1024, 'x')), cap: 16 * MiB },
    JSON_TOO_LARGE,
  ),
  // encoding/json's own limit (10,000 levels).
  createUser('JSON nested 20,000 deep', 'application/json', Buffer.from(`{"tags":${'['.repeat(20_000)}${']'.repeat(20_000)}}`), {
    status: 400,
    code: 'invalid_request',
    message: /^invalid JSON body: invalid character '\[' exceeded max depth \(at byte \d+\)$/,
  }),
  createUser('JSON body without Content-Type', undefined, USER, {
    status: 415,
    code: 'unsupported_media_type',
    message: 'expected a JSON body (Content-Type application/json), got no Content-Type',
  }),
  createUser('JSON body as text/plain', 'text/plain', USER, {
    status: 415,
    code: 'unsupported_media_type',
    message: 'expected a JSON body (Content-Type application/json), got Content-Type "text/plain"',
  }),
  createUser('JSON array where an object belongs', 'application/json', Buffer.from('[1,2]'), {
    status: 400,
    code: 'invalid_request',
    message: 'invalid JSON body: expected a JSON object, not an array',
  }),
  upload('URL-encoded body of 31 MiB to the upload route', URL_ENCODED, urlEncodedPairs(31 * MiB), {
    status: 415,
    code: 'unsupported_media_type',
    message: 'expected a multipart/form-data body (the request takes files), got Content-Type "application/x-www-form-urlencoded"',
  }),
  {
    ...upload('four URL-encoded bodies of 31 MiB at once', URL_ENCODED, urlEncodedPairs(31 * MiB), { status: 415, code: 'unsupported_media_type' }),
    parallel: 4,
  },
  upload(
    'multipart upload streamed chunked (up to 64 MiB)',
    MULTIPART,
    {
      stream: (i) => (i === 0 ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`) : ZEROS),
      cap: 64 * MiB,
    },
    { status: 413, code: 'request_too_large', message: 'multipart form body is larger than 33554432 bytes' },
  ),
  // mime/multipart's own limit: 1000 parts.
  upload('multipart with 1000 parts (mime/multipart takes them)', MULTIPART, multipart(BOUNDARY, [...fields(999), FILE]), { status: 201 }),
  upload('multipart with 1001 parts', MULTIPART, multipart(BOUNDARY, [...fields(1000), FILE]), {
    status: 413,
    code: 'request_too_large',
    message: /^multipart form body has too many parts \(at most 1000\)/,
  }),
  upload('multipart without its closing boundary', MULTIPART, multipart(BOUNDARY, [FILE], false), {
    status: 400,
    code: 'invalid_request',
    message: 'invalid form body: the multipart body ends before its closing boundary',
  }),
  {
    name: 'query with a ";" separator',
    method: 'GET',
    path: '/v2/users?role=admin;limit=1',
    want: { status: 400, code: 'invalid_request', message: 'invalid query string: invalid semicolon separator in query' },
  },
  {
    name: 'query with 2,000 parameters',
    method: 'GET',
    path: `/v2/users?role=admin${'&x=1'.repeat(1999)}`,
    want: { status: 400, code: 'invalid_request', message: 'query string has more than 1000 parameters' },
  },
  {
    name: 'query of 100,000 parameters (400 KB request line)',
    method: 'GET',
    path: `/v2/users?role=admin${'&x=1'.repeat(99_999)}`,
    // net/http refuses it before any handler: NewServer's MaxHeaderBytes.
    want: { status: 431 },
  },
  {
    name: 'a time that does not parse',
    method: 'GET',
    path: '/probes/echo?since=yesterday',
    want: {
      status: 400,
      code: 'invalid_request',
      message: 'invalid query parameter "since": "yesterday" is not a date-time (use RFC 3339, e.g. 2024-05-01T12:00:00Z)',
    },
  },
  {
    name: 'an integer out of range',
    method: 'GET',
    path: '/probes/echo?small=300',
    want: { status: 400, code: 'invalid_request', message: 'invalid query parameter "small": "300" is out of range (-128 to 127)' },
  },
];

/**
 * Sends one request over a raw socket and collects what comes back until
 * the server closes the connection or the answer is complete. A streamed
 * body stops at its cap or when the server answers or closes; the server
 * may close (even reset) the connection under a body it refused unread,
 * which is not a failure as long as its answer arrived. Ends by itself
 * (60 s at most).
 */
function send(base: URL, c: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: base.hostname, port: Number(base.port), allowHalfOpen: true });
    const received: Buffer[] = [];
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(received));
      if (answer) resolve(answer);
      else reject(new Error(`${c.name}: no complete answer (${received.length} chunks received)`));
    };
    const timer = setTimeout(finish, 60_000);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (parseAnswer(Buffer.concat(received))?.complete) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    const body = c.body;
    const chunked = body !== undefined && !Buffer.isBuffer(body);
    const headers: Record<string, string> = { Host: base.host, ...c.headers };
    if (Buffer.isBuffer(body)) headers['Content-Length'] = String(body.length);
    if (chunked) headers['Transfer-Encoding'] = 'chunked';
    const head = `${c.method} ${c.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`;
    socket.write(head);
    if (body === undefined) return;
    if (Buffer.isBuffer(body)) {
      socket.write(body, () => undefined);
      return;
    }
    let sent = 0;
    let i = 0;
    const pump = (): void => {
      while (!done && received.length === 0 && sent < body.cap) {
        const chunk = body.stream(i++);
        sent += chunk.length;
        if (!socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!done && received.length === 0) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

/** The status, headers and body of an HTTP/1.1 answer; complete once Content-Length bytes of body are there. */
function parseAnswer(data: Buffer): (Answer & { complete: boolean }) | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(end + 4);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const body = rest.subarray(0, length ?? rest.length).toString('utf8');
  return { status, headers, body, complete: length !== undefined && rest.length >= length };
}

function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

interface Measured {
  answers: Answer[];
  ms: number;
  peak: number;
}

describe('hostile requests against the example server', () => {
  let server: ChildProcess;
  const measured = new Map<string, Measured>();

  beforeAll(async () => {
    const work = process.env.FW_HOSTILE_EXAMPLE ?? copyFixture('example');
    const started = await startExampleServer(work);
    server = started.child;
    const base = new URL(started.baseUrl);
    const pid = server.pid!;
    // One case at a time, so that each peak is its own.
    for (const c of CASES) {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const t0 = performance.now();
      const answers = await Promise.all(Array.from({ length: c.parallel ?? 1 }, () => send(base, c)));
      measured.set(c.name, { answers, ms: performance.now() - t0, peak: peakRss(pid) });
    }
    if (process.env.FW_HOSTILE_TABLE) {
      const rows = CASES.map((c) => {
        const m = measured.get(c.name)!;
        return `| ${c.name} | ${[...new Set(m.answers.map((a) => a.status))].join(', ')} | ${m.ms.toFixed(0)} ms | ${(m.peak / 1e6).toFixed(0)} MB |`;
      });
      fs.writeFileSync(process.env.FW_HOSTILE_TABLE, `| case | status | time | server peak RSS |\n|---|---|---|---|\n${rows.join('\n')}\n`);
    }
  }, 300_000);

  afterAll(() => {
    server?.kill();
  });

  for (const c of CASES) {
    it(`${c.name}: ${c.want.status}${c.want.code ? ` ${c.want.code}` : ''}, server under 64 MB`, () => {
      const m = measured.get(c.name)!;
      for (const a of m.answers) {
        expect(a.status, a.body).toBe(c.want.status);
        if (c.want.code !== undefined) {
          const body = JSON.parse(a.body) as { code: string; message: string };
          expect(body.code).toBe(c.want.code);
          if (typeof c.want.message === 'string') expect(body.message).toBe(c.want.message);
          else if (c.want.message) expect(body.message).toMatch(c.want.message);
          // The service's words: no Go type or package names, no time layouts.
          expect(body.message).not.toMatch(/Go value|Go struct|v1handler|v2handler|models\.|2006|15:04|multipart: /);
        }
        if (a.status !== 431) expect(a.headers['x-content-type-options'], 'every answer fwhttp writes').toBe('nosniff');
      }
      expect(m.peak, `peak RSS ${(m.peak / 1e6).toFixed(0)} MB`).toBeLessThan(PEAK_LIMIT);
    });
  }
});
