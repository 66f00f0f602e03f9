import { hashKey, partialMatchKey } from '@tanstack/query-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { V1AdminStatsRequest, V1UserListUsersRequest } from '../../../fixtures/example/web/src/api/client';
import { v1AdminStatsQueryKey, v1UserListUsersInfiniteQueryKey, v1UserListUsersQueryKey } from '../../../fixtures/example/web/src/api/client.query';

/**
 * Query keys against TanStack's own key functions (@tanstack/query-core's
 * hashKey, which names a cache entry, and partialMatchKey, which
 * invalidateQueries uses): two requests share a cache entry exactly when the
 * client sends the same request (a value left undefined is not sent), and a
 * group's prefix matches every key of the group. Seeded; FUZZ_RUNS sets the
 * number of runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || 200;
const SEED = 33;

/** What the client sends of a request: query values left undefined are not sent. */
function sent(request: { query?: Record<string, unknown> | undefined; headers?: Record<string, unknown> | undefined }): string {
  const defined = (o: Record<string, unknown> | undefined) =>
    Object.fromEntries(
      Object.entries(o ?? {})
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  return JSON.stringify([defined(request.query), defined(request.headers)]);
}

const text = fc.string({ unit: 'binary', maxLength: 6 });
const listRequest: fc.Arbitrary<V1UserListUsersRequest> = fc.record(
  { query: fc.record({ q: fc.option(text, { nil: undefined }), limit: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }) }, { requiredKeys: [] }) },
  { requiredKeys: [] },
);
const statsRequest: fc.Arbitrary<V1AdminStatsRequest> = fc.record({ headers: fc.record({ Authorization: text, 'X-Admin-Key': text }) });

describe('query keys, judged by TanStack Query', () => {
  it('two list requests share a cache entry exactly when the client sends the same query', () => {
    fc.assert(
      fc.property(listRequest, listRequest, (a, b) => {
        expect(hashKey(v1UserListUsersQueryKey(a)) === hashKey(v1UserListUsersQueryKey(b))).toBe(sent(a) === sent(b));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('two requests with different header values never share a cache entry', () => {
    fc.assert(
      fc.property(statsRequest, statsRequest, (a, b) => {
        expect(hashKey(v1AdminStatsQueryKey(a)) === hashKey(v1AdminStatsQueryKey(b))).toBe(sent(a) === sent(b));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("the group's prefix matches every key of its queries, plain and infinite; another group's does not", () => {
    fc.assert(
      fc.property(listRequest, (request) => {
        for (const key of [v1UserListUsersQueryKey(request), v1UserListUsersInfiniteQueryKey(request)]) {
          expect(partialMatchKey(key, ['v1', 'user'])).toBe(true);
          expect(partialMatchKey(key, ['v1', 'user', 'listUsers'])).toBe(true);
          expect(partialMatchKey(key, ['v1', 'admin'])).toBe(false);
          expect(partialMatchKey(key, ['v2', 'user'])).toBe(false);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
