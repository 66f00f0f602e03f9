import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/main';
import { makeWorkspace, runFw, snapshotTree } from '../support/workspace';
import { GENERATED_HEADER } from '../../src/workspace/generated-header';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = (require('../../package.json') as { version: string }).version;

function apiWorkspace(): string {
  return makeWorkspace({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'api/router.go': `${GENERATED_HEADER}\n\npackage api\n`,
    'api/registry.go': `${GENERATED_HEADER}\n\npackage api\n`,
    'api/users.go':
      'package api\n\nimport "net/http"\n\ntype UserHandler struct{}\n\n// fw:http_route path=/users/{id}\nfunc (h *UserHandler) GetUser() http.HandlerFunc { return nil }\n',
  });
}

describe('fw (no command)', () => {
  it.each([
    [['--help'], 0],
    [['-h'], 0],
    [['help'], 0],
    [[], 2],
  ])('%j prints the overview and exits %i', async (argv, code) => {
    const run = await runFw(argv);
    expect(run.code).toBe(code);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`fw ${VERSION}: `);
    expect(run.stdout).toContain('Usage: fw <command> [options]');
    for (const c of commands) expect(run.stdout).toContain(`fw ${c.words.join(' ')}`);
  });

  it.each([['--version'], ['-v']])('%s prints the package version', async (flag) => {
    expect(await runFw([flag])).toEqual({ code: 0, stdout: VERSION, stderr: '' });
  });

  it.each([[['frobnicate']], [['g', 'nope']], [['router']], [['--nope']]])('unknown command %j exits 2 with the overview on stderr', async (argv) => {
    const run = await runFw(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^fw: unknown command "${argv.join(' ')}"\\n\\n`));
    expect(run.stderr).toContain('Usage: fw <command> [options]');
  });
});

describe('fw g without a generator', () => {
  it('prints the overview: exit 0 with --help, exit 2 without', async () => {
    for (const [argv, code] of [
      [['g', '--help'], 0],
      [['generate', '-h'], 0],
      [['g'], 2],
    ] as const) {
      const run = await runFw([...argv]);
      expect(run.code).toBe(code);
      expect(run.stdout).toContain('fw g router');
    }
  });
});

describe('command help and usage errors', () => {
  it.each(commands.map((c) => [c.words.join(' ')]))('fw %s --help prints its usage and exits 0', async (words) => {
    const command = commands.find((c) => c.words.join(' ') === words)!;
    for (const flag of ['--help', '-h']) {
      expect(await runFw([...command.words, flag])).toEqual({ code: 0, stdout: command.usage, stderr: '' });
    }
  });

  it('accepts "generate" for "g"', async () => {
    const router = commands.find((c) => c.words.join(' ') === 'g router')!;
    expect(await runFw(['generate', 'router', '--help'])).toEqual({ code: 0, stdout: router.usage, stderr: '' });
  });

  it.each<[string[], string]>([
    [['g', 'router', '--nope'], 'unknown option --nope for fw g router (fw g router --help lists its options)'],
    [['g', 'client', '--file', 'c.ts', '--chek'], 'unknown option --chek for fw g client (did you mean --check?)'],
    [['init', '--zod', 'mini'], '--zod goes with --turbo (the options of the tasks it writes)'],
    [['init', '--turbo', '--zod', 'maxi'], '--zod takes classic or mini, not "maxi"'],
    [['g', 'router', '--cwd'], "Option '--cwd <value>' argument missing"],
    [['g', 'router', '--check=yes'], "Option '--check' does not take an argument"],
    [['g', 'client'], 'fw g client needs --file <path>'],
    [['g', 'client', '--file', ''], 'fw g client needs --file <path>'],
    [['g', 'client', '--file', 'c.ts', '--zod', 'maxi'], '--zod takes classic or mini, not "maxi"'],
    [['g', 'all', '--zod', 'Mini'], '--zod takes classic or mini, not "Mini"'],
  ])('%j exits 2 with the message and the usage', async (argv, message) => {
    const run = await runFw(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toMatch(/^fw: /);
    // Node's advice to put an unknown option after `--` does not apply: fw takes no positional starting with `-`.
    expect(run.stderr).not.toContain("'--'");
    expect(run.stderr).toContain(`Usage: fw ${argv[0]} ${argv[0] === 'init' ? '' : argv[1]}`);
  });
});

describe('fw g router', () => {
  it('writes router.go and registry.go, then nothing on a second run', async () => {
    const ws = apiWorkspace();
    const first = await runFw(['g', 'router', '--cwd', ws]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.split('\n');
    expect(lines.slice(0, 2).sort()).toEqual(['wrote api/registry.go', 'wrote api/router.go']);
    expect(lines[2]).toMatch(/^fw g router: 0 errors, 0 warnings; 1 root \(api\), 1 route; 2 written, 0 unchanged in \d+ ms$/);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8')).toContain('GetUser');

    const before = snapshotTree(ws);
    const second = await runFw(['generate', 'router', '--cwd', ws]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^fw g router: 0 errors, 0 warnings; 1 root \(api\), 1 route; 0 written, 2 unchanged in \d+ ms$/);
    expect(snapshotTree(ws)).toEqual(before);
  });

  it('--quiet prints nothing on success', async () => {
    expect(await runFw(['g', 'router', '--cwd', apiWorkspace(), '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('--check lists stale files, exits 1 and writes nothing', async () => {
    const ws = apiWorkspace();
    const before = snapshotTree(ws);
    const run = await runFw(['g', 'router', '--cwd', ws, '--check']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').sort()).toEqual([
      `api/registry.go: stale (run fw g router --cwd ${ws} to update it)`,
      `api/router.go: stale (run fw g router --cwd ${ws} to update it)`,
      'fw g router: 0 errors, 0 warnings; 2 generated files are out of date',
    ]);
    expect(snapshotTree(ws)).toEqual(before);
    await runFw(['g', 'router', '--cwd', ws, '-q']);
    expect((await runFw(['g', 'router', '--cwd', ws, '--check'])).code).toBe(0);
  });

  it('--check says missing or stale and names the command that updates them, with the options of the run; run as written, the check passes', async () => {
    const ws = apiWorkspace();
    const check = ['g', 'all', '--cwd', ws, '--file', 'web/client.ts', '--zod', 'mini', '--format', 'text', 'api', '--check'];
    expect((await runFw(['g', 'router', '--cwd', ws, '-q'])).code).toBe(0);
    fs.appendFileSync(path.join(ws, 'api/router.go'), '\n');
    const run = await runFw(check);
    expect(run.code).toBe(1);
    const fix = `fw g all --cwd ${ws} --file web/client.ts --zod mini api`;
    expect(run.stderr.split('\n').sort()).toEqual([
      `api/router.go: stale (run ${fix} to update it)`,
      `api/urlhelper/urlhelper.go: missing (run ${fix} to update it)`,
      'fw g all: 0 errors, 0 warnings; 3 generated files are out of date',
      `web/client.ts: missing (run ${fix} to update it)`,
    ]);
    // The oracle: the named command, run as a shell would split it, makes the same check pass.
    const words = fix.split(' ');
    expect(words[0]).toBe('fw');
    expect((await runFw(words.slice(1))).code).toBe(0);
    expect(await runFw(check)).toMatchObject({ code: 0, stderr: '' });
  });

  it('refuses a hand-written router.go unless --force', async () => {
    const ws = apiWorkspace();
    fs.writeFileSync(path.join(ws, 'api/router.go'), 'package api\n');
    const before = snapshotTree(ws);
    const run = await runFw(['g', 'router', '--cwd', ws]);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(/^api\/router\.go:1:1: error: refusing to overwrite .* \[FW6004\]$/),
      'fw g router: 1 error, 0 warnings; nothing was written',
    ]);
    expect(snapshotTree(ws)).toEqual(before);
    expect((await runFw(['g', 'router', '--cwd', ws, '--force', '-q'])).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8').startsWith(GENERATED_HEADER)).toBe(true);
  });

  it('reports an unknown package name with the roots found, exit 1', async () => {
    const run = await runFw(['g', 'router', '--cwd', apiWorkspace(), 'nope']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'fw: error: unknown package "nope" (the root handler packages found are: api (api)) [FW1004]\nfw g router: 1 error, 0 warnings; nothing was written',
    });
  });

  it('selects a root by name', async () => {
    const run = await runFw(['g', 'router', '--cwd', apiWorkspace(), './api/']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 root (api)');
  });

  it('reports diagnostics as file:line:col and writes nothing', async () => {
    const ws = apiWorkspace();
    fs.writeFileSync(
      path.join(ws, 'api/bad.go'),
      'package api\n\nimport "net/http"\n\n// fw:http_route path=/x\nfunc (h *UserHandler) Bad(id int) http.HandlerFunc { return nil }\n',
    );
    const before = snapshotTree(ws);
    const run = await runFw(['g', 'router', '--cwd', ws]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      'api/bad.go:6:23: error: method UserHandler.Bad carries fw:http_route but takes 1 parameter (a handler is declared as func (h *UserHandler) Bad() http.HandlerFunc) [FW4001]',
      'fw g router: 1 error, 0 warnings; nothing was written',
    ]);
    expect(snapshotTree(ws)).toEqual(before);
  });

  it('reports a workspace without roots', async () => {
    const run = await runFw(['g', 'router', '--cwd', makeWorkspace({ 'go.mod': 'module x\n' })]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^fw: error: no root handler packages found under /);
  });
});
