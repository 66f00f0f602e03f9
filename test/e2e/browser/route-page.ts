import * as classic from '../../../fixtures/route-oracle/web/client';
import * as mini from '../../../fixtures/route-oracle/web/client.mini';
import { CASES, HEADER_VALUES } from '../../support/route-cases';
import { type Outcome, outcome } from './outcome';

/**
 * Runs in Chromium, served by fixtures/route-oracle's server at /app/ (same
 * origin): the ServeMux oracle's cases through the client (both flavours),
 * the Go URL helper's URLs fetched as a browser follows a link, header
 * values against Chromium's own Headers and fetch, and headers named
 * __proto__ and constructor.
 */
async function run(client: typeof classic, goUrls: { url?: string; error?: string }[]) {
  const api = client.createClient({ baseUrl: (globalThis as unknown as { location: { origin: string } }).location.origin });
  const methods = api.route as unknown as Record<string, (request: unknown) => Promise<{ status: number; body?: unknown }>>;
  const cases: Outcome[] = [];
  for (const c of CASES) {
    const method = c.route[0]!.toLowerCase() + c.route.slice(1);
    cases.push(await outcome(() => methods[method]!.call(api.route, Object.keys(c.values).length > 0 ? { path: c.values } : {})));
  }
  const links: Outcome[] = [];
  for (const built of goUrls) {
    if (built.url === undefined) {
      links.push({ error: 'PathValueError' });
      continue;
    }
    const response = await fetch(built.url, { redirect: 'manual' });
    links.push({ status: response.status, body: response.status === 200 ? await response.json() : await response.text() });
  }
  const headers: { value: string; sendable: boolean; outcome: Outcome }[] = [];
  for (const value of HEADER_VALUES) {
    let sendable: boolean;
    try {
      const h = new Headers();
      h.set('constructor', value);
      sendable = h.get('constructor') === value && (await fetch('/constructor', { method: 'POST', headers: h })).status === 200;
    } catch {
      sendable = false;
    }
    headers.push({ value, sendable, outcome: await outcome(() => api.route.constructorHeader({ headers: { constructor: value } })) });
  }
  const proto = {
    both: await outcome(() => api.route.guarded({ headers: { ['__proto__']: 'x', constructor: 'y' } })),
    withoutProto: await outcome(() => api.route.guarded({ headers: { constructor: 'y' } } as never)),
    raw: (await fetch('/guarded', { method: 'POST', headers: { constructor: 'y' } })).status,
  };
  return { cases, links, headers, proto };
}

(globalThis as { fwRun?: unknown }).fwRun = async (goUrls: { url?: string; error?: string }[]) => ({
  zod: await run(classic, goUrls),
  'zod/mini': await run(mini as unknown as typeof classic, goUrls),
});
