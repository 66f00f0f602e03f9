// What a web app that uses a generated client ships: bundles a small app with
// esbuild (minified, browser ESM, zod included) and measures it.
//
//   node scripts/client-bundle.mjs
//
// prints the size of an app that calls 3 operations from 3 groups of the
// example client (fixtures/example/web/src/api/client.ts), and of one that
// uses createClient (every group). test/emit/client/bundle.test.ts bounds the
// first and checks that the bundle holds no code of the operations it does
// not call; scripts/bench.mjs measures the bench workspace's client.
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const REPO_ROOT = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
export const EXAMPLE_CLIENT = path.join(REPO_ROOT, 'fixtures/example/web/src/api/client.ts');
/** The same client generated with `--zod mini`. */
export const EXAMPLE_MINI_CLIENT = path.join(REPO_ROOT, 'fixtures/example/web/src/api/client.mini.ts');
/** The same client generated with `--split`: its entry (its modules are in split/client/). */
export const EXAMPLE_SPLIT_CLIENT = path.join(REPO_ROOT, 'fixtures/example/web/src/api/split/client.ts');
/** Three operations of three groups of the example client. */
export const EXAMPLE_CALLS = ['v1UserGetUser', 'v1FileUpload', 'v2RootIndex'];

/**
 * Bundles an app that imports `calls` (standalone operation functions) from
 * `clientFile` and calls each once, or (`calls` empty) one that uses
 * createClient. Returns the minified text and its sizes in bytes.
 *
 * @param {string} clientFile absolute path of a generated client
 * @param {string[]} calls names of operation functions
 * @returns {Promise<{ text: string; bytes: number; gzipBytes: number }>}
 */
export async function bundleApp(clientFile, calls) {
  const app =
    calls.length > 0
      ? [
          `import { FwTransport, ${calls.join(', ')} } from ${JSON.stringify(clientFile)};`,
          "const transport = new FwTransport({ baseUrl: '/api' });",
          `export const results = [${calls.map((c) => `${c}(transport, {} as never)`).join(', ')}];`,
        ]
      : [`import { createClient } from ${JSON.stringify(clientFile)};`, "export const api = createClient({ baseUrl: '/api' });"];
  return bundleText(app.join('\n'), []);
}

/** The example's TanStack Query module (`fw g client --query`) beside EXAMPLE_CLIENT. */
export const EXAMPLE_QUERY = path.join(REPO_ROOT, 'fixtures/example/web/src/api/client.query.ts');
/** The helpers of EXAMPLE_CALLS in EXAMPLE_QUERY: two queries and a mutation. */
export const EXAMPLE_QUERY_CALLS = ['v1UserGetUserQueryOptions', 'v1FileUploadMutationOptions', 'v2RootIndexQueryOptions'];

/**
 * Bundles a React app that passes the `calls` helpers of `queryFile` (a query
 * module, `fw g client --query`) to `useQuery` / `useMutation`; react and
 * @tanstack/react-query stay external (an app ships them whatever its
 * client), so the size is the client's and the helpers'.
 *
 * @param {string} queryFile absolute path of a generated query module
 * @param {string} clientFile absolute path of its client
 * @param {string[]} calls names of `…QueryOptions` / `…MutationOptions` helpers
 * @returns {Promise<{ text: string; bytes: number; gzipBytes: number }>}
 */
export async function bundleQueryApp(queryFile, clientFile, calls) {
  const hook = (c) => (c.endsWith('MutationOptions') ? `useMutation(${c}(transport))` : `useQuery(${c}(transport, {} as never))`);
  const app = [
    "import { useMutation, useQuery } from '@tanstack/react-query';",
    `import { FwTransport } from ${JSON.stringify(clientFile)};`,
    `import { ${calls.join(', ')} } from ${JSON.stringify(queryFile)};`,
    "const transport = new FwTransport({ baseUrl: '/api' });",
    `export function App() { return [${calls.map(hook).join(', ')}]; }`,
  ];
  return bundleText(app.join('\n'), ['react', 'react-dom', '@tanstack/react-query', '@tanstack/query-core']);
}

/** esbuild's minified browser bundle of `contents` (TypeScript), without `external`. */
async function bundleText(contents, external) {
  const result = await build({
    stdin: { contents, loader: 'ts', resolveDir: REPO_ROOT, sourcefile: 'app.ts' },
    external,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    nodePaths: [path.join(REPO_ROOT, 'node_modules')],
  });
  const text = result.outputFiles[0].text;
  return { text, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length };
}

/** `12.3 KB` (1 KB = 1,000 bytes). */
export function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const three = await bundleApp(EXAMPLE_CLIENT, EXAMPLE_CALLS);
  const all = await bundleApp(EXAMPLE_CLIENT, []);
  const mini = await bundleApp(EXAMPLE_MINI_CLIENT, EXAMPLE_CALLS);
  const split = await bundleApp(EXAMPLE_SPLIT_CLIENT, EXAMPLE_CALLS);
  console.log(`example client, app calling ${EXAMPLE_CALLS.join(', ')}: ${kb(three.bytes)} minified, ${kb(three.gzipBytes)} gzipped`);
  console.log(`example client with --zod mini, the same app: ${kb(mini.bytes)} minified, ${kb(mini.gzipBytes)} gzipped`);
  console.log(`example client with --split, the same app: ${kb(split.bytes)} minified, ${kb(split.gzipBytes)} gzipped`);
  console.log(`example client, app using createClient (every group): ${kb(all.bytes)} minified, ${kb(all.gzipBytes)} gzipped`);
  const query = await bundleQueryApp(EXAMPLE_QUERY, EXAMPLE_CLIENT, EXAMPLE_QUERY_CALLS);
  console.log(
    `example query helpers, React app using ${EXAMPLE_QUERY_CALLS.join(', ')}: ${kb(query.bytes)} minified, ${kb(query.gzipBytes)} gzipped (+${kb(query.gzipBytes - three.gzipBytes)} over the 3-call app)`,
  );
}
