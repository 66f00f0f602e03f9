import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scaffoldRuntime } from '../../src/runtime/scaffold';
import { writeGeneratedFiles } from '../../src/write/writer';
import { requireGo, runGo } from '../support/go';

/**
 * The fwhttp package as fw init scaffolds it (hash lines included) must be
 * gofmt-exact, pass go vet (which, with `go 1.22` in go.mod, also flags
 * standard library APIs newer than 1.22) and pass its own Go tests, under
 * `go 1.22` and under the toolchain's own version: every tag
 * kind and conversion, 413 for oversized JSON and uploads, panic recovery and
 * the error body shape.
 */
/** A module with fwhttp scaffolded into it, its go.mod saying `go <goVersion>`. */
function scaffoldedModule(goVersion: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-runtime-go-'));
  fs.writeFileSync(path.join(dir, 'go.mod'), `module example.com/app\n\ngo ${goVersion}\n`);
  const result = scaffoldRuntime({ cwd: dir });
  expect(result.diagnostics).toEqual([]);
  const report = writeGeneratedFiles(result.files);
  expect(report.diagnostics).toEqual([]);
  expect(report.written.length).toBeGreaterThan(0);
  return dir;
}

describe('scaffolded fwhttp package (Go toolchain)', () => {
  let dir: string;

  beforeAll(() => {
    requireGo();
    dir = scaffoldedModule('1.22');
  });

  it('is gofmt-exact', () => {
    expect(runGo('gofmt', ['-l', '.'], dir)).toBe('');
  });

  it('passes go vet', () => {
    runGo('go', ['vet', './...'], dir);
  });

  it('passes its own Go tests', () => {
    const out = runGo('go', ['test', '-count=1', './...'], dir);
    expect(out).toMatch(/^ok\s+example\.com\/app\/internal\/fwhttp/m);
  });

  it("passes its own Go tests in a module on the toolchain's own Go version too: its limits do not depend on the go directive (net/http's form and query defaults do)", () => {
    const version = /^go(\d+\.\d+)/.exec(runGo('go', ['env', 'GOVERSION'], dir).trim())?.[1];
    expect(version).toBeDefined();
    const out = runGo('go', ['test', '-count=1', './...'], scaffoldedModule(version!));
    expect(out).toMatch(/^ok\s+example\.com\/app\/internal\/fwhttp/m);
  });
});
