import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Diagnostic, formatDiagnostic } from '../src/diagnostics/diagnostics';
import { generate } from '../src/generate';
import { type Rebuild, startWatch, type Watcher } from '../src/watch/watch';
import { copyFixture, makeWorkspace, runFw } from './support/workspace';

/**
 * fw watch against the oracle of a fresh run: after every edit the watcher
 * has rebuilt, `fw g all --check --no-cache` (a new program, nothing in
 * memory, no cache) must find every output up to date, i.e. byte-identical
 * to what it would write. Every wait is bounded and the watcher is always
 * closed, so a broken watcher fails a test instead of hanging the run.
 */

const CLIENT = 'web/src/api/client.ts';
const WAIT_MS = 15_000;

let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
});

/**
 * Starts a watcher on `ws`; `next()` resolves with the last rebuild once
 * rebuilds stop coming (one file-system change may arrive as two events far
 * enough apart for two rebuilds), bounded in time.
 */
async function watchWorkspace(
  ws: string,
  client: Record<string, unknown> = {},
): Promise<{ next: () => Promise<Rebuild>; first: Rebuild; causes: Rebuild['cause'][] }> {
  const queue: Rebuild[] = [];
  /** What caused every build so far, in order. */
  const causes: Rebuild['cause'][] = [];
  let wake: (() => void) | undefined;
  watcher = startWatch({ cwd: ws, generators: ['router', 'url-helper', 'client'], options: { client: { file: CLIENT, ...client } }, debounceMs: 50 }, (r) => {
    queue.push(r);
    causes.push(r.cause);
    wake?.();
  });
  const next = async (): Promise<Rebuild> => {
    const deadline = Date.now() + WAIT_MS;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, ms);
      });
    while (queue.length === 0) {
      if (Date.now() > deadline) throw new Error(`fw watch did not rebuild within ${WAIT_MS} ms`);
      await pause(100);
    }
    for (let seen = queue.length; ; seen = queue.length) {
      await new Promise((r) => setTimeout(r, 300));
      if (queue.length === seen || Date.now() > deadline) break;
    }
    const last = queue[queue.length - 1]!;
    queue.length = 0;
    return last;
  };
  const first = await next();
  return { next, first, causes };
}

/** The oracle: a fresh fw g all finds nothing to write. */
async function expectFreshRunAgrees(ws: string, client = CLIENT, more: string[] = []): Promise<void> {
  const check = await runFw(['g', 'all', '--file', client, ...more, '--cwd', ws, '--check', '--no-cache']);
  expect(check.stderr.split('\n').filter((l) => l.includes('error'))).toEqual([]);
  expect(check.code).toBe(0);
}

/** The diagnostics as printed, sorted: of a rebuild, or (the oracle) of a fresh run of what fw watch generates. */
const printed = (ws: string, diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => formatDiagnostic(d, ws)).sort();
async function freshDiagnostics(ws: string): Promise<string[]> {
  return printed(ws, (await generate({ cwd: ws, generators: ['router', 'url-helper', 'client'], options: { client: { file: CLIENT } } })).diagnostics);
}

/** A rebuild that wrote, with a fresh run's diagnostics, after which a fresh run finds every output up to date. */
async function rebuildAgrees(ws: string, r: Rebuild): Promise<void> {
  expect(r.report).toBeDefined();
  expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
  await expectFreshRunAgrees(ws);
}

/** rebuildAgrees for a workspace whose client is client.ts. */
async function rebuildAgreesFor(ws: string, r: Rebuild): Promise<void> {
  expect(r.report).toBeDefined();
  await expectFreshRunAgrees(ws, 'client.ts');
}

const read = (ws: string, rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');
function edit(ws: string, rel: string, from: string, to: string): void {
  const text = read(ws, rel);
  expect(text).toContain(from);
  fs.writeFileSync(path.join(ws, rel), text.replace(from, to));
}

const USERS = 'internal/v1handler/handler_users.go';
const ROUTER = 'internal/v1handler/router.go';
const V2_USERS = 'internal/v2handler/handler_users.go';

/**
 * A second package named models, internal/a/models (its import path sorts before internal/models, so it takes the
 * import name models where both are imported), and a new subfolder kinds of `root` with a handler Kinds whose
 * declarations and annotation (`decl`, naming amodels.Kind) use it.
 */
function addOtherModels(ws: string, root: string, decl: string): void {
  fs.mkdirSync(path.join(ws, 'internal/a/models'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'internal/a/models/models.go'), 'package models\n\n// Kind is a kind.\ntype Kind string\n');
  fs.mkdirSync(path.join(ws, `internal/${root}/kinds`));
  fs.writeFileSync(
    path.join(ws, `internal/${root}/kinds/handler_kinds.go`),
    `package kinds\n\nimport (\n\t"net/http"\n\n\tamodels "example.com/shop/internal/a/models"\n)\n\n${decl}\nfunc Kinds() http.HandlerFunc { return nil }\n`,
  );
}

describe('fw watch', () => {
  it('builds at start like a fresh fw g all', async () => {
    const ws = copyFixture('example');
    const { first } = await watchWorkspace(ws);
    expect(first.cause).toBe('initial');
    expect(first.report).toBeDefined();
    await expectFreshRunAgrees(ws);
  });

  it('after an edit, an added, a deleted and a renamed handler file, its outputs are what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);

    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    let r = await next();
    expect(r.report?.written.map((f) => path.relative(ws, f))).toContain(ROUTER);
    expect(read(ws, ROUTER)).toContain('/people/{id}');
    await expectFreshRunAgrees(ws);

    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/handler_ping.go'),
      'package v1handler\n\nimport "net/http"\n\n// fw:http_route path=/ping\nfunc Ping() http.HandlerFunc { return nil }\n',
    );
    r = await next();
    expect(read(ws, ROUTER)).toContain('"GET /ping"');
    await expectFreshRunAgrees(ws);

    fs.renameSync(path.join(ws, 'internal/v1handler/handler_ping.go'), path.join(ws, 'internal/v1handler/handler_health.go'));
    r = await next();
    expect(read(ws, ROUTER)).toContain('"GET /ping"');
    await expectFreshRunAgrees(ws);

    fs.rmSync(path.join(ws, 'internal/v1handler/handler_health.go'));
    r = await next();
    expect(r.report).toBeDefined();
    expect(read(ws, ROUTER)).not.toContain('"GET /ping"');
    await expectFreshRunAgrees(ws);
  });

  it('after edits of a type file (a field added, the file renamed), its outputs are what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const typeFile = fs.readdirSync(path.join(ws, 'internal/models')).find((f) => f.endsWith('.go') && read(ws, `internal/models/${f}`).includes('struct {'));
    expect(typeFile).toBeDefined();
    const rel = `internal/models/${typeFile!}`;
    const { next } = await watchWorkspace(ws);
    const before = read(ws, CLIENT);

    const text = read(ws, rel);
    const at = text.indexOf('struct {') + 'struct {'.length;
    fs.writeFileSync(path.join(ws, rel), `${text.slice(0, at)}\n\tWatchedField string \`json:"watched_field"\`${text.slice(at)}`);
    await next();
    expect(read(ws, CLIENT)).toContain('watched_field');
    expect(read(ws, CLIENT)).not.toBe(before);
    await expectFreshRunAgrees(ws);

    fs.renameSync(path.join(ws, rel), path.join(ws, 'internal/models/renamed_types.go'));
    await next();
    await expectFreshRunAgrees(ws);
  });

  it("after an edit in one root rewrites only that root's files (and the shared client); the other root's stay untouched", async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const V1_OUTPUTS = [ROUTER, 'internal/v1handler/registry.go', 'internal/v1handler/urlhelper/urlhelper.go'];
    const mtimes = () => V1_OUTPUTS.map((rel) => fs.statSync(path.join(ws, rel)).mtimeMs);
    const before = mtimes();
    // Old enough that a rewrite would show in the mtime even on a coarse clock.
    for (const rel of V1_OUTPUTS) fs.utimesSync(path.join(ws, rel), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const touched = mtimes();
    expect(touched).not.toEqual(before);

    edit(ws, V2_USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    const r = await next();
    const written = r.report?.written.map((f) => path.relative(ws, f)) ?? [];
    expect(written).toContain('internal/v2handler/router.go');
    expect(written.filter((f) => f !== CLIENT && !f.startsWith('internal/v2handler/'))).toEqual([]);
    expect(mtimes()).toEqual(touched);
    await expectFreshRunAgrees(ws);
  });

  it("after edits of the file that declares a root's fw:http_root prefix (changed, declared twice, fixed), its outputs and diagnostics are what a fresh run gives", async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const V2_ROUTER = 'internal/v2handler/router.go';
    expect(read(ws, V2_ROUTER)).toContain('"GET /v2/users/{id}"');

    edit(ws, 'internal/v2handler/doc.go', 'prefix=/v2', 'prefix=/v3');
    let r = await next();
    expect(r.report?.written.map((f) => path.relative(ws, f))).toEqual(expect.arrayContaining([V2_ROUTER, CLIENT]));
    expect(read(ws, V2_ROUTER)).toContain('"GET /v3/users/{id}"');
    expect(read(ws, CLIENT)).toContain("pattern: '/v3/users/{id}'");
    await expectFreshRunAgrees(ws);

    edit(ws, V2_USERS, 'package v2handler\n', 'package v2handler\n\n// fw:http_root prefix=/v4\n');
    r = await next();
    expect(r.report).toBeUndefined();
    expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
    expect(printed(ws, r.diagnostics).some((l) => l.includes('declares fw:http_root a second time'))).toBe(true);

    edit(ws, V2_USERS, '\n// fw:http_root prefix=/v4\n', '');
    r = await next();
    expect(r.report).toBeDefined();
    expect(read(ws, V2_ROUTER)).toContain('"GET /v3/users/{id}"');
    await expectFreshRunAgrees(ws);
  });

  it("after an edit in one root that renames a schema the other root's operations use, the client is what a fresh run writes", async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const before = read(ws, CLIENT);
    // A second Go type named User (v1's own) makes the client put package names in front of both: v2's operations, kept from the
    // last rebuild, must then refer to the new name of models.User.
    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/handler_profile.go'),
      'package v1handler\n\nimport "net/http"\n\n// User is a profile.\ntype User struct {\n\tNick string `json:"nick"`\n}\n\n' +
        '// fw:http_route path=/profile response=200:User\nfunc Profile() http.HandlerFunc { return nil }\n',
    );
    await next();
    const after = read(ws, CLIENT);
    expect(after).toContain('nick');
    expect(after.match(/export const UserSchema\b/g)).toBeNull();
    expect(before.match(/export const UserSchema\b/g)).not.toBeNull();
    await expectFreshRunAgrees(ws);
  });

  it('after types edits that change what a kept operation prints inline (fields and docs of a struct its request embeds), the client is what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const MODELS = 'internal/models/models.go';
    fs.appendFileSync(path.join(ws, MODELS), '\n// Paging selects a page.\ntype Paging struct {\n\t// Page counts from 1.\n\tPage int `query:"page"`\n}\n');
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_search.go'),
      'package v2handler\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/models"\n)\n\n' +
        '// SearchRequest pages through users.\ntype SearchRequest struct {\n\tmodels.Paging\n\tQ string `query:"q"`\n}\n\n' +
        '// fw:http_route path=/v2/search response=200:models.User\nfunc Search() http.HandlerFunc { return nil }\n',
    );
    const { next } = await watchWorkspace(ws);
    expect(read(ws, CLIENT)).toContain('Page counts from 1.');
    // The search operation's printed text is kept by the watcher; only the types it embeds change.
    edit(
      ws,
      MODELS,
      '\t// Page counts from 1.\n\tPage int `query:"page"`\n',
      '\t// Page counts from 0.\n\tPage int `query:"page"`\n\tSize int `query:"size"`\n',
    );
    await next();
    expect(read(ws, CLIENT)).toContain('Page counts from 0.');
    expect(read(ws, CLIENT)).toContain('size');
    await expectFreshRunAgrees(ws);

    edit(ws, MODELS, '`query:"page"`', '`query:"page_number"`');
    await next();
    expect(read(ws, CLIENT)).toContain('page_number');
    await expectFreshRunAgrees(ws);
  });

  it("after an edit in one root, gives the warnings a fresh run gives, the other root's included", async () => {
    const ws = copyFixture('example');
    // A query field fw cannot resolve in v2's request type: a warning from the client's type resolver when v2 is planned (only then).
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_events.go'),
      'package v2handler\n\nimport "net/http"\n\ntype EventsRequest struct {\n\tStream chan int `query:"stream"`\n\tCount  int      `query:"count"`\n}\n\n' +
        '// fw:http_route path=/v2/events request=EventsRequest\nfunc Events() http.HandlerFunc { return nil }\n',
    );
    const { next, first } = await watchWorkspace(ws);
    const expected = await freshDiagnostics(ws);
    expect(expected.some((l) => l.includes('handler_events.go') && l.includes('warning'))).toBe(true);
    expect(printed(ws, first.diagnostics)).toEqual(expected);

    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    const r = await next();
    expect(r.report).toBeDefined();
    expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
    await expectFreshRunAgrees(ws);
  });

  it('after an edit that drops the first of two roots giving the same warning, still gives it (from the other root)', async () => {
    const ws = copyFixture('example');
    // A shared request type with a query field fw cannot resolve: planning v1, then v2, warns about it once (for v1).
    const models = read(ws, 'internal/models/models.go');
    fs.writeFileSync(
      path.join(ws, 'internal/models/models.go'),
      `${models}\n// Filter selects events.\ntype Filter struct {\n\tStream chan int \`query:"stream"\`\n}\n`,
    );
    const route = (pkg: string, p: string) =>
      `package ${pkg}\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/models"\n)\n\n// fw:http_route path=${p} request=models.Filter\nfunc Events() http.HandlerFunc { return nil }\n`;
    fs.writeFileSync(path.join(ws, 'internal/v1handler/handler_events.go'), route('v1handler', '/events'));
    fs.writeFileSync(path.join(ws, 'internal/v2handler/handler_events.go'), route('v2handler', '/v2/events'));
    const { next } = await watchWorkspace(ws);
    fs.rmSync(path.join(ws, 'internal/v1handler/handler_events.go'));
    const r = await next();
    const expected = await freshDiagnostics(ws);
    expect(expected.some((l) => l.includes('field Stream of Filter has type chan'))).toBe(true);
    expect(printed(ws, r.diagnostics)).toEqual(expected);
    await expectFreshRunAgrees(ws);
  });

  it('after an edit elsewhere, still gives the warnings and errors of resolving types it kept, as a fresh run does', async () => {
    const ws = copyFixture('example');
    // Found when these types are resolved, not when a view of them is taken: a type fw cannot resolve (a warning), then one nested too deep (an error).
    const models = read(ws, 'internal/models/models.go');
    fs.writeFileSync(
      path.join(ws, 'internal/models/models.go'),
      `${models}\n// Feed streams.\ntype Feed chan int\n\n// Holder holds a feed.\ntype Holder struct {\n\tFeed Feed \`json:"feed"\`\n}\n`,
    );
    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/handler_holder.go'),
      'package v1handler\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/models"\n)\n\n// fw:http_route path=/holder response=200:models.Holder\nfunc Holder() http.HandlerFunc { return nil }\n',
    );
    const { next, first } = await watchWorkspace(ws);
    const expected = await freshDiagnostics(ws);
    expect(expected.some((l) => l.includes('type Feed is declared as'))).toBe(true);
    expect(printed(ws, first.diagnostics)).toEqual(expected);

    // v2's package: nothing the kept types of models depend on.
    edit(ws, V2_USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    let r = await next();
    expect(r.report).toBeDefined();
    expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
    await expectFreshRunAgrees(ws);

    const deep = `${'[]'.repeat(101)}int`;
    fs.writeFileSync(
      path.join(ws, 'internal/models/models.go'),
      `${read(ws, 'internal/models/models.go')}\n// Deep is nested too deep.\ntype Deep struct {\n\tD ${deep} \`json:"d"\`\n}\n`,
    );
    edit(ws, 'internal/v1handler/handler_holder.go', 'response=200:models.Holder', 'response=200:models.Holder response=400:models.Deep');
    r = await next();
    const refused = await freshDiagnostics(ws);
    expect(refused.some((l) => l.includes('error') && l.includes('nested more than'))).toBe(true);
    expect(r.report).toBeUndefined();
    expect(printed(ws, r.diagnostics)).toEqual(refused);

    edit(ws, V2_USERS, 'path=/people/{id} ', 'path=/users/{id} ');
    r = await next();
    expect(r.report).toBeUndefined();
    expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
  });

  it('after fw.json beside go.mod is added, edited, broken and removed, its outputs and diagnostics are what a fresh run gives', async () => {
    const ws = copyFixture('example');
    const models = read(ws, 'internal/models/models.go').replace(/struct \{/, 'struct {\n\tBalance Money `json:"balance"`');
    fs.writeFileSync(
      path.join(ws, 'internal/models/models.go'),
      `${models}\n// Money is a sum.\ntype Money struct{ c int64 }\n\nfunc (m Money) MarshalJSON() ([]byte, error) { return nil, nil }\n`,
    );
    const { next, first } = await watchWorkspace(ws);
    expect(printed(ws, first.diagnostics).some((l) => l.includes('type Money has a MarshalJSON method'))).toBe(true);
    const config = (form: string) => fs.writeFileSync(path.join(ws, 'fw.json'), `{ "types": { "example.com/shop/internal/models.Money": ${form} } }\n`);
    for (const form of ['"string"', '"number"', '"strng"', undefined]) {
      if (form === undefined) fs.rmSync(path.join(ws, 'fw.json'));
      else config(form);
      const r = await next();
      const fresh = await freshDiagnostics(ws);
      expect(printed(ws, r.diagnostics), form).toEqual(fresh);
      if (form === '"strng"') {
        expect(fresh.some((l) => l.startsWith('fw.json:1:56: error: type must be one of'))).toBe(true);
        expect(r.report).toBeUndefined();
        continue;
      }
      expect(r.report).toBeDefined();
      await expectFreshRunAgrees(ws);
    }
  });

  it('after an edit that gives one root a client name clash, reports what a fresh run reports', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/handler_ctor.go'),
      'package v1handler\n\nimport "net/http"\n\n// fw:http_route path=/ctor name=constructor\nfunc Ctor() http.HandlerFunc { return nil }\n',
    );
    const r = await next();
    expect(r.report).toBeUndefined();
    const expected = await freshDiagnostics(ws);
    expect(expected.some((l) => l.includes('error') && l.includes('constructor'))).toBe(true);
    expect(printed(ws, r.diagnostics)).toEqual(expected);
  });

  it("after handler edits that clash an operation's name with a kept package's operation and undo it, move an operation between packages and answer with a type no operation used, its outputs and diagnostics are what a fresh run gives", async () => {
    // fw watch names and plans only the groups the model made again; the other packages' classes, their names and the schema registry are kept.
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const expectFresh = async (r: Rebuild) => {
      expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
      if (r.report) await expectFreshRunAgrees(ws);
    };
    // Group UserGet (a new subfolder user of v2, whose root package is kept) + route User is V2UserGetUser, the name of
    // v2handler's UserHandler.GetUser: an error, then renamed.
    const extra = 'internal/v2handler/user/handler_get.go';
    const extraHandler = (name: string) =>
      `package user\n\nimport "net/http"\n\ntype GetHandler struct{}\n\n// fw:http_route path=/user-get name=${name}\nfunc (h *GetHandler) Get() http.HandlerFunc { return nil }\n`;
    // v2handler edited first: its groups are named again in a rebuild, and their names must still count as taken.
    edit(ws, V2_USERS, 'path=/users/by-email/{email} ', 'path=/users/by-mail/{email} ');
    await expectFresh(await next());
    fs.mkdirSync(path.join(ws, path.dirname(extra)));
    fs.writeFileSync(path.join(ws, extra), extraHandler('User'));
    let r = await next();
    expect(r.report).toBeUndefined();
    expect(r.diagnostics.some((d) => d.code === 'FW5041')).toBe(true);
    await expectFresh(r);
    fs.writeFileSync(path.join(ws, extra), extraHandler('Person'));
    r = await next();
    expect(r.report).toBeDefined();
    expect(read(ws, CLIENT)).toContain('V2UserGetPersonRequest');
    await expectFresh(r);
    fs.writeFileSync(path.join(ws, extra), extraHandler('User'));
    r = await next();
    expect(r.diagnostics.some((d) => d.code === 'FW5041')).toBe(true);
    await expectFresh(r);
    fs.rmSync(path.join(ws, extra));
    r = await next();
    await expectFresh(r);

    // admin's Stats moved to the root package: its operation leaves group Admin (and its class) for group Root.
    const stats = read(ws, 'internal/v1handler/admin/handler_stats.go');
    fs.rmSync(path.join(ws, 'internal/v1handler/admin/handler_stats.go'));
    fs.writeFileSync(path.join(ws, 'internal/v1handler/handler_stats.go'), stats.replace('package admin', 'package v1handler'));
    r = await next();
    expect(read(ws, CLIENT)).toContain('v1RootStats');
    await expectFresh(r);

    // Health answers with HealthResponse, which no operation named before: a new schema in the kept registry's names and order.
    edit(ws, 'internal/v1handler/handler_health.go', '// fw:http_route path=/health', '// fw:http_route path=/health response=200:HealthResponse');
    r = await next();
    expect(read(ws, CLIENT)).toContain('HealthResponseSchema');
    await expectFresh(r);
  });

  it("after an edit of a package in one root's tree that another root came to take request types from, both roots are what a fresh run writes", async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    // v2 comes to take a request type from v1's admin subfolder, and embeds it in a request type of its own.
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_admin.go'),
      'package v2handler\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/v1handler/admin"\n)\n\n' +
        '// fw:http_route path=/admin/users request=admin.ListUsersRequest response=200:admin.ListUsersResponse\nfunc ListAdminUsers() http.HandlerFunc { return nil }\n\n' +
        '// SearchRequest adds a text to the admin filter.\ntype SearchRequest struct {\n\tadmin.ListUsersRequest\n\tText string `query:"text"`\n}\n\n' +
        '// fw:http_route path=/admin/search request=SearchRequest\nfunc SearchAdminUsers() http.HandlerFunc { return nil }\n',
    );
    await next();
    await expectFreshRunAgrees(ws);

    edit(ws, 'internal/v1handler/admin/handler_users.go', '`query:"role"`', '`query:"user_role"`');
    await next();
    const helper = read(ws, 'internal/v2handler/urlhelper/urlhelper.go');
    expect(helper).toContain('v.Add("user_role", string(q.Role))');
    expect(helper).not.toContain('v.Add("role", string(q.Role))');
    await expectFreshRunAgrees(ws);
  });

  it('after a types edit that changes a schema both roots use, and a broken types edit then its fix, its outputs are what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const MODELS = 'internal/models/models.go';
    const { next } = await watchWorkspace(ws);

    edit(ws, MODELS, '`json:"email"`', '`json:"email_address"`');
    let r = await next();
    expect(r.report).toBeDefined();
    expect(read(ws, CLIENT)).toContain('email_address');
    await expectFreshRunAgrees(ws);

    // v2's annotations name models.User (errors there), v1's response types hold it in fields: nothing is written.
    const good = [read(ws, CLIENT), read(ws, ROUTER), read(ws, 'internal/v2handler/router.go')];
    edit(ws, MODELS, 'type User struct', 'type Person struct');
    r = await next();
    expect(r.report).toBeUndefined();
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => path.relative(ws, d.pos!.file))).toEqual([V2_USERS, V2_USERS]);
    expect([read(ws, CLIENT), read(ws, ROUTER), read(ws, 'internal/v2handler/router.go')]).toEqual(good);

    edit(ws, MODELS, 'type Person struct', 'type User struct');
    r = await next();
    expect(r.report).toBeDefined();
    await expectFreshRunAgrees(ws);
  });

  it('after a new subfolder of handlers, a new root, their removal and go.mod edits, its outputs are what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);

    fs.mkdirSync(path.join(ws, 'internal/v1handler/billing'));
    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/billing/handler_billing.go'),
      'package billing\n\nimport "net/http"\n\n// fw:http_route path=/billing/invoices\nfunc ListInvoices() http.HandlerFunc { return nil }\n',
    );
    await next();
    expect(read(ws, ROUTER)).toContain('"GET /billing/invoices"');
    await expectFreshRunAgrees(ws);

    const v3 = path.join(ws, 'internal/v3handler');
    fs.mkdirSync(v3);
    for (const f of ['router.go', 'registry.go']) fs.writeFileSync(path.join(v3, f), '// Code generated by fw. DO NOT EDIT.\n\npackage v3handler\n');
    fs.writeFileSync(
      path.join(v3, 'handler_status.go'),
      'package v3handler\n\nimport "net/http"\n\n// fw:http_route path=/v3/status\nfunc Status() http.HandlerFunc { return nil }\n',
    );
    await next();
    expect(read(ws, 'internal/v3handler/router.go')).toContain('"GET /v3/status"');
    expect(read(ws, CLIENT)).toContain('/v3/status');
    await expectFreshRunAgrees(ws);

    fs.rmSync(path.join(ws, 'internal/v1handler/billing'), { recursive: true });
    await next();
    expect(read(ws, ROUTER)).not.toContain('/billing/');
    await expectFreshRunAgrees(ws);

    // Another module path: the handlers' imports of example.com/shop/... leave the module (errors), then back.
    edit(ws, 'go.mod', 'module example.com/shop', 'module example.com/store');
    const broken = await next();
    expect(broken.report).toBeUndefined();
    expect(broken.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    edit(ws, 'go.mod', 'module example.com/store', 'module example.com/shop');
    const fixed = await next();
    expect(fixed.report).toBeDefined();
    await expectFreshRunAgrees(ws);
  });

  it('after edits that move a route between subfolders, clash group or RouterParams names across packages, and undo that, its outputs and diagnostics are what a fresh run gives', async () => {
    // fw watch keeps what each unchanged handler package gave its root's model: these edits change what other packages' parts mean.
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      fs.writeFileSync(path.join(ws, rel), text);
    };
    const handler = (pkg: string, decl: string) => `package ${pkg}\n\nimport "net/http"\n\n${decl}\n`;
    const expectFresh = async (r: Rebuild) => {
      expect(printed(ws, r.diagnostics)).toEqual(await freshDiagnostics(ws));
      if (r.report) await expectFreshRunAgrees(ws);
    };

    // A handler type of the same name in another subfolder (already imported: the import names stay): both RouterParams
    // fields take their subfolder's prefix (billing's part and lines are kept, its field name is not) ...
    write(
      'internal/v1handler/billing/handler_invoices.go',
      handler(
        'billing',
        'type InvoiceHandler struct{}\n\n// fw:http_route path=/billing/invoices\nfunc (h *InvoiceHandler) List() http.HandlerFunc { return nil }',
      ),
    );
    let r = await next();
    expect(read(ws, ROUTER)).toContain('p.InvoiceHandler.List()');
    await expectFresh(r);
    write(
      'internal/v1handler/admin/handler_invoices.go',
      handler(
        'admin',
        'type InvoiceHandler struct{}\n\n// fw:http_route path=/admin/invoices\nfunc (h *InvoiceHandler) List() http.HandlerFunc { return nil }',
      ),
    );
    r = await next();
    expect(read(ws, ROUTER)).toContain('p.BillingInvoiceHandler.List()');
    await expectFresh(r);
    // ... and the one left when the other goes takes the bare name again.
    fs.rmSync(path.join(ws, 'internal/v1handler/admin/handler_invoices.go'));
    r = await next();
    expect(read(ws, ROUTER)).toContain('p.InvoiceHandler.List()');
    await expectFresh(r);

    // A route moved from one subfolder to another.
    const stats = read(ws, 'internal/v1handler/admin/handler_stats.go');
    fs.rmSync(path.join(ws, 'internal/v1handler/admin/handler_stats.go'));
    write('internal/v1handler/billing/handler_stats.go', stats.replace('package admin', 'package billing'));
    r = await next();
    expect(read(ws, ROUTER)).toContain('billing.Stats()');
    await expectFresh(r);

    // A subfolder whose functions form the group of admin's UserHandler (AdminUser): a clash, reported as a fresh run reports it;
    // admin's part (kept, its group taken by the clash) is as before once the clash is gone.
    write('internal/v1handler/admin/user/handler_user.go', handler('user', '// fw:http_route path=/admin/user/me\nfunc Me() http.HandlerFunc { return nil }'));
    r = await next();
    expect(r.report).toBeUndefined();
    expect(r.diagnostics.some((d) => d.message.includes('handler group AdminUser is already taken'))).toBe(true);
    await expectFresh(r);
    fs.rmSync(path.join(ws, 'internal/v1handler/admin/user'), { recursive: true });
    r = await next();
    expect(r.report).toBeDefined();
    expect(read(ws, ROUTER)).not.toContain('/admin/user/me');
    await expectFresh(r);

    // A route of one subfolder that conflicts with a route of another, then the conflict removed.
    write(
      'internal/v1handler/billing/handler_conflict.go',
      handler('billing', '// fw:http_route path=/admin/stats\nfunc Shadow() http.HandlerFunc { return nil }'),
    );
    r = await next();
    expect(r.report).toBeUndefined();
    await expectFresh(r);
    fs.rmSync(path.join(ws, 'internal/v1handler/billing/handler_conflict.go'));
    r = await next();
    expect(r.report).toBeDefined();
    await expectFresh(r);
  });

  it('after edits that change how the URL helper formats a shared type and which import names it takes, its outputs are what a fresh run writes', async () => {
    // fw watch keeps each group's URL helper plan and text: these edits change them for groups whose package did not change.
    const ws = copyFixture('example');
    const HELPER = 'internal/v1handler/urlhelper/urlhelper.go';
    const { next } = await watchWorkspace(ws);

    // admin's ListUsersRequest has a models.Role query field: with a MarshalText method, the helper formats it with it.
    const models = read(ws, 'internal/models/models.go');
    fs.writeFileSync(
      path.join(ws, 'internal/models/models.go'),
      `${models}\n// MarshalText writes the role.\nfunc (r Role) MarshalText() ([]byte, error) { return []byte(r), nil }\n`,
    );
    await next();
    expect(read(ws, HELPER)).toContain('fwText(&q.Role)');
    await expectFreshRunAgrees(ws);

    // A route of a new subfolder with a query field of another package named models, whose import path sorts first:
    // it takes the import name models, and admin's group (its package unchanged) must call the first one models2.
    addOtherModels(
      ws,
      'v1handler',
      '// KindsRequest selects a kind.\ntype KindsRequest struct {\n\tKind amodels.Kind `query:"kind"`\n}\n\n// fw:http_route path=/kinds request=KindsRequest',
    );
    await next();
    expect(read(ws, HELPER)).toContain('ListUsersQuery struct {\n\tRole models2.Role');
    await expectFreshRunAgrees(ws);

    fs.rmSync(path.join(ws, 'internal/v1handler/kinds'), { recursive: true });
    await next();
    expect(read(ws, HELPER)).not.toContain('models2');
    await expectFreshRunAgrees(ws);
  });

  it('after edits that make a package of request types import a URL helper through another package or an in-package test file, and undo that, its outputs are what a fresh run writes', async () => {
    // Whether the helper may import a package depends on that package's imports, directly or not: models importing a
    // package that imports v1's helper makes v1's helper take models.Role as a string (an import would be a cycle); v2's
    // helper, which models does not import, keeps models.Role.
    const ws = copyFixture('example');
    const V1 = 'internal/v1handler/urlhelper/urlhelper.go';
    const V2 = 'internal/v2handler/urlhelper/urlhelper.go';
    const { next } = await watchWorkspace(ws);
    expect(read(ws, V1)).toMatch(/\tRole +models\.Role\n/);

    fs.mkdirSync(path.join(ws, 'internal/links'));
    fs.writeFileSync(path.join(ws, 'internal/links/links.go'), 'package links\n\n// Site is empty for now.\nvar Site = 1\n');
    fs.writeFileSync(path.join(ws, 'internal/models/links.go'), 'package models\n\nimport "example.com/shop/internal/links"\n\nvar _ = links.Site\n');
    await next();
    expect(read(ws, V1)).toMatch(/\tRole +models\.Role\n/);
    await expectFreshRunAgrees(ws);

    // Only links changes: models, which imports it, now reaches v1's helper.
    fs.writeFileSync(
      path.join(ws, 'internal/links/links.go'),
      'package links\n\nimport "example.com/shop/internal/v1handler/urlhelper"\n\n// Site builds paths.\nvar Site = urlhelper.New("")\n',
    );
    await next();
    expect(read(ws, V1)).toMatch(/\tRole +string\n/);
    expect(read(ws, V1)).not.toContain('"example.com/shop/internal/models"');
    expect(read(ws, V2)).toContain('role models.Role');
    await expectFreshRunAgrees(ws);

    fs.rmSync(path.join(ws, 'internal/models/links.go'));
    await next();
    expect(read(ws, V1)).toMatch(/\tRole +models\.Role\n/);
    await expectFreshRunAgrees(ws);

    // An in-package test file of models that imports v1's helper: go test ./internal/models would see the cycle.
    const TEST = path.join(ws, 'internal/models/models_test.go');
    fs.writeFileSync(TEST, 'package models\n\nimport "example.com/shop/internal/v1handler/urlhelper"\n\nvar _ = urlhelper.New\n');
    await next();
    expect(read(ws, V1)).toMatch(/\tRole +string\n/);
    await expectFreshRunAgrees(ws);
    // As an external test package (models_test) it is no cycle.
    fs.writeFileSync(TEST, 'package models_test\n\nimport "example.com/shop/internal/v1handler/urlhelper"\n\nvar _ = urlhelper.New\n');
    await next();
    expect(read(ws, V1)).toMatch(/\tRole +models\.Role\n/);
    await expectFreshRunAgrees(ws);
  });

  it('after an edit that changes the import names of a root, its registry (kept routes included) is what a fresh run writes', async () => {
    // fw watch keeps each route's router and registry lines: v2's own routes name models.User, which a new subfolder's
    // package of the same name (its import path sorting first) makes models2.User.
    const ws = copyFixture('example');
    const REGISTRY = 'internal/v2handler/registry.go';
    const { next } = await watchWorkspace(ws);
    expect(read(ws, REGISTRY)).toContain('reflect.TypeFor[models.User]()');
    addOtherModels(ws, 'v2handler', '// fw:http_route path=/v2/kinds response=200:amodels.Kind');
    await next();
    expect(read(ws, REGISTRY)).toContain('reflect.TypeFor[models2.User]()');
    await expectFreshRunAgrees(ws);
  });

  it('after a types edit of a type only an annotation names, its outputs are what a fresh run writes', async () => {
    // v2's handler package is unchanged: fw watch keeps its routes with their response types looked up in the new models package.
    const ws = copyFixture('example');
    const MODELS = 'internal/models/models.go';
    fs.writeFileSync(path.join(ws, MODELS), `${read(ws, MODELS)}\n// Coupon is a discount code.\ntype Coupon struct {\n\tCode string \`json:"code"\`\n}\n`);
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_coupons.go'),
      'package v2handler\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/models"\n)\n\n// fw:http_route path=/v2/coupon response=200:models.Coupon\nfunc GetCoupon() http.HandlerFunc { return nil }\n',
    );
    const { next } = await watchWorkspace(ws);
    edit(ws, MODELS, '`json:"code"`', '`json:"coupon_code"`');
    await next();
    expect(read(ws, CLIENT)).toContain('coupon_code');
    await expectFreshRunAgrees(ws);
  });

  it('after a types edit fw reads nothing new of (a function and a comment appended), keeps every root model; after edits of what it reads (a doc comment, a tag, an enum value, a position a warning prints, a type moved to another file, a validate tag), its outputs and diagnostics are what a fresh run gives', async () => {
    const ws = copyFixture('example');
    const MODELS = 'internal/models/models.go';
    const { next, first } = await watchWorkspace(ws);
    const agrees = async (): Promise<Rebuild> => {
      const r = await next();
      await rebuildAgrees(ws, r);
      return r;
    };

    fs.appendFileSync(path.join(ws, MODELS), '\nfunc helper() int { return 1 }\n\n// The end.\n');
    const r = await agrees();
    const roots = (b: Rebuild) => b.result.model?.roots ?? [];
    expect(roots(r).length).toBeGreaterThan(1);
    for (const [i, root] of roots(r).entries()) expect(root).toBe(roots(first)[i]);

    edit(ws, MODELS, '// Name is the display name; it may hold any character.', '// Name is what the user is called.');
    await agrees();
    expect(read(ws, CLIENT)).toContain('what the user is called');
    edit(ws, MODELS, '`json:"email"`', '`json:"mail"`');
    await agrees();
    edit(ws, MODELS, 'RoleAdmin  Role = "admin"', 'RoleAdmin  Role = "administrator"');
    await agrees();
    // A warning about a field, then a line above it: the warning moves.
    edit(ws, MODELS, '\tCity   string `json:"city"`\n', '\tCity   string `json:"city"`\n\tFeed   chan int `json:"feed"`\n');
    expect(printed(ws, (await agrees()).diagnostics).some((l) => l.includes(MODELS) && l.includes('warning'))).toBe(true);
    edit(ws, MODELS, '// Address is a postal address.', '\n// Address is a postal address.');
    await agrees();
    // Address moved to a file of its own.
    const text = read(ws, MODELS);
    const at = text.indexOf('// Address is');
    fs.writeFileSync(path.join(ws, 'internal/models/address.go'), `package models\n\n${text.slice(at)}`);
    fs.writeFileSync(path.join(ws, MODELS), text.slice(0, at));
    await agrees();
    edit(ws, USERS, 'Name  string      `json:"name"`', 'Name  string      `json:"name" validate:"max=64"`');
    await agrees();
  });

  it("after a handler edit and types edits that rename a type another root's kept operations use and make a warning come and go, its outputs and diagnostics are what a fresh run gives", async () => {
    const ws = copyFixture('example');
    const NOTES = 'internal/notes/notes.go';
    const MEMO = 'internal/v1handler/handler_memo.go';
    fs.mkdirSync(path.join(ws, 'internal/notes'));
    fs.writeFileSync(path.join(ws, NOTES), 'package notes\n\n// Note is a note.\ntype Note struct {\n\tText string `json:"text"`\n}\n');
    // v2's operations (kept while v1 is edited) answer with notes.Note, and one warns about its request (found when it is planned).
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_notes.go'),
      'package v2handler\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/internal/notes"\n)\n\n' +
        'type NotesRequest struct {\n\tStream chan int `query:"stream"`\n}\n\n' +
        '// fw:http_route path=/v2/notes request=NotesRequest response=200:notes.Note\nfunc Notes() http.HandlerFunc { return nil }\n\n' +
        '// fw:http_route path=/v2/note response=200:notes.Note\nfunc OneNote() http.HandlerFunc { return nil }\n',
    );
    fs.writeFileSync(
      path.join(ws, MEMO),
      'package v1handler\n\nimport "net/http"\n\n// Memo is a memo.\ntype Memo struct {\n\tBody string `json:"body"`\n}\n\n' +
        '// fw:http_route path=/memo response=200:Memo\nfunc Memo() http.HandlerFunc { return nil }\n',
    );
    const { next, first } = await watchWorkspace(ws);
    const agrees = (r: Rebuild) => rebuildAgrees(ws, r);
    expect(printed(ws, first.diagnostics).some((l) => l.includes('handler_notes.go') && l.includes('warning'))).toBe(true);

    // A handler edit: one operation of v1 changes; v2's are kept, with their warning.
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    await agrees(await next());

    // A types edit: v1's Memo becomes a second Note, so notes.Note is named after its package in v2's kept operations too; then back.
    edit(ws, MEMO, '// Memo is a memo.\ntype Memo struct', '// Note is a memo.\ntype Note struct');
    edit(ws, MEMO, 'response=200:Memo', 'response=200:Note');
    await agrees(await next());
    expect(read(ws, CLIENT)).toMatch(/export const NotesNoteSchema\b/);
    edit(ws, MEMO, '// Note is a memo.\ntype Note struct', '// Memo is a memo.\ntype Memo struct');
    edit(ws, MEMO, 'response=200:Note', 'response=200:Memo');
    await agrees(await next());
    expect(read(ws, CLIENT)).toMatch(/export const NoteSchema\b/);

    // A types edit that gives notes.Note a field fw cannot resolve: a warning comes, then goes with the edit undone.
    edit(ws, NOTES, '\tText string `json:"text"`\n', '\tText string `json:"text"`\n\tWhen unknownpkg.Time `json:"when"`\n');
    let r = await next();
    await agrees(r);
    expect(printed(ws, r.diagnostics).some((l) => l.includes(NOTES) && l.includes('warning'))).toBe(true);
    edit(ws, NOTES, '\tWhen unknownpkg.Time `json:"when"`\n', '');
    r = await next();
    await agrees(r);
    expect(printed(ws, r.diagnostics).some((l) => l.includes(NOTES))).toBe(false);
  });

  it('after edits that make a route answer a body with a status that has none (FW5012) and undo it, with a handler edit elsewhere between, its diagnostics are what a fresh run gives', async () => {
    const ws = copyFixture('example');
    const GONE = 'internal/v2handler/handler_gone.go';
    fs.writeFileSync(
      path.join(ws, GONE),
      'package v2handler\n\nimport "net/http"\n\n// Gone is gone.\ntype Gone struct {\n\tWhy string `json:"why"`\n}\n\n' +
        '// fw:http_route path=/v2/gone response=204:Gone\nfunc Forget() http.HandlerFunc { return nil }\n',
    );
    const warned = (r: Rebuild) => printed(ws, r.diagnostics).some((l) => l.includes(GONE) && l.includes('has no body'));
    const { next, first } = await watchWorkspace(ws);
    expect(warned(first)).toBe(true);
    // v1 edited: v2's route is kept, and so is its warning.
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    let r = await next();
    await rebuildAgrees(ws, r);
    expect(warned(r)).toBe(true);
    // The same route (name, package) answering 200: no warning; then 204 again.
    edit(ws, GONE, 'response=204:Gone', 'response=200:Gone');
    r = await next();
    await rebuildAgrees(ws, r);
    expect(warned(r)).toBe(false);
    edit(ws, GONE, 'response=200:Gone', 'response=204:Gone');
    r = await next();
    await rebuildAgrees(ws, r);
    expect(warned(r)).toBe(true);
  });

  it("after types edits that change a kept type through a type it reaches and make a mapping warning come, stay over a handler edit and go, then change the schemas' order and names and the status classes, its outputs and diagnostics are what a fresh run gives", async () => {
    const ws = copyFixture('example');
    const INNER = 'internal/inner/inner.go';
    const BLOB = 'internal/v1handler/handler_blob.go';
    fs.mkdirSync(path.join(ws, 'internal/inner'));
    fs.writeFileSync(
      path.join(ws, INNER),
      'package inner\n\n// Inner is reached.\ntype Inner struct {\n\tA string `json:"a"`\n}\n\n// Blob is a blob.\ntype Blob struct {\n\tB string `json:"b"`\n}\n\n' +
        '// Wrapper wraps a blob.\ntype Wrapper struct {\n\tBlob Blob `json:"blob"`\n}\n' +
        '// Gamma is reached from Alpha.\ntype Gamma struct {\n\tG string `json:"g"`\n}\n\n// Alpha is answered by v1.\ntype Alpha struct {\n\tC Gamma `json:"c"`\n}\n\n' +
        '// Beta is answered by v1 too.\ntype Beta struct {\n\tB string `json:"b"`\n}\n\n// V1RootGetDeltaResult is answered by v2.\ntype V1RootGetDeltaResult struct {\n\tD string `json:"d"`\n}\n',
    );
    // v2's Outer reaches inner.Inner through a slice (addressable elements): a method with a pointer receiver changes which shape it refers to.
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/handler_outer.go'),
      'package v2handler\n\nimport (\n\t"net/http"\n\n\tinner "example.com/shop/internal/inner"\n)\n\n' +
        '// Outer holds inners.\ntype Outer struct {\n\tItems []inner.Inner `json:"items"`\n\tOne inner.Inner `json:"one"`\n}\n\n' +
        '// fw:http_route path=/v2/outer response=200:Outer\nfunc GetOuter() http.HandlerFunc { return nil }\n\n' +
        '// fw:http_route path=/v2/delta response=200:inner.V1RootGetDeltaResult\nfunc GetDelta() http.HandlerFunc { return nil }\n',
    );
    fs.writeFileSync(
      path.join(ws, BLOB),
      'package v1handler\n\nimport (\n\t"net/http"\n\n\tinner "example.com/shop/internal/inner"\n)\n\n' +
        'type BlobRequest struct {\n\tWrapped inner.Wrapper `json:"wrapped"`\n}\n\n' +
        '// fw:http_route path=/blob method=POST request=BlobRequest response=200:inner.Wrapper\nfunc PostBlob() http.HandlerFunc { return nil }\n\n' +
        '// fw:http_route path=/alpha response=200:inner.Alpha response=404:inner.Beta\nfunc GetAlpha() http.HandlerFunc { return nil }\n',
    );
    const { next, first } = await watchWorkspace(ws);
    /** The next rebuild, checked against a fresh run; its diagnostics as printed. */
    const rebuilt = async (): Promise<string[]> => {
      const r = await next();
      await rebuildAgrees(ws, r);
      return printed(ws, r.diagnostics);
    };
    expect(first.diagnostics).toEqual([]);

    // Without diagnostics, the types' shapes are kept: Outer's must change with Inner's, whose package Outer's imports.
    edit(ws, INNER, '// Blob is a blob.', 'func (i *Inner) MarshalText() ([]byte, error) { return []byte(i.A), nil }\n\n// Blob is a blob.');
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/InnerAddressableSchema/);

    // A mapping warning comes (Blob's UnmarshalJSON, met only when the request's Wrapper is mapped); it is still given after the
    // operation that met it is planned again while Wrapper and Blob are unchanged.
    edit(ws, INNER, '// Blob is a blob.', 'func (b *Blob) UnmarshalJSON([]byte) error { return nil }\n\n// Blob is a blob.');
    expect((await rebuilt()).some((l) => l.includes(INNER) && l.includes('UnmarshalJSON'))).toBe(true);
    edit(ws, BLOB, 'path=/blob ', 'path=/blobs ');
    expect((await rebuilt()).some((l) => l.includes(INNER) && l.includes('UnmarshalJSON'))).toBe(true);
    edit(ws, INNER, 'func (b *Blob) UnmarshalJSON([]byte) error { return nil }\n\n', '');
    expect(await rebuilt()).toEqual([]);

    // The same types collected in the same order, but Alpha now refers to Beta: the declarations' order changes.
    edit(ws, INNER, '\tC Gamma `json:"c"`\n', '\tC Gamma `json:"c"`\n\tB Beta `json:"b"`\n');
    await rebuilt();
    expect(read(ws, CLIENT).indexOf('export const BetaSchema')).toBeLessThan(read(ws, CLIENT).indexOf('export const AlphaSchema'));
    // The same types, but a v1 operation's names now take one of their names: it is named after its package.
    edit(ws, BLOB, 'path=/alpha ', 'path=/alpha name=GetDelta ');
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const InnerV1RootGetDeltaResultSchema\b/);
    // The same types under another package name (the handlers import it as inner): the clashing type's name follows it.
    edit(ws, INNER, 'package inner\n', 'package inner2\n');
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const Inner2V1RootGetDeltaResultSchema\b/);
    // The same schemas, but a response of a new status class: the module's head declares it.
    edit(
      ws,
      'internal/v2handler/handler_outer.go',
      'response=200:inner.V1RootGetDeltaResult',
      'response=200:inner.V1RootGetDeltaResult response=5xx:inner.V1RootGetDeltaResult',
    );
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/FwStatus5xx =/);
  });

  it("after handler edits of an early group that change which types are used first, no longer reached, newly reached, referred to by its own re-resolved type and named alike, the kept registry's order and names are what a fresh run gives", async () => {
    // The schema registry takes the last collection whole while the same types are used in the same order over the same
    // references; group alpha (planned again on each edit) is met before omega (kept whole), which reaches the same types.
    const ws = copyFixture('example');
    const ALPHA = 'internal/v2handler/alpha/handler_alpha.go';
    const handler = (pkg: string, body: string) =>
      `package ${pkg}\n\nimport (\n\t"net/http"\n\n\tkinds "example.com/shop/internal/kinds"\n)\n\nvar _ kinds.A\n\n${body}`;
    fs.mkdirSync(path.join(ws, 'internal/kinds'));
    fs.writeFileSync(
      path.join(ws, 'internal/kinds/kinds.go'),
      'package kinds\n\n// A is a.\ntype A struct {\n\tA string `json:"a"`\n}\n\n// B is b.\ntype B struct {\n\tC C `json:"c"`\n}\n\n' +
        '// C is c.\ntype C struct {\n\tC string `json:"c"`\n}\n\n// D is d.\ntype D struct {\n\tD string `json:"d"`\n}\n',
    );
    for (const dir of ['alpha', 'omega']) fs.mkdirSync(path.join(ws, `internal/v2handler/${dir}`));
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/omega/handler_omega.go'),
      handler('omega', '// fw:http_route path=/omega response=200:kinds.B response=202:kinds.D\nfunc Omega() http.HandlerFunc { return nil }\n'),
    );
    const alpha = (body: string) => fs.writeFileSync(path.join(ws, ALPHA), handler('alpha', body));
    const route = (responses: string) => `// fw:http_route path=/alpha ${responses}\nfunc Alpha() http.HandlerFunc { return nil }\n`;
    alpha(route('response=200:kinds.A'));
    const { next, first } = await watchWorkspace(ws);
    expect(first.diagnostics).toEqual([]);
    const rebuilt = async () => rebuildAgrees(ws, await next());
    const declaredFirst = (a: string, b: string) => read(ws, CLIENT).indexOf(`export const ${a}Schema`) < read(ws, CLIENT).indexOf(`export const ${b}Schema`);
    expect(declaredFirst('B', 'D')).toBe(true);
    // Alpha comes to use D, which omega used after B: D is met first and declared before B.
    alpha(route('response=200:kinds.A response=202:kinds.D'));
    await rebuilt();
    expect(declaredFirst('D', 'B')).toBe(true);
    // A no longer reached by any operation.
    alpha(route('response=202:kinds.D'));
    await rebuilt();
    expect(read(ws, CLIENT)).not.toContain('export const ASchema');
    // A type of alpha's own package (made again on every edit of it) newly reached, referring to A; then to C instead.
    const own = (field: string) => `// E is e.\ntype E struct {\n\tX ${field} \`json:"x"\`\n}\n\n`;
    alpha(own('kinds.A') + route('response=200:E response=202:kinds.D'));
    await rebuilt();
    expect(declaredFirst('A', 'E')).toBe(true);
    alpha(own('kinds.C') + route('response=200:E response=202:kinds.D'));
    await rebuilt();
    expect(read(ws, CLIENT)).not.toContain('export const ASchema');
    // Alpha's own type named like kinds' B: both are named after their packages; then the clash is gone again.
    alpha(`// B is alpha's b.\ntype B struct {\n\tY string \`json:"y"\`\n}\n\n${route('response=200:B response=202:kinds.D')}`);
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const AlphaBSchema\b/);
    alpha(route('response=202:kinds.D'));
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const BSchema\b/);
    // Alpha's own D clashes with kinds' D, which omega stops using (the last type used): D is alpha's alone again.
    alpha(`// D is alpha's d.\ntype D struct {\n\tZ string \`json:"z"\`\n}\n\n${route('response=200:D')}`);
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const AlphaDSchema\b/);
    edit(ws, 'internal/v2handler/omega/handler_omega.go', ' response=202:kinds.D', '');
    await rebuilt();
    expect(read(ws, CLIENT)).toMatch(/export const DSchema\b/);
  });

  it('on a broken edit prints diagnostics and keeps the last good outputs; recovers when fixed', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws);
    const good = read(ws, ROUTER);

    edit(ws, USERS, 'method=GET', 'method=FETCH');
    const broken = await next();
    expect(broken.report).toBeUndefined();
    expect(broken.diagnostics.some((d) => d.severity === 'error' && d.pos?.file === path.join(ws, USERS))).toBe(true);
    expect(read(ws, ROUTER)).toBe(good);

    edit(ws, USERS, 'method=FETCH', 'method=POST');
    const fixed = await next();
    expect(fixed.report?.written.map((f) => path.relative(ws, f))).toContain(ROUTER);
    expect(read(ws, ROUTER)).not.toBe(good);
    await expectFreshRunAgrees(ws);
  });
});

describe('fw watch (command line)', () => {
  it('prints a summary per rebuild and stops on SIGINT with exit status 0', async () => {
    const ws = copyFixture('example');
    const out: string[] = [];
    const { main } = await import('../src/cli/main');
    const exited = main(['watch', '--file', CLIENT, '--cwd', ws, '--no-cache'], { out: (l) => out.push(l), err: (l) => out.push(l) });
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + WAIT_MS;
      while (!out.some((l) => pattern.test(l))) {
        if (Date.now() > deadline) {
          process.emit('SIGINT');
          throw new Error(`no line matching ${pattern} in:\n${out.join('\n')}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      await waitFor(/^fw watch: watching /);
      expect(out.some((l) => /^fw watch built: 0 errors, 0 warnings; 2 roots \([^)]+\), \d+ routes; \d+ written, \d+ unchanged in \d+ ms$/.test(l))).toBe(true);
      edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
      await waitFor(/^fw watch rebuilt \(1 change\): 0 errors, 0 warnings; 2 roots \([^)]+\), \d+ routes; 4 written, \d+ unchanged in \d+ ms$/);
    } finally {
      process.emit('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('--zod mini writes the client fw g all --zod mini writes', async () => {
    const ws = copyFixture('example');
    const MINI = 'web/src/api/client.mini.ts';
    fs.rmSync(path.join(ws, MINI));
    const out: string[] = [];
    const { main } = await import('../src/cli/main');
    const exited = main(['watch', '--file', MINI, '--zod', 'mini', '--cwd', ws, '--no-cache'], { out: (l) => out.push(l), err: (l) => out.push(l) });
    try {
      const deadline = Date.now() + WAIT_MS;
      while (!out.some((l) => /^fw watch: watching /.test(l))) {
        if (Date.now() > deadline) throw new Error(`fw watch did not start:\n${out.join('\n')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      process.emit('SIGINT');
    }
    expect(await exited).toBe(0);
    expect((await runFw(['g', 'all', '--file', MINI, '--zod', 'mini', '--cwd', ws, '--check', '--no-cache'])).code).toBe(0);
    expect((await runFw(['g', 'all', '--file', MINI, '--cwd', ws, '--check', '--no-cache'])).code).toBe(1);
    expect(await main(['watch', '--zod', 'maxi', '--cwd', ws], { out: () => {}, err: () => {} })).toBe(2);
  });

  it('a real fw watch process ends promptly on SIGTERM during its first build, and on SIGINT during a rebuild with its workspace removed right after', async () => {
    const start = (ws: string) => {
      const child = spawn(process.execPath, [path.join(__dirname, '../bin/fw'), 'watch', '--split', '--cwd', ws, '--no-cache'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      /** How the process ended, within 10 s of being asked to stop (the watch command ends at most 5 s after the signal, bin/fw at most 2 s after it). */
      const stop = async (signal: NodeJS.Signals) => {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        const end = await exited;
        clearTimeout(timer);
        return end;
      };
      return { child, stop, output: () => out };
    };
    const first = start(copyFixture('example'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await first.stop('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    const ws = copyFixture('example');
    const rebuilding = start(ws);
    const deadline = Date.now() + WAIT_MS;
    while (!/^fw watch: watching /m.test(rebuilding.output())) {
      if (Date.now() > deadline) throw new Error(`fw watch did not start:\n${rebuilding.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    await new Promise((r) => setTimeout(r, 60));
    const stopping = rebuilding.stop('SIGINT');
    let ended = false;
    void stopping.then(() => (ended = true));
    // The rebuild may still be writing into the folder being removed (ENOTEMPTY, or folders made
    // again after it was gone): remove it again until the process has ended and the folder is gone.
    for (;;) {
      try {
        fs.rmSync(ws, { recursive: true, force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw error;
      }
      if (ended && !fs.existsSync(ws)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await stopping).toEqual({ code: 0, signal: null });
  });

  it('a fw watch process killed (SIGKILL) while it writes the client leaves nothing that the next start does not clean up', async () => {
    const ws = copyFixture('example');
    const folder = path.join(ws, path.dirname(CLIENT));
    const watch = () => {
      const child = spawn(process.execPath, [path.join(__dirname, '../bin/fw'), 'watch', '--file', CLIENT, '--cwd', ws, '--no-cache'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const built = async () => {
        for (const deadline = Date.now() + WAIT_MS; !/^fw watch built/m.test(out); await new Promise((r) => setTimeout(r, 20)))
          if (Date.now() > deadline) throw new Error(`fw watch did not build:\n${out}`);
      };
      return { child, exited, built };
    };
    const first = watch();
    await first.built();
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    // Killed as soon as the client's temporary file appears (or after 2 s, the rebuild done).
    const TEMP = /\.fw-\d+-[0-9a-z]+\.tmp$/;
    for (const deadline = Date.now() + 2000; Date.now() < deadline && !fs.readdirSync(folder).some((f) => TEMP.test(f)); )
      await new Promise((r) => setImmediate(r));
    first.child.kill('SIGKILL');
    await first.exited;
    const next = watch();
    await next.built();
    next.child.kill('SIGINT');
    await next.exited;
    // Any file of fw's beside the outputs (a temporary file, or anything else named .<output>.fw-…).
    const left = fs.readdirSync(ws, { recursive: true, encoding: 'utf8' }).filter((f) => path.basename(f).includes('.fw-'));
    expect(left).toEqual([]);
    await expectFreshRunAgrees(ws);
  });

  /** A service (app, the watched directory) whose response type comes from modules outside it: go.work's `use` (shared, then lib). */
  const money = (fields: string) => `package money\n\ntype Money struct {\n${fields}\n}\n`;
  const workspaceOfModules = () =>
    makeWorkspace({
      'go.work': 'go 1.22\n\nuse (\n\t./app\n\t./shared\n)\n',
      'app/go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n',
      'app/api/router.go': '// Code generated by fw. DO NOT EDIT.\n\npackage api\n',
      'app/api/registry.go': '// Code generated by fw. DO NOT EDIT.\n\npackage api\n',
      'app/api/handlers.go':
        'package api\n\nimport (\n\t"net/http"\n\n\t"example.com/lib/money"\n)\n\n// fw:http_route path=/price response=200:money.Money\nfunc Price() http.HandlerFunc { return nil }\n',
      'shared/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'shared/money/money.go': money('\tCents int64 `json:"cents"`'),
      'lib/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'lib/money/money.go': money('\tUnits string `json:"units"`'),
    });

  it('sees the modules outside the watched directory its types come from: a go.work module edited, go.work pointed elsewhere, that module edited', async () => {
    const ws = workspaceOfModules();
    const app = path.join(ws, 'app');
    const client = () => read(app, 'client.ts');
    const { next, first } = await watchWorkspace(app, { file: 'client.ts' });
    expect(first.report).toBeDefined();
    expect(client()).toContain('cents: number;');
    fs.writeFileSync(path.join(ws, 'shared/money/money.go'), money('\tCents int64 `json:"cents"`\n\tNote string `json:"note"`'));
    await rebuildAgreesFor(app, await next());
    expect(client()).toContain('note: string;');
    fs.writeFileSync(path.join(ws, 'go.work'), 'go 1.22\n\nuse (\n\t./app\n\t./lib\n)\n');
    await rebuildAgreesFor(app, await next());
    expect(client()).toContain('units: string;');
    fs.writeFileSync(path.join(ws, 'lib/money/money.go'), money('\tUnits string `json:"units"`\n\tScale int `json:"scale"`'));
    await rebuildAgreesFor(app, await next());
    expect(client()).toContain('scale: number;');
  });

  it('with --split, after a handler edit, a types edit, a type coming to refer to a type of another group and back, and a removed group, its modules are what a fresh run writes (a gone group module removed)', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws, { split: true });
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    expect((await next()).report?.written).toEqual([
      path.join(ws, ROUTER),
      path.join(ws, 'internal/v1handler/registry.go'),
      path.join(ws, 'internal/v1handler/urlhelper/urlhelper.go'),
      path.join(ws, 'web/src/api/client/v1handler/user.ts'),
    ]);
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
    edit(ws, 'internal/models/models.go', '`json:"email"`', '`json:"email_address"`');
    await next();
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
    // ProbeResponse comes to refer to UploadResponse, which the FileHandler group (before ProbeHandler) collected
    // first: the same types in the same order, one more reference, and UploadResponse is shared; then not again.
    const probes = 'internal/v1handler/handler_probes.go';
    edit(ws, probes, '\tAttempts int `json:"attempts"`', '\tAttempts int `json:"attempts"`\n\tLast *UploadResponse `json:"last"`');
    await next();
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
    expect(read(ws, 'web/src/api/client/v1handler/file.ts')).not.toContain('export interface UploadResponse');
    edit(ws, probes, '\n\tLast *UploadResponse `json:"last"`', '');
    await next();
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
    expect(read(ws, 'web/src/api/client/v1handler/file.ts')).toContain('export interface UploadResponse');
    fs.rmSync(path.join(ws, 'internal/v1handler/handler_files.go'));
    const removed = await next();
    expect(removed.report?.removed).toEqual([path.join(ws, 'web/src/api/client/v1handler/file.ts')]);
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
  });

  it('with --split, after edits that move declarations between modules (a type becoming shared and renaming the shared types modules, an operation moving to another group, a type renamed in one module, a group removed, a type declared by a kept class module becoming shared and then not), its modules are what a fresh run writes', async () => {
    const ws = copyFixture('example');
    const { next } = await watchWorkspace(ws, { split: true });
    const module = (rel: string) => read(ws, `web/src/api/client/${rel}`);
    const rebuilt = async () => {
      expect((await next()).report).toBeDefined();
      await expectFreshRunAgrees(ws, CLIENT, ['--split']);
    };
    const health = path.join(ws, 'internal/v1handler/handler_health.go');
    // A second package named models, whose Kind one new group (kinds) uses: declared in that group's module.
    fs.mkdirSync(path.join(ws, 'internal/a/models'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'internal/a/models/models.go'), 'package models\n\n// Kind is a kind.\ntype Kind string\n');
    fs.mkdirSync(path.join(ws, 'internal/v2handler/kinds'));
    fs.writeFileSync(
      path.join(ws, 'internal/v2handler/kinds/handler_kinds.go'),
      'package kinds\n\nimport (\n\t"net/http"\n\n\tamodels "example.com/shop/internal/a/models"\n)\n\n// fw:http_route path=/v2/kinds response=200:amodels.Kind\nfunc Kinds() http.HandlerFunc { return nil }\n',
    );
    await rebuilt();
    expect(module('v2handler/kinds.ts')).toContain('export type Kind =');
    // A handler edit in another group that uses Kind too: Kind moves to a types module, which comes first and takes
    // types/models.ts; the modules importing User or Role, the same otherwise, now import them from types/models-2.ts.
    fs.writeFileSync(
      health,
      'package v1handler\n\nimport (\n\t"net/http"\n\n\tamodels "example.com/shop/internal/a/models"\n)\n\n// fw:http_route path=/health response=200:amodels.Kind\nfunc Health() http.HandlerFunc { return nil }\n',
    );
    await rebuilt();
    expect(module('v2handler/kinds.ts')).not.toContain('export type Kind =');
    expect(module('v1handler/user.ts')).toContain("from '../types/models-2.js'");
    // Echo (and EchoRequest, which only it reaches) moves from the ProbeHandler group to the FileHandler group.
    edit(ws, 'internal/v1handler/handler_probes.go', 'func (h *ProbeHandler) Echo()', 'func (h *FileHandler) Echo()');
    await rebuilt();
    expect(module('v1handler/file.ts')).toContain('export interface EchoRequest');
    // A type only the FileHandler group's module declares and uses, renamed.
    fs.writeFileSync(
      path.join(ws, 'internal/v1handler/handler_files.go'),
      read(ws, 'internal/v1handler/handler_files.go').replaceAll('UploadResponse', 'StoredFile'),
    );
    await rebuilt();
    expect(module('v1handler/file.ts')).toContain('export interface StoredFile');
    // The function group (Health) removed: its module goes, and Kind is the kinds group's again.
    fs.rmSync(health);
    await rebuilt();
    expect(fs.existsSync(path.join(ws, 'web/src/api/client/v1handler/root.ts'))).toBe(false);
    expect(module('v2handler/kinds.ts')).toContain('export type Kind =');
    // The kinds route comes to answer EchoRequest too: the same declarations (its package declares no type; EchoRequest
    // was collected before it), but EchoRequest leaves the FileHandler group's module, whose class is kept whole under
    // the same type names; then it stops, and EchoRequest is that module's again.
    const kinds = 'internal/v2handler/kinds/handler_kinds.go';
    edit(ws, kinds, ')\n\n// fw:http_route', '\t"example.com/shop/internal/v1handler"\n)\n\n// fw:http_route');
    edit(ws, kinds, 'response=200:amodels.Kind', 'response=200:amodels.Kind response=202:v1handler.EchoRequest');
    fs.appendFileSync(path.join(ws, kinds), '\nvar _ v1handler.EchoRequest\n');
    await rebuilt();
    expect(module('v1handler/file.ts')).not.toContain('export interface EchoRequest');
    edit(ws, kinds, ' response=202:v1handler.EchoRequest', '');
    await rebuilt();
    expect(module('v1handler/file.ts')).toContain('export interface EchoRequest');
  });

  it('with --split, the folders its first build creates are no change: the next build is the one an edit causes', async () => {
    const ws = copyFixture('example');
    fs.rmSync(path.join(ws, 'web/src/api/client'), { recursive: true, force: true });
    const { next, causes } = await watchWorkspace(ws, { split: true });
    edit(ws, USERS, 'path=/users/{id} ', 'path=/people/{id} ');
    await next();
    expect(causes).toEqual(['initial', 1]);
    await expectFreshRunAgrees(ws, CLIENT, ['--split']);
  });
});
