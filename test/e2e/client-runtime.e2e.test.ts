import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  type FwClientConfig,
  FwRequestValidationError,
  FwTransport,
  v1ProbeEcho,
  v1UserCreateUser,
  v1UserListUsers,
  v1UserUpdateUserPut,
} from '../../fixtures/example/web/src/api/client';
import { startExampleServer } from '../support/go';
import { copyFixture } from '../support/workspace';

/**
 * The generated client's runtime against the real example server (a copy
 * of fixtures/example, built and started on 127.0.0.1): hooks, the async
 * headers provider, retries with backoff and Retry-After, abort during a
 * retry's wait (the ProbeHandler routes: flaky, throttled), query
 * parameters as fwhttp.Bind decodes them (the echo route answers with what
 * Bind filled), and standalone functions against class methods.
 */
describe('generated client runtime against the example Go server', () => {
  let server: ChildProcess | undefined;
  let baseUrl: string;
  let keys = 0;
  /** A probe key no other test uses: each key has its own counter on the server. */
  const key = () => `k${++keys}`;

  beforeAll(async () => {
    const started = await startExampleServer(copyFixture('example'));
    server = started.child;
    baseUrl = started.baseUrl;
  });

  afterAll(() => {
    server?.kill();
  });

  /** A client whose hooks record every request, response status and error they see. */
  function recording(config: Omit<FwClientConfig, 'baseUrl'> = {}) {
    const seen = { requests: [] as Request[], statuses: [] as number[], errors: [] as unknown[] };
    const api = createClient({
      baseUrl,
      onRequest: (request) => void seen.requests.push(request),
      onResponse: (response) => void seen.statuses.push(response.status),
      onError: (error) => void seen.errors.push(error),
      ...config,
    });
    return { api, ...seen };
  }

  describe('retries', () => {
    it('retries an idempotent GET that fails twice, then succeeds', async () => {
      const { api, statuses } = recording({ retry: { retries: 2, delayMs: 1 } });
      const result = await api.v1.probe.flakyGet({ path: { key: key() } });
      expect(result).toMatchObject({ status: 200, body: { attempts: 3 } });
      expect(statuses).toEqual([503, 503, 200]);
    });

    it('without retry options the first 503 is the result', async () => {
      const { api, statuses } = recording();
      const result = await api.v1.probe.flakyGet({ path: { key: key() } });
      expect(result).toMatchObject({ status: 503, body: { code: 'unavailable' } });
      expect(statuses).toEqual([503]);
    });

    it('gives up after the configured number of retries', async () => {
      const { api, statuses } = recording({ retry: { retries: 1, delayMs: 1 } });
      expect((await api.v1.probe.flakyGet({ path: { key: key() } })).status).toBe(503);
      expect(statuses).toEqual([503, 503]);
    });

    it('never retries a POST, and a call can turn retries off', async () => {
      const { api, requests } = recording({ retry: { retries: 5, delayMs: 1 } });
      expect((await api.v1.probe.flakyPost({ path: { key: key() } })).status).toBe(503);
      expect(requests.map((r) => r.method)).toEqual(['POST']);
      expect((await api.v1.probe.flakyGet({ path: { key: key() } }, { retry: false })).status).toBe(503);
      expect(requests).toHaveLength(2);
    });

    it('waits the Retry-After of a 429 before retrying (the server answers too_early otherwise)', async () => {
      const { api, statuses } = recording({ retry: { retries: 1, delayMs: 1 } });
      const result = await api.v1.probe.throttled({ path: { key: key() } });
      expect(result).toMatchObject({ status: 200, body: { attempts: 2 } });
      expect(statuses).toEqual([429, 200]);
      // Control: a cap below Retry-After retries too early, and the server says so.
      const capped = recording({ retry: { retries: 1, delayMs: 1, maxDelayMs: 1 } });
      const early = await capped.api.v1.probe.throttled({ path: { key: key() } });
      expect(early).toMatchObject({ status: 429, body: { code: 'too_early' } });
    });

    it('an abort during the wait before a retry ends the call with the AbortError, sending nothing more', async () => {
      const controller = new AbortController();
      const { api, requests, errors } = recording({
        retry: { retries: 3, delayMs: 1 },
        onResponse: () => void setTimeout(() => controller.abort(), 20),
      });
      const error = await api.v1.probe.throttled({ path: { key: key() } }, { signal: controller.signal }).catch((e: unknown) => e);
      expect((error as Error).name).toBe('AbortError');
      expect(errors).toEqual([error]);
      expect(requests).toHaveLength(1);
    });
  });

  describe('hooks', () => {
    it('an async headers provider runs before each request; onRequest may replace the request', async () => {
      let tokens = 0;
      const { api } = recording({
        headers: async () => ({ 'X-Token': `token-${++tokens}` }),
        onRequest: (request) => {
          const headers = new Headers(request.headers);
          headers.set('X-Probe', 'from onRequest');
          return new Request(request, { headers });
        },
      });
      const first = await api.v1.probe.echo({ query: { role: 'admin' } });
      const second = await api.v1.probe.echo({ query: { role: 'admin' } });
      expect(first).toMatchObject({ status: 200, body: { token: 'token-1', probe: 'from onRequest' } });
      expect(second).toMatchObject({ status: 200, body: { token: 'token-2' } });
    });

    it('the typed headers of a call win over the provider; onResponse sees the response and its request', async () => {
      const pairs: [number, string][] = [];
      const { api } = recording({
        headers: () => ({ 'X-Token': 'configured' }),
        onResponse: (response, request) => void pairs.push([response.status, new URL(request.url).pathname]),
      });
      const result = await api.v1.probe.echo({ query: { role: 'admin' }, headers: { 'X-Token': 'typed' } });
      expect(result).toMatchObject({ status: 200, body: { token: 'typed' } });
      expect(pairs).toEqual([[200, '/probes/echo']]);
    });

    it('onError sees the error just before the call throws it', async () => {
      const { api, errors, requests } = recording();
      // @ts-expect-error -- id must be a number
      const error = await api.v1.user.getUser({ path: { id: 'x' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FwRequestValidationError);
      expect(errors).toEqual([error]);
      expect(requests).toEqual([]);
    });
  });

  describe('bodies carry the Content-Type fwhttp.Bind requires', () => {
    it('a JSON body is sent as application/json and a multipart body with its boundary, whatever Content-Type the configured headers name', async () => {
      const json = recording({ headers: { 'Content-Type': 'text/plain' } });
      const created = await json.api.v1.user.createUser({
        headers: { Authorization: 'Bearer t' },
        body: { name: 'Typed', email: 'typed@example.com', role: 'member' },
      });
      expect(created).toMatchObject({ status: 201 });
      expect(json.requests.map((r) => r.headers.get('Content-Type'))).toEqual(['application/json']);
      const form = recording({ headers: { 'Content-Type': 'application/json' } });
      const uploaded = await form.api.v1.file.upload({ body: { description: 'd', file: new Blob(['hello']) } });
      expect(uploaded).toMatchObject({ status: 201, body: { size: 5, description: 'd' } });
      expect(form.requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    });
  });

  describe('query parameters arrive as fwhttp.Bind decodes them', () => {
    const echo = (query: NonNullable<Parameters<typeof v1ProbeEcho>[1]>['query']) => createClient({ baseUrl }).v1.probe.echo({ query });

    it('every kind: strings, integers, floats, bools, enums, times, slices, pointers', async () => {
      const sent = {
        text: 'Zoë & co = 100% / ? # +',
        count: -42,
        small: -128,
        big: Number.MAX_SAFE_INTEGER,
        ratio: -1.5e-7,
        flag: true,
        role: 'admin' as const,
        since: '2024-02-29T23:59:59.123456789+05:30',
        ids: [3, 1, 2],
        tags: ['a b', '', 'c&d'],
        roles: ['member' as const, 'admin' as const],
        limit: 0,
        active: false,
        note: '',
        until: '2030-01-01T00:00:00Z',
      };
      const result = await echo(sent);
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ ...sent, token: '', probe: '' });
    });

    it('absent parameters: zero values, and null for pointers and slices; an empty array is absent', async () => {
      const result = await echo({ role: 'member', ids: [] });
      expect(result.body).toEqual({
        text: '',
        count: 0,
        small: 0,
        big: 0,
        ratio: 0,
        flag: false,
        role: 'member',
        since: '0001-01-01T00:00:00Z',
        ids: null,
        tags: null,
        roles: null,
        limit: null,
        active: null,
        note: null,
        until: null,
        token: '',
        probe: '',
      });
    });
  });

  it('standalone functions and class methods send identical requests and get identical results', async () => {
    const sent: string[][] = [[], []];
    const capture = (into: string[]) => async (request: Request) => {
      const headers = [...request.headers].map(([k, v]) => `${k}: ${v}`).sort();
      into.push([request.method, request.url, ...headers, await request.clone().text()].join('\n'));
    };
    const transport = new FwTransport({ baseUrl, onRequest: capture(sent[0]!) });
    const api = createClient({ baseUrl, onRequest: capture(sent[1]!) });
    const auth = { Authorization: 'Bearer t' };
    const list = { query: { q: 'a', limit: 1 } };
    const echo = { query: { text: 'a&b', ids: [1, 2], role: 'admin' as const }, headers: { 'X-Probe': 'p' } };
    const user = { headers: auth, body: { name: 'Twin', email: 'twin@example.com', role: 'member' as const } };
    const update = { path: { id: 1 }, headers: auth, body: { name: 'Ada Lovelace', email: '' } };

    const standalone = [await v1UserListUsers(transport, list), await v1ProbeEcho(transport, echo)];
    const methods = [await api.v1.user.listUsers(list), await api.v1.probe.echo(echo)];
    await v1UserCreateUser(transport, user);
    await api.v1.user.createUser(user);
    await v1UserUpdateUserPut(transport, update);
    await api.v1.user.updateUserPut(update);

    expect(sent[0]).toHaveLength(4);
    expect(sent[1]).toEqual(sent[0]);
    expect(methods).toEqual(standalone);
  });
});
