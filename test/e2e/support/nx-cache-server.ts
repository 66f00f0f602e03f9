import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export interface NxCacheServer {
  /** For NX_SELF_HOSTED_REMOTE_CACHE_SERVER. */
  url: string;
  /** For NX_SELF_HOSTED_REMOTE_CACHE_ACCESS_TOKEN. */
  token: string;
  /** Every request answered, in order: what Nx asked and what it got. */
  requests: { method: string; hash: string; status: number }[];
  stop(): Promise<void>;
}

/**
 * A minimal server of Nx's self-hosted remote cache API (the OpenAPI
 * document of Nx's "self-hosted caching" guide, Nx >= 20.8): GET
 * /v1/cache/{hash} answers the stored tar archive (200) or 404; PUT stores
 * one (200), refuses to replace one (409) or a body without a right
 * Content-Length (400); both need `Authorization: Bearer <token>` (401).
 * Artifacts are files in `dir`, written atomically. It listens on 127.0.0.1,
 * on a port the system picks. A team deploys a server of this API (it is
 * what Nx's own client speaks, with no plugin and no activation key); this
 * one exists so the e2e test starts and stops it itself.
 */
export function startNxCacheServer(dir: string): Promise<NxCacheServer> {
  fs.mkdirSync(dir, { recursive: true });
  const token = `fw-e2e-${process.pid}-${Date.now()}`;
  const requests: NxCacheServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const m = /^\/v1\/cache\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
    const answer = (status: number, body?: Buffer | string) => {
      requests.push({ method: req.method ?? '', hash: m?.[1] ?? req.url ?? '', status });
      const bytes = body === undefined ? undefined : Buffer.from(body);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/octet-stream', 'content-length': bytes?.length ?? 0 });
      res.end(bytes);
    };
    if (!m) return answer(404, 'no such endpoint');
    if (req.headers.authorization !== `Bearer ${token}`) return answer(401, 'missing or invalid token');
    const file = path.join(dir, m[1]!);
    if (req.method === 'GET') return fs.existsSync(file) ? answer(200, fs.readFileSync(file)) : answer(404);
    if (req.method !== 'PUT') return answer(405, 'GET or PUT');
    const length = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!Number.isInteger(length) || length !== body.length) return answer(400, 'missing or wrong Content-Length');
      if (fs.existsSync(file)) return answer(409, 'cannot override an existing record');
      fs.writeFileSync(`${file}.tmp`, body);
      fs.renameSync(`${file}.tmp`, file);
      answer(200);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        token,
        requests,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
