import * as fs from 'node:fs';
import * as path from 'node:path';
import { AggregateCreateNodesError, type CreateNodesContext, type CreateNodesResult, type TargetConfiguration } from '@nx/devkit';
import { resetWorkspaceContext } from 'nx/src/devkit-internals';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFwNodes } from '../../src/nx/plugin';
import { copyFixture } from '../support/workspace';

const GO_MODS = ['apps/admin/go.mod', 'apps/api/go.mod'];

describe('fw Nx plugin (createNodes)', () => {
  let ws: string;
  let cacheFile: string;
  let context: CreateNodesContext;

  beforeAll(() => {
    // Hash files in this process, as `nx` does with NX_DAEMON=false, instead of asking a daemon of the repository.
    vi.stubEnv('NX_DAEMON', 'false');
  });
  beforeEach(() => {
    ws = copyFixture('nx-workspace');
    cacheFile = path.join(ws, '.nx', 'workspace-data', 'fw-test.hash');
    context = { workspaceRoot: ws, nxJsonConfiguration: {} };
    resetWorkspaceContext();
  });
  afterEach(() => {
    resetWorkspaceContext();
    fs.rmSync(ws, { recursive: true, force: true });
  });

  /** Runs createNodes as nx would after files changed (the workspace context rereads the disk). */
  async function nodes(options?: object, files = GO_MODS): Promise<Record<string, CreateNodesResult>> {
    resetWorkspaceContext();
    return Object.fromEntries(await createFwNodes(files, options, context, cacheFile));
  }
  async function apiTargets(options?: object): Promise<Record<string, TargetConfiguration>> {
    const project = (await nodes(options))['apps/api/go.mod']?.projects?.['apps/api'];
    expect(project?.name).toBe('api');
    return project?.targets ?? {};
  }

  it('gives each project with a root handler package gen-router, gen-url-helper and gen-client, named as in project.json', async () => {
    const result = await nodes();
    expect(Object.keys(result['apps/admin/go.mod']?.projects ?? {})).toEqual(['apps/admin']);
    const api = result['apps/api/go.mod']?.projects?.['apps/api'];
    expect(api?.name).toBe('api');
    expect(Object.keys(api?.targets ?? {})).toEqual(['gen-router', 'gen-url-helper', 'gen-client', 'gen-all', 'check-generated']);
    expect(api?.targets?.['gen-router']).toMatchObject({
      executor: 'fw:router',
      options: {},
      cache: true,
      outputs: ['{projectRoot}/internal/v1handler/router.go', '{projectRoot}/internal/v1handler/registry.go'],
      metadata: { description: expect.stringContaining('router.go'), technologies: ['go'] },
    });
    expect(api?.targets?.['gen-url-helper']).toMatchObject({
      executor: 'fw:url-helper',
      outputs: ['{projectRoot}/internal/v1handler/urlhelper/urlhelper.go'],
    });
    expect(api?.targets?.['gen-client']).toMatchObject({
      executor: 'fw:client',
      options: { file: 'client/client.ts' },
      outputs: ['{projectRoot}/client/client.ts'],
    });
    expect(api?.targets?.['gen-all']).toMatchObject({
      executor: 'fw:all',
      options: { file: 'client/client.ts' },
      outputs: [
        '{projectRoot}/internal/v1handler/router.go',
        '{projectRoot}/internal/v1handler/registry.go',
        '{projectRoot}/internal/v1handler/urlhelper/urlhelper.go',
        '{projectRoot}/client/client.ts',
      ],
    });
    // The CI gate is never cached: a hit would pass without checking.
    expect(api?.targets?.['check-generated']).toMatchObject({ executor: 'fw:check', options: { file: 'client/client.ts' }, cache: false });
    expect(api?.targets?.['check-generated']?.inputs).toBeUndefined();
  });

  it('declares as inputs the handler packages and the packages they import (also indirectly: the types come from there), not the other Go code, tests or outputs', async () => {
    const inputs = (await apiTargets())['gen-router']?.inputs;
    expect(inputs).toEqual([
      '{projectRoot}/internal/geo/*.go',
      '{projectRoot}/internal/models/*.go',
      // No route type comes from store, but the handlers import it: an input too (imports are read, types are not).
      '{projectRoot}/internal/store/*.go',
      '{projectRoot}/internal/v1handler/*.go',
      '{projectRoot}/go.mod',
      // Named whether it exists or not: creating it is a miss too.
      '{projectRoot}/fw.json',
      '!{projectRoot}/**/*_test.go',
      '!{projectRoot}/internal/v1handler/router.go',
      '!{projectRoot}/internal/v1handler/registry.go',
      '!{projectRoot}/internal/v1handler/urlhelper/urlhelper.go',
      { env: 'GOOS' },
      { env: 'GOARCH' },
      { env: 'CGO_ENABLED' },
      // Where packages outside the workspace are found, and the Go whose standard library is read.
      { env: 'GOROOT' },
      { env: 'GOMODCACHE' },
      { env: 'GOPATH' },
      { env: 'GOWORK' },
      { env: 'GOFLAGS' },
      { runtime: 'go env GOVERSION || echo none' },
    ]);
    const targets = await apiTargets();
    expect(targets['gen-client']?.inputs).toEqual(inputs);
    expect(targets['gen-url-helper']?.inputs).toEqual(inputs);
    expect(targets['gen-all']?.inputs).toEqual(inputs);
  });

  it('falls back to every Go file of the project when an import section cannot be read; annotation errors change nothing', async () => {
    const handler = path.join(ws, 'apps/api/internal/v1handler/handler_users.go');
    const precise = (await apiTargets())['gen-router']?.inputs;
    // Each step computes afresh (the plugin's own cache is tested below).
    const edit = (from: string, to: string) => {
      fs.writeFileSync(handler, fs.readFileSync(handler, 'utf8').replace(from, to));
      fs.rmSync(cacheFile);
    };
    edit('path=/v1/users response=', 'path=/v1/users bogus=1 response=');
    expect((await apiTargets())['gen-router']?.inputs).toEqual(precise);
    edit('"example.com/api/internal/store"', '"example.com/api/internal/store');
    expect((await apiTargets())['gen-router']?.inputs?.[0]).toBe('{projectRoot}/**/*.go');
  });

  it('adds no project for a Go module without root handler packages, and names a bare go.mod directory after it', async () => {
    fs.mkdirSync(path.join(ws, 'tools/lint'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'tools/lint/go.mod'), 'module example.com/lint\n\ngo 1.22\n');
    fs.writeFileSync(path.join(ws, 'tools/lint/main.go'), 'package main\n\nfunc main() {}\n');
    fs.cpSync(path.join(ws, 'apps/admin'), path.join(ws, 'services/billing'), { recursive: true });
    fs.rmSync(path.join(ws, 'services/billing/project.json'));
    fs.rmSync(path.join(ws, 'services/billing/package.json'));
    const result = await nodes(undefined, ['services/billing/go.mod', 'tools/lint/go.mod']);
    expect(result['tools/lint/go.mod']).toEqual({});
    expect(result['services/billing/go.mod']?.projects?.['services/billing']?.name).toBe('billing');
  });

  it('takes target names and the client path from the plugin options', async () => {
    const targets = await apiTargets({
      routerTargetName: 'routes',
      urlHelperTargetName: 'urls',
      clientTargetName: 'ts-client',
      allTargetName: 'gen',
      clientFile: '{workspaceRoot}/libs/clients/src/{projectName}.ts',
    });
    expect(Object.keys(targets)).toEqual(['routes', 'urls', 'ts-client', 'gen', 'check-generated']);
    expect(targets['ts-client']).toMatchObject({
      options: { file: '../../libs/clients/src/api.ts' },
      outputs: ['{workspaceRoot}/libs/clients/src/api.ts'],
    });
  });

  it('passes zod: "mini" from the plugin options to gen-client, gen-all and check-generated (classic, the default, adds nothing)', async () => {
    const mini = await apiTargets({ zod: 'mini' });
    for (const name of ['gen-client', 'gen-all', 'check-generated']) expect(mini[name]?.options, name).toMatchObject({ file: 'client/client.ts', zod: 'mini' });
    const classic = await apiTargets({});
    for (const name of ['gen-client', 'gen-all', 'check-generated']) expect(classic[name]?.options, name).not.toHaveProperty('zod');
    await expect(nodes({ zod: 'maxi' })).rejects.toThrow('zod');
  });

  it('adds gen-openapi (fw:openapi) only when the plugin options name openapiFile, with the same inputs and the document as output', async () => {
    const targets = await apiTargets({ openapiFile: '{workspaceRoot}/docs/{projectName}.openapi.yaml' });
    expect(Object.keys(targets)).toEqual(['gen-router', 'gen-url-helper', 'gen-client', 'gen-openapi', 'gen-all', 'check-generated']);
    expect(targets['gen-openapi']).toMatchObject({
      executor: 'fw:openapi',
      options: { file: '../../docs/api.openapi.yaml' },
      cache: true,
      inputs: targets['gen-router']!.inputs,
      outputs: ['{workspaceRoot}/docs/api.openapi.yaml'],
      metadata: { description: expect.stringContaining('OpenAPI') },
    });
    // gen-all writes the document too, so it names it as an option and an output.
    expect(targets['gen-all']?.options).toMatchObject({ openapi: '../../docs/api.openapi.yaml' });
    expect(targets['gen-all']?.outputs).toContain('{workspaceRoot}/docs/api.openapi.yaml');
    expect(Object.keys(await apiTargets({ openapiFile: 'openapi.json', openapiTargetName: 'api-doc' }))).toContain('api-doc');
    await expect(nodes({ openapiFile: 'openapi.txt' })).rejects.toThrow('must be a path ending in .json, .yaml or .yml');
  });

  it('rejects invalid options with one error that names each problem', async () => {
    await expect(nodes({ routerTargetName: '', clientFile: '/abs/client.ts', colour: 'red' })).rejects.toThrow(
      [
        'fw: error: invalid options for the "fw" plugin in nx.json (fix each problem listed below) [FW8007]',
        '✖ Unrecognized key: "colour"',
        '✖ must be a target name: letters, digits, "-", "_" or ":", starting with a letter or digit',
        '  → at routerTargetName',
        '✖ must be relative to the project root, or start with {workspaceRoot}/',
        '  → at clientFile',
      ].join('\n'),
    );
    // A problem of one project is reported for its go.mod (nx prints each with the file).
    const failure = await nodes({ clientFile: '../../../outside.ts' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AggregateCreateNodesError);
    expect((failure as AggregateCreateNodesError).errors.map(([file, e]) => [file, e.message])).toEqual(
      GO_MODS.map((file) => [
        file,
        `fw: error: the "fw" plugin's clientFile "../../../outside.ts" points outside the workspace for project ${file.split('/')[1]} (use a path inside the workspace) [FW8008]`,
      ]),
    );
  });

  describe('its cache in .nx/workspace-data', () => {
    /** Marks the cached targets so a result that came from the cache can be told from a recomputed one. */
    function markCache(): void {
      const cache = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
      cache['apps/api'].project.targets['gen-router'].metadata.description = 'from cache';
      fs.writeFileSync(cacheFile, JSON.stringify(cache));
    }
    const description = async () => (await apiTargets())['gen-router']?.metadata?.description;

    it('is reused while nothing changed, also when a generated file is deleted (so nx can restore it)', async () => {
      await nodes();
      markCache();
      expect(await description()).toBe('from cache');
      fs.rmSync(path.join(ws, 'apps/api/internal/v1handler/router.go'));
      expect(await description()).toBe('from cache');
    });

    it('is recomputed when a Go file of the project or the options change', async () => {
      await nodes();
      markCache();
      fs.appendFileSync(path.join(ws, 'apps/api/internal/models/models.go'), '\n// Role is new.\ntype Role string\n');
      expect(await description()).not.toBe('from cache');
      markCache();
      expect((await apiTargets({ clientFile: 'web/api.ts' }))['gen-router']?.metadata?.description).not.toBe('from cache');
    });
  });
});
