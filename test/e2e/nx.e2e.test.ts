import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginOptionsSchema } from '../../src/nx/plugin-options';
import { checkInstalledPaths, docPages } from '../docs/support/checks';
import { REPO_ROOT } from '../support/golden';
import { runGo } from '../support/go';
import { startNxCacheServer } from './support/nx-cache-server';
import { type CommandResult, commitAll, createInstalledWorkspace, removeWorkspace, run, runOk } from './support/packed-workspace';

/**
 * fw as users meet it in Nx: the packed package installed into a real Nx
 * workspace (fixtures/nx-workspace: Go projects apps/api and apps/admin),
 * nx itself run as a program (no daemon, no Nx Cloud). One workspace is
 * installed for the whole file and the steps build on each other, in order.
 * What the cache does for each kind of change is build-cache.e2e.test.ts.
 */
const CACHE_HIT = /existing outputs match the cache, left as is|\[local cache\]/;
const V1 = 'apps/api/internal/v1handler';

describe('fw in a real Nx workspace', () => {
  let ws: string;
  const startedAt = Date.now();
  const nx = async (...args: string[]): Promise<CommandResult> => {
    const result = await run(path.join(ws, 'node_modules', '.bin', 'nx'), args, ws);
    expect(result.code, `nx ${args.join(' ')}:\n${result.output}`).toBe(0);
    return result;
  };
  const read = (rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');
  const edit = (rel: string, from: string, to: string) => {
    const text = read(rel);
    expect(text).toContain(from);
    fs.writeFileSync(path.join(ws, rel), text.replace(from, to));
  };

  beforeAll(async () => {
    ws = await createInstalledWorkspace('nx');
    console.log(`nx e2e: workspace installed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  });
  afterAll(() => {
    removeWorkspace(ws);
    console.log(`nx e2e: whole file took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  });

  it("the docs' paths into node_modules/fw exist in fw installed as the README says, under the alias fw alone", () => {
    const aliasOnly = path.join(path.dirname(ws), 'alias-only');
    fs.mkdirSync(path.join(aliasOnly, 'node_modules'), { recursive: true });
    fs.symlinkSync(path.join(ws, 'node_modules', 'fw'), path.join(aliasOnly, 'node_modules', 'fw'));
    expect(checkInstalledPaths(REPO_ROOT, docPages(REPO_ROOT), aliasOnly)).toEqual([]);
  });

  it('nx g fw:init registers the plugin in nx.json, once', async () => {
    await nx('g', 'fw:init', '--no-interactive');
    const plugins = () => (JSON.parse(read('nx.json')) as { plugins?: unknown[] }).plugins;
    // The defaults written out (test/nx/init.test.ts spells them).
    expect(plugins()).toEqual([{ plugin: 'fw', options: pluginOptionsSchema.parse({}) }]);
    await nx('g', 'fw:init', '--no-interactive');
    expect(plugins()).toHaveLength(1);
  });

  it('nx show project api lists the inferred targets with their inputs and outputs', async () => {
    const project = JSON.parse((await nx('show', 'project', 'api', '--json')).stdout) as {
      targets: Record<string, { executor?: string; inputs?: unknown[]; outputs?: string[]; cache?: boolean }>;
    };
    expect(project.targets['gen-router']).toMatchObject({
      executor: 'fw:router',
      cache: true,
      outputs: ['{projectRoot}/internal/v1handler/router.go', '{projectRoot}/internal/v1handler/registry.go'],
    });
    expect(project.targets['gen-router']?.inputs).toContainEqual('{projectRoot}/internal/models/*.go');
    expect(project.targets['check-generated']).toMatchObject({ executor: 'fw:check', cache: false });
    expect(project.targets['gen-url-helper']).toMatchObject({ executor: 'fw:url-helper' });
    expect(project.targets['gen-client']).toMatchObject({ executor: 'fw:client', outputs: ['{projectRoot}/client/client.ts'] });
  });

  it('nx run api:gen-router generates the router and the Go project builds', async () => {
    const result = await nx('run', 'api:gen-router');
    expect(result.output).not.toMatch(CACHE_HIT);
    expect(result.output).toMatch(/fw router: 0 errors, 0 warnings; [^\n]*; 2 written, 0 unchanged/);
    expect(read(`${V1}/router.go`)).toContain('p.Mux.HandleFunc("GET /v1/users/{id}", p.UserHandler.GetUser())');
    runGo('go', ['build', './...'], path.join(ws, 'apps/api'));
  });

  it('an executor names files in GitHub annotations from the repository root (the workspace is a git repository)', async () => {
    const handler = `${V1}/handler_users.go`;
    const before = read(handler);
    edit(handler, '// fw:http_route path=/v1/users response=', '// fw:http_route bogus=1 method=FETCH path=/v1/users response=');
    try {
      // (Text: relative to the workspace root, as before; test/nx/executors.test.ts.)
      const result = await run(path.join(ws, 'node_modules', '.bin', 'nx'), ['run', 'api:gen-router', '--format=github', '--skip-nx-cache'], ws);
      expect(result.code, result.output).not.toBe(0);
      const files = [...result.output.matchAll(/^::error file=([^,:]+),line=\d+/gm)].map((m) => m[1]!);
      expect(files, result.output).toHaveLength(2);
      expect(files.map((f) => ({ f, exists: fs.existsSync(path.join(ws, f)) }))).toEqual(files.map((f) => ({ f, exists: true })));
    } finally {
      fs.writeFileSync(path.join(ws, handler), before);
    }
  });

  it('nx g fw:handler-package v2 --project api, then gen-router, gives a v2 router that go build accepts', async () => {
    await nx('g', 'fw:handler-package', 'v2', '--project', 'api', '--no-interactive');
    const v2 = 'apps/api/internal/v2handler';
    expect(fs.readdirSync(path.join(ws, v2)).sort()).toEqual(['handler_health.go', 'registry.go', 'router.go']);
    // The example handler uses the fwhttp runtime, scaffolded because apps/api did not have it.
    expect(read(`${v2}/handler_health.go`)).toContain('"example.com/api/internal/fwhttp"');
    expect(fs.readdirSync(path.join(ws, 'apps/api/internal/fwhttp'))).toContain('wrap.go');
    runGo('go', ['build', './...'], path.join(ws, 'apps/api'));
    const refused = await run(path.join(ws, 'node_modules', '.bin', 'nx'), ['g', 'fw:handler-package', 'v2', '--project', 'api', '--no-interactive'], ws);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('apps/api/internal/v2handler already exists; refusing to overwrite');

    const result = await nx('run', 'api:gen-router');
    expect(result.output).toMatch(/fw router: 0 errors, 0 warnings; [^\n]*; \d+ written, \d+ unchanged/);
    expect(read(`${v2}/router.go`)).toContain('p.Mux.HandleFunc("GET /v2/health", Health())');
    runGo('go', ['build', './...'], path.join(ws, 'apps/api'));
    expect(runGo('gofmt', ['-l', '.'], path.join(ws, 'apps/api'))).toBe('');
  });

  it('installed under its own name, the generators answer to that prefix too: nx g fw-http-routes:handler-package', async () => {
    await nx('g', 'fw-http-routes:handler-package', 'v3', '--project', 'api', '--no-interactive');
    expect(fs.readdirSync(path.join(ws, 'apps/api/internal/v3handler')).sort()).toEqual(['handler_health.go', 'registry.go', 'router.go']);
    runGo('go', ['build', './...'], path.join(ws, 'apps/api'));
  });

  it('nx run-many -t gen-router gen-url-helper gen-client covers both Go projects', async () => {
    const result = await nx('run-many', '-t', 'gen-router', 'gen-url-helper', 'gen-client');
    expect(result.output).toMatch(/Successfully ran targets gen-router, gen-url-helper, gen-client for 2 projects/);
    for (const file of [
      'apps/admin/internal/adminhandler/router.go',
      'apps/admin/internal/adminhandler/urlhelper/urlhelper.go',
      'apps/admin/client/client.ts',
      `${V1}/urlhelper/urlhelper.go`,
      'apps/api/internal/v2handler/urlhelper/urlhelper.go',
      'apps/api/client/client.ts',
    ]) {
      expect(read(file), file).toMatch(/^\/\/ Code generated by fw\. DO NOT EDIT\./);
    }
    for (const app of ['apps/api', 'apps/admin']) runGo('go', ['build', './...'], path.join(ws, app));
    expect((await nx('run-many', '-t', 'gen-router', 'gen-url-helper', 'gen-client')).output).toMatch(
      /Nx read the output from the cache instead of running the command for 6 out of 6 tasks/,
    );
  });

  it('nx run api:gen-all writes what the three targets wrote, from one run, and is cached like them', async () => {
    const outputs = [`${V1}/router.go`, `${V1}/registry.go`, `${V1}/urlhelper/urlhelper.go`, 'apps/api/client/client.ts'];
    const before = outputs.map(read);
    const result = await nx('run', 'api:gen-all');
    expect(result.output).not.toMatch(CACHE_HIT);
    expect(result.output).toMatch(/fw all: 0 errors, 0 warnings; [^\n]*; 0 written, \d+ unchanged/);
    expect(outputs.map(read)).toEqual(before);
    fs.rmSync(path.join(ws, 'apps/api/client/client.ts'));
    expect((await nx('run', 'api:gen-all')).output).toMatch(CACHE_HIT);
    expect(outputs.map(read)).toEqual(before);
  });

  it('with openapiFile in the plugin options, nx run api:gen-openapi writes the OpenAPI document, then hits the cache', async () => {
    const nxJson = JSON.parse(read('nx.json')) as { plugins: { plugin: string; options: Record<string, unknown> }[] };
    nxJson.plugins[0]!.options.openapiFile = 'openapi.yaml';
    fs.writeFileSync(path.join(ws, 'nx.json'), `${JSON.stringify(nxJson, null, 2)}\n`);
    const result = await nx('run', 'api:gen-openapi', '--title', 'API');
    expect(result.output).toMatch(/fw openapi: 0 errors, 0 warnings; [^\n]*; 1 written, 0 unchanged/);
    expect(read('apps/api/openapi.yaml')).toMatch(/^# Code generated by fw\. DO NOT EDIT\.\nopenapi: "3\.1\.1"\n/);
    expect(read('apps/api/openapi.yaml')).toContain('  title: "API"');
    expect((await nx('run', 'api:gen-openapi', '--title', 'API')).output).toMatch(CACHE_HIT);
  });

  it('works without a lock file: no "externalDependency could not be found", targets run and hit the cache', async () => {
    fs.rmSync(path.join(ws, 'package-lock.json'));
    const project = JSON.parse((await nx('show', 'project', 'api', '--json')).stdout) as { targets: Record<string, { inputs?: unknown[] }> };
    expect(JSON.stringify(project.targets['gen-router']?.inputs)).not.toContain('externalDependencies');
    edit(`${V1}/handler_users.go`, 'fw:http_route path=/v1/users response=', 'fw:http_route path=/v1/everyone response=');
    const first = await nx('run', 'api:gen-router');
    expect(first.output).not.toMatch(/could not be found/);
    expect(first.output).not.toMatch(CACHE_HIT);
    expect(read(`${V1}/router.go`)).toContain('"GET /v1/everyone"');
    expect((await nx('run', 'api:gen-router')).output).toMatch(CACHE_HIT);
  });

  // Eight nx runs in two clones: over two minutes on a loaded machine.
  it('remote cache: a second clone gets every fw target from a self-hosted Nx cache server, byte-identical; after the same model edit, one misses and the other hits', {
    timeout: 600_000,
  }, async () => {
    const server = await startNxCacheServer(path.join(path.dirname(ws), 'nx-remote-cache'));
    try {
      // Each clone keeps its local cache in its own .nx, as on two machines (Nx 23 otherwise shares one cache
      // between the checkouts of a workspace on one machine, under ~/.nx, and B would hit A's local cache).
      const remote = {
        NX_SELF_HOSTED_REMOTE_CACHE_SERVER: server.url,
        NX_SELF_HOSTED_REMOTE_CACHE_ACCESS_TOKEN: server.token,
        NX_CACHE_DIRECTORY: '.nx/cache',
        NX_WORKSPACE_DATA_DIRECTORY: '.nx/workspace-data',
      };
      // Every cached fw target of every project, and the files they declare as outputs.
      const targets = new Set<string>();
      const outputFiles: string[] = [];
      for (const name of JSON.parse((await nx('show', 'projects', '--json')).stdout) as string[]) {
        const project = JSON.parse((await nx('show', 'project', name, '--json')).stdout) as {
          root: string;
          targets: Record<string, { executor?: string; cache?: boolean; outputs?: string[] }>;
        };
        for (const [target, t] of Object.entries(project.targets)) {
          if (!t.executor?.startsWith('fw:') || t.cache !== true) continue;
          targets.add(target);
          for (const o of t.outputs ?? []) {
            const resolved = o.replace('{workspaceRoot}/', '').replace('{projectRoot}', project.root);
            expect(resolved, `an output Nx resolves itself: ${o}`).not.toContain('{');
            outputFiles.push(resolved);
          }
        }
      }
      const files = [...new Set(outputFiles)].sort();
      expect([...targets].sort()).toEqual(['gen-all', 'gen-client', 'gen-openapi', 'gen-router', 'gen-url-helper']);
      const outputs = (dir: string) =>
        Object.fromEntries(files.map((f) => [f, fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : undefined]));
      let lastOutput = '';
      /** Runs every fw target in `dir`; the cache each task was answered from (remote, local) or miss, by task. */
      const runAll = async (dir: string) => {
        const result = await run(path.join(dir, 'node_modules', '.bin', 'nx'), ['run-many', '-t', ...targets, '--outputStyle=static', '--parallel=1'], dir, {
          env: remote,
          timeoutMs: 120_000,
        });
        expect(result.code, result.output).toBe(0);
        const tasks = [...result.output.matchAll(/^> nx run (\S+)(.*)$/gm)].map(
          (m) => [m[1]!, /\[remote cache\]/.test(m[2]!) ? 'remote' : CACHE_HIT.test(m[2]!) ? 'local' : 'miss'] as const,
        );
        expect(tasks.length, result.output).toBeGreaterThan(0);
        lastOutput = result.output;
        return Object.fromEntries(tasks);
      };

      // Clone A (this workspace) fills the remote cache: without a local cache, every task runs and uploads.
      await commitAll(ws, 'state before the remote cache');
      fs.rmSync(path.join(ws, '.nx'), { recursive: true, force: true });
      const a = await runAll(ws);
      expect(new Set(Object.values(a)), lastOutput).toEqual(new Set(['miss']));
      const generated = outputs(ws);
      expect(Object.values(generated).every((text) => text !== undefined)).toBe(true);
      expect(server.requests.filter((r) => r.method === 'PUT' && r.status === 200)).toHaveLength(Object.keys(a).length);

      // Clone B: a fresh git clone, dependencies installed (hard links of A's) but no node_modules/.cache.
      const clone = path.join(path.dirname(ws), 'clone-b');
      await runOk('git', ['clone', '-q', ws, clone]);
      await runOk('cp', ['-al', path.join(ws, 'node_modules'), path.join(clone, 'node_modules')], ws);
      fs.rmSync(path.join(clone, 'node_modules', '.cache'), { recursive: true, force: true });
      // Deleted, all but a root's router.go and registry.go: those mark the root (discovery needs them), so they are put
      // back as the stubs nx g fw:handler-package writes. Generated files are not inputs, so no hash changes.
      for (const f of files) {
        const root = /^(.*\/)?([^/]+)\/(router|registry)\.go$/.exec(f);
        if (root) fs.writeFileSync(path.join(clone, f), `// Code generated by fw. DO NOT EDIT.\n\npackage ${root[2]}\n`);
        else fs.rmSync(path.join(clone, f), { force: true });
      }
      const b = await runAll(clone);
      expect(b, lastOutput).toEqual(Object.fromEntries(Object.keys(a).map((task) => [task, 'remote'])));
      expect(outputs(clone)).toEqual(generated);
      expect(fs.existsSync(path.join(clone, 'node_modules', '.cache', 'fw')), 'fw never ran in clone B').toBe(false);

      // The same model edit in both: A misses (and uploads) the api tasks, B gets them from the remote cache.
      const modelEdit = (dir: string) => {
        const models = path.join(dir, 'apps/api/internal/models/models.go');
        const text = fs.readFileSync(models, 'utf8');
        expect(text).toContain('\tName    string');
        fs.writeFileSync(models, text.replace('\tName    string', '\tNickname string `json:"nickname"`\n\tName    string'));
      };
      modelEdit(ws);
      modelEdit(clone);
      const a2 = await runAll(ws);
      const apiTasks = Object.keys(a2).filter((t) => t.startsWith('api:'));
      expect(apiTasks.length).toBeGreaterThan(0);
      expect(
        Object.entries(a2)
          .map(([t, c]) => `${t} ${c}`)
          .sort(),
        lastOutput,
      ).toEqual(
        Object.keys(a2)
          .map((t) => `${t} ${t.startsWith('api:') ? 'miss' : 'local'}`)
          .sort(),
      );
      const b2 = await runAll(clone);
      expect(
        Object.entries(b2)
          .map(([t, c]) => `${t} ${c}`)
          .sort(),
        lastOutput,
      ).toEqual(
        Object.keys(b2)
          .map((t) => `${t} ${t.startsWith('api:') ? 'remote' : 'local'}`)
          .sort(),
      );
      expect(fs.readFileSync(path.join(clone, 'apps/api/client/client.ts'), 'utf8')).toContain('nickname');
      expect(outputs(clone)).toEqual(outputs(ws));
    } finally {
      await server.stop();
    }
  });

  it('a project importing a client depends on its Go project (nx graph), and a Go module with no root and no project.json gets a handler package by its name', async () => {
    fs.mkdirSync(path.join(ws, 'apps/web/src'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'apps/web/package.json'), JSON.stringify({ name: 'web', private: true }));
    fs.writeFileSync(path.join(ws, 'apps/web/src/users.ts'), "import type { User } from '../../api/client/client.js';\n\nexport type Users = User[];\n");
    fs.mkdirSync(path.join(ws, 'services/billing'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'services/billing/go.mod'), 'module example.com/billing\n\ngo 1.22\n');
    await nx('g', 'fw:handler-package', 'v1', '--project', 'billing', '--no-interactive');
    runGo('go', ['build', './...'], path.join(ws, 'services/billing'));
    await nx('graph', '--file=graph.json');
    const graph = JSON.parse(read('graph.json')) as {
      graph: { nodes: Record<string, { data: { root: string } }>; dependencies: Record<string, { target: string }[]> };
    };
    expect(graph.graph.dependencies.web?.map((d) => d.target)).toEqual(['api']);
    expect(graph.graph.nodes.billing?.data.root).toBe('services/billing');
  });
});
