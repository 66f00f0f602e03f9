import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as classicClient from '../../fixtures/route-oracle/web/client';
import * as miniClient from '../../fixtures/route-oracle/web/client.mini';
import { FIXTURES } from '../support/golden';
import { goEnv, runGo, startServer } from '../support/go';
import { CASES, type Case, HEADER_VALUES, refusedOf, SENDABLE_HEADER_VALUES } from '../support/route-cases';

/**
 * Go's ServeMux decides which route a URL reaches. fixtures/route-oracle
 * serves its generated router on 127.0.0.1; every route answers with its
 * own name and the path values ServeMux gave it. For every operation and
 * hostile value, the URL the TypeScript client builds (both zod flavours;
 * fetch parses URLs as browsers do) and the URL the Go URL helper builds
 * (fetched from Node, as a browser follows a link) must either reach the
 * operation's own route with the very values given, or be refused before
 * anything is sent: FwRequestValidationError in TypeScript, a
 * *PathValueError in Go. The refused values are exactly those no URL can
 * carry (`""`, `.`, `..` for `{name}`; a dot segment, or an empty segment
 * but the last, for `{name...}`): everything else must get through.
 */

const ORACLE = path.join(FIXTURES, 'route-oracle');

type Outcome = 'refused' | { status: number; body: unknown };

const FLAVOURS = [
  ['zod', classicClient],
  ['zod/mini', miniClient as unknown as typeof classicClient],
] as const;

describe("which route a URL reaches, by Go's ServeMux (fixtures/route-oracle)", () => {
  let server: ChildProcess | undefined;
  let baseUrl: string;
  let binary: string;

  beforeAll(async () => {
    binary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-route-oracle-')), 'oracle');
    runGo('go', ['build', '-o', binary, './cmd/oracle'], ORACLE);
    const started = await startServer(binary, ['serve']);
    server = started.child;
    baseUrl = started.baseUrl;
  }, 120_000);

  afterAll(() => {
    server?.kill();
  });

  /** What ServeMux answered for a URL: redirects are not followed (a redirect is another route). */
  async function reach(url: string): Promise<Outcome> {
    const response = await fetch(url, { redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, body: response.status === 200 ? JSON.parse(text) : text };
  }

  function expectOutcome(c: Case, outcome: Outcome, how: string): void {
    const label = `${how} ${c.route}(${JSON.stringify(c.values)})`;
    if (refusedOf(c).length > 0) expect(outcome, label).toBe('refused');
    else expect(outcome, label).toEqual({ status: 200, body: { route: c.route, values: c.values } });
  }

  for (const [flavour, client] of FLAVOURS) {
    it(`the TypeScript client (${flavour}) reaches the operation's own route with the values given, or refuses before sending`, async () => {
      const sent: string[] = [];
      const api = client.createClient({
        baseUrl,
        fetch: (request) => {
          sent.push(request.url);
          return fetch(request);
        },
      });
      const methods = api.route as unknown as Record<string, (request: unknown) => Promise<{ status: number; body?: unknown }>>;
      for (const c of CASES) {
        const method = c.route[0]!.toLowerCase() + c.route.slice(1);
        const before = sent.length;
        let outcome: Outcome;
        try {
          const result = await methods[method]!.call(api.route, Object.keys(c.values).length > 0 ? { path: c.values } : {});
          outcome = { status: result.status, body: result.body };
        } catch (error) {
          if (!(error instanceof client.FwRequestValidationError)) throw new Error(`${c.route}(${JSON.stringify(c.values)}): ${String(error)}`);
          outcome = 'refused';
          expect(error.issues.map((i) => i.path.join('.'))).toEqual(refusedOf(c).map((name) => `path.${name}`));
        }
        expect(sent.length - before, 'a refused call sends nothing').toBe(outcome === 'refused' ? 0 : 1);
        expectOutcome(c, outcome, `client (${flavour})`);
      }
    });
  }

  it('the Go URL helper builds URLs that reach the route with the values given (followed as a browser follows a link), or returns a *PathValueError', async () => {
    const calls = CASES.map((c) => ({ route: c.route, args: Object.values(c.values) }));
    const built = JSON.parse(execFileSync(binary, ['urls', baseUrl], { input: JSON.stringify(calls), encoding: 'utf8', env: goEnv() })) as {
      url?: string;
      error?: string;
    }[];
    expect(built).toHaveLength(CASES.length);
    for (const [i, c] of CASES.entries()) {
      const b = built[i]!;
      if (b.error !== undefined) expect(b.error).toMatch(/^urlhelper: path value ".*" for \{\w+\} would not reach the route$/);
      expectOutcome(c, b.error !== undefined ? 'refused' : await reach(b.url!), 'Go URL helper');
    }
  });

  it('refuses a path value holding a lone surrogate, which encodeURIComponent throws a URIError on', async () => {
    for (const [flavour, client] of FLAVOURS) {
      const api = client.createClient({ baseUrl });
      for (const value of ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF\uDC00']) {
        await expect(api.route.getUserByName({ path: { name: value } }), `${flavour} ${JSON.stringify(value)}`).rejects.toBeInstanceOf(
          client.FwRequestValidationError,
        );
        await expect(api.route.download({ path: { path: `a/${value}/b` } }), `${flavour} ${JSON.stringify(value)}`).rejects.toBeInstanceOf(
          client.FwRequestValidationError,
        );
      }
      await expect(api.route.getUserByName({ path: { name: 'a\uD83D\uDE00' } })).resolves.toEqual({
        status: 200,
        body: { route: 'GetUserByName', values: { name: 'a\uD83D\uDE00' } },
        headers: expect.anything(),
      });
    }
  });

  it('enforces required headers named __proto__ and constructor, in the client and in the router', async () => {
    for (const [flavour, client] of FLAVOURS) {
      const api = client.createClient({ baseUrl });
      const guarded = (headers: unknown) => api.route.guarded({ headers } as never);
      for (const headers of [
        {},
        { constructor: 'y' },
        { ['__proto__']: 'x' },
        JSON.parse('{"constructor":"y","__proto__":{}}'),
        { ['__proto__']: '', constructor: 'y' },
      ]) {
        await expect(guarded(headers), `${flavour} ${JSON.stringify(headers)}`).rejects.toBeInstanceOf(client.FwRequestValidationError);
      }
      // Node's fetch (undici) drops a header named __proto__ on the wire, so the router refuses the call; Chromium sends it (test/e2e/browser.e2e.test.ts).
      await expect(guarded({ ['__proto__']: 'x', constructor: 'y' })).rejects.toMatchObject({
        status: 400,
        code: 'missing_header',
        message: 'missing required header __proto__',
      });
      await expect(api.route.constructorHeader({ headers: { constructor: 'y' } })).resolves.toMatchObject({
        status: 200,
        body: { route: 'ConstructorHeader' },
      });
      await expect(api.route.constructorHeader({ headers: {} } as never)).rejects.toBeInstanceOf(client.FwRequestValidationError);
    }
    for (const headers of [{}, { ['__proto__']: 'x' }] as Record<string, string>[]) {
      const response = await fetch(`${baseUrl}/constructor`, { method: 'POST', headers });
      expect(response.status, JSON.stringify(headers)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'missing_header', message: 'missing required header constructor' });
    }
    const response = await fetch(`${baseUrl}/guarded`, { method: 'POST', headers: { constructor: 'y' } });
    expect(await response.json()).toMatchObject({ code: 'missing_header', message: 'missing required header __proto__' });
  });

  it('refuses exactly the header values fetch cannot send unchanged to the router, never with a TypeError', async () => {
    const values = HEADER_VALUES;
    /** The oracle: Headers keeps the value as it is, and fetch sends it to the router, which lets it through. */
    const sendable = async (value: string): Promise<boolean> => {
      try {
        const headers = new Headers();
        headers.set('constructor', value);
        if (headers.get('constructor') !== value) return false;
        return (await fetch(`${baseUrl}/constructor`, { method: 'POST', headers })).status === 200;
      } catch {
        return false;
      }
    };
    const expected = new Map<string, boolean>();
    for (const value of values) expected.set(value, await sendable(value));
    // The oracle is not trivial: it takes and refuses values of each kind.
    expect([...expected].filter(([, ok]) => ok).map(([v]) => v)).toEqual(SENDABLE_HEADER_VALUES);
    for (const [flavour, client] of FLAVOURS) {
      const api = client.createClient({ baseUrl });
      for (const value of values) {
        const unchanged = expected.get(value);
        const call = api.route.constructorHeader({ headers: { constructor: value } });
        if (unchanged) await expect(call, `${flavour} ${JSON.stringify(value)}`).resolves.toMatchObject({ status: 200 });
        else await expect(call, `${flavour} ${JSON.stringify(value)}`).rejects.toBeInstanceOf(client.FwRequestValidationError);
      }
    }
  });
});
