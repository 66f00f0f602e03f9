import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireGo, runGo } from '../support/go';
import { type CommandResult, commitAll, installedVersion, packFw, run, runOk } from './support/packed-workspace';

/**
 * The first hour of a new user, on the newest Nx (nx.e2e.test.ts covers the
 * Nx that create-nx-workspace installs): a package-based workspace, written
 * as `create-nx-workspace --preset=npm` writes it; a Go module made with
 * `go mod init` and nothing else (no project.json, no package.json); fw from
 * its packed tarball under the alias `fw`, with its peers nx and @nx/devkit;
 * then `nx g fw:init`, `nx g fw:handler-package v2`, a web project whose
 * typecheck is `tsc --noEmit` on code importing the generated client, and
 * the fresh clone, rename and revert sequence, judged by tsc.
 */
const NX = '24.0.6';
/** The newest @nx/devkit (its 24 line stops at 24.0.0; its peer range takes nx 24.0.6). */
const NX_DEVKIT = '24.0.0';
const CACHE_HIT = /existing outputs match the cache, left as is|\[local cache\]/;
/** The line `> nx run <task> …` of a run's output (where Nx says whether the cache answered). */
const taskLine = (result: { output: string }, task: string) => result.output.split('\n').find((l) => l.startsWith(`> nx run ${task}`)) ?? '';

describe(`the first hour with fw on Nx ${NX}`, () => {
  let base: string;
  let ws: string;
  let clone: string;
  /** What the lead's note shows: each step of the sequence and tsc's verdict. */
  const transcript: string[] = [];
  // Each checkout keeps its own Nx cache (Nx would otherwise share one between the checkouts of a workspace on one machine).
  const env = { NX_CACHE_DIRECTORY: '.nx/cache', NX_WORKSPACE_DATA_DIRECTORY: '.nx/workspace-data' };
  const nxIn = (dir: string, ...args: string[]): Promise<CommandResult> => run(path.join(dir, 'node_modules', '.bin', 'nx'), args, dir, { env });
  const nx = async (...args: string[]): Promise<CommandResult> => {
    const result = await nxIn(ws, ...args);
    expect(result.code, `nx ${args.join(' ')}:\n${result.output}`).toBe(0);
    return result;
  };
  const write = (dir: string, rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  beforeAll(async () => {
    requireGo();
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-e2e-first-hour-'));
    const tarball = await packFw();
    ws = path.join(base, 'workspace');
    // The files of `create-nx-workspace --preset=npm`: a root package.json with npm workspaces, nx.json, .gitignore.
    write(ws, 'package.json', json({ name: '@org/source', version: '0.0.0', private: true, workspaces: ['packages/*', 'apps/*'] }));
    write(
      ws,
      'nx.json',
      json({
        $schema: './node_modules/nx/schemas/nx-schema.json',
        namedInputs: { default: ['{projectRoot}/**/*', 'sharedGlobals'], production: ['default'], sharedGlobals: [] },
        // The user's own choice, made before fw: typecheck results are cached (so a stale hit would show).
        targetDefaults: { build: { dependsOn: ['^build'], inputs: ['production', '^production'], cache: true }, typecheck: { cache: true } },
      }),
    );
    // The client is generated: a clone does not have it.
    write(ws, '.gitignore', 'node_modules\n.nx\ndist\napps/api/client\n');
    const quiet = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
    const deps = [`fw@file:${tarball}`, `nx@${NX}`, `@nx/devkit@${NX_DEVKIT}`, `typescript@${installedVersion('typescript')}`];
    await runOk('npm', ['install', '--save-dev', '--save-exact', ...deps, ...quiet], ws);
    await runOk('git', ['init', '-q', '-b', 'main'], ws);
    await commitAll(ws, 'new workspace');
  });
  afterAll(() => {
    if (transcript.length > 0) console.log(`first hour on Nx ${NX}, the sequence judged by tsc:\n${transcript.join('\n')}`);
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  it('one nx: the workspace has a single nx package, the one it installed', async () => {
    const copies = (await runOk('npm', ['ls', 'nx', '--all', '--parseable'], ws)).stdout.trim().split('\n');
    expect(copies).toEqual([path.join(ws, 'node_modules', 'nx')]);
    expect((JSON.parse(fs.readFileSync(path.join(ws, 'node_modules/nx/package.json'), 'utf8')) as { version: string }).version).toBe(NX);
  });

  it('nx g fw:init, then nx g fw:handler-package v2 in a Go module that has no root yet and no project.json, by the name it gets', async () => {
    fs.mkdirSync(path.join(ws, 'apps/api'), { recursive: true });
    runGo('go', ['mod', 'init', 'example.com/api'], path.join(ws, 'apps/api'));
    await nx('g', 'fw:init', '--no-interactive');
    const nxJson = JSON.parse(fs.readFileSync(path.join(ws, 'nx.json'), 'utf8')) as { targetDefaults: Record<string, { dependsOn?: string[] }> };
    expect(nxJson.targetDefaults.build?.dependsOn).toEqual(['^build', '^gen-client']);
    expect(nxJson.targetDefaults.typecheck).toEqual({ cache: true, dependsOn: ['^gen-client'] });
    await nx('g', 'fw:handler-package', 'v2', '--project', 'api', '--no-interactive');
    expect(fs.readdirSync(path.join(ws, 'apps/api/internal/v2handler')).sort()).toEqual(['handler_health.go', 'registry.go', 'router.go']);
    // Now a project of the graph, under that name, with fw's targets.
    const project = JSON.parse((await nx('show', 'project', 'api', '--json')).stdout) as { root: string; targets: Record<string, unknown> };
    expect(project.root).toBe('apps/api');
    expect(Object.keys(project.targets)).toEqual(expect.arrayContaining(['gen-router', 'gen-client', 'check-generated']));
  });

  it('nx run api:gen-router runs, then hits the cache; go build accepts the module', async () => {
    expect((await nx('run', 'api:gen-router')).output).not.toMatch(CACHE_HIT);
    expect((await nx('run', 'api:gen-router')).output).toMatch(CACHE_HIT);
    expect(fs.readFileSync(path.join(ws, 'apps/api/internal/v2handler/router.go'), 'utf8')).toContain('p.Mux.HandleFunc("GET /v2/health", Health())');
    runGo('go', ['build', './...'], path.join(ws, 'apps/api'));
  });

  it('a web project importing the client depends on api in the graph', async () => {
    write(ws, 'apps/web/package.json', json({ name: 'web', private: true, scripts: { typecheck: 'tsc --noEmit -p tsconfig.json' } }));
    write(
      ws,
      'apps/web/tsconfig.json',
      json({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', skipLibCheck: true, noEmit: true }, include: ['src'] }),
    );
    write(
      ws,
      'apps/web/src/health.ts',
      "import type { HealthResponse } from '../../api/client/client.js';\n\nexport function up(health: HealthResponse): boolean {\n  return health.status === 'ok';\n}\n",
    );
    await commitAll(ws, 'api and web');
    await nx('graph', '--file=graph.json');
    const graph = JSON.parse(fs.readFileSync(path.join(ws, 'graph.json'), 'utf8')) as { graph: { dependencies: Record<string, { target: string }[]> } };
    expect(graph.graph.dependencies.web?.map((d) => d.target)).toContain('api');
    fs.rmSync(path.join(ws, 'graph.json'));
  });

  it('editing a Go response type marks web affected', async () => {
    const handler = path.join(ws, 'apps/api/internal/v2handler/handler_health.go');
    const text = fs.readFileSync(handler, 'utf8');
    fs.writeFileSync(handler, text.replace('Status string `json:"status"`', 'Status string `json:"status"`\n\tSince  string `json:"since"`'));
    const affected = JSON.parse((await nx('show', 'projects', '--affected', '--base=HEAD', '--json')).stdout) as string[];
    expect(affected.sort()).toEqual(['api', 'web']);
    fs.writeFileSync(handler, text);
  });

  it('fresh clone, rename, revert: web:typecheck generates first, then misses and fails on the rename, then passes again (tsc decides)', async () => {
    clone = path.join(base, 'clone');
    await runOk('git', ['clone', '-q', ws, clone]);
    await runOk('cp', ['-al', path.join(ws, 'node_modules'), path.join(clone, 'node_modules')], ws);
    expect(fs.existsSync(path.join(clone, 'apps/api/client/client.ts'))).toBe(false);
    const step = async (title: string): Promise<CommandResult> => {
      const result = await nxIn(clone, 'run', 'web:typecheck', '--outputStyle=static');
      const tasks = [...result.output.matchAll(/^> nx run (\S+)(.*)$/gm)].map((m) => `${m[1]}${CACHE_HIT.test(m[2]!) ? ' (cache hit)' : ''}`);
      const tsc = result.output.split('\n').filter((l) => /error TS\d+/.test(l));
      transcript.push(
        `$ nx run web:typecheck   # ${title}`,
        `  tasks: ${tasks.join(', ')}`,
        `  exit ${result.code}${tsc.length ? `\n  ${tsc.join('\n  ')}` : ''}`,
      );
      return result;
    };

    const fresh = await step('fresh clone, no generated client');
    expect(fresh.code, fresh.output).toBe(0);
    expect(fresh.output).toMatch(/^> nx run api:gen-client$/m);

    const handler = path.join(clone, 'apps/api/internal/v2handler/handler_health.go');
    const text = fs.readFileSync(handler, 'utf8');
    fs.writeFileSync(
      handler,
      text.replace('Status string `json:"status"`', 'State string `json:"state"`').replace('HealthResponse{Status: "ok"}', 'HealthResponse{State: "ok"}'),
    );
    const renamed = await step('after renaming the Go field Status (json "status") to State (json "state")');
    expect(renamed.code).not.toBe(0);
    expect(taskLine(renamed, 'web:typecheck')).not.toMatch(CACHE_HIT);
    expect(renamed.output).toMatch(/src\/health\.ts\(\d+,\d+\): error TS2339: Property 'status' does not exist on type/);

    fs.writeFileSync(handler, text);
    const reverted = await step('after reverting the rename');
    expect(reverted.code, reverted.output).toBe(0);
    // The inputs are back to the fresh clone's: both tasks are answered from the cache, tsc's verdict included.
    expect(taskLine(reverted, 'web:typecheck')).toMatch(CACHE_HIT);
    expect(fs.readFileSync(path.join(clone, 'apps/api/client/client.ts'), 'utf8')).toContain('status');
    // Three Nx runs, two of them with tsc.
  }, 400_000);
});
