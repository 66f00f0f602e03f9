// Typed uses of the golden query modules, checked by tsc (./query-typecheck.test.ts), never run:
// each `@ts-expect-error` line is a wrong use the types must refuse (tsc fails on one that is not an error).
import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { useInfiniteQuery, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type FwError, FwTransport, type GetUserResponse, type User } from '../../../fixtures/example/web/src/api/client';
import { FwTransport as MiniTransport } from '../../../fixtures/example/web/src/api/client.mini';
import * as mini from '../../../fixtures/example/web/src/api/client.mini.query';
import {
  v1ProbeFlakyGetQueryOptions,
  v1UserCreateUserMutationOptions,
  v1UserGetUserQueryKey,
  v1UserGetUserQueryOptions,
  v1UserListUsersInfiniteQueryOptions,
  v1UserListUsersQueryOptions,
  v2RootIndexQueryOptions,
} from '../../../fixtures/example/web/src/api/client.query';

const transport = new FwTransport({ baseUrl: '/api' });
const queryClient = new QueryClient();

export async function imperative(): Promise<void> {
  const user: GetUserResponse = await queryClient.fetchQuery(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }));
  const fetched = await queryClient.fetchQuery(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }));
  // @ts-expect-error data is the declared body, not a string
  const notText: string = fetched;
  await queryClient.prefetchQuery(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }));
  const ensured: GetUserResponse = await queryClient.ensureQueryData(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }));
  // The key carries the data type: getQueryData needs no type argument.
  const cached: GetUserResponse | undefined = queryClient.getQueryData(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }).queryKey);
  // @ts-expect-error the cache may not hold it
  const surely: GetUserResponse = queryClient.getQueryData(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }).queryKey);
  // A bare response type declares the whole 2xx class: 204 and 205 have no body, so data may be null.
  const list = await queryClient.fetchQuery(v1UserListUsersQueryOptions(transport));
  const users: User[] | null | undefined = list?.users;
  // @ts-expect-error data may be null
  void list.total;
  const index: { version: string } | null = await queryClient.fetchQuery(v2RootIndexQueryOptions(transport));
  // @ts-expect-error the request is checked: id is a number
  v1UserGetUserQueryOptions(transport, { path: { id: '1' } });
  // @ts-expect-error the page parameter is TanStack's, typed as the query parameter (a number)
  v1UserListUsersInfiniteQueryOptions(transport, {}, { initialPageParam: '0', getNextPageParam: () => undefined });
  void [user, notText, ensured, cached, surely, users, index];
}

export function keys(): void {
  const key = v1UserGetUserQueryKey({ path: { id: 1 } });
  const tuple: readonly ['v1', 'user', 'getUser', { path: { id: number } }] = key;
  const asKey: QueryKey = key;
  // @ts-expect-error keys are readonly tuples
  key[0] = 'v2';
  // @ts-expect-error a tuple of four elements
  void key[4];
  // @ts-expect-error the key takes the route's request
  v1UserGetUserQueryKey({ path: { name: 'a' } });
  void [tuple, asKey];
}

export function Component(): unknown {
  const query = useQuery(v1UserGetUserQueryOptions(transport, { path: { id: 1 } }));
  if (query.isSuccess) {
    const data: GetUserResponse = query.data;
    void data;
  }
  if (query.isError) {
    const error: FwError = query.error;
    // @ts-expect-error error is an FwError, not a string
    const text: string = query.error;
    void [error, text];
  }
  const suspense = useSuspenseQuery(mini.v1UserGetUserQueryOptions(new MiniTransport({ baseUrl: '/api' }), { path: { id: 1 } }));
  const suspended: { user: User } = suspense.data;
  const flaky = useQuery(v1ProbeFlakyGetQueryOptions(transport, { path: { key: 'k' } }));
  const attempts: number | undefined = flaky.data?.attempts;
  const mutation = useMutation(v1UserCreateUserMutationOptions(transport));
  mutation.mutate({ headers: { Authorization: 'Bearer t' }, body: { name: 'Ann', email: 'ann@example.com', role: 'member' } });
  // @ts-expect-error the mutation takes the route's request: its body needs a name
  mutation.mutate({ headers: { Authorization: 'Bearer t' }, body: { email: 'ann@example.com', role: 'member' } });
  const created: { user: User } | undefined = mutation.data;
  const mutationError: FwError | null = mutation.error;
  const pages = useInfiniteQuery(
    v1UserListUsersInfiniteQueryOptions(
      transport,
      { query: { limit: 10 } },
      { initialPageParam: 0, getNextPageParam: (last, all) => (last && all.length * 10 < last.total ? all.length * 10 : undefined) },
    ),
  );
  const firstPage: User[] | null | undefined = pages.data?.pages[0]?.users;
  const pageParams: unknown[] | undefined = pages.data?.pageParams;
  const infiniteError: FwError | null = pages.error;
  return [suspended, attempts, created, mutationError, firstPage, pageParams, infiniteError];
}
