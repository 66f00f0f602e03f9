import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as classicClient from '../../fixtures/example/web/src/api/client';
import type { User } from '../../fixtures/example/web/src/api/client';
import * as miniClient from '../../fixtures/example/web/src/api/client.mini';
import { FIXTURES } from '../support/golden';
import { startExampleServer } from '../support/go';
import { copyFixture, runFw } from '../support/workspace';

/**
 * The generated client against the real example server: `fw g router` and
 * `fw g client` on a copy of fixtures/example, `go build ./cmd/server`,
 * the server started on 127.0.0.1 with an ephemeral port, and every route
 * called through the client. The client under test is the golden file
 * fixtures/example/web/src/api/client.ts, which the first test proves
 * equal to what the CLI generates (and test/golden.test.ts keeps current).
 * Then a fake server (wrong body, undeclared status) and a closed port
 * check the client's error classes. Every test runs twice on the one
 * server: with the classic zod client and with the `--zod mini` one
 * (client.mini.ts).
 */

const CLIENT_FILE = 'web/src/api/client.ts';
const MINI_CLIENT_FILE = 'web/src/api/client.mini.ts';

/** A node http server on 127.0.0.1 answering every request with `handler`. */
async function fakeServer(handler: http.RequestListener): Promise<{ server: http.Server; baseUrl: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('generated TypeScript client against the example Go server', () => {
  let work: string;
  let server: ChildProcess | undefined;
  let baseUrl: string;
  const token = { Authorization: 'Bearer test-token' };

  beforeAll(async () => {
    work = copyFixture('example');
    const router = await runFw(['g', 'router', '--cwd', work]);
    expect(router.stderr).toBe('');
    for (const args of [
      ['--file', CLIENT_FILE],
      ['--file', MINI_CLIENT_FILE, '--zod', 'mini'],
    ]) {
      const client = await runFw(['g', 'client', '--cwd', work, ...args]);
      expect(client.stderr).toBe('');
      expect(client.code).toBe(0);
    }
    const started = await startExampleServer(work);
    server = started.child;
    baseUrl = started.baseUrl;
  });

  afterAll(() => {
    server?.kill();
  });

  it(`tests the golden clients: the CLI generates exactly fixtures/example/${CLIENT_FILE} and (--zod mini) ${MINI_CLIENT_FILE}`, () => {
    for (const file of [CLIENT_FILE, MINI_CLIENT_FILE])
      expect(fs.readFileSync(path.join(work, file), 'utf8')).toBe(fs.readFileSync(path.join(FIXTURES, 'example', file), 'utf8'));
  });

  it('imports nothing but zod (or zod/mini)', () => {
    const source = (file: string) => fs.readFileSync(path.join(FIXTURES, 'example', file), 'utf8');
    expect(source(CLIENT_FILE).match(/^import .*$/gm)).toEqual(["import * as z from 'zod';"]);
    expect(source(MINI_CLIENT_FILE).match(/^import .*$/gm)).toEqual(["import * as z from 'zod/mini';"]);
  });

  describe.each([
    ['zod', classicClient],
    ['zod/mini', miniClient as unknown as typeof classicClient],
  ])('with %s', (_, client) => {
    const { createClient, FwHttpError, FwNetworkError, FwRequestValidationError, FwResponseValidationError, V1UserClient, V2UserClient } = client;
    let api: ReturnType<typeof createClient>;
    beforeAll(() => {
      api = createClient({ baseUrl: `${baseUrl}/`, headers: { 'X-Client': 'fw-e2e' } });
    });

    it('GET with a path parameter: 200 with a validated body, and a declared 404', async () => {
      const found = await api.v1.user.getUser({ path: { id: 1 } });
      expect(found.status).toBe(200);
      if (found.status !== 200) throw new Error('unreachable');
      expectTypeOf(found.body.user).toEqualTypeOf<User>();
      expect(found.body.user).toMatchObject({ id: 1, name: 'Ada Lovelace', role: 'admin', tags: ['founder'] });
      expect(found.body.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

      const missing = await api.v1.user.getUser({ path: { id: 999 } });
      expect(missing.status).toBe(404);
      if (missing.status === 404) expect(missing.body).toEqual({ message: 'no user with this id', code: 'not_found' });
    });

    it('POST with a JSON body and a required header: 201', async () => {
      const created = await api.v1.user.createUser({
        headers: token,
        body: { name: "Zoë / O'Brien? #1 100%", email: 'zoe@example.com', role: 'member' },
      });
      expect(created.status).toBe(201);
      if (created.status !== 201) throw new Error('unreachable');
      expect(created.body.user).toMatchObject({ name: "Zoë / O'Brien? #1 100%", email: 'zoe@example.com', role: 'member', tags: [] });
    });

    it('path parameters are escaped: a name with spaces, slash, ?, # and %', async () => {
      const byName = await api.v1.user.getUserByName({ path: { name: "Zoë / O'Brien? #1 100%" } });
      expect(byName.status).toBe(200);
      if (byName.status === 200) expect(byName.body.user.email).toBe('zoe@example.com');
      const byEmail = await api.v2.user.getUserByEmail({ path: { email: 'ada@example.com' } });
      expect(byEmail.status).toBe(200);
      if (byEmail.status === 200) expect(byEmail.body.name).toBe('Ada Lovelace');
    });

    it('a declared 400 error body from the server', async () => {
      const bad = await api.v1.user.createUser({ headers: token, body: { name: ' ', email: 'nope', role: 'member' } });
      expect(bad.status).toBe(400);
      if (bad.status === 400) expect(bad.body.code).toBe('invalid_user');
    });

    /** A client whose requests lose the header `name` on the way (an onRequest hook), to reach the router's refusal. */
    const stripping = (name: string) =>
      createClient({
        baseUrl,
        onRequest: (request) => {
          const headers = new Headers(request.headers);
          headers.delete(name);
          return new Request(request, { headers });
        },
      });

    it('an empty required header is refused before sending; the router answers its declared 401 when it is missing', async () => {
      const body = { name: 'X', email: 'x@example.com', role: 'member' } as const;
      await expect(api.v1.user.createUser({ headers: { Authorization: '' }, body })).rejects.toBeInstanceOf(FwRequestValidationError);
      const denied = await stripping('Authorization').v1.user.createUser({ headers: token, body });
      expect(denied.status).toBe(401);
      if (denied.status === 401) expect(denied.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    });

    it('a request body with a key the Go type does not have is refused before sending, as fwhttp.Bind refuses it', async () => {
      const body = { name: 'X', email: 'x@example.com', role: 'member', admin: true };
      await expect(api.v1.user.createUser({ headers: token, body } as never)).rejects.toBeInstanceOf(FwRequestValidationError);
      const sent = await fetch(`${baseUrl}/users`, { method: 'POST', headers: { ...token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(sent.status).toBe(400);
      expect(await sent.json()).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('unknown field "admin"') });
    });

    it('query parameters', async () => {
      const page = await api.v1.user.listUsers({ query: { q: 'a', limit: 1 } });
      expect(page.status).toBe(200);
      if (page.status === 200) {
        expect(page.body.users).toHaveLength(1);
        expect(page.body.total).toBeGreaterThanOrEqual(2);
      }
      const all = await api.v1.user.listUsers();
      if (all.status === 200) expect(all.body.total).toBeGreaterThanOrEqual(3);
      const admins = await api.v1.adminUser.listUsers({ headers: token, query: { role: 'admin' } });
      expect(admins.status).toBe(200);
      if (admins.status === 200) expect(admins.body.users?.map((u) => u.role)).toEqual(['admin']);
    });

    it('one method per HTTP method of a multi-method route (PUT and PATCH)', async () => {
      const put = await api.v1.user.updateUserPut({ path: { id: 2 }, headers: token, body: { name: 'G. Hopper', email: '' } });
      expect(put.status).toBe(200);
      if (put.status === 200) expect(put.body.user.name).toBe('G. Hopper');
      const patch = await api.v1.user.updateUserPatch({ path: { id: 2 }, headers: token, body: { name: '', email: 'gh@example.com' } });
      expect(patch.status).toBe(200);
      if (patch.status === 200) expect(patch.body.user).toMatchObject({ name: 'G. Hopper', email: 'gh@example.com' });
    });

    it('several required headers, and a 4xx class error', async () => {
      const stats = await api.v1.admin.stats({ headers: { ...token, 'X-Admin-Key': 'k' } });
      expect(stats.status).toBe(200);
      if (stats.status === 200) expect(stats.body.goroutines).toBeGreaterThan(0);
      await expect(api.v1.admin.stats({ headers: { ...token, 'X-Admin-Key': '' } })).rejects.toBeInstanceOf(FwRequestValidationError);
      const noKey = await stripping('X-Admin-Key').v1.admin.stats({ headers: { ...token, 'X-Admin-Key': 'k' } });
      expect(noKey.status).toBe(400);
      if (noKey.status !== 200) expect(noKey.body.code).toBeTypeOf('string');
    });

    it('multipart upload of a real file with a form field', async () => {
      const file = path.join(work, 'upload.txt');
      const contents = 'hello from the fw client e2e test\n';
      fs.writeFileSync(file, contents);
      const upload = await api.v1.file.upload({
        body: { description: 'a test file', file: new File([fs.readFileSync(file)], 'upload.txt', { type: 'text/plain' }) },
      });
      expect(upload.status).toBe(201);
      if (upload.status === 201) {
        expect(upload.body).toEqual({
          name: 'upload.txt',
          size: Buffer.byteLength(contents),
          description: 'a test file',
          checksum: crc32(contents).toString(16).padStart(8, '0'),
        });
      }
    });

    it('a form field without ,required may be left out: the client sends the call and fwhttp.Bind accepts it; a file:"file,required" part may not', async () => {
      const file = new File(['no description'], 'bare.txt', { type: 'text/plain' });
      const upload = await api.v1.file.upload({ body: { file } });
      expect(upload.status).toBe(201);
      if (upload.status === 201) expect(upload.body).toMatchObject({ name: 'bare.txt', description: '' });
      // @ts-expect-error -- body.file is required (file:"file,required")
      await expect(api.v1.file.upload({ body: { description: 'no file' } })).rejects.toBeInstanceOf(FwRequestValidationError);
      const form = new FormData();
      form.append('description', 'no file');
      const sent = await fetch(`${baseUrl}/files`, { method: 'POST', body: form });
      expect(sent.status).toBe(400);
      expect(await sent.json()).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('"file"') });
    });

    it('a body-less answer (response=204): the result is its status and headers, no body', async () => {
      const created = await api.v1.user.createUser({ headers: token, body: { name: 'Temp', email: 'temp@example.com', role: 'member' } });
      if (created.status !== 201) throw new Error(`unexpected status ${created.status}`);
      const deleted = await api.v1.user.deleteUser({ path: { id: created.body.user.id }, headers: token });
      expect(deleted.status).toBe(204);
      expect(Object.keys(deleted).sort()).toEqual(['headers', 'status']);
      if (deleted.status === 204) expectTypeOf(deleted).toEqualTypeOf<{ status: 204; headers: Headers }>();
      const again = await api.v1.user.deleteUser({ path: { id: created.body.user.id }, headers: token });
      expect(again.status).toBe(404);
      if (again.status === 404) expect(again.body.code).toBe('not_found');
    });

    it('a 302 redirect is returned with its Location, not followed', async () => {
      const redirect = await api.v1.file.download({ path: { path: 'docs/a b.txt' } });
      expect(redirect.status).toBe(302);
      if (redirect.status === 302) expect(redirect.location).toBe('https://files.example.com/store/docs/a b.txt');
    });

    it('routes of the root package functions and of the v2 root ({$} pattern)', async () => {
      const health = await api.v1.root.health();
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
      const index = await api.v2.root.index();
      expect(index).toMatchObject({ status: 200, body: { version: '2' } });
      const v2 = await api.v2.user.getUser({ path: { id: 1 } });
      if (v2.status === 200) expect(v2.body.email).toBe('ada@example.com');
      else throw new Error(`unexpected status ${v2.status}`);
    });

    it('the v2 root mounted at /v2 (fw:http_root prefix=/v2): the same patterns as v1 under the prefix, in one client', async () => {
      const v1 = await api.v1.user.getUser({ path: { id: 1 } });
      const v2 = await api.v2.user.getUser({ path: { id: 1 } });
      expect(v1.status === 200 && 'user' in v1.body).toBe(true);
      expect(v2.status === 200 && 'email' in v2.body && !('user' in v2.body)).toBe(true);
      const admins = await api.v2.user.listUsers({ query: { role: 'admin' } });
      if (admins.status !== 200) throw new Error(`unexpected status ${admins.status}`);
      expect(admins.body.users?.map((u) => u.role)).toEqual(['admin']);
      const limited = await api.v2.user.listUsers({ query: { role: 'member', limit: 1 } });
      expect(limited.status === 200 && limited.body.users?.length).toBe(1);
    });

    it('a required query parameter (query:"role,required"): a call without it does not compile and is refused before sending; the server answers 400 without it', async () => {
      let sent = 0;
      const client = new V2UserClient({
        baseUrl: 'http://127.0.0.1:9',
        fetch: async () => {
          sent++;
          return new Response('{}');
        },
      });
      // @ts-expect-error -- query.role is required
      await expect(client.listUsers({ query: { limit: 1 } })).rejects.toBeInstanceOf(FwRequestValidationError);
      // @ts-expect-error -- the request argument (its query) is required
      await expect(client.listUsers()).rejects.toBeInstanceOf(FwRequestValidationError);
      expect(sent).toBe(0);
      const raw = await fetch(`${baseUrl}/v2/users?limit=1`);
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual({ message: 'missing required query parameter "role"', code: 'invalid_request' });
    });

    it('validates the request before sending it', async () => {
      let sent = 0;
      const client = new V1UserClient({
        baseUrl: 'http://127.0.0.1:9',
        fetch: async () => {
          sent++;
          return new Response('{}');
        },
      });
      // @ts-expect-error -- id must be a number
      const call = client.getUser({ path: { id: 'one' } });
      await expect(call).rejects.toBeInstanceOf(FwRequestValidationError);
      await expect(client.getUser({ path: { id: 1.5 } })).rejects.toThrow(/invalid request: path\.id/);
      expect(sent).toBe(0);
    });

    it('sends default headers, per-call init and signal', async () => {
      const seen: Request[] = [];
      const client = new V1UserClient({
        baseUrl: 'http://api.test/v1/',
        headers: { 'X-Default': 'd', Authorization: 'default' },
        fetch: async (request) => {
          seen.push(request);
          return new Response(JSON.stringify({ users: [], total: 0 }), { status: 200 });
        },
      });
      const controller = new AbortController();
      await client.listUsers({ query: { q: 'a b&c' } }, { signal: controller.signal, init: { credentials: 'include', headers: { 'X-Init': 'i' } } });
      const [request] = seen as [Request];
      expect(request.url).toBe('http://api.test/v1/users?q=a+b%26c');
      expect(request).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'manual' });
      controller.abort();
      expect(request.signal.aborted).toBe(true);
      expect([request.headers.get('X-Default'), request.headers.get('X-Init'), request.headers.get('Authorization')]).toEqual(['d', 'i', 'default']);
    });

    it('rethrows an abort as it is', async () => {
      const controller = new AbortController();
      controller.abort();
      const error = await api.v1.root.health({}, { signal: controller.signal }).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(FwNetworkError);
      expect((error as Error).name).toBe('AbortError');
    });

    describe('against a fake server', () => {
      let fake: { server: http.Server; baseUrl: string };

      beforeAll(async () => {
        fake = await fakeServer((req, res) => {
          if (req.url === '/v2/users/1') {
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'not a number', name: 'x' }));
          } else if (req.url === '/v2/users/2') {
            res.writeHead(418, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'I am a teapot', code: 'teapot' }));
          } else if (req.url === '/v2/users/3') {
            res.writeHead(200, { 'Content-Type': 'text/plain' }).end('not json');
          } else {
            res.writeHead(500).end('boom');
          }
        });
      });

      afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

      it('a body that does not match its schema is an FwResponseValidationError with the zod issues', async () => {
        const error = await new V2UserClient({ baseUrl: fake.baseUrl }).getUser({ path: { id: 1 } }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(FwResponseValidationError);
        const e = error as InstanceType<typeof FwResponseValidationError>;
        expect(e.status).toBe(200);
        expect(e.issues.map((i) => i.path.join('.'))).toContain('id');
        expect(e.body).toMatchObject({ id: 'not a number' });
      });

      it('a body that is not JSON is an FwResponseValidationError', async () => {
        await expect(new V2UserClient({ baseUrl: fake.baseUrl }).getUser({ path: { id: 3 } })).rejects.toThrow(FwResponseValidationError);
      });

      it('an undeclared status is an FwHttpError with the error body code and message', async () => {
        const error = await new V2UserClient({ baseUrl: fake.baseUrl }).getUser({ path: { id: 2 } }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(FwHttpError);
        expect(error).toMatchObject({ status: 418, code: 'teapot', message: 'I am a teapot' });
        const plain = await new V2UserClient({ baseUrl: fake.baseUrl }).getUser({ path: { id: 4 } }).catch((e: unknown) => e);
        expect(plain).toMatchObject({ name: 'FwHttpError', status: 500, code: undefined, body: 'boom' });
      });
    });

    it('a closed port is an FwNetworkError', async () => {
      const { server: closed, baseUrl } = await fakeServer(() => undefined);
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const error = await createClient({ baseUrl })
        .v1.root.health()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FwNetworkError);
      expect((error as InstanceType<typeof FwNetworkError>).cause).toBeDefined();
    });
  });
});
