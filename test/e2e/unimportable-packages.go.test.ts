import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGo } from '../support/go';
import { copyFixture, runFw, snapshotTree } from '../support/workspace';

/**
 * Handlers the root router cannot import (issue 11 item 7): a subfolder in
 * package main, and a subfolder that is a Go module of its own. fw refuses
 * both (positioned error, exit 1, nothing written: the fixtures under
 * fixtures/errors/ hold the exact messages). `go build` is the oracle for
 * the rule: the router fw writes when the package is importable stops
 * compiling as soon as the package is main, or its folder gets a go.mod.
 */

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function fixture(name: string): string {
  const ws = copyFixture(`errors/${name}`);
  fs.rmSync(path.join(ws, 'expected-diagnostics.txt'));
  made.push(ws);
  return ws;
}

async function expectRefused(ws: string, message: RegExp): Promise<void> {
  const before = snapshotTree(ws);
  const { code, stderr } = await runFw(['g', 'router', '--cwd', ws]);
  expect(code).toBe(1);
  expect(stderr).toMatch(message);
  expect(snapshotTree(ws)).toEqual(before);
}

describe('packages the root router cannot import', () => {
  it('a handler in a subfolder whose package is main', async () => {
    const ws = fixture('subfolder-package-main');
    await expectRefused(ws, /^api\/cmd\/tool\/main\.go:6:6: error: handler Health in subfolder cmd\/tool is in package main/m);
    // The same handler in an importable package: fw writes a router that compiles...
    const main = path.join(ws, 'api/cmd/tool/main.go');
    const source = fs.readFileSync(main, 'utf8');
    fs.writeFileSync(main, source.replace('package main', 'package tool').replace('func main() {}\n', ''));
    expect((await runFw(['g', 'router', '--cwd', ws, '-q'])).code).toBe(0);
    runGo('go', ['build', './...'], ws);
    // ...and that router does not compile once the package is main again.
    fs.writeFileSync(main, source);
    expect(() => runGo('go', ['build', './api'], ws)).toThrow(/is a program, not an importable package/);
  });

  it('a handler in a subfolder that has its own go.mod', async () => {
    const ws = fixture('subfolder-own-module');
    await expectRefused(
      ws,
      /^api\/plugins\/plugins\.go:6:6: error: handler List in subfolder plugins cannot be registered: api\/plugins\/go\.mod makes plugins a module of its own/m,
    );
    const goMod = path.join(ws, 'api/plugins/go.mod');
    const mod = fs.readFileSync(goMod, 'utf8');
    fs.rmSync(goMod);
    expect((await runFw(['g', 'router', '--cwd', ws, '-q'])).code).toBe(0);
    runGo('go', ['build', './...'], ws);
    fs.writeFileSync(goMod, mod);
    expect(() => runGo('go', ['build', './api'], ws)).toThrow(/example\.com\/bad\/api\/plugins/);
  });

  it('a folder with its own go.mod and no annotations is simply not a subfolder', async () => {
    const ws = fixture('subfolder-own-module');
    for (const f of ['plugins/plugins.go', 'plugins/deep/deep.go']) {
      const file = path.join(ws, 'api', f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\/\/ fw:http_route.*\n/, ''));
    }
    expect((await runFw(['g', 'router', '--cwd', ws, '-q'])).code).toBe(0);
    runGo('go', ['build', './...'], ws);
  });
});
