import { describe, expect, it } from 'vitest';
// A plain ES module script, shared with `node scripts/client-bundle.mjs` and the bench.
import { bundleApp, EXAMPLE_CALLS, EXAMPLE_CLIENT, EXAMPLE_MINI_CLIENT, EXAMPLE_SPLIT_CLIENT, kb } from '../../../scripts/client-bundle.mjs';

/**
 * What a web app ships (issue 15): esbuild bundles, minified with zod, an
 * app that calls three operations of three groups of the golden example
 * client (v1 user, v1 file, v2 root). The bundle stays under 40 KB gzipped
 * and holds no code of the operations it does not call: neither their
 * paths nor the properties only their schemas have. An app that uses
 * createClient is the control: there the same strings are present.
 */
type Bundle = { text: string; bytes: number; gzipBytes: number };
const bundle = bundleApp as (clientFile: string, calls: string[]) => Promise<Bundle>;

/** Strings only the operations the app does not call carry: paths and response properties. */
const UNUSED = ['/users/by-name/', '/admin/stats', '/admin/users', 'goroutines', '/by-email/', '/health'];

describe('bundle of an app using the example client', () => {
  it('3 operations of 3 groups: at most 40 KB gzipped, without the code of the other operations', async () => {
    const app = await bundle(EXAMPLE_CLIENT as string, EXAMPLE_CALLS as string[]);
    expect(app.gzipBytes).toBeLessThanOrEqual(40_000);
    for (const used of ['/users/', '/files', '/v2/', 'createdAt']) expect(app.text).toContain(used);
    for (const unused of UNUSED) expect(app.text).not.toContain(unused);
  });

  it('with --zod mini: smaller than with classic zod, and still without the code of the other operations', async () => {
    const classic = await bundle(EXAMPLE_CLIENT as string, EXAMPLE_CALLS as string[]);
    const mini = await bundle(EXAMPLE_MINI_CLIENT as string, EXAMPLE_CALLS as string[]);
    const size = (b: Bundle) => `${(kb as (n: number) => string)(b.bytes)} minified, ${(kb as (n: number) => string)(b.gzipBytes)} gzipped`;
    console.log(`3 operations of the example client: classic zod ${size(classic)}; zod/mini ${size(mini)}`);
    expect(mini.gzipBytes).toBeLessThan(classic.gzipBytes);
    // zod classic's own schema classes are not in it: only zod/mini's.
    expect(classic.text).toContain('"ZodString"');
    expect(mini.text).not.toContain('"ZodString"');
    expect(mini.text).toContain('"ZodMiniString"');
    for (const used of ['/users/', '/files', '/v2/', 'createdAt']) expect(mini.text).toContain(used);
    for (const unused of UNUSED) expect(mini.text).not.toContain(unused);
  });

  it('with --split: the same code as with the one-file client (within 1%: the minifier names things in another order), without the other operations', async () => {
    const single = await bundle(EXAMPLE_CLIENT as string, EXAMPLE_CALLS as string[]);
    const split = await bundle(EXAMPLE_SPLIT_CLIENT as string, EXAMPLE_CALLS as string[]);
    expect(split.bytes).toBeLessThanOrEqual(single.bytes * 1.01);
    expect(split.gzipBytes).toBeLessThanOrEqual(single.gzipBytes * 1.01);
    for (const used of ['/users/', '/files', '/v2/', 'createdAt']) expect(split.text).toContain(used);
    for (const unused of UNUSED) expect(split.text).not.toContain(unused);
  });

  it('control: an app that uses createClient holds every operation', async () => {
    const app = await bundle(EXAMPLE_CLIENT as string, []);
    for (const s of UNUSED) expect(app.text).toContain(s);
  });
});
