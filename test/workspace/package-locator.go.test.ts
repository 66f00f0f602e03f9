import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initGoParser } from '../../src/go/parser';
import { WorkspaceProgram } from '../../src/go/program';
import { buildTarget } from '../../src/go/build-constraints';
import { downloadRealModules, fileProxy, goListDeps, moduleEnv, REAL_MODULES } from '../support/go-modules';
import { runGo } from '../support/go';
import { makeWorkspace } from '../support/workspace';
import { execFileSync } from 'node:child_process';
import { goEnv } from '../support/go';

/**
 * `go list -deps -json` is the oracle of where fw finds packages: on small
 * workspaces for each setup (plain dependencies, go.work with a sibling,
 * replace by a directory and by another version, vendor/ with and without
 * -mod=mod, a module missing from the cache, GOWORK=off), every package Go
 * lists is found by fw in the directory Go reports, and a package Go cannot
 * find fw cannot find either (with one warning naming `go mod download`).
 */

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * One parse cache for every program of this file: each finds the standard library's packages (database/sql,
 * net/netip and what they import) and loads them, and the files are the same every time. The cache is keyed by
 * each file's path and bytes, so a file is parsed once here instead of once per program (most of this file's CPU).
 * Where a package is found, what this file checks, does not depend on how its files were read.
 */
const parseCache = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-locator-parse-cache-'));
made.push(parseCache);

const { uuid, uuidOld, decimal, toml } = REAL_MODULES;

const API_GO = `package api

import (
\t"database/sql"
\t"net/netip"

\t"github.com/BurntSushi/toml"
\t"github.com/google/uuid"
\t"github.com/shopspring/decimal"
)

type Thing struct {
\tName  sql.NullString
\tAddr  netip.Addr
\tID    uuid.UUID
\tPrice decimal.Decimal
\tKey   toml.Key
}
`;

const GO_MOD = `module example.com/app

go 1.22

require (
\t${uuid.path} ${uuid.version}
\t${decimal.path} ${decimal.version}
\t${toml.path} ${toml.version}
)
`;

function workspace(files: Record<string, string>): string {
  const dir = makeWorkspace(files);
  made.push(dir);
  return dir;
}

/** go mod tidy with the proxy reachable: it writes go.sum (the modules are in the cache already). */
function tidy(dir: string): void {
  execFileSync('go', ['mod', 'tidy'], { cwd: dir, env: { ...goEnv(), GOFLAGS: '-mod=mod' }, stdio: 'pipe' });
}

/**
 * Every package `go list -deps` reports from `cwd` is found by fw at Go's
 * directory, looked up from `fromDir`'s package; those Go cannot find, fw
 * cannot either. Returns the program, for its diagnostics.
 */
function expectSameDirs(cwd: string, fromDir: string, env: NodeJS.ProcessEnv, patterns?: string[]): WorkspaceProgram {
  const listed = goListDeps(cwd, env, patterns);
  const program = new WorkspaceProgram(buildTarget(env), { env, cacheDir: parseCache });
  program.moduleOf(fromDir);
  let compared = 0;
  for (const p of listed) {
    // The standard library's own vendored packages are reached only from inside it.
    if (p.ImportPath.startsWith('vendor/') || (p.ImportPath.includes('golang.org/x/') && p.Standard)) continue;
    const found = program.package(p.ImportPath, fromDir);
    if (p.Error || !p.Dir) expect({ path: p.ImportPath, dir: found?.dir }).toEqual({ path: p.ImportPath, dir: undefined });
    else expect({ path: p.ImportPath, dir: found?.dir }).toEqual({ path: p.ImportPath, dir: p.Dir });
    compared++;
  }
  expect(compared).toBeGreaterThan(1);
  return program;
}

beforeAll(async () => {
  downloadRealModules();
  await initGoParser();
});

describe('packages are found where go list finds them', () => {
  it('plain module dependencies (case-encoded paths in the module cache) and the standard library', () => {
    const ws = workspace({ 'go.mod': GO_MOD, 'api/api.go': API_GO });
    tidy(ws);
    const program = expectSameDirs(ws, path.join(ws, 'api'), moduleEnv());
    expect(program.package(toml.path, path.join(ws, 'api'))?.dir).toMatch(/!burnt!sushi/);
    expect(program.locateDiagnostics).toEqual([]);
  });

  it('vendor/: used by default (go 1.14 or later), not with GOFLAGS=-mod=mod', () => {
    const ws = workspace({ 'go.mod': GO_MOD, 'api/api.go': API_GO });
    tidy(ws);
    runGo('go', ['mod', 'vendor'], ws);
    const vendored = expectSameDirs(ws, path.join(ws, 'api'), moduleEnv());
    expect(vendored.package(uuid.path, path.join(ws, 'api'))?.dir).toBe(path.join(ws, 'vendor', uuid.path));
    const fromCache = expectSameDirs(ws, path.join(ws, 'api'), moduleEnv({ GOFLAGS: '-mod=mod' }));
    expect(fromCache.package(uuid.path, path.join(ws, 'api'))?.dir).not.toContain(`${path.sep}vendor${path.sep}`);
    // go 1.13 in go.mod: Go ignores vendor/ unless told.
    fs.writeFileSync(path.join(ws, 'go.mod'), fs.readFileSync(path.join(ws, 'go.mod'), 'utf8').replace('go 1.22', 'go 1.13'));
    expectSameDirs(ws, path.join(ws, 'api'), moduleEnv());
  });

  it('replace by another version of the module', () => {
    const ws = workspace({ 'go.mod': `${GO_MOD}\nreplace ${uuid.path} => ${uuidOld.path} ${uuidOld.version}\n`, 'api/api.go': API_GO });
    tidy(ws);
    const program = expectSameDirs(ws, path.join(ws, 'api'), moduleEnv());
    expect(program.package(uuid.path, path.join(ws, 'api'))?.dir).toContain(`uuid@${uuidOld.version}`);
  });

  it('replace by a local directory', () => {
    const ws = workspace({
      'app/go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../lib\n',
      'app/api/api.go': 'package api\n\nimport "example.com/lib/money"\n\ntype Price struct{ Amount money.Money }\n',
      'lib/go.mod': 'module example.com/lib\n\ngo 1.22\n',
      'lib/money/money.go': 'package money\n\ntype Money struct{ Cents int64 }\n',
    });
    const program = expectSameDirs(path.join(ws, 'app'), path.join(ws, 'app', 'api'), moduleEnv());
    expect(program.package('example.com/lib/money', path.join(ws, 'app', 'api'))?.dir).toBe(path.join(ws, 'lib', 'money'));
  });

  it('go.work with a sibling module; GOWORK=off leaves it out', () => {
    const ws = workspace({
      'go.work': 'go 1.22\n\nuse (\n\t./app\n\t./shared\n)\n',
      'app/go.mod': `module example.com/app\n\ngo 1.22\n\nrequire ${uuid.path} ${uuid.version}\n`,
      'app/api/api.go':
        'package api\n\nimport (\n\t"example.com/shared/money"\n\t"github.com/google/uuid"\n)\n\ntype Price struct {\n\tAmount money.Money\n\tID     uuid.UUID\n}\n',
      'shared/go.mod': 'module example.com/shared\n\ngo 1.22\n',
      'shared/money/money.go': 'package money\n\ntype Money struct{ Cents int64 }\n',
    });
    execFileSync('go', ['mod', 'download'], { cwd: path.join(ws, 'app'), env: { ...goEnv(), GOWORK: undefined, GOFLAGS: '-mod=mod' }, stdio: 'pipe' });
    execFileSync('go', ['work', 'sync'], { cwd: ws, env: { ...goEnv(), GOWORK: undefined }, stdio: 'pipe' });
    const api = path.join(ws, 'app', 'api');
    const program = expectSameDirs(path.join(ws, 'app'), api, moduleEnv());
    expect(program.package('example.com/shared/money', api)?.dir).toBe(path.join(ws, 'shared', 'money'));
    const off = expectSameDirs(path.join(ws, 'app'), api, moduleEnv({ GOWORK: 'off', GOFLAGS: '-mod=mod' }));
    expect(off.package('example.com/shared/money', api)).toBeUndefined();
  });

  it('go 1.16 (no graph pruning): a dependency only the dependencies require, at the highest version any requires', () => {
    const root = workspace({});
    const proxy = fileProxy(path.join(root, 'proxy'), {
      'example.com/a': {
        'v1.0.0': {
          'go.mod': 'module example.com/a\n\ngo 1.16\n\nrequire example.com/b v1.1.0\n',
          'a.go': 'package a\n\nimport "example.com/b"\n\ntype A struct{ B b.B }\n',
        },
      },
      'example.com/b': {
        'v1.0.0': { 'go.mod': 'module example.com/b\n\ngo 1.16\n', 'b.go': 'package b\n\ntype B struct{ X int }\n' },
        'v1.1.0': {
          'go.mod': 'module example.com/b\n\ngo 1.16\n\nrequire example.com/c v1.0.0\n',
          'b.go': 'package b\n\nimport "example.com/c"\n\ntype B struct {\n\tX int\n\tC c.C\n}\n',
        },
      },
      'example.com/c': { 'v1.0.0': { 'go.mod': 'module example.com/c\n\ngo 1.16\n', 'c.go': 'package c\n\ntype C struct{ N string }\n' } },
    });
    const ws = path.join(root, 'app');
    fs.mkdirSync(path.join(ws, 'api'), { recursive: true });
    // b is required at v1.0.0 here, at v1.1.0 by a: minimal version selection takes v1.1.0, which needs c.
    fs.writeFileSync(path.join(ws, 'go.mod'), 'module example.com/app\n\ngo 1.16\n\nrequire (\n\texample.com/a v1.0.0\n\texample.com/b v1.0.0\n)\n');
    fs.writeFileSync(path.join(ws, 'api', 'api.go'), 'package api\n\nimport "example.com/a"\n\ntype T struct{ A a.A }\n');
    const cache = path.join(root, 'modcache');
    const env = moduleEnv({ GOPROXY: proxy, GOMODCACHE: cache, GOSUMDB: 'off', GOFLAGS: '-mod=mod' });
    execFileSync('go', ['mod', 'download', 'all'], { cwd: ws, env, stdio: 'pipe' });
    const program = expectSameDirs(ws, path.join(ws, 'api'), { ...env, GOPROXY: 'off' });
    const a = path.join(ws, 'api');
    expect(program.package('example.com/b', program.package('example.com/a', a)!.dir)?.dir).toBe(path.join(cache, 'example.com', 'b@v1.1.0'));
    expect(program.package('example.com/c', path.join(cache, 'example.com', 'b@v1.1.0'))?.dir).toBe(path.join(cache, 'example.com', 'c@v1.0.0'));
    // The module cache is read only by Go: let the temporary directory go.
    execFileSync('chmod', ['-R', 'u+w', cache]);
  });

  it('a module missing from the module cache: not found, one warning naming go mod download', () => {
    const ws = workspace({
      'go.mod': `module example.com/app\n\ngo 1.22\n\nrequire example.com/nowhere v1.2.3\n`,
      'api/api.go': 'package api\n\nimport (\n\t"example.com/nowhere/a"\n\t"example.com/nowhere/b"\n)\n\ntype T struct {\n\tA a.A\n\tB b.B\n}\n',
    });
    const api = path.join(ws, 'api');
    const program = expectSameDirs(ws, api, moduleEnv());
    expect(program.package('example.com/nowhere/a', api)).toBeUndefined();
    expect(program.package('example.com/nowhere/b', api)).toBeUndefined();
    const diags = program.locateDiagnostics;
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ severity: 'warning', pos: { file: path.join(ws, 'go.mod'), line: 5, col: 9 } });
    expect(diags[0]!.message).toContain('example.com/nowhere@v1.2.3');
    expect(diags[0]!.hint).toContain('go mod download');
  });
});
