import { type ChildProcess, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../support/golden';
import { goEnv, runGo, startServer } from '../support/go';
import { CASES, HEADER_VALUES, refusedOf, SENDABLE_HEADER_VALUES } from '../support/route-cases';
import { copyFixture } from '../support/workspace';
import type { Outcome } from './browser/outcome';

/**
 * The generated clients in a real browser: headless Chromium (Debian's
 * package; .ci/run installs it), driven by puppeteer-core, one launch. Two
 * pages, each bundled with esbuild and served at /app/ by its Go server, so
 * that the client calls the API on the same origin:
 * - test/e2e/browser/example-page.ts on the example server: GET with path
 *   parameters, query arrays, a JSON POST with a required header, a
 *   multipart File upload, a declared 404, a 302 (the browser hides its
 *   Location), abort, retries with hooks, and hostile values (dot segments,
 *   header values fetch cannot send, a body key Bind refuses);
 * - test/e2e/browser/route-page.ts on fixtures/route-oracle's server: every
 *   case of the ServeMux oracle (test/e2e/route-oracle.e2e.test.ts) through
 *   the client, the Go URL helper's URLs fetched as a browser follows a
 *   link, header values judged by Chromium's own Headers and fetch, and
 *   headers named __proto__ and constructor.
 * Each in both zod flavours. Then, from a page of another origin, no-cors
 * POSTs (which browsers send without a preflight) to a JSON route of a
 * third server (test/e2e/browser/csrf-target/main.go, fwhttp.Bind): they
 * reach the server but never its handler. A missing Chromium fails the test.
 */

/** FW_CHROMIUM, else `chromium` on PATH, else Debian's path. */
const CHROMIUM =
  process.env.FW_CHROMIUM ??
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'chromium'))
    .find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';

type Flavours<T> = Record<'zod' | 'zod/mini', T>;

/** Bundles a page script for the browser into `dir` with an index.html that loads it. */
async function bundlePage(entry: string, dir: string): Promise<void> {
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outfile: path.join(dir, 'page.js'),
    logLevel: 'error',
  });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<meta charset="utf-8">\n<script type="module" src="page.js"></script>\n');
}

describe('the generated client in headless Chromium', () => {
  let browser: Browser | undefined;
  const servers: ChildProcess[] = [];
  let example: Flavours<Record<string, Outcome & { requests?: string[]; statuses?: number[] }>>;
  let crossSite: { sent: string[]; seen: { requests: number; notes: string[] } };
  let routes: Flavours<{
    cases: Outcome[];
    links: Outcome[];
    headers: { value: string; sendable: boolean; outcome: Outcome }[];
    proto: { both: Outcome; withoutProto: Outcome; raw: number };
  }>;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is required by the browser test but ${CHROMIUM} does not exist: apt-get install -y chromium (as .ci/run does), or set FW_CHROMIUM to its path`,
      );
    }
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-browser-'));
    const examplePage = path.join(tmp, 'example-page');
    const routePage = path.join(tmp, 'route-page');
    fs.mkdirSync(examplePage);
    fs.mkdirSync(routePage);
    await Promise.all([
      bundlePage(path.join(__dirname, 'browser/example-page.ts'), examplePage),
      bundlePage(path.join(__dirname, 'browser/route-page.ts'), routePage),
    ]);

    const work = copyFixture('example');
    const exampleBinary = path.join(tmp, 'server');
    runGo('go', ['build', '-o', exampleBinary, './cmd/server'], work);
    fs.mkdirSync(path.join(work, 'cmd/csrftarget'));
    fs.copyFileSync(path.join(__dirname, 'browser/csrf-target/main.go'), path.join(work, 'cmd/csrftarget/main.go'));
    const csrfBinary = path.join(tmp, 'csrftarget');
    runGo('go', ['build', '-o', csrfBinary, './cmd/csrftarget'], work);
    const oracleBinary = path.join(tmp, 'oracle');
    runGo('go', ['build', '-o', oracleBinary, './cmd/oracle'], path.join(FIXTURES, 'route-oracle'));
    const [exampleServer, oracleServer, csrfServer] = await Promise.all([
      startServer(exampleBinary, ['-addr', '127.0.0.1:0', '-files', 'https://files.example.com/store', '-static', examplePage]),
      startServer(oracleBinary, ['serve', routePage]),
      startServer(csrfBinary, []),
    ]);
    servers.push(exampleServer.child, oracleServer.child, csrfServer.child);
    const calls = CASES.map((c) => ({ route: c.route, args: Object.values(c.values) }));
    const goUrls = JSON.parse(
      execFileSync(oracleBinary, ['urls', oracleServer.baseUrl], { input: JSON.stringify(calls), encoding: 'utf8', env: goEnv() }),
    ) as unknown;

    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const runPage = async (url: string, arg?: unknown): Promise<unknown> => {
      await page.goto(url);
      await page.waitForFunction('typeof globalThis.fwRun === "function"', { timeout: 10_000 });
      return page.evaluate((a) => (globalThis as unknown as { fwRun: (a: unknown) => Promise<unknown> }).fwRun(a), arg);
    };
    example = (await runPage(`${exampleServer.baseUrl}/app/`)) as typeof example;
    routes = (await runPage(`${oracleServer.baseUrl}/app/`, goUrls)) as typeof routes;
    // The page's origin is the oracle server's; the target is another port.
    const sent = await page.evaluate(async (target: string) => {
      const json = JSON.stringify({ text: 'from another site' });
      const posts: RequestInit[] = [
        { body: new Blob([json]) }, // no Content-Type at all
        { body: json }, // text/plain;charset=UTF-8
        { body: json, headers: { 'Content-Type': 'application/json' } }, // not a CORS-safelisted value: dropped in no-cors mode
      ];
      return Promise.all(
        posts.map((init) =>
          fetch(`${target}/notes`, { ...init, method: 'POST', mode: 'no-cors', credentials: 'include' }).then(
            (r) => r.type,
            (e: unknown) => String(e),
          ),
        ),
      );
    }, csrfServer.baseUrl);
    const seen = (await (await fetch(`${csrfServer.baseUrl}/notes`)).json()) as { requests: number; notes: string[] };
    crossSite = { sent, seen };
    expect(errors).toEqual([]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) s.kill();
  });

  it('a no-cors POST from another origin reaches the server but not a JSON handler (fwhttp.Bind wants application/json: no CSRF by simple request)', () => {
    // Each fetch was sent (an opaque answer), and the server saw each...
    expect(crossSite.sent).toEqual(['opaque', 'opaque', 'opaque']);
    expect(crossSite.seen.requests).toBe(3);
    // ...but Bind refused every body: the handler stored nothing.
    expect(crossSite.seen.notes).toEqual([]);
  });

  for (const flavour of ['zod', 'zod/mini'] as const) {
    describe(`with ${flavour}`, () => {
      it('calls the example server: path parameters, query arrays, a JSON POST with a required header, a multipart File, a declared 404, a 302, abort, retries with hooks', () => {
        const out = example[flavour];
        expect(out.getUser).toMatchObject({ status: 200, body: { user: { id: 1 } } });
        expect(out.notFound).toMatchObject({ status: 404, body: { code: 'not_found' } });
        expect(out.queryArrays).toMatchObject({ status: 200, body: { ids: [1, -2], tags: ['a b', 'c&d=e'], roles: ['admin', 'member'], text: 'ü ?#' } });
        expect(out.createUser).toMatchObject({ status: 201 });
        expect(out.upload).toMatchObject({ status: 201, body: { name: 'hello.txt', size: 13, description: 'from Chromium' } });
        // Browsers hide a redirect (an opaque response): the declared status, no location.
        expect(out.redirect).toEqual({ status: 302, location: null });
        expect(out.abort).toMatchObject({ error: 'AbortError' });
        expect(out.retries).toEqual({ status: 200, body: { attempts: 3 } });
        expect(out.retriesSeen).toEqual({ requests: Array(3).fill(`/probes/flaky/browser-${flavour.replace('/', '%2F')}`), statuses: [503, 503, 200] });
      });

      it('refuses hostile values before sending, and sends the others to their own route', () => {
        const out = example[flavour];
        for (const name of ['', '.', '..']) expect(out[`byName ${name}`], name).toEqual({ error: 'FwRequestValidationError', issues: ['path.name'] });
        // Sent as one segment: the route's own 404 (no such user), never another route's answer.
        for (const name of ['%2e%2e', 'x/../../users/1', 'a\\b'])
          expect(out[`byName ${name}`], name).toMatchObject({ status: 404, body: { code: 'not_found', message: `no user named ${name}` } });
        for (const p of ['x/../../users/1', '..', 'a//b'])
          expect(out[`download ${p}`], p).toEqual({ error: 'FwRequestValidationError', issues: ['path.path'] });
        for (const p of ['%2e%2e/users/1', 'docs/']) expect(out[`download ${p}`], p).toEqual({ status: 302, location: null });
        for (const v of ['Ω', 'a\nb', 'a\0b', ' x', '\x01', '']) {
          expect(out[`authorization ${JSON.stringify(v)}`], JSON.stringify(v)).toEqual({
            error: 'FwRequestValidationError',
            issues: ['headers.Authorization'],
          });
        }
        expect(out.extraKey).toEqual({ error: 'FwRequestValidationError', issues: ['body'] });
        // The oracle: fwhttp.Bind refuses the same body with 400.
        expect(out.extraKeyRaw).toMatchObject({ status: 400, body: { code: 'invalid_request', message: expect.stringContaining('unknown field "admin"') } });
      });

      it("reaches each route of fixtures/route-oracle with the values given, or refuses before sending (Go's ServeMux decides)", () => {
        const { cases } = routes[flavour];
        expect(cases).toHaveLength(CASES.length);
        for (const [i, c] of CASES.entries()) {
          const refused = refusedOf(c);
          const label = `${c.route}(${JSON.stringify(c.values)})`;
          if (refused.length > 0) expect(cases[i], label).toEqual({ error: 'FwRequestValidationError', issues: refused.map((n) => `path.${n}`) });
          else expect(cases[i], label).toEqual({ status: 200, body: { route: c.route, values: c.values } });
        }
      });

      it("follows the Go URL helper's URLs to the route with the values given (or the helper refused them)", () => {
        const { links } = routes[flavour];
        for (const [i, c] of CASES.entries()) {
          const label = `${c.route}(${JSON.stringify(c.values)})`;
          if (refusedOf(c).length > 0) expect(links[i], label).toEqual({ error: 'PathValueError' });
          else expect(links[i], label).toEqual({ status: 200, body: { route: c.route, values: c.values } });
        }
      });

      it("refuses exactly the header values Chromium's fetch cannot send unchanged, and enforces headers named __proto__ and constructor", () => {
        const { headers, proto } = routes[flavour];
        expect(headers.map((h) => h.value)).toEqual(HEADER_VALUES);
        expect(headers.filter((h) => h.sendable).map((h) => h.value)).toEqual(SENDABLE_HEADER_VALUES);
        for (const h of headers) {
          if (h.sendable) expect(h.outcome, JSON.stringify(h.value)).toEqual({ status: 200, body: { route: 'ConstructorHeader', values: {} } });
          else expect(h.outcome, JSON.stringify(h.value)).toEqual({ error: 'FwRequestValidationError', issues: ['headers.constructor'] });
        }
        expect(proto.both).toEqual({ status: 200, body: { route: 'Guarded', values: {} } });
        expect(proto.withoutProto).toEqual({ error: 'FwRequestValidationError', issues: ['headers.__proto__'] });
        expect(proto.raw).toBe(400);
      });
    });
  }
});
