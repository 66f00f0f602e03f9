import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import * as classic from '../../../fixtures/example/web/src/api/client';
import * as mini from '../../../fixtures/example/web/src/api/client.mini';
import * as classicQuery from '../../../fixtures/example/web/src/api/client.query';
import * as miniQuery from '../../../fixtures/example/web/src/api/client.mini.query';

/**
 * Runs in Chromium, served by the example server at /app/query.html (same
 * origin): the React app of docs/query.md, with @tanstack/react-query and
 * the golden query module of each zod flavour. The test
 * (test/e2e/browser.e2e.test.ts) judges what the page rendered.
 */
type Query = typeof classicQuery;

function Users({ query, transport, search }: { query: Query; transport: classic.FwTransport; search: string }) {
  const queryClient = useQueryClient();
  const users = useQuery(query.v1UserListUsersQueryOptions(transport, { query: { q: search } }));
  const createUser = useMutation({
    ...query.v1UserCreateUserMutationOptions(transport),
    // Every query of the user group (the list, each user) is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['v1', 'user'] }),
  });
  const [count, setCount] = useState(0);
  if (users.isPending) return <p>Loading…</p>;
  if (users.isError) return <p role="alert">{users.error.message}</p>;
  const add = () => {
    setCount(count + 1);
    createUser.mutate({
      headers: { Authorization: 'Bearer web' },
      body: { name: `${search} ${count}`, email: `${search}-${count}@example.com`, role: 'member' },
    });
  };
  return (
    <>
      <ul>
        {(users.data?.users ?? []).map((user) => (
          <li key={user.id}>{user.email}</li>
        ))}
      </ul>
      <button type="button" onClick={add} disabled={createUser.isPending}>
        Add a user
      </button>
    </>
  );
}

function NotFound({ query, transport }: { query: Query; transport: classic.FwTransport }) {
  const user = useQuery(query.v1UserGetUserQueryOptions(transport, { path: { id: 987654 } }));
  return (
    <p role="status">
      {user.isError
        ? `${user.error.name} ${user.error instanceof classic.FwHttpError || user.error instanceof mini.FwHttpError ? user.error.status : ''}`
        : 'pending'}
    </p>
  );
}

/** Resolves once `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 1000) throw new Error('the page did not render in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function run(client: typeof classic, query: Query, flavour: string): Promise<Record<string, unknown>> {
  const baseUrl = (globalThis as unknown as { location: { origin: string } }).location.origin;
  const transport = new client.FwTransport({ baseUrl });
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  const search = `web-${flavour.replace('/', '-')}`;
  const queryClient = new QueryClient();
  root.render(
    <QueryClientProvider client={queryClient}>
      <Users query={query} transport={transport} search={search} />
      <NotFound query={query} transport={transport} />
    </QueryClientProvider>,
  );
  const items = () => [...element.querySelectorAll('li')].map((li) => li.textContent);
  await until(() => element.querySelector('button') !== null && element.querySelector('[role=status]')?.textContent !== 'pending');
  const before = items();
  const notFound = element.querySelector('[role=status]')?.textContent;
  element.querySelector('button')!.click();
  await until(() => items().length > before.length);
  const after = items();
  root.unmount();
  return { before, after, notFound };
}

(globalThis as { fwRun?: unknown }).fwRun = async () => ({
  zod: await run(classic, classicQuery, 'zod'),
  'zod/mini': await run(mini as unknown as typeof classic, miniQuery as unknown as Query, 'zod/mini'),
});
