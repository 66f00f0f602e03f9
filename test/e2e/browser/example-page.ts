import * as classic from '../../../fixtures/example/web/src/api/client';
import * as mini from '../../../fixtures/example/web/src/api/client.mini';
import { type Outcome, outcome } from './outcome';

/**
 * Runs in Chromium, served by the example server at /app/ (same origin):
 * every call of test/e2e/browser.e2e.test.ts with one client flavour; the
 * test judges the outcomes.
 */
async function run(client: typeof classic, flavour: string): Promise<Record<string, Outcome | unknown>> {
  const baseUrl = (globalThis as unknown as { location: { origin: string } }).location.origin;
  const api = client.createClient({ baseUrl });
  const token = { Authorization: 'Bearer browser' };
  const user = { name: `Browser ${flavour}`, email: `browser-${flavour.replace('/', '-')}@example.com`, role: 'member' } as const;
  const out: Record<string, Outcome | unknown> = {};
  out.getUser = await outcome(() => api.v1.user.getUser({ path: { id: 1 } }));
  out.notFound = await outcome(() => api.v1.user.getUser({ path: { id: 987654 } }));
  out.queryArrays = await outcome(() => api.v1.probe.echo({ query: { ids: [1, -2], tags: ['a b', 'c&d=e'], roles: ['admin', 'member'], text: 'ü ?#' } }));
  out.createUser = await outcome(() => api.v1.user.createUser({ headers: token, body: user }));
  out.upload = await outcome(() =>
    api.v1.file.upload({ body: { description: 'from Chromium', file: new File(['hello browser'], 'hello.txt', { type: 'text/plain' }) } }),
  );
  out.redirect = await outcome(() => api.v1.file.download({ path: { path: 'docs/a b.txt' } }));
  const aborted = new AbortController();
  aborted.abort();
  out.abort = await outcome(() => api.v1.user.getUser({ path: { id: 1 } }, { signal: aborted.signal }));
  const seen = { requests: [] as string[], statuses: [] as number[] };
  const retrying = client.createClient({
    baseUrl,
    retry: { retries: 2, delayMs: 1 },
    onRequest: (request) => void seen.requests.push(new URL(request.url).pathname),
    onResponse: (response) => void seen.statuses.push(response.status),
  });
  out.retries = await outcome(() => retrying.v1.probe.flakyGet({ path: { key: `browser-${flavour}` } }));
  out.retriesSeen = seen;
  // Hostile values: refused before sending, or reaching their own route.
  for (const name of ['', '.', '..', '%2e%2e', 'x/../../users/1', 'a\\b'])
    out[`byName ${name}`] = await outcome(() => api.v1.user.getUserByName({ path: { name } }));
  for (const path of ['x/../../users/1', '..', 'a//b', '%2e%2e/users/1', 'docs/'])
    out[`download ${path}`] = await outcome(() => api.v1.file.download({ path: { path } }));
  for (const value of ['Ω', 'a\nb', 'a\0b', ' x', '\x01', ''])
    out[`authorization ${JSON.stringify(value)}`] = await outcome(() => api.v1.user.createUser({ headers: { Authorization: value }, body: user }));
  out.extraKey = await outcome(() => api.v1.user.createUser({ headers: token, body: { ...user, admin: true } } as never));
  const raw = await fetch(`${baseUrl}/users`, {
    method: 'POST',
    headers: { ...token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, email: 'raw@example.com', admin: true }),
  });
  out.extraKeyRaw = { status: raw.status, body: await raw.json() };
  return out;
}

(globalThis as { fwRun?: unknown }).fwRun = async () => ({
  zod: await run(classic, 'zod'),
  'zod/mini': await run(mini as unknown as typeof classic, 'zod/mini'),
});
