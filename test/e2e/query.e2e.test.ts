import type { ChildProcess } from 'node:child_process';
import { CancelledError, InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as classicClient from '../../fixtures/example/web/src/api/client';
import * as miniClient from '../../fixtures/example/web/src/api/client.mini';
import * as classicQuery from '../../fixtures/example/web/src/api/client.query';
import * as miniQuery from '../../fixtures/example/web/src/api/client.mini.query';
import { startExampleServer } from '../support/go';
import { copyFixture } from '../support/workspace';

/**
 * The query helpers (`fw g client --query`) against their oracle: TanStack
 * Query's own QueryClient (@tanstack/query-core, in Node) driving the golden
 * query modules of fixtures/example (web/src/api/client.query.ts and, for
 * `--zod mini`, client.mini.query.ts) against the example's Go server on
 * 127.0.0.1. The golden test proves the CLI writes those modules.
 */

/** Every request the transport sends, as `METHOD /path?query`. */
function recordingTransport(client: typeof classicClient, baseUrl: string, seen: string[], config: Partial<classicClient.FwClientConfig> = {}) {
  return new client.FwTransport({
    baseUrl,
    fetch: (request) => {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      return globalThis.fetch(request);
    },
    ...config,
  });
}

/** Resolves once `check` holds (TanStack refetches in the background). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('TanStack Query helpers against the example Go server', () => {
  let server: ChildProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    const started = await startExampleServer(copyFixture('example'));
    server = started.child;
    baseUrl = started.baseUrl;
  }, 60_000);

  afterAll(() => {
    server?.kill();
  });

  describe.each([
    ['zod', classicClient, classicQuery],
    ['zod/mini', miniClient as unknown as typeof classicClient, miniQuery as unknown as typeof classicQuery],
  ])('with %s', (flavour, client, query) => {
    const token = { Authorization: 'Bearer query-test' };
    const suffix = flavour.replace('/', '-');

    it('fetches the declared body, then answers from the cache without a request', async () => {
      const seen: string[] = [];
      const transport = recordingTransport(client, baseUrl, seen);
      const qc = new QueryClient();
      const options = query.v1UserGetUserQueryOptions(transport, { path: { id: 1 } });
      const data = await qc.fetchQuery(options);
      const direct = await client.v1UserGetUser(transport, { path: { id: 1 } });
      expect(direct.status).toBe(200);
      expect(data).toEqual(direct.status === 200 ? direct.body : undefined);
      expect(seen).toEqual(['GET /users/1', 'GET /users/1']);
      expect(await qc.fetchQuery({ ...options, staleTime: Number.POSITIVE_INFINITY })).toBe(data);
      expect(qc.getQueryData(options.queryKey)).toBe(data);
      expect(seen).toHaveLength(2);
      expect(options.queryKey).toEqual(['v1', 'user', 'getUser', { path: { id: 1 } }]);
    });

    it('gives requests that differ in any path, query or header value keys TanStack hashes apart', () => {
      const qc = new QueryClient();
      const hash = (key: readonly unknown[]) => qc.getQueryCache().build(qc, { queryKey: key }).queryHash;
      const keys = [
        query.v1UserListUsersQueryKey({}),
        query.v1UserListUsersQueryKey({ query: { q: 'a' } }),
        query.v1UserListUsersQueryKey({ query: { q: 'a', limit: 1 } }),
        query.v1UserListUsersQueryKey({ query: { q: 'b', limit: 1 } }),
        query.v1UserGetUserQueryKey({ path: { id: 1 } }),
        query.v1UserGetUserQueryKey({ path: { id: 2 } }),
        query.v2UserGetUserQueryKey({ path: { id: 1 } }),
        query.v1AdminStatsQueryKey({ headers: { Authorization: 'a', 'X-Admin-Key': 'k' } }),
        query.v1AdminStatsQueryKey({ headers: { Authorization: 'b', 'X-Admin-Key': 'k' } }),
        query.v1UserListUsersInfiniteQueryKey({ query: { q: 'a' } }),
      ];
      expect(new Set(keys.map(hash)).size).toBe(keys.length);
      // The page parameter is not part of an infinite query's key.
      expect(hash(query.v1UserListUsersInfiniteQueryKey({ query: { q: 'a', offset: 3 } }))).toBe(hash(keys[9]!));
    });

    it("invalidates every query of a group by ['v1', 'user'] and no other", async () => {
      const seen: string[] = [];
      const transport = recordingTransport(client, baseUrl, seen);
      const qc = new QueryClient();
      const user = query.v1UserGetUserQueryOptions(transport, { path: { id: 1 } });
      const list = query.v1UserListUsersQueryOptions(transport, { query: { limit: 1 } });
      const other = query.v2UserGetUserQueryOptions(transport, { path: { id: 1 } });
      const observers = [new QueryObserver(qc, user), new QueryObserver(qc, list), new QueryObserver(qc, other)];
      const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
      await until(() => observers.every((o) => o.getCurrentResult().isSuccess));
      expect([...seen].sort()).toEqual(['GET /users/1', 'GET /users?limit=1', 'GET /v2/users/1']);
      seen.length = 0;
      await qc.invalidateQueries({ queryKey: ['v1', 'user'] });
      expect([...seen].sort()).toEqual(['GET /users/1', 'GET /users?limit=1']);
      expect(qc.getQueryState(other.queryKey)?.isInvalidated).toBe(false);
      for (const u of unsubscribe) u();
    });

    it("cancelling a query aborts the signal of the client's request", async () => {
      const signals: AbortSignal[] = [];
      const transport = new client.FwTransport({
        baseUrl,
        // Holds the request until it is aborted: the signal fetch was given must be the query's.
        fetch: (request) => {
          signals.push(request.signal);
          return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }));
        },
      });
      const qc = new QueryClient();
      const options = query.v1UserGetUserQueryOptions(transport, { path: { id: 2 } });
      const pending = qc.fetchQuery(options);
      await until(() => signals.length === 1);
      expect(signals[0]!.aborted).toBe(false);
      await qc.cancelQueries({ queryKey: options.queryKey });
      await expect(pending).rejects.toBeInstanceOf(CancelledError);
      expect(signals[0]!.aborted).toBe(true);
    });

    it('rejects a declared 404 with FwStatusError, an FwHttpError: the query is in error, not data', async () => {
      const transport = new client.FwTransport({ baseUrl });
      const qc = new QueryClient();
      const options = query.v1UserGetUserQueryOptions(transport, { path: { id: 987654 } });
      const error = await qc.fetchQuery(options).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(query.FwStatusError);
      expect(error).toBeInstanceOf(client.FwHttpError);
      expect(error).toBeInstanceOf(client.FwError);
      expect(error).toMatchObject({ status: 404, code: 'not_found', method: 'GET', url: '/users/{id}' });
      expect(qc.getQueryState(options.queryKey)).toMatchObject({ status: 'error', data: undefined });
    });

    it('runs a mutation, and the list it invalidates is fetched again with the new user', async () => {
      const seen: string[] = [];
      const transport = recordingTransport(client, baseUrl, seen);
      const qc = new QueryClient();
      const email = `query-${suffix}@example.com`;
      const list = new QueryObserver(qc, query.v1UserListUsersQueryOptions(transport, { query: { q: email } }));
      const unsubscribe = list.subscribe(() => undefined);
      await until(() => list.getCurrentResult().isSuccess);
      expect(list.getCurrentResult().data?.users ?? []).toEqual([]);
      const mutation = new MutationObserver(qc, {
        ...query.v1UserCreateUserMutationOptions(transport),
        onSuccess: () => qc.invalidateQueries({ queryKey: ['v1', 'user', 'listUsers'] }),
      });
      const created = await mutation.mutate({ headers: token, body: { name: `Query ${flavour}`, email, role: 'member' } });
      expect(created).toMatchObject({ user: { email, name: `Query ${flavour}` } });
      await until(() => (list.getCurrentResult().data?.users?.length ?? 0) > 0);
      expect(list.getCurrentResult().data?.users?.map((u) => u.email)).toEqual([email]);
      expect(seen.filter((s) => s.startsWith('POST'))).toEqual(['POST /users']);
      const refused = await new MutationObserver(qc, query.v1UserCreateUserMutationOptions(transport))
        .mutate({ headers: token, body: { name: ' ', email: 'no-at-sign', role: 'member' } })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(refused).toMatchObject({ name: 'FwStatusError', status: 400, code: 'invalid_user' });
      unsubscribe();
    });

    it('pages through GET /users with offset: each page fetched with its pageParam, one cache entry', async () => {
      const seen: string[] = [];
      const transport = recordingTransport(client, baseUrl, seen);
      const qc = new QueryClient();
      const all = await client.v1UserListUsers(transport, {});
      expect(all).toMatchObject({ status: 200, body: { total: expect.any(Number) } });
      if (all.status !== 200) throw new Error(`GET /users answered ${all.status}`);
      const options = query.v1UserListUsersInfiniteQueryOptions(
        transport,
        { query: { limit: 1 } },
        { initialPageParam: 0, getNextPageParam: (last, pages) => (last && pages.length < last.total ? pages.length : undefined) },
      );
      const observer = new InfiniteQueryObserver(qc, options);
      const unsubscribe = observer.subscribe(() => undefined);
      await until(() => observer.getCurrentResult().isSuccess);
      await observer.fetchNextPage();
      const data = observer.getCurrentResult().data!;
      expect(data.pageParams).toEqual([0, 1]);
      const ids = (all.body.users ?? []).map((u) => u.id);
      expect(data.pages.map((p) => p?.users?.map((u) => u.id))).toEqual([ids.slice(0, 1), ids.slice(1, 2)]);
      expect(seen.slice(1)).toEqual(['GET /users?limit=1&offset=0', 'GET /users?limit=1&offset=1']);
      expect(qc.getQueryData(options.queryKey)).toBe(data);
      unsubscribe();
    });

    it("retries once over: TanStack's retry is off in the options, the client's retry is the one that runs", async () => {
      const seen: string[] = [];
      // A QueryClient that would retry three times by default: the helpers' `retry: false` wins.
      const qc = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 1 } } });
      const once = recordingTransport(client, baseUrl, seen);
      const failed = await qc.fetchQuery(query.v1ProbeFlakyGetQueryOptions(once, { path: { key: `query-once-${suffix}` } })).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failed).toMatchObject({ name: 'FwStatusError', status: 503 });
      expect(seen).toEqual([`GET /probes/flaky/query-once-${suffix}`]);
      seen.length = 0;
      const retrying = recordingTransport(client, baseUrl, seen, { retry: { retries: 2, delayMs: 1 } });
      const data = await qc.fetchQuery(query.v1ProbeFlakyGetQueryOptions(retrying, { path: { key: `query-retry-${suffix}` } }));
      expect(data).toEqual({ attempts: 3 });
      expect(seen).toHaveLength(3);
    });
  });
});
