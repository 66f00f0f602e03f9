import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { knownStdTypeNamed } from '../../src/go/known-marshalers';
import { loadTypeMappings } from '../../src/workspace/fw-config';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { makeWorkspace } from '../support/workspace';

const builtIn = (name: string) => knownStdTypeNamed(name) !== undefined;

/** Loads the fw.json files of `configs` (module directory → text), and gives the mappings and the formatted diagnostics. */
function load(configs: Record<string, string>) {
  const ws = makeWorkspace(Object.fromEntries(Object.entries(configs).map(([dir, text]) => [dir ? `${dir}/fw.json` : 'fw.json', text])));
  const dirs = Object.keys(configs).map((d) => path.join(ws, d));
  const { mappings, diagnostics } = loadTypeMappings(dirs, builtIn);
  const out = { mappings, messages: diagnostics.map((d) => formatDiagnostic(d, ws)) };
  fs.rmSync(ws, { recursive: true, force: true });
  return out;
}

describe('fw.json: the JSON forms of foreign types', () => {
  it('maps full type names to a type name or an object, comments allowed', () => {
    const { mappings, messages } = load({
      '': `{
  "$schema": "./node_modules/fw-http-routes/schemas/fw.schema.json",
  // decimal writes "1.50"
  "types": {
    "github.com/shopspring/decimal.Decimal": "string",
    "github.com/google/uuid.NullUUID": { "type": "string", "nullable": true },
    "k8s.io/apimachinery/pkg/apis/meta/v1.Time": { "type": "string", "format": "date-time" },
    "k8s.io/apimachinery/pkg/util/intstr.IntOrString": "unknown"
  }
}`,
    });
    expect(messages).toEqual([]);
    expect(Object.fromEntries(mappings.forms)).toEqual({
      'github.com/shopspring/decimal.Decimal': { type: 'string' },
      'github.com/google/uuid.NullUUID': { type: 'string', nullable: true },
      'k8s.io/apimachinery/pkg/apis/meta/v1.Time': { type: 'string', format: 'date-time' },
      'k8s.io/apimachinery/pkg/util/intstr.IntOrString': { type: 'unknown' },
    });
  });

  it('is optional: no file, no mappings, no diagnostics', () => {
    const ws = makeWorkspace({ 'go.mod': 'module x\n' });
    const { mappings, diagnostics } = loadTypeMappings([ws], builtIn);
    expect([mappings.forms.size, diagnostics]).toEqual([0, []]);
    fs.rmSync(ws, { recursive: true, force: true });
  });

  it('gives every problem of the file at its line and column, all at once', () => {
    const { mappings, messages } = load({
      '': `{
  "typs": {},
  "types": {
    "github.com/a/b": "string",
    "github.com/a/b.T": "strng",
    "github.com/a/b.U": { "type": "integer", "format": "date-time" },
    "github.com/a/b.V": { "type": "string", "nulable": true },
    "github.com/a/b.W": 3,
    "github.com/a/b.X": { "type": "string", "nullable": "yes" },
    "math/big.Int": "string",
    "github.com/a/b.Y": "string",
    "github.com/a/b.Y": "number"
  }
}`,
    });
    expect(messages).toEqual([
      'fw.json:2:3: error: unknown key "typs" in fw.json (did you mean types?)',
      'fw.json:12:5: error: "github.com/a/b.Y" is given twice (keep one)',
      'fw.json:4:5: error: "github.com/a/b" is not a Go type\'s full name (write the import path, a dot and the type name: "github.com/shopspring/decimal.Decimal")',
      'fw.json:5:25: error: type must be one of string, number, integer, boolean, unknown, not "strng" (did you mean string?)',
      'fw.json:6:25: error: format applies to type string only, not to integer',
      'fw.json:7:45: error: unknown key "nulable" (did you mean nullable?); a form has type, format, nullable',
      'fw.json:8:25: error: a JSON form must be a type name or an object ("string", or { "type": "string", "format": "date-time" }; types: string, number, integer, boolean, unknown)',
      'fw.json:9:57: error: nullable must be true or false',
      'fw.json:10:5: error: fw knows the JSON form of math/big.Int already (remove this mapping)',
    ]);
    expect([...mappings.forms.keys()]).toEqual(['github.com/a/b.Y']);
  });

  it('reports JSON syntax and a top level that is not an object at their position', () => {
    expect(load({ '': '{\n  "types": {,}\n}' }).messages).toEqual(['fw.json:2:13: error: fw.json is not valid JSON: ValueExpected (fix the JSON syntax)']);
    expect(load({ '': '{ "types": { "a/b.C": "string", } }' }).messages).toEqual([
      'fw.json:1:33: error: fw.json is not valid JSON: PropertyNameExpected (fix the JSON syntax)',
    ]);
    expect(load({ '': '[]' }).messages).toEqual(['fw.json:1:1: error: fw.json must hold a JSON object ({ "types": { "<import path>.<Type>": "string" } })']);
    expect(load({ '': '{ "types": [] }' }).messages).toEqual([
      'fw.json:1:12: error: types must be an object (map each "<import path>.<Type>" to its JSON form)',
    ]);
    expect(load({ '': '' }).messages).toEqual(['fw.json:1:1: error: fw.json is not valid JSON: ValueExpected (fix the JSON syntax)']);
  });

  it('counts columns in UTF-8 bytes, as the Go diagnostics do', () => {
    expect(load({ '': '{ "types": { "é/b.C": "strng" } }' }).messages[0]).toMatch(/^fw\.json:1:24: error: type must be/);
  });

  it('joins the files of several modules; one type mapped two ways is an error at the second', () => {
    const { mappings, messages } = load({
      a: '{ "types": { "github.com/x/y.T": "string", "github.com/x/y.U": "number" } }',
      b: '{ "types": { "github.com/x/y.T": "string", "github.com/x/y.U": "integer" } }',
    });
    expect(messages.map((m) => m.split('\n')[0])).toEqual([
      'b/fw.json:1:44: error: github.com/x/y.U is mapped to another form in ../a/fw.json (map it the same way in every fw.json, or in one)',
    ]);
    expect(Object.fromEntries(mappings.forms)).toEqual({ 'github.com/x/y.T': { type: 'string' }, 'github.com/x/y.U': { type: 'number' } });
  });

  it('has a key that changes with the files: a kept program knows when its mappings are stale', () => {
    const a = load({ '': '{ "types": { "github.com/x/y.T": "string" } }' }).mappings.key;
    const b = load({ '': '{ "types": { "github.com/x/y.T": "number" } }' }).mappings.key;
    expect(a).not.toBe(b);
  });
});

describe('schemas/fw.schema.json (shipped for editors) agrees with the loader', () => {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/fw.schema.json'), 'utf8')) as object);
  const forms: unknown[] = [
    'string',
    'number',
    'integer',
    'boolean',
    'unknown',
    'strng',
    3,
    null,
    [],
    {},
    { type: 'string' },
    { type: 'string', format: 'date-time' },
    { type: 'string', format: 'date-time', nullable: true },
    { type: 'integer', nullable: false },
    { type: 'integer', format: 'date-time' },
    { type: 'string', format: 'uuid' },
    { type: 'string', nullable: 'yes' },
    { type: 'string', extra: 1 },
    { format: 'date-time' },
  ];
  const configs: unknown[] = [
    {},
    { $schema: 'x' },
    { types: {} },
    { typs: {} },
    { types: [] },
    [],
    'x',
    ...forms.map((form) => ({ types: { 'github.com/a/b.T': form } })),
    ...['github.com/a/b', 'a/b.c/d', 'net/http.Header', 'k8s.io/api/core/v1.ConfigMap', 'x.Ü', 'a b.C', 'a.1x'].map((name) => ({
      types: { [name]: 'string' },
    })),
  ];
  for (const config of configs) {
    it(JSON.stringify(config), () => {
      const { messages } = load({ '': JSON.stringify(config) });
      expect(validate(config), messages.join('\n')).toBe(messages.length === 0);
    });
  }

  it('the fixture that uses fw.json names the schema and passes it', () => {
    const config = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'known-marshalers/fw.json'), 'utf8')) as { $schema: string };
    expect(validate(config)).toBe(true);
    expect(fs.existsSync(path.resolve(FIXTURES, 'known-marshalers', config.$schema))).toBe(true);
  });
});
