import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../support/golden';
import { runGo } from '../support/go';
import { downloadRealModules, moduleEnv } from '../support/go-modules';
import { scaffoldRuntime } from '../../src/runtime/scaffold';
import { writeGeneratedFiles } from '../../src/write/writer';
import { runFw } from '../support/workspace';

/**
 * A type fw.json maps (shopspring/decimal's Decimal as a JSON string, a real
 * module from the module proxy) in the path and query of a route: the URL
 * helper takes it as declared and writes it with its MarshalText, and Go is
 * the oracle: go vet, then fixtures/urlhelper-mapped's go test, which
 * requests the helper's URLs from the generated ServeMux and checks that
 * fwhttp.Bind gives back the same values.
 */

let ws: string;
let helper: string;

beforeAll(async () => {
  downloadRealModules();
  ws = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-mapped-'));
  fs.cpSync(path.join(FIXTURES, 'urlhelper-mapped'), ws, { recursive: true });
  expect(writeGeneratedFiles(scaffoldRuntime({ cwd: ws }).files).diagnostics).toEqual([]);
  for (const generator of ['router', 'url-helper']) {
    const run = await runFw(['g', generator, '--cwd', ws, '--no-cache']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
  }
  helper = fs.readFileSync(path.join(ws, 'api/urlhelper/urlhelper.go'), 'utf8');
  // go.sum from the module cache (downloaded above); fw itself needs none.
  runGo('go', ['mod', 'tidy'], ws, { env: moduleEnv({ GOFLAGS: '-mod=mod' }) });
});

describe('URL helper with a type fw.json maps (shopspring/decimal, Go toolchain)', () => {
  it('takes decimal.Decimal as declared, in the path, positional and optional query values', () => {
    expect(helper).toContain('func (u RootURLs) Price(amount decimal.Decimal, exact decimal.Decimal, query ...RootPriceQuery) (string, error) {');
    expect(helper).toMatch(/\tMin +decimal\.Decimal\n\tMax +\*decimal\.Decimal\n\tSteps +\[\]decimal\.Decimal\n/);
    expect(helper).toContain('\t"github.com/shopspring/decimal"\n');
  });

  it('passes go vet, and fwhttp.Bind reads back every value the helper writes', () => {
    const env = moduleEnv();
    runGo('go', ['vet', './...'], ws, { env });
    expect(runGo('go', ['test', '-count=1', './api/...'], ws, { env })).toMatch(/^ok\s+example\.com\/mapped\/api\s/m);
  });
});
