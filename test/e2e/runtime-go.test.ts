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
 * standard library APIs newer than 1.22) and pass its own Go tests: every tag
 * kind and conversion, 413 for oversized JSON and uploads, panic recovery and
 * the error body shape.
 */
describe('scaffolded fwhttp package (Go toolchain)', () => {
  let dir: string;

  beforeAll(() => {
    requireGo();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-runtime-go-'));
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/app\n\ngo 1.22\n');
    const result = scaffoldRuntime({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    const report = writeGeneratedFiles(result.files);
    expect(report.diagnostics).toEqual([]);
    expect(report.written.length).toBeGreaterThan(0);
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
});
