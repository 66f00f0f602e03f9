import { type ChildProcess, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { goEnv, runGo, startServer } from '../support/go';
import { downloadRealModules, goListDeps, moduleEnv } from '../support/go-modules';
import { generate } from '../../src/generate';
import { STRICT_NODE, tsc, verifyingCopy } from '../support/tsc';
import { runFw } from '../support/workspace';
import { lintOpenApi } from '../support/openapi-lint';
import { scaffoldRuntime } from '../../src/runtime/scaffold';
import { writeGeneratedFiles } from '../../src/write/writer';

/**
 * Types from outside the module, resolved as if declared locally: the
 * standard library (sql.NullString, sql.NullTime, sql.Null[T], netip,
 * url.URL, http.Header, mail.Address, time.Month) and real modules from the
 * module proxy (uuid), as response bodies (`response=200:sql.NullString`)
 * and as fields (embedded, generic, aliased, pointers; a MarshalText promoted
 * from an embedded uuid.UUID). encoding/json on a
 * live Go server is the oracle (fixtures/foreign-types, samples.go, zero
 * values first): the generated client accepts exactly what Go writes, and
 * refuses a value of another JSON type at every position whose JSON form is
 * determined. Types only their MarshalJSON knows (decimal.Decimal,
 * slog.Level, fields named Opaque…) stay unknown, each with a warning.
 * Path and query values of foreign types (uuid.UUID, netip.Addr) go through
 * their MarshalText in the URL helper and the client, and fwhttp.Bind
 * decodes them back through UnmarshalText.
 */

type Call = (request: unknown) => Promise<{ status: number; body?: unknown }>;
interface ClientModule {
  createClient(config: { baseUrl: string; fetch?: (r: Request) => Promise<Response> }): { root: Record<string, Call> };
  FwResponseValidationError: new (...args: never[]) => Error;
}

// Routes whose body only MarshalJSON knows (typed unknown): no wrong JSON type can be refused there. slog.Level's form is built in.
const OPAQUE_ROUTES = new Set(['Decimal']);

let ws: string;
let samples: Record<string, unknown[]>;
let warnings: string[];
let client: ClientModule;
let server: ChildProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  downloadRealModules();
  ws = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-foreign-'));
  fs.cpSync(path.join(FIXTURES, 'foreign-types'), ws, { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(ws, 'node_modules'));
  const runtime = scaffoldRuntime({ cwd: ws });
  expect(writeGeneratedFiles(runtime.files).diagnostics).toEqual([]);
  const fw = await runFw(['g', 'all', '--cwd', ws, '--file', 'web/client.ts', '--openapi', 'web/openapi.json', '--no-cache']);
  expect(fw.code, fw.stderr).toBe(0);
  warnings = fw.stderr.split('\n').filter((l) => l.includes('warning:'));
  // go.sum from the module cache (the modules were downloaded above); fw itself needs none.
  execFileSync('go', ['mod', 'tidy'], { cwd: ws, env: goEnv(), stdio: 'pipe' });
  const binary = path.join(ws, 'oracle');
  runGo('go', ['build', '-o', binary, './cmd/oracle'], ws);
  samples = JSON.parse(execFileSync(binary, { encoding: 'utf8', env: goEnv() })) as Record<string, unknown[]>;
  const started = await startServer(binary, ['serve']);
  server = started.child;
  baseUrl = started.baseUrl;
  client = (await import(pathToFileURL(path.join(ws, 'web', 'client.ts')).href)) as ClientModule;
});

/** Per route: samples accepted, wrong JSON types refused; printed at the end (README asks for this table). */
const table = new Map<string, { accepted: number; refused: number }>();
const tally = (name: string) => {
  let row = table.get(name);
  if (!row) table.set(name, (row = { accepted: 0, refused: 0 }));
  return row;
};

afterAll(() => {
  if (table.size > 0) {
    const warned = (name: string) => warnings.filter((w) => new RegExp(`type ${name === 'Record' ? 'Decimal|Level' : name} has`).test(w)).length;
    const rows = [...table].map(
      ([name, t]) =>
        `${name.padEnd(11)} ${String(t.accepted).padStart(3)} accepted  ${OPAQUE_ROUTES.has(name) ? '  — (unknown)' : `${String(t.refused).padStart(3)} refused`}  ${warned(name)} warnings`,
    );
    console.log(`foreign types (response samples accepted | wrong JSON types refused | warnings at the type):\n${rows.join('\n')}`);
  }
  server?.kill();
  if (ws) fs.rmSync(ws, { recursive: true, force: true });
});

/** Every way to put a value of another JSON type at one position of `v` (not inside fields named Opaque…, whose form only MarshalJSON knows). */
function* wrongTypes(v: unknown, at: string[] = []): Generator<{ at: string; value: unknown }> {
  const replace = (x: unknown): unknown => (typeof x === 'string' ? 12345 : `not-${typeof x}`);
  if (v !== null) yield { at: at.join('.') || '(whole)', value: replace(v) };
  if (v === null || typeof v !== 'object') return;
  for (const [k, child] of Object.entries(v)) {
    if (k.startsWith('opaque')) continue;
    for (const inner of wrongTypes(child, [...at, k])) {
      const copy = (Array.isArray(v) ? [...v] : { ...v }) as Record<string, unknown>;
      copy[k] = inner.value;
      yield { at: inner.at, value: copy };
    }
  }
}

describe('types from the standard library and real modules, through a live Go server', () => {
  it('resolves every route (no route refused) and warns only for the types only MarshalJSON knows', () => {
    expect(Object.keys(samples).sort()).toEqual([
      'Addr',
      'Address',
      'Decimal',
      'Header',
      'Level',
      'Month',
      'NullString',
      'NullTime',
      'Prefix',
      'Record',
      'Tagged',
      'URL',
      'UUID',
    ]);
    // Responses need MarshalJSON, the echo route's request body UnmarshalJSON: one warning for the type names both; slog.Level's form is built in.
    expect(warnings, warnings.join('\n')).toHaveLength(1);
    expect(warnings[0]).toMatch(/type Decimal has MarshalJSON and UnmarshalJSON methods/);
  });

  it('every package generation loads (standard library, module cache, the module itself) is in the directory go list -deps reports for it', async () => {
    const result = await generate({ cwd: ws, generators: ['client', 'url-helper'], options: { client: { file: 'web/client.ts' } } });
    const listed = new Map(goListDeps(ws, moduleEnv({ GOFLAGS: '-mod=mod' })).map((p) => [p.ImportPath, p.Dir]));
    const loaded = [...(result.model?.program.loaded.values() ?? [])].filter((p) => !p.dir.includes(`${path.sep}urlhelper`));
    // Types whose JSON form fw knows (netip.Addr, slog.Level) are not read; the packages of the others are.
    expect(loaded.map((p) => p.importPath)).toEqual(
      expect.arrayContaining(['database/sql', 'net/mail', 'net/url', 'net/http', 'github.com/google/uuid', 'github.com/shopspring/decimal']),
    );
    expect(loaded.some((p) => p.importPath === 'github.com/google/uuid')).toBe(true);
    expect(loaded.some((p) => p.importPath === 'database/sql')).toBe(true);
    for (const p of loaded) expect({ path: p.importPath, dir: p.dir }).toEqual({ path: p.importPath, dir: listed.get(p.importPath) });
  });

  it('the client accepts exactly what Go writes, every sample of every type', async () => {
    const api = client.createClient({ baseUrl }).root;
    let checked = 0;
    for (const [name, values] of Object.entries(samples)) {
      for (let i = 0; i < values.length; i++) {
        const result = await api[`get${name}`]!.call(api, { path: { sample: String(i) } });
        expect(result.status).toBe(200);
        expect(JSON.stringify(result.body), `${name}[${i}]`).toBe(JSON.stringify(values[i]));
        checked++;
        tally(name).accepted++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it('the client sends every Record sample as a request body as Go decodes it: the echo equals that of the same bytes sent without the client', async () => {
    const api = client.createClient({ baseUrl }).root;
    for (const [i, sample] of samples.Record!.entries()) {
      const viaClient = await api.echoRecord!.call(api, { body: { v: sample } });
      const direct = await fetch(`${baseUrl}/echo/Record`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ v: sample }),
      });
      expect(direct.status).toBe(200);
      expect(viaClient.status, `Record[${i}]`).toBe(200);
      expect(JSON.stringify(viaClient.body), `Record[${i}]`).toBe(JSON.stringify(await direct.json()));
    }
  });

  it('the client refuses a value of the wrong JSON type at every position whose form is determined', async () => {
    let refused = 0;
    for (const [name, values] of Object.entries(samples)) {
      if (OPAQUE_ROUTES.has(name)) continue;
      for (const [i, sample] of values.entries()) {
        for (const wrong of wrongTypes(sample)) {
          const body = JSON.stringify(wrong.value);
          const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
          const api = client.createClient({ baseUrl: 'http://127.0.0.1:1', fetch }).root;
          await expect(api[`get${name}`]!.call(api, { path: { sample: '0' } }), `${name}[${i}] at ${wrong.at}: ${body}`).rejects.toBeInstanceOf(
            client.FwResponseValidationError,
          );
          refused++;
          tally(name).refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(60);
  });

  it('URL helper → fwhttp.Bind gives back the same uuid.UUID and netip.Addr values (zero values included)', () => {
    const out = execFileSync(path.join(ws, 'oracle'), ['urls'], { encoding: 'utf8', env: goEnv() });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/equal=true err=<nil>$/);
  });

  it('the client sends uuid and netip values in the path and query as Go binds them', async () => {
    const api = client.createClient({ baseUrl }).root;
    const id = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    const result = await api.lookup!.call(api, { path: { id }, query: { addr: '192.0.2.1', opt: id, ids: [id, '00000000-0000-0000-0000-000000000000'] } });
    expect(result).toMatchObject({ status: 200, body: { id, addr: '192.0.2.1', opt: id, ids: [id, '00000000-0000-0000-0000-000000000000'] } });
    await expect(api.lookup!.call(api, { path: { id }, query: { addr: 42 } })).rejects.toThrow();
  });

  it('the client passes tsc --strict, the router and URL helper go vet, the OpenAPI document Redocly', async () => {
    // The fixture's routes carry no descriptions: summaries are not what this test is about.
    expect((await lintOpenApi(path.join(ws, 'web', 'openapi.json'), { 'operation-summary': 'off' })).errors).toEqual([]);
    const file = path.join(ws, 'web', 'client.ts');
    expect(tsc(STRICT_NODE, [file, verifyingCopy(file)])).toEqual([]);
    runGo('go', ['vet', './...'], ws);
  });
});
