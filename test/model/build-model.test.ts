import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DECLARATIONS, type LoadedModel } from '../../src/model/build-model';
import { loadModel } from '../../src/generate';
import type { Diagnostic } from '../../src/diagnostics/diagnostics';
import type { RootModel, RouteModel } from '../../src/model/model';
import { makeWorkspace } from '../support/workspace';
import { GENERATED_HEADER } from '../../src/workspace/generated-header';

const MODULE = 'example.com/shop';

/** A Go file of package `pkg` importing net/http (and `imports`), followed by `body`. */
function goFile(pkg: string, body: string, imports: string[] = []): string {
  const lines = ['"net/http"', ...imports].map((i) => `\t${i}`).join('\n');
  return `package ${pkg}\n\nimport (\n${lines}\n)\n\n${body}\n`;
}

/** `func (h *T) M() http.HandlerFunc` with the given doc lines above it. */
function method(type: string, name: string, ...doc: string[]): string {
  return `${doc.map((d) => `// ${d}`).join('\n')}\nfunc (h *${type}) ${name}() http.HandlerFunc { return nil }\n`;
}

/** A workspace with go.mod and a root package `api` (generated router.go/registry.go) plus `files`. */
function workspace(files: Record<string, string>, rootDir = 'api'): string {
  const pkg = path.posix.basename(rootDir);
  return makeWorkspace({
    'go.mod': `module ${MODULE}\n\ngo 1.22\n`,
    [`${rootDir}/router.go`]: `${GENERATED_HEADER}\n\npackage ${pkg}\n\ntype RouterParams struct{}\n\nfunc Router() {}\n`,
    [`${rootDir}/registry.go`]: `${GENERATED_HEADER}\n\npackage ${pkg}\n\ntype Route struct{}\n\nvar Routes []Route\n`,
    ...files,
  });
}

async function load(files: Record<string, string>, packages: string[] = []): Promise<LoadedModel & { cwd: string }> {
  const cwd = workspace(files);
  return { ...(await loadModel({ cwd, packages })), cwd };
}

function onlyRoot(m: LoadedModel): RootModel {
  expect(m.model?.roots).toHaveLength(1);
  return m.model!.roots[0]!;
}

const routeLine = (r: RouteModel) => `${r.groupName}.${r.name} ${r.methods.join(',')} ${r.path.text}`;
const errors = (m: LoadedModel) => m.diagnostics.filter((d) => d.severity === 'error');
const messages = (ds: Diagnostic[]) => ds.map((d) => d.message);

describe('loadModel: a valid root', () => {
  it('builds groups, routes and handler types from annotations', async () => {
    const m = await load({
      'api/users.go': goFile(
        'api',
        `type UserHandler struct{}\n\n${method('UserHandler', 'GetUser', 'GetUser returns one user.', 'fw:http_route path=/users/{id} required_header=Authorization')}\n${method('UserHandler', 'CreateUser', 'fw:http_route path=/users method=[POST, PUT]')}`,
      ),
    });
    expect(m.diagnostics).toEqual([]);
    const root = onlyRoot(m);
    expect(root).toMatchObject({ name: 'api', relDir: 'api', dir: path.join(m.cwd, 'api'), modulePath: MODULE, moduleDir: m.cwd, subPackages: [] });
    expect(root.pkg).toMatchObject({ relDir: '', isRoot: true, pkg: { name: 'api', importPath: `${MODULE}/api` } });
    expect(root.routes.map(routeLine)).toEqual(['User.GetUser GET /users/{id}', 'User.CreateUser POST,PUT /users']);
    expect(root.routes[0]).toMatchObject({
      requiredHeaders: ['Authorization'],
      description: ['GetUser returns one user.'],
      handler: { kind: 'method', method: 'GetUser' },
    });
    expect(root.routes[0]!.pos).toMatchObject({ file: path.join(m.cwd, 'api/users.go'), line: 10, col: 4 });
    expect(root.groups.map((g) => [g.name, g.handlerType?.typeName, g.routes.length])).toEqual([['User', 'UserHandler', 2]]);
    expect(root.handlerTypes.map((h) => [h.typeName, h.fieldName])).toEqual([['UserHandler', 'UserHandler']]);
    expect(root.importNames).toEqual(new Map());
  });

  it('accepts package-level function handlers: group Root in the root, the subfolder path below', async () => {
    const m = await load({
      'api/health.go': goFile('api', `// fw:http_route path=/health\nfunc Health() http.HandlerFunc { return nil }\n`),
      'api/admin/tools/ping.go': goFile('tools', `// fw:http_route path=/admin/ping\nfunc Ping() http.HandlerFunc { return nil }\n`),
    });
    expect(m.diagnostics).toEqual([]);
    const root = onlyRoot(m);
    expect(root.routes.map(routeLine)).toEqual(['Root.Health GET /health', 'AdminTools.Ping GET /admin/ping']);
    expect(root.routes.map((r) => r.handler.kind)).toEqual(['func', 'func']);
    expect(root.groups.map((g) => [g.name, g.handlerType])).toEqual([
      ['Root', undefined],
      ['AdminTools', undefined],
    ]);
    expect(root.subPackages.map((s) => s.relDir)).toEqual(['admin/tools']);
    expect(root.importNames).toEqual(new Map([[`${MODULE}/api/admin/tools`, 'tools']]));
  });

  it('orders routes: root package first, then subfolders by path; files by name; then line', async () => {
    const h = (pkg: string, type: string, ...names: string[]) =>
      goFile(pkg, `type ${type} struct{}\n\n${names.map((n) => method(type, n, `fw:http_route path=/${pkg}/${n.toLowerCase()}`)).join('\n')}`);
    const m = await load({
      'api/b.go': h('api', 'BHandler', 'Zed', 'Alpha'),
      'api/a.go': h('api', 'AHandler', 'Mid'),
      'api/zeta/z.go': h('zeta', 'ZHandler', 'Z1'),
      'api/alpha/deep/d.go': h('deep', 'DHandler', 'D1'),
      'api/alpha/a.go': h('alpha', 'AlHandler', 'Al1'),
      'api/alpha/0.go': h('alpha', 'Al0Handler', 'Al0'),
    });
    expect(m.diagnostics).toEqual([]);
    const root = onlyRoot(m);
    expect(root.routes.map((r) => r.name)).toEqual(['Mid', 'Zed', 'Alpha', 'Al0', 'Al1', 'D1', 'Z1']);
    expect(root.subPackages.map((s) => s.relDir)).toEqual(['alpha', 'alpha/deep', 'zeta']);
    expect(root.handlerTypes.map((t) => t.typeName)).toEqual(['AHandler', 'BHandler', 'Al0Handler', 'AlHandler', 'DHandler', 'ZHandler']);
    expect(root.groups.map((g) => g.name)).toEqual(['A', 'B', 'AlphaAl0', 'AlphaAl', 'AlphaDeepD', 'ZetaZ']);
  });

  it('lists only subfolders that hold routes', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type H struct{}\n\n${method('H', 'Get', 'fw:http_route path=/')}`),
      'api/util/u.go': 'package util\n\nfunc Helper() {}\n',
    });
    expect(onlyRoot(m).subPackages).toEqual([]);
  });

  it('ignores _test.go files and the root outputs', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type H struct{}\n\n${method('H', 'Get', 'fw:http_route path=/')}`),
      'api/h_test.go': goFile('api', method('H', 'Test', 'fw:http_route path=/test')),
    });
    expect(m.diagnostics).toEqual([]);
    expect(onlyRoot(m).routes.map((r) => r.name)).toEqual(['Get']);
  });

  it('selects roots by name and reports unknown ones', async () => {
    const cwd = makeWorkspace({
      'go.mod': `module ${MODULE}\n`,
      'v1/router.go': 'package v1\n',
      'v1/registry.go': 'package v1\n',
      'v2/router.go': 'package v2\n',
      'v2/registry.go': 'package v2\n',
    });
    const one = await loadModel({ cwd, packages: ['v2'] });
    expect(one.model?.roots.map((r) => r.relDir)).toEqual(['v2']);
    expect(one.allRoots.map((r) => r.relDir)).toEqual(['v1', 'v2']);
    const bad = await loadModel({ cwd, packages: ['v3'] });
    expect(messages(errors(bad))).toEqual(['unknown package "v3"']);
  });

  it('reports a root outside any Go module', async () => {
    const cwd = makeWorkspace({ 'api/router.go': 'package api\n', 'api/registry.go': 'package api\n' });
    const m = await loadModel({ cwd });
    if (m.allRoots[0]?.module) return expect.fail(`a go.mod above ${cwd} makes this test meaningless`);
    expect(m.diagnostics).toMatchObject([
      { severity: 'error', message: 'root package api is not inside a Go module', pos: { file: path.join(cwd, 'api/router.go'), line: 1 } },
    ]);
    expect(m.model?.roots).toEqual([]);
  });

  it('warns about Go syntax errors without failing', async () => {
    const m = await load({ 'api/h.go': goFile('api', `type H struct{}\n\n${method('H', 'Get', 'fw:http_route path=/')}\nfunc broken( {\n`) });
    expect(errors(m)).toEqual([]);
    expect(m.diagnostics.map((d) => [d.severity, d.message])).toContainEqual(['warning', 'Go syntax error; annotations near it may be misread']);
  });
});

describe('request and response types', () => {
  const models = { 'models/models.go': 'package models\n\ntype User struct{}\n\ntype Page[T any] struct{ Items []T }\n' };

  async function routeOf(body: string, extraFiles: Record<string, string> = {}, imports: string[] = []) {
    const m = await load({ 'api/h.go': goFile('api', `type H struct{}\n\n${body}`, imports), ...models, ...extraFiles });
    return { m, route: m.model?.roots[0]?.routes[0] };
  }

  it.each<[string, string, string | undefined, string[]]>([
    ['no defaults when the types do not exist', '', undefined, []],
    ['<Method>Request and <Method>Response when they exist', 'type GetRequest struct{}\ntype GetResponse struct{}\n', 'GetRequest', ['2xx GetResponse']],
    ['only the request', 'type GetRequest struct{}\n', 'GetRequest', []],
    ['only the response', 'type GetResponse struct{}\n', undefined, ['2xx GetResponse']],
    ['a type named after another method does not count', 'type OtherRequest struct{}\ntype OtherResponse struct{}\n', undefined, []],
  ])('defaults: %s', async (_label, types, request, responses) => {
    const { m, route } = await routeOf(`${types}\n${method('H', 'Get', 'fw:http_route path=/x')}`);
    expect(m.diagnostics).toEqual([]);
    expect(route?.request?.name).toBe(request);
    expect(route?.responses.map((r) => `${r.match.kind === 'class' ? `${r.match.digit}xx` : '?'} ${r.type?.name}`)).toEqual(responses);
  });

  it('marks the default response as implicit 2xx in the handler package', async () => {
    const { route } = await routeOf(`type GetResponse struct{}\n\n${method('H', 'Get', 'fw:http_route path=/x')}`);
    expect(route?.responses).toEqual([
      {
        match: { kind: 'class', digit: 2 },
        kind: 'type',
        type: { name: 'GetResponse', pkg: expect.objectContaining({ name: 'api' }) },
        text: 'GetResponse',
        implicitStatus: true,
      },
    ]);
  });

  it('finds default types declared in another file of the package', async () => {
    const { m, route } = await routeOf(method('H', 'Get', 'fw:http_route path=/x'), { 'api/types.go': 'package api\n\ntype GetRequest struct{}\n' });
    expect(m.diagnostics).toEqual([]);
    expect(route?.request?.name).toBe('GetRequest');
  });

  it('explicit request= and response= replace the defaults', async () => {
    const { m, route } = await routeOf(
      `type GetRequest struct{}\ntype GetResponse struct{}\ntype Other struct{}\n\n${method('H', 'Get', 'fw:http_route path=/x request=Other response=404:Error')}`,
    );
    expect(m.diagnostics).toEqual([]);
    expect(route?.request?.name).toBe('Other');
    expect(route?.responses.map((r) => [r.kind, r.text, r.type?.name])).toEqual([['error', '404:Error', undefined]]);
  });

  it('resolves pkg.Type from another package of the module through the file imports', async () => {
    const { m, route } = await routeOf(method('H', 'Get', 'fw:http_route path=/x request=models.User response=201:models.User'), {}, [`"${MODULE}/models"`]);
    expect(m.diagnostics).toEqual([]);
    expect(route?.request).toMatchObject({ name: 'User', pkg: { importPath: `${MODULE}/models`, name: 'models' } });
    expect(route?.responses[0]).toMatchObject({ match: { kind: 'exact', status: 201 }, type: { name: 'User', pkg: { importPath: `${MODULE}/models` } } });
    expect(m.model?.roots[0]?.importNames).toEqual(new Map([[`${MODULE}/models`, 'models']]));
  });

  it('resolves pkg.Type through an import alias', async () => {
    const { m, route } = await routeOf(method('H', 'Get', 'fw:http_route path=/x response=m.User'), {}, [`m "${MODULE}/models"`]);
    expect(m.diagnostics).toEqual([]);
    expect(route?.responses[0]?.type).toMatchObject({ name: 'User', pkg: { importPath: `${MODULE}/models` } });
  });

  it.each<[string, string, string[], string]>([
    ['unknown local type', 'request=Missing', [], 'request type Missing is not declared in package api'],
    ['unknown local response type', 'response=Missing', [], 'response type Missing is not declared in package api'],
    ['package not imported', 'request=models.User', [], 'request type models.User: package models is not imported by h.go'],
    [
      'package outside the module',
      'response=ext.User',
      ['ext "github.com/other/ext"'],
      'response type ext.User: package "github.com/other/ext" cannot be found',
    ],
    [
      'type missing in the other package',
      'request=models.Nope',
      [`"${MODULE}/models"`],
      `request type models.Nope is not declared in package "${MODULE}/models"`,
    ],
    ['blank import cannot qualify', 'request=models.User', [`_ "${MODULE}/models"`], 'request type models.User: package models is not imported by h.go'],
  ])('%s', async (_label, keys, imports, message) => {
    const { m, route } = await routeOf(method('H', 'Get', `fw:http_route path=/x ${keys}`), {}, imports);
    expect(messages(errors(m))).toEqual([message]);
    expect(route).toBeDefined();
  });
});

describe('group names and RouterParams fields', () => {
  it('prefixes a field with the subfolder path only on a clash; the root keeps the bare name', async () => {
    const m = await load({
      'api/u.go': goFile('api', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/u')}`),
      'api/admin/u.go': goFile('admin', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/admin/u')}`),
      'api/admin/a.go': goFile('admin', `type AuditHandler struct{}\n\n${method('AuditHandler', 'Get', 'fw:http_route path=/admin/audit')}`),
      'api/x/y/u.go': goFile('y', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/xy/u')}`),
    });
    expect(m.diagnostics).toEqual([]);
    const root = onlyRoot(m);
    expect(root.handlerTypes.map((h) => [h.pkg.relDir, h.typeName, h.fieldName])).toEqual([
      ['', 'UserHandler', 'UserHandler'],
      ['admin', 'AuditHandler', 'AuditHandler'],
      ['admin', 'UserHandler', 'AdminUserHandler'],
      ['x/y', 'UserHandler', 'XYUserHandler'],
    ]);
    expect(root.groups.map((g) => g.name)).toEqual(['User', 'AdminAudit', 'AdminUser', 'XYUser']);
  });

  it('prefixes both subfolder fields when only subfolders clash', async () => {
    const m = await load({
      'api/a/u.go': goFile('a', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/a')}`),
      'api/b/u.go': goFile('b', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/b')}`),
    });
    expect(m.diagnostics).toEqual([]);
    expect(onlyRoot(m).handlerTypes.map((h) => h.fieldName)).toEqual(['AUserHandler', 'BUserHandler']);
  });

  it('names a group after a type called exactly Handler', async () => {
    const m = await load({ 'api/h.go': goFile('api', `type Handler struct{}\n\n${method('Handler', 'Get', 'fw:http_route path=/')}`) });
    expect(m.diagnostics).toEqual([]);
    expect(onlyRoot(m).groups.map((g) => g.name)).toEqual(['Handler']);
    expect(onlyRoot(m).handlerTypes.map((h) => h.fieldName)).toEqual(['Handler']);
  });

  it('reports two handler kinds that map to the same group name', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type AdminUserHandler struct{}\n\n${method('AdminUserHandler', 'List', 'fw:http_route path=/a')}`),
      'api/admin/u.go': goFile('admin', `type UserHandler struct{}\n\n${method('UserHandler', 'Get', 'fw:http_route path=/b')}`),
    });
    expect(messages(errors(m))).toEqual(['handler group AdminUser is already taken by AdminUserHandler in the root package']);
    expect(errors(m)[0]!.pos).toMatchObject({ file: path.join(m.cwd, 'api/admin/u.go') });
  });

  it('reports a function group that clashes with a type group', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type AdminHandler struct{}\n\n${method('AdminHandler', 'List', 'fw:http_route path=/a')}`),
      'api/admin/f.go': goFile('admin', `// fw:http_route path=/b\nfunc Ping() http.HandlerFunc { return nil }\n`),
    });
    expect(messages(errors(m))).toEqual(['handler group Admin is already taken by AdminHandler in the root package']);
  });

  it('reports a handler type whose field would be Mux', async () => {
    const m = await load({ 'api/h.go': goFile('api', `type Mux struct{}\n\n${method('Mux', 'Get', 'fw:http_route path=/')}`) });
    expect(messages(errors(m))).toEqual(['RouterParams field Mux for ./Mux clashes with the Mux field']);
  });

  it('makes import names unique when packages share a name (sorted by import path)', async () => {
    const m = await load({
      'api/a/models/h.go': goFile('models', `type AHandler struct{}\n\n${method('AHandler', 'Get', 'fw:http_route path=/a')}`),
      'api/b/models/h.go': goFile('models', `type BHandler struct{}\n\n${method('BHandler', 'Get', 'fw:http_route path=/b')}`),
      'api/c/h.go': goFile('api', `type CHandler struct{}\n\n${method('CHandler', 'Get', 'fw:http_route path=/c')}`),
      'api/d/h.go': goFile('http', `type DHandler struct{}\n\n${method('DHandler', 'Get', 'fw:http_route path=/d')}`),
      'api/e/h.go': goFile('json', `type EHandler struct{}\n\n${method('EHandler', 'Get', 'fw:http_route path=/e')}`),
    });
    expect(m.diagnostics).toEqual([]);
    const names = onlyRoot(m).importNames;
    expect(Object.fromEntries(names)).toEqual({
      [`${MODULE}/api/a/models`]: 'models',
      [`${MODULE}/api/b/models`]: 'models2',
      [`${MODULE}/api/c`]: 'api2',
      [`${MODULE}/api/d`]: 'http2',
      [`${MODULE}/api/e`]: 'json2',
    });
    expect(new Set(names.values()).size).toBe(names.size);
  });
});

describe('route names', () => {
  it('accepts several annotation lines on one method when each has its own name (N4)', async () => {
    const m = await load({
      'api/h.go': goFile(
        'api',
        `type H struct{}\n\n${method('H', 'Get', 'Get things.', 'fw:http_route path=/a', 'fw:http_route path=/b name=GetB', 'fw:http_route path=/c method=POST name=GetC')}`,
      ),
    });
    expect(m.diagnostics).toEqual([]);
    const root = onlyRoot(m);
    expect(root.routes.map(routeLine)).toEqual(['H.Get GET /a', 'H.GetB GET /b', 'H.GetC POST /c']);
    expect(root.routes.every((r) => r.handler.kind === 'method' && r.handler.method === 'Get')).toBe(true);
    expect(root.routes.map((r) => r.description)).toEqual([['Get things.'], ['Get things.'], ['Get things.']]);
    expect(root.groups[0]!.routes).toHaveLength(3);
    expect(root.handlerTypes).toHaveLength(1);
  });

  it('reports a method with several lines and no names, suggesting a name', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type H struct{}\n\n${method('H', 'Get', 'fw:http_route path=/a', 'fw:http_route path=/users/{id}/posts')}`),
    });
    const [d, ...rest] = errors(m);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      message: 'route name Get is already used in group H',
      hint: 'add name=<UniqueName> to this line, e.g. name=GetUsersIdPosts',
      pos: { file: path.join(m.cwd, 'api/h.go'), line: 10, col: 4 },
      related: [{ pos: { line: 9, col: 4 }, message: 'Get first declared here' }],
    });
    expect(onlyRoot(m).routes.map((r) => r.path.text)).toEqual(['/a']);
  });

  it('reports a duplicate explicit name at the name, with the first declaration as note', async () => {
    const m = await load({
      'api/h.go': goFile(
        'api',
        `type H struct{}\n\n${method('H', 'A', 'fw:http_route path=/a name=Same')}\n${method('H', 'B', 'fw:http_route path=/b name=Same')}`,
      ),
    });
    const [d, ...rest] = errors(m);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ message: 'route name Same is already used in group H', pos: { line: 12 } });
    expect(d!.pos!.col).toBeGreaterThan(4);
    expect(d!.related).toMatchObject([{ pos: { line: 9 } }]);
  });

  it('reports an explicit name that equals another method name in the group', async () => {
    const m = await load({
      'api/h.go': goFile('api', `type H struct{}\n\n${method('H', 'A', 'fw:http_route path=/a')}\n${method('H', 'B', 'fw:http_route path=/b name=A')}`),
    });
    expect(messages(errors(m))).toEqual(['route name A is already used in group H']);
  });

  it('allows the same route name in different groups', async () => {
    const m = await load({
      'api/h.go': goFile(
        'api',
        `type AHandler struct{}\ntype BHandler struct{}\n\n${method('AHandler', 'Get', 'fw:http_route path=/a')}\n${method('BHandler', 'Get', 'fw:http_route path=/b')}`,
      ),
    });
    expect(m.diagnostics).toEqual([]);
    expect(onlyRoot(m).routes.map(routeLine)).toEqual(['A.Get GET /a', 'B.Get GET /b']);
  });
});

describe('subfolder visibility and generated names', () => {
  it.each<[string, string, string]>([
    [
      'unexported handler type',
      `type userHandler struct{}\n\n${method('userHandler', 'Get', 'fw:http_route path=/a')}`,
      'handler type userHandler in subfolder admin is not exported, so the root router cannot refer to it',
    ],
    [
      'unexported method',
      `type UserHandler struct{}\n\n${method('UserHandler', 'get', 'fw:http_route path=/a')}`,
      'handler get in subfolder admin is not exported, so the root router cannot call it',
    ],
    [
      'unexported function',
      `// fw:http_route path=/a\nfunc ping() http.HandlerFunc { return nil }\n`,
      'handler ping in subfolder admin is not exported, so the root router cannot call it',
    ],
  ])('reports an %s in a subfolder', async (_label, body, message) => {
    const m = await load({ 'api/admin/h.go': goFile('admin', body) });
    expect(messages(errors(m))).toEqual([message]);
    expect(onlyRoot(m).routes).toEqual([]);
  });

  it('accepts unexported handlers in the root package', async () => {
    const m = await load({ 'api/h.go': goFile('api', `type userHandler struct{}\n\n${method('userHandler', 'get', 'fw:http_route path=/a')}`) });
    expect(m.diagnostics).toEqual([]);
    expect(onlyRoot(m).groups.map((g) => g.name)).toEqual(['User']);
    expect(onlyRoot(m).handlerTypes.map((h) => h.fieldName)).toEqual(['UserHandler']);
  });

  it.each(GENERATED_DECLARATIONS)('reports a root declaration named %s', async (name) => {
    const m = await load({ 'api/mine.go': `package api\n\ntype ${name} struct{}\n` });
    expect(messages(errors(m))).toEqual([`package api declares ${name}, which fw generates in router.go/registry.go`]);
    expect(errors(m)[0]!.pos).toMatchObject({ file: path.join(m.cwd, 'api/mine.go'), line: 3, col: 6 });
  });

  it('reports a root function named like a generated declaration, not a method', async () => {
    const m = await load({ 'api/mine.go': 'package api\n\ntype T struct{}\n\nfunc (T) Router() {}\n\nfunc Routes() {}\n' });
    expect(messages(errors(m))).toEqual(['package api declares Routes, which fw generates in router.go/registry.go']);
  });

  it('reports a root constant named like a generated declaration', async () => {
    const m = await load({ 'api/mine.go': 'package api\n\nconst (\n\tA = 1\n\tRouteResponse = 2\n)\n' });
    expect(messages(errors(m))).toEqual(['package api declares RouteResponse, which fw generates in router.go/registry.go']);
    expect(errors(m)[0]!.pos).toMatchObject({ line: 5, col: 2 });
  });

  it('allows subfolders to declare those names', async () => {
    const m = await load({ 'api/admin/mine.go': 'package admin\n\ntype Router struct{}\ntype Route struct{}\n' });
    expect(m.diagnostics).toEqual([]);
  });
});

describe('path bindings', () => {
  async function warningsFor(requestDecl: string, pathText: string): Promise<string[]> {
    const m = await load({ 'api/h.go': goFile('api', `type H struct{}\n\n${requestDecl}\n\n${method('H', 'Get', `fw:http_route path=${pathText}`)}`) });
    expect(errors(m)).toEqual([]);
    return m.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message);
  }

  it.each<[string, string, string, string[]]>([
    ['bound wildcard', 'type GetRequest struct {\n\tID string `path:"id"`\n}', '/users/{id}', []],
    ['bound with options', 'type GetRequest struct {\n\tID string `json:"-" path:"id,omitempty"`\n}', '/users/{id}', []],
    ['unbound wildcard', 'type GetRequest struct {\n\tID string `json:"id"`\n}', '/users/{id}', ['path wildcard {id} is not bound by request type GetRequest']],
    ['unbound remainder', 'type GetRequest struct{}', '/files/{rest...}', ['path wildcard {rest} is not bound by request type GetRequest']],
    [
      'two wildcards, one bound',
      'type GetRequest struct {\n\tA int `path:"a"`\n}',
      '/x/{a}/{b}',
      ['path wildcard {b} is not bound by request type GetRequest'],
    ],
    ['extra path field is fine', 'type GetRequest struct {\n\tA int `path:"a"`\n\tB int `path:"b"`\n}', '/x/{a}', []],
    ['no request type: nothing to check', '', '/users/{id}', []],
    ['embedded field: not checked', 'type Base struct{}\ntype GetRequest struct {\n\tBase\n}', '/users/{id}', []],
    ['non-struct request: not checked', 'type GetRequest map[string]string', '/users/{id}', []],
    ['{$} is not a wildcard', 'type GetRequest struct{}', '/users/{$}', []],
  ])('%s', async (_label, decl, pathText, warnings) => {
    expect(await warningsFor(decl, pathText)).toEqual(warnings);
  });

  it('points the warning at the path value', async () => {
    const m = await load({ 'api/h.go': goFile('api', `type H struct{}\n\ntype GetRequest struct{}\n\n${method('H', 'Get', 'fw:http_route path=/u/{id}')}`) });
    expect(m.diagnostics).toMatchObject([
      { severity: 'warning', pos: { line: 11, col: 23 }, hint: 'add a field tagged path:"id" to GetRequest, or read it with r.PathValue("id")' },
    ]);
  });
});
