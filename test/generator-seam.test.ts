import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateCommands } from '../src/cli/generate-command';
import { GENERATORS, generatorsFor } from '../src/emit/generators';
import { fwTargets } from '../src/nx/inferred-targets';
import { normalizePluginOptions } from '../src/nx/plugin-options';
import { turboPlan } from '../src/turbo/turbo-config';
import { discoverRoots } from '../src/workspace/discover';
import { operationListGenerator } from './support/operation-list/generator';
import { copyFixture } from './support/workspace';

/**
 * Adding an output is its folder and one registration line
 * (docs/internals/generators.md): a generator defined only in the tests
 * (./support/operation-list/), added to the list here, is a command, part
 * of fw g all, an Nx target with its outputs, a Turborepo task, and reads
 * the client's names from the run's shared plan, without a line of src/
 * changing.
 */
const REGISTRY = [...GENERATORS, operationListGenerator];

/** The functions a generated client module exports that take the transport first (its operations), as TypeScript reads them. */
function clientOperations(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((s) =>
    ts.isFunctionDeclaration(s) &&
    s.name &&
    s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) &&
    s.parameters[0]?.type?.getText(source) === 'FwTransport'
      ? [s.name.text]
      : [],
  );
}

describe('a generator registered in a list', () => {
  it('is a fw g command and part of fw g all, and reads the names the client declares from the shared plan', async () => {
    const ws = copyFixture('example');
    const commands = generateCommands(REGISTRY);
    const own = commands.find((c) => c.words.join(' ') === 'g operation-list');
    expect(own?.usage).toContain('Usage: fw g operation-list --file <path> [packages...] [options]');
    const all = commands.find((c) => c.words.join(' ') === 'g all')!;
    expect(all.usage).toContain('--operations <path>');
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const values = { cwd: ws, file: 'web/client.ts', operations: 'web/operations.txt', 'no-cache': true, quiet: true };
    expect(await all.run({ values, positionals: [] }, io), out.join('\n')).toBe(0);
    const listed = fs.readFileSync(path.join(ws, 'web/operations.txt'), 'utf8').trim().split('\n');
    expect(listed.length).toBeGreaterThan(5);
    expect(listed).toEqual(clientOperations(path.join(ws, 'web/client.ts')));
    // Without its file, fw g all leaves it out, as it leaves out the client.
    expect(generatorsFor({}, REGISTRY).generators).toEqual(['router', 'url-helper']);
    expect(generatorsFor({ operations: 'o.txt' }, REGISTRY).generators).toEqual(['router', 'url-helper', 'operation-list']);
    fs.rmSync(ws, { recursive: true, force: true });
  });

  it('gets an Nx target with its file as output, and its part of gen-all and check-generated', () => {
    const analysis = { roots: ['internal/v1'], goDirs: [], goModFiles: [], configFiles: [], moduleFiles: [], precise: false };
    const options = { ...normalizePluginOptions({}), operationsFile: 'ops/list.txt' };
    const targets = fwTargets('apps/api', 'api', analysis, options, REGISTRY);
    expect(targets['gen-operation-list']).toMatchObject({
      executor: 'fw:operation-list',
      options: { file: 'ops/list.txt' },
      outputs: ['{projectRoot}/ops/list.txt'],
      inputs: targets['gen-router']!.inputs,
    });
    expect(targets['gen-all']?.outputs).toContain('{projectRoot}/ops/list.txt');
    expect(targets['gen-all']?.options).toMatchObject({ operations: 'ops/list.txt' });
    expect(targets['check-generated']?.options).toMatchObject({ operations: 'ops/list.txt' });
    // Without its file, no target: as gen-openapi without openapiFile.
    expect(Object.keys(fwTargets('apps/api', 'api', analysis, normalizePluginOptions({}), REGISTRY))).not.toContain('gen-operation-list');
  });

  it('gets a Turborepo task when fw init --turbo is given its file', () => {
    const ws = copyFixture('nx-workspace');
    const api = path.join(ws, 'apps/api');
    const plan = turboPlan(api, { 'operation-list': { file: 'ops.txt' } }, discoverRoots(api), REGISTRY);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.tasks['gen:operation-list']).toMatchObject({ outputs: ['ops.txt'] });
    expect(plan.scripts['gen:operation-list']).toBe('fw g operation-list --file ops.txt --turbo');
    expect(plan.tasks['gen:all']?.outputs).toContain('ops.txt');
    expect(plan.scripts['gen:all']).toBe('fw g all --operations ops.txt --turbo');
    fs.rmSync(ws, { recursive: true, force: true });
  });
});
