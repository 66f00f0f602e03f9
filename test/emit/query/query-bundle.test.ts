import { describe, expect, it } from 'vitest';
// A plain ES module script, shared with `node scripts/client-bundle.mjs`.
import {
  bundleApp,
  bundleQueryApp,
  EXAMPLE_CALLS,
  EXAMPLE_CLIENT,
  EXAMPLE_MINI_CLIENT,
  EXAMPLE_QUERY,
  EXAMPLE_QUERY_CALLS,
  kb,
} from '../../../scripts/client-bundle.mjs';

/**
 * What the query helpers add to a web app: esbuild bundles (minified, zod
 * included, react and @tanstack/react-query left external) of a React app
 * using the helpers of three operations, against the app that calls the same
 * three operations of the client. At most 2 KB gzipped more, and no code of
 * the helpers it does not use.
 */
type Bundle = { text: string; bytes: number; gzipBytes: number };
const app = bundleApp as (clientFile: string, calls: string[]) => Promise<Bundle>;
const queryApp = bundleQueryApp as (queryFile: string, clientFile: string, calls: string[]) => Promise<Bundle>;

describe('bundle of a React app using the example query helpers', () => {
  it.each([
    ['zod', EXAMPLE_CLIENT as string, EXAMPLE_QUERY as string],
    ['zod/mini', EXAMPLE_MINI_CLIENT as string, (EXAMPLE_QUERY as string).replace('client.query.ts', 'client.mini.query.ts')],
  ])('with %s: at most 2 KB gzipped over the 3-call app, without the other helpers', async (flavour, clientFile, queryFile) => {
    const calls = await app(clientFile, EXAMPLE_CALLS as string[]);
    const query = await queryApp(queryFile, clientFile, EXAMPLE_QUERY_CALLS as string[]);
    const size = (b: Bundle) => (kb as (n: number) => string)(b.gzipBytes);
    console.log(`${flavour}: 3-call app ${size(calls)} gzipped; React app with 3 query helpers ${size(query)} gzipped`);
    expect(query.gzipBytes - calls.gzipBytes).toBeLessThanOrEqual(2_000);
    expect(query.text).toContain('@tanstack/react-query');
    for (const used of ['"getUser"', '"index"']) expect(query.text).toContain(used);
    for (const unused of ['"getUserByName"', '"listUsers"', '"createUser"', '/admin/stats']) expect(query.text).not.toContain(unused);
  });
});
