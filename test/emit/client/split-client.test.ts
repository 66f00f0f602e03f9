import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, generateAndWrite } from '../../../src/generate';
import { writeGeneratedFiles } from '../../../src/write/writer';
import { fileName } from '../../../src/emit/client/split-layout';
import { REPO_ROOT } from '../../support/golden';
import { type CompilerVersion, STRICT, STRICT_NODE, tsc } from '../../support/tsc';

/**
 * The split client (`fw g client --split`) and a client importing a shared
 * runtime (`--runtime`), asked of tsc: the entry exports exactly the names
 * the one-file client exports (the checker's list of module exports), and
 * every module, with consumers importing from the entry and from deep
 * modules, type-checks under the strict options, Vite's unused-name checks
 * and Node's own ESM resolution (`nodenext`, where a relative import needs
 * its `.js`).
 */
const EXAMPLE = path.join(REPO_ROOT, 'fixtures/example');
const SINGLE = path.join(EXAMPLE, 'web/src/api/client.ts');
const SPLIT = path.join(EXAMPLE, 'web/src/api/split/client.ts');

/** A program of `files` under `options` (tsconfig names), and its errors, one line each. */
function check(options: object, files: string[]): { program: ts.Program; errors: string[] } {
  const { options: parsed, errors } = ts.convertCompilerOptionsFromJson(options, REPO_ROOT);
  expect(errors).toEqual([]);
  const program = ts.createProgram(files, parsed);
  const lines = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})` : '';
    return `${where}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  return { program, errors: lines };
}

/** The names each module of `files` exports, as tsc's checker lists them (types and values). */
function exportedNames(program: ts.Program, files: string[]): string[][] {
  const checker = program.getTypeChecker();
  return files.map((file) =>
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)
      .map((s) => s.name)
      .sort(),
  );
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const CONSUMER = `import { createClient, FwHttpError, type V1UserGetUserResult } from './client';
import { V1UserClient, v1UserGetUser } from './client/v1handler/user';
import { FwTransport } from './client/runtime';
import type { User } from './client/types/models';

const transport = new FwTransport({ baseUrl: '/api' });

export async function nameOf(id: number): Promise<string> {
  const result: V1UserGetUserResult = await v1UserGetUser(transport, { path: { id } });
  if (result.status === 404) return result.body.message ?? result.text;
  const user: User = result.body.user;
  return user.name;
}

export function sameGroup(): boolean {
  return createClient(transport).v1.user instanceof V1UserClient;
}

export function isHttpError(e: unknown): boolean {
  return e instanceof FwHttpError && e.status >= 400;
}
`;

/** A consumer in NodeNext resolution names files as Node resolves them. */
const NODE_CONSUMER = CONSUMER.replace(/from '(\.\/client[^']*)'/g, "from '$1.js'");

/** The strict options, Vite's unused-name checks, resolving zod from this repository. */
const VITE = { ...STRICT_NODE, noUnusedLocals: true, noUnusedParameters: true, erasableSyntaxOnly: true };

describe('the split client', () => {
  let dir: string;
  const clients: Record<string, string> = {};
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-split-'));
    fs.cpSync(EXAMPLE, path.join(dir, 'example'), { recursive: true });
    const cwd = path.join(dir, 'example');
    // An ESM package that finds zod as an application would, for Node's resolution (nodenext).
    fs.writeFileSync(path.join(cwd, 'web/package.json'), '{ "type": "module" }\n');
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(cwd, 'web/node_modules'), 'dir');
    const run = async (name: string, options: Record<string, unknown>) => {
      const result = await generate({ cwd, generators: ['client'], options: { client: { file: `web/${name}/client.ts`, ...options } } });
      expect(result.diagnostics).toEqual([]);
      expect(writeGeneratedFiles(result.files).diagnostics).toEqual([]);
      fs.writeFileSync(path.join(cwd, `web/${name}/consumer.ts`), CONSUMER);
      fs.writeFileSync(path.join(cwd, `web/${name}/node-consumer.ts`), NODE_CONSUMER);
      clients[name] = path.join(cwd, 'web', name);
    };
    await run('classic', { split: true });
    await run('mini', { split: true, zod: 'mini' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("exports from its entry exactly what the one-file client exports, and type-checks with consumers of its entry and deep modules, both zod flavours (tsc: strict, Vite's unused-name checks)", () => {
    const consumers = [path.join(clients.classic!, 'consumer.ts'), path.join(clients.mini!, 'consumer.ts')];
    const { program, errors } = check(VITE, [SINGLE, SPLIT, ...consumers]);
    // (The one-file client is here for its exports: it declares every runtime helper, used or not.)
    expect(errors.filter((e) => !e.startsWith(`${SINGLE}(`))).toEqual([]);
    const [single, split] = exportedNames(program, [SINGLE, SPLIT]);
    expect(single!.length).toBeGreaterThan(50);
    expect(split).toEqual(single);
  });

  it("type-checks under Node's ESM resolution (module and moduleResolution nodenext: relative imports name their .js)", () => {
    const node = { ...STRICT, lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true, module: 'NodeNext', moduleResolution: 'NodeNext' };
    expect(check(node, [path.join(clients.classic!, 'node-consumer.ts')]).errors).toEqual([]);
  });

  // One program per compiler: every module of both flavours' split clients and their consumers (a JavaScript tsc takes 10 s of CPU here; under load, many times that).
  it.each(['6.0', '7.0'] as CompilerVersion[])(
    "type-checks, every module and the consumers of its entry and deep modules, both zod flavours, under TypeScript %s (strict, Vite's unused-name checks)",
    { timeout: 600_000 },
    (compiler) => {
      const files = [...filesUnder(clients.classic!), ...filesUnder(clients.mini!)].filter((f) => f.endsWith('.ts'));
      expect(files.length).toBeGreaterThan(20);
      const options = {
        ...STRICT,
        lib: ['ES2022', 'DOM'],
        types: [],
        skipLibCheck: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        erasableSyntaxOnly: true,
      };
      expect(tsc(options, files, compiler)).toEqual([]);
    },
  );

  it("removes fw's modules that a run no longer writes, reports them with --check, and leaves a person's files in the folder alone", async () => {
    const cwd = path.join(dir, 'example');
    const folder = path.join(clients.classic!, 'client');
    const stale = path.join(folder, 'v9handler/gone.ts');
    const mine = path.join(folder, 'v1handler/mine.ts');
    fs.mkdirSync(path.dirname(stale), { recursive: true });
    fs.writeFileSync(stale, '// Code generated by fw. DO NOT EDIT.\nexport const gone = 1;\n');
    fs.writeFileSync(mine, 'export const mine = 1;\n');
    const options = { cwd, generators: ['client'], options: { client: { file: 'web/classic/client.ts', split: true } } };
    const checked = await generateAndWrite(options, { check: true });
    expect(checked.failure).toBe('stale');
    expect(checked.report?.stale).toEqual([stale]);
    expect(fs.existsSync(stale)).toBe(true);
    const written = await generateAndWrite(options, {});
    expect(written.failure).toBeUndefined();
    expect(written.report?.removed).toEqual([stale]);
    expect(written.report?.written).toEqual([]);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(path.dirname(stale))).toBe(false);
    expect(fs.readFileSync(mine, 'utf8')).toBe('export const mine = 1;\n');
  });

  it("a module left in the folder is found after a run the run record would skip (a build cache's restore leaves one)", async () => {
    const cwd = path.join(dir, 'example');
    const cacheDir = path.join(dir, 'cache');
    const options = { cwd, cacheDir, generators: ['client'], options: { client: { file: 'web/classic/client.ts', split: true } } };
    expect((await generateAndWrite(options, {})).failure).toBeUndefined();
    expect((await generateAndWrite(options, { check: true })).failure).toBeUndefined();
    const stale = path.join(clients.classic!, 'client/v1handler/gone.ts');
    fs.writeFileSync(stale, '// Code generated by fw. DO NOT EDIT.\nexport const gone = 1;\n');
    const checked = await generateAndWrite(options, { check: true });
    expect(checked.failure).toBe('stale');
    expect(checked.report?.stale).toEqual([stale]);
    expect((await generateAndWrite(options, {})).report?.removed).toEqual([stale]);
    expect((await generateAndWrite(options, { check: true })).failure).toBeUndefined();
  });

  it('no module holds everything: each group has its module, and the shared types theirs', () => {
    const modules = filesUnder(path.join(EXAMPLE, 'web/src/api/split/client')).map((f) => path.relative(path.dirname(SPLIT), f));
    expect(modules).toContain('client/v1handler/user.ts');
    expect(modules).toContain('client/types/models.ts');
    const single = fs.statSync(SINGLE).size;
    for (const f of [SPLIT, ...filesUnder(path.join(EXAMPLE, 'web/src/api/split/client'))]) expect(fs.statSync(f).size).toBeLessThan(single / 2);
  });
});

describe('fileName', () => {
  it('is kebab case in lower case, so that names differing only in case are told apart by a suffix, not by the file system', () => {
    expect(fileName('AdminUser')).toBe('admin-user');
    expect(fileName('HTTPServer')).toBe('http-server');
    expect(fileName('v1handler')).toBe('v1handler');
    expect(fileName('Ünïcode')).toBe('_n_code');
  });
});
