import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { runGo, startServer } from '../support/go';
import { copyFixture } from '../support/workspace';

/**
 * Interop: the example's OpenAPI document (the golden
 * fixtures/example/web/src/api/openapi.json, which test/golden.test.ts keeps
 * equal to what fw generates) fed to another tool, @hey-api/openapi-ts
 * (fetch client, zod plugin, SDK with request and response validation). Its
 * client must type-check under strict options, and drive the live example
 * server (go build, started on 127.0.0.1) for a few operations, its zod
 * schemas accepting what the server answers.
 */

const DOCUMENT = path.join(FIXTURES, 'example/web/src/api/openapi.json');

/** The generated SDK, imported at run time. */
type Sdk = Record<string, any>;

describe('the example document through @hey-api/openapi-ts, against the live example server', () => {
  let out: string;
  let work: string;
  let server: ChildProcess | undefined;
  let sdk: Sdk;

  beforeAll(async () => {
    // The generated code imports zod: a directory with this repository's node_modules beside it.
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-hey-api-'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    fs.writeFileSync(
      path.join(out, 'openapi-ts.config.mjs'),
      `export default ${JSON.stringify({
        input: DOCUMENT,
        output: 'src/client',
        plugins: ['@hey-api/client-fetch', 'zod', { name: '@hey-api/sdk', validator: true }],
      })};\n`,
    );
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-f', 'openapi-ts.config.mjs', '--no-log-file', '-s'],
      {
        cwd: out,
        stdio: 'pipe',
      },
    );

    work = copyFixture('example');
    const binary = path.join(work, 'server');
    runGo('go', ['build', '-o', binary, './cmd/server'], work);
    const started = await startServer(binary, ['-addr', '127.0.0.1:0', '-files', 'https://files.example.com/store']);
    server = started.child;
    sdk = (await import(path.join(out, 'src/client/index.ts'))) as Sdk;
    const { client } = (await import(path.join(out, 'src/client/client.gen.ts'))) as Sdk;
    client.setConfig({ baseUrl: started.baseUrl });
  });

  afterAll(() => {
    server?.kill();
    if (out) fs.rmSync(out, { recursive: true, force: true });
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('generates an SDK with one function per operation and zod schemas', () => {
    for (const fn of ['v1UserGetUser', 'v1UserCreateUser', 'v1UserUpdateUserPut', 'v1UserUpdateUserPatch', 'v1FileUpload', 'v2RootIndex'])
      expect(typeof sdk[fn]).toBe('function');
    expect(fs.readFileSync(path.join(out, 'src/client/zod.gen.ts'), 'utf8')).toContain("import * as z from 'zod';");
  });

  it('its client type-checks with tsc --strict', () => {
    const config = path.join(out, 'tsconfig.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          skipLibCheck: true,
        },
        include: ['src/**/*.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      output = `${err.stdout ?? ''}${err.stderr ?? ''}` || 'tsc failed without output';
    }
    expect(output).toBe('');
  });

  it('GET with a path parameter: 200 validated by its zod schema, and the declared 404 with the FwError body', async () => {
    const found = await sdk.v1UserGetUser({ path: { id: 1 } });
    expect(found.response.status).toBe(200);
    expect(found.data.user).toMatchObject({ name: 'Ada Lovelace', role: 'admin', tags: ['founder'] });
    const missing = await sdk.v1UserGetUser({ path: { id: 999 } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ message: 'no user with this id', code: 'not_found' });
  });

  it('POST with a JSON body through the Authorization security scheme: 201; without it the declared 401', async () => {
    const created = await sdk.v1UserCreateUser({ body: { name: 'Zoë', email: 'zoe@example.com', role: 'member' }, auth: () => 'Bearer test-token' });
    expect(created.response.status).toBe(201);
    expect(created.data.user).toMatchObject({ name: 'Zoë', email: 'zoe@example.com', role: 'member' });
    const refused = await sdk.v1UserCreateUser({ body: { name: 'Zoë', email: 'zoe@example.com', role: 'member' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'unauthorized' });
  });

  it('query parameters, a multipart upload, and an exact {$} path', async () => {
    const list = await sdk.v1UserListUsers({ query: { q: 'grace' } });
    expect(list.response.status).toBe(200);
    expect(list.data.users.map((u: { name: string }) => u.name)).toEqual(['Grace Hopper']);
    // hey-api 0.95 types a `format: binary` part as Blob | File but its zod plugin checks it as z.string(),
    // so this one call skips the SDK's request validation (the response is still validated).
    const upload = await sdk.v1FileUpload({ body: { description: 'notes', file: new Blob(['abc'], { type: 'text/plain' }) }, requestValidator: undefined });
    expect(upload.response.status).toBe(201);
    expect(upload.data).toMatchObject({ description: 'notes', checksum: '352441c2' });
    const index = await sdk.v2RootIndex();
    expect(index.response.status).toBe(200);
    expect(index.data).toEqual({ version: '2' });
  });
});
