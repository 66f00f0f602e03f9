import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as classicClient from '../../fixtures/validate-oracle/web/client';
import * as miniClient from '../../fixtures/validate-oracle/web/client.mini';
import { FIXTURES, REPO_ROOT } from '../support/golden';
import { goEnv, runGo, startServer } from '../support/go';
import { copyFixture, runFw } from '../support/workspace';

/**
 * go-playground/validator is the oracle of the rules fw mirrors from
 * `validate` tags (src/emit/constraints.ts). fixtures/validate-oracle has
 * one request type per rule and kind (its field V carries the rule), and
 * types whose rules the validator reaches below V (nested structs, list and
 * map elements after `dive`: nested.go); every sample of that kind (boundaries, empty, multi-byte and combining
 * characters, emoji, leading zeros, numeric and UUID edge cases, nil and
 * empty lists) is judged by
 *   - the validator itself, in a Go program (./validate-oracle/main.go:
 *     encoding/json decodes the body as fwhttp.Bind does, then
 *     validator.Struct),
 *   - the generated client's request schema, with zod and with zod/mini,
 *   - ajv on the OpenAPI document's request body schema,
 * and all must agree on every sample. Then a live round trip: the same
 * program serves the routes with fwhttp.Bind and fwhttp.Validate set to
 * the validator; the client refuses exactly the requests the server
 * answers 400 for, naming the same rule.
 *
 * The table of rules, kinds and samples is docs/type-mapping.md's
 * (rewritten with UPDATE_DOCS=1). The clients are golden files: their
 * tsc --strict check, each schema against its type by the verifying facade,
 * is every golden client's (test/emit/client/client-typecheck.test.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A sample that leaves the property out (the Go field keeps its zero value). */
const ABSENT = Symbol('absent');
type Sample = Json | typeof ABSENT;

const STRINGS: Sample[] = [
  ABSENT,
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  'abcde',
  'a b',
  'é',
  'éé',
  'ééé',
  'e\u0301e\u0301',
  '日本語',
  '😀',
  '😀😀😀',
  'a😀',
  'ABC',
  'abc1',
  'abc\n',
  '\u00e9t\u00e9',
  '0',
  '007',
  '-1',
  '+1.5',
  '1.5',
  '.5',
  '1.',
  '12',
  '0x1F',
  '0X',
  'deadBEEF',
  'a,b',
  'xa,by',
  'bcd',
  'cab',
  'ac',
  '6fa459ea-ee8a-3ca4-894e-db77e160355e',
  '550e8400-e29b-41d4-a716-446655440000',
  '886313e1-3b8a-5372-9b90-0c9aee199e5d',
  '550E8400-E29B-41D4-A716-446655440000',
  '550e8400-e29b-41d4-c716-446655440000',
  5,
];
const INTS: Sample[] = [ABSENT, 0, 1, 2, 3, 4, 5, 7, 9, -1, -2, -3, 100, -2147483648, 9007199254740991, '3'];
const UINTS: Sample[] = [ABSENT, 0, 1, 2, 3, 4, 1000, -1];
const FLOATS: Sample[] = [ABSENT, 0, 2.5, 2.4999999, 2.5000001, 3, 2.4, 2.6, -0.5, 0.5, -0.50001, 1e-7, -1, 1e300, '2.5'];
const LISTS: Sample[] = [ABSENT, null, [], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['', ''], ['ab', 'abc'], ['abcd'], 'a'];
const MAPS: Sample[] = [ABSENT, null, {}, { a: 1 }, { a: 0 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, []];
const POINTERS: Sample[] = [ABSENT, null, '', 'a', 'ab', 'abc', 'a b', 'abcd', 'éé', '😀😀😀'];
const INT_POINTERS: Sample[] = [ABSENT, null, 0, 1, -1, 5];
const BOOLS: Sample[] = [ABSENT, false, true, 0];
/** Strings for the format rules (boolean, ip…): every strconv.ParseBool form and near misses, IPv4 and IPv6 edge cases. */
const FORMATS: Sample[] = [
  ABSENT,
  '',
  ...['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'],
  ...['tRUE', 'TrUe', 'yes', 'on', '2', '01', ' true', 'true ', 'truE', 'fALSE', 'ｔｒｕｅ'],
  ...['1.2.3.4', '0.0.0.0', '255.255.255.255', '256.1.1.1', '01.2.3.4', '1.2.3.04', '1.2.3', '1.2.3.4.5', '1.2.3.4 ', ' 1.2.3.4', '1..2.3', '１.2.3.4'],
  ...['1.2.3.4/24', '::', '::1', '1::', '::ffff:1.2.3.4', '::FFFF:1.2.3.4', '::ffff:102:304', '0:0:0:0:0:ffff:102:304', '0::ffff:1.2.3.4', '::ffff:0:0'],
  ...['::fffe:1.2.3.4', '::1.2.3.4', '::ffff:01.2.3.4', '64:ff9b::1.2.3.4', 'fe80::1%eth0', 'fe80::1%25eth0', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9'],
  ...[
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7:8::',
    '1::2::3',
    ':1::',
    '1:::2',
    '2001:DB8::1',
    '2001:db8:0:0:0:0:0:1',
    '02001:db8::1',
    '2001:db8::00001',
  ],
  ...['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '1:2:3:4:5::1.2.3.4', '::1.2.3', '[::1]', 'g::1', '::-1', '0x1.2.3.4', 'localhost'],
  ...['1.2.3.4/0', '1.2.3.4/32', '1.2.3.4/33', '1.2.3.4/024', '1.2.3.4/0000000000000000000000008', '1.2.3.4/', '1.2.3.4/24/1', '1.2.3.4/+1'],
  ...['::/0', '::/128', '::/129', '2001:db8::/32', '::ffff:1.2.3.4/96', '::ffff:1.2.3.4/128', 'fe80::1%eth0/64', '/24', '1.2.3.4/٣'],
  true,
  1,
];

/** Inner (fixtures/validate-oracle/internal/api/nested.go): name min=2, age omitempty,max=9. */
const INNERS: Sample[] = [
  ABSENT,
  {},
  { name: 'ab' },
  { name: 'a' },
  { name: 'éé' },
  { name: '😀' },
  { name: 'ab', age: 9 },
  { name: 'ab', age: 10 },
  { age: 10 },
  { name: 'ab', x: 1 },
];
const INNER_LISTS: Sample[] = [ABSENT, null, [], [{}], [{ name: 'ab' }], [{ name: 'ab' }, { name: 'a' }], [{ name: 'ab', age: 10 }], [{ name: 'ab', x: 1 }]];
const NESTED_LISTS: Sample[] = [ABSENT, null, [], [[]], [null], [['ab']], [['a']], [['ab'], ['ab', 'a']], [['ab'], null], ['ab']];

/** The samples of each Go type of field V. */
const KINDS: Record<string, Sample[]> = {
  string: STRINGS,
  int: INTS,
  uint: UINTS,
  float64: FLOATS,
  '[]string': LISTS,
  'map[string]int': MAPS,
  '*string': POINTERS,
  '*int': INT_POINTERS,
  bool: BOOLS,
  Inner: INNERS,
  '*Inner': [...INNERS, null],
  '[]Inner': INNER_LISTS,
  '[]*Inner': [...INNER_LISTS, [null], [null, { name: 'a' }]],
  'map[string]Inner': [ABSENT, null, {}, { k: {} }, { k: { name: 'ab' } }, { k: { name: 'a' } }, { k: { name: 'ab' }, j: { name: 'cd' } }],
  Outer: [ABSENT, {}, { in: {} }, { in: { name: 'ab' } }, { in: { name: 'a' } }, { in: { name: 'ab', age: 10 } }],
  '[][]string': NESTED_LISTS,
  '[]*string': [ABSENT, null, [], [null], ['ab'], [''], ['a'], ['ab', null], ['ab', 'abc'], ['ab', 'a']],
  '[]int': [ABSENT, null, [], [1], [2], [3], [1, 3], [0], [2, 1]],
};

const ORACLE = path.join(FIXTURES, 'validate-oracle');

/** Values sent as text: in the query, a header, the path or a form (fixtures/validate-oracle/internal/api/params.go). */
const TEXTS: Sample[] = [ABSENT, '', 'a', 'abc', 'abcd', 'é', 'ééé', 'e\u0301', '😀😀😀', 'a b', 'ab1'];
const PARAM_SAMPLES: Record<string, Sample[]> = {
  string: TEXTS,
  '*string': TEXTS,
  int: [ABSENT, 0, 1, 5, 6, -1],
  '*int': [ABSENT, 0, 1, 5, 6, -1],
  '[]string': [ABSENT, [], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['']],
  bool: [ABSENT, false, true],
};
/** What a header can carry (fetch refuses text beyond Latin-1), what a path segment can (not empty). */
const PARAM_FILTERS: Record<string, (s: Sample) => boolean> = {
  header: (s) => s === ABSENT || /^[\x20-\x7E\xA0-\xFF]*$/.test(String(s)),
  path: (s) => s !== ABSENT && s !== '',
  query: () => true,
  form: () => true,
};
interface ParamType {
  name: string;
  go: string;
  /** Where Bind reads field V from. */
  source: 'query' | 'header' | 'path' | 'form';
  tag: string;
}
const PARAM_TYPES: ParamType[] = [
  ...fs
    .readFileSync(path.join(ORACLE, 'internal/api/params.go'), 'utf8')
    .matchAll(/^type (\w+) struct \{\n\tV (\S+) +`(query|header|path|form):"[^"]*" validate:"((?:[^"\\]|\\.)*)"`/gm),
].map((m) => ({ name: m[1]!, go: m[2]!, source: m[3] as ParamType['source'], tag: JSON.parse(`"${m[4]!}"`) as string }));
interface OracleType {
  name: string;
  tag: string;
  /** The Go type of field V. */
  go: string;
  samples: Sample[];
}
/** Every type of the fixture with its validate tag, read from its source: a rule on field V (types.go, formats.go), or rules below it (nested.go). */
const TYPES: OracleType[] = ['types.go', 'formats.go', 'nested.go'].flatMap((file) =>
  [
    ...fs
      .readFileSync(path.join(ORACLE, 'internal/api', file), 'utf8')
      .matchAll(/^type (\w+) struct \{\n\tV (\S+) +`json:"v,omitempty"(?: validate:"((?:[^"\\]|\\.)*)")?`/gm),
  ].map((m) => ({ name: m[1]!, go: m[2]!, tag: JSON.parse(`"${m[3] ?? ''}"`) as string, samples: file === 'formats.go' ? FORMATS : KINDS[m[2]!]! })),
);

/** The table between docs/type-mapping.md's `<!-- marker:start -->` and `<!-- marker:end -->` is the one measured (UPDATE_DOCS=1 rewrites it). */
function expectDocTable(marker: string, table: string): void {
  const docPath = path.join(REPO_ROOT, 'docs/type-mapping.md');
  const doc = fs.readFileSync(docPath, 'utf8');
  const start = `<!-- ${marker}:start -->\n`;
  const end = `\n<!-- ${marker}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  expect(from, `docs/type-mapping.md has the ${marker} markers`).toBeGreaterThanOrEqual(0);
  if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(docPath, doc.slice(0, from + start.length) + table + doc.slice(to));
  else expect(doc.slice(from + start.length, to)).toBe(table);
}

/** ajv (strict, with formats) on the schemas of the fixture's OpenAPI document, by JSON pointer; they may refer to its component schemas (nested types). */
function documentSchemas(): (pointer: string) => ValidateFunction {
  const doc = JSON.parse(fs.readFileSync(path.join(ORACLE, 'web/openapi.json'), 'utf8')) as { paths: unknown; components: unknown };
  const ajv = new Ajv2020({ strict: true, ownProperties: true });
  addFormats(ajv);
  ajv.addKeyword('paths');
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'https://fw.invalid/openapi', paths: doc.paths, components: doc.components });
  return (pointer) => ajv.getSchema(`https://fw.invalid/openapi#${pointer}`)!;
}

function bodyOf(sample: Sample): { [key: string]: Json } {
  return sample === ABSENT ? {} : { v: sample };
}

function label(sample: Sample): string {
  return sample === ABSENT ? '(absent)' : JSON.stringify(sample);
}

interface Judged {
  type: OracleType;
  sample: Sample;
  /** The validator's verdict: '' accepted, 'decode' refused by encoding/json, else the rule that failed. */
  go: string;
}

let work: string;
let judged: Judged[];

beforeAll(() => {
  work = copyFixture('validate-oracle');
  fs.mkdirSync(path.join(work, 'cmd/oracle'), { recursive: true });
  fs.copyFileSync(path.join(__dirname, 'validate-oracle/main.go'), path.join(work, 'cmd/oracle/main.go'));
}, 60_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

const binary = () => path.join(work, os.platform() === 'win32' ? 'oracle.exe' : 'oracle');

describe('validate rules: the validator, zod, zod/mini and ajv agree on every sample', () => {
  it('every type of the fixture is read, with samples of its kind', () => {
    expect(TYPES.length).toBeGreaterThan(100);
    for (const t of TYPES) expect(t.samples, t.name).toBeDefined();
  });

  it('judges every sample with the validator (go build of the oracle program, fwhttp from fw init)', async () => {
    expect((await runFw(['init', '--cwd', work])).code).toBe(0);
    runGo('go', ['build', '-o', binary(), './cmd/oracle'], work);
    const samples = TYPES.flatMap((type) => type.samples.map((sample) => ({ type, sample })));
    const input = JSON.stringify(samples.map(({ type, sample }) => ({ Type: type.name, Body: JSON.stringify(bodyOf(sample)) })));
    const verdicts = JSON.parse(execFileSync(binary(), ['judge'], { input, encoding: 'utf8', env: goEnv() })) as string[];
    judged = samples.map((s, i) => ({ ...s, go: verdicts[i]! }));
  }, 240_000);

  it('zod, zod/mini and ajv (on the OpenAPI document) give the validator verdict on every sample', () => {
    const documentSchema = documentSchemas();
    const ajvOf = new Map(TYPES.map((t) => [t.name, documentSchema(`/paths/~1v~1${t.name}/post/requestBody/content/application~1json/schema`)]));
    const schema = (client: unknown, name: string) => (client as Record<string, ZodType>)[`RootPost${name}RequestSchema`]!;
    const disagreements: string[] = [];
    for (const j of judged) {
      const body = bodyOf(j.sample);
      const go = j.go === '';
      const verdicts = {
        zod: schema(classicClient, j.type.name).safeParse({ body }).success,
        'zod/mini': schema(miniClient, j.type.name).safeParse({ body }).success,
        ajv: ajvOf.get(j.type.name)!(body) === true,
      };
      for (const [judge, ok] of Object.entries(verdicts)) {
        if (ok !== go)
          disagreements.push(
            `${j.type.name} validate:"${j.type.tag}" ${label(j.sample)}: validator ${go ? 'accepts' : `refuses (${j.go})`}, ${judge} ${ok ? 'accepts' : 'refuses'}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('the agreement table in docs/type-mapping.md is the one measured', () => {
    const rows = new Map<string, { kind: string; tag: string; samples: number; refused: number }>();
    for (const j of judged) {
      const key = j.type.name;
      const row = rows.get(key) ?? { kind: j.type.go, tag: j.type.tag, samples: 0, refused: 0 };
      row.samples++;
      if (j.go !== '') row.refused++;
      rows.set(key, row);
    }
    const table = [
      '| kind | tag | samples | refused by the validator | disagreements (zod, zod/mini, ajv) |',
      '|---|---|---|---|---|',
      ...[...rows.values()].map(
        (r) => `| \`${r.kind}\` | ${r.tag === '' ? "(none: its fields' rules)" : `\`${r.tag.replaceAll('|', '\\|')}\``} | ${r.samples} | ${r.refused} | 0 |`,
      ),
    ].join('\n');
    expectDocTable('validate-agreement', table);
  });
});

describe('live round trip: the client refuses exactly what fwhttp.Bind with the validator answers 400 for', () => {
  let child: ChildProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    ({ child, baseUrl } = await startServer(binary(), ['serve']));
  }, 60_000);

  afterAll(() => {
    child?.kill();
  });

  it('every sample: the server answers 200 or 400 invalid_request, the client sends or refuses it, naming the same rule', async () => {
    const api = classicClient.createClient({ baseUrl });
    const disagreements: string[] = [];
    for (const j of judged) {
      if (j.go === 'decode') continue;
      const body = bodyOf(j.sample);
      const response = await fetch(`${baseUrl}/v/${j.type.name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { message?: string; code?: string };
      const call = (api.root as unknown as Record<string, (r: unknown) => Promise<{ status: number }>>)[`post${j.type.name}`]!;
      let client: string;
      try {
        client = `sent: ${(await call.call(api.root, { body })).status}`;
      } catch (error) {
        if (error instanceof classicClient.FwHttpError) {
          disagreements.push(
            `${j.type.name} validate:"${j.type.tag}" ${label(j.sample)}: the client sent it, the server answered ${error.status} ${error.message}`,
          );
          continue;
        }
        if (!(error instanceof classicClient.FwRequestValidationError)) throw error;
        const issue = error.issues[0]!;
        client = issue.message.startsWith('fails the rule ') ? `refused: ${issue.message}` : 'refused';
      }
      // The server names the field as the validator does (`v`, `name` in a nested struct, `v[0]` for an element), then the rule;
      // the validator names a rule without a parameter (`ne=`) by its name alone.
      const rule = (answer.message ?? '').replace(/^[^:]*: /, '');
      const server = response.status === 200 ? 'sent: 200' : `refused: ${rule}${/^fails the rule \w+$/.test(rule) && client.endsWith('=') ? '=' : ''}`;
      const same = client === server || (client === 'refused' && response.status === 400 && answer.code === 'invalid_request');
      if (!same)
        disagreements.push(`${j.type.name} validate:"${j.type.tag}" ${label(j.sample)}: server ${response.status} ${JSON.stringify(answer)}, client ${client}`);
    }
    expect(disagreements).toEqual([]);
  }, 120_000);

  it('an answer breaking its type’s rules, which the validator refuses as a request, is accepted by the client (zod and zod/mini) and by ajv on the OpenAPI document', async () => {
    // fixtures/validate-oracle/internal/api/responses.go: GET /profile answers a Profile breaking every rule.
    const answer = (await (await fetch(`${baseUrl}/profile`)).json()) as Json;
    const input = JSON.stringify([{ Type: 'Profile', Body: JSON.stringify(answer) }]);
    expect(JSON.parse(execFileSync(binary(), ['judge'], { input, encoding: 'utf8', env: goEnv() }))).toEqual(['min=3']);
    for (const client of [classicClient, miniClient]) {
      const result = await client.createClient({ baseUrl }).root.getProfile();
      expect(result).toMatchObject({ status: 200, body: answer });
    }
    const judge = documentSchemas()('/paths/~1profile/get/responses/200/content/application~1json/schema');
    expect(judge(answer), JSON.stringify(judge.errors)).toBe(true);
  });

  it('path, query, header and form fields: the server answers 400 exactly where zod, zod/mini and ajv (on the parameter schema) refuse, and the client sends the rest', async () => {
    const api = classicClient.createClient({ baseUrl });
    const doc = JSON.parse(fs.readFileSync(path.join(ORACLE, 'web/openapi.json'), 'utf8')) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; required: boolean; schema: object }[]; requestBody?: { content: Record<string, { schema: object }> } }>
      >;
    };
    const ajv = new Ajv2020({ strict: true, ownProperties: true });
    addFormats(ajv);
    const schema = (client: unknown, name: string) => (client as Record<string, ZodType>)[`Root${name}RequestSchema`]!;
    const disagreements: string[] = [];
    const rows: string[] = [];
    expect(PARAM_TYPES.length).toBeGreaterThan(15);
    for (const t of PARAM_TYPES) {
      const fn = t.source === 'form' ? `Post${t.name}` : `Get${t.name}`;
      const route = t.source === 'path' ? `/p/${t.name}/{v}` : t.source === 'form' ? `/f/${t.name}` : `/${t.source[0]}/${t.name}`;
      const operation = doc.paths[route]![t.source === 'form' ? 'post' : 'get']!;
      const parameter = operation.parameters?.find((p) => p.name === 'v' || p.name === 'X-V');
      const judgeAjv = t.source === 'form' ? ajv.compile(operation.requestBody!.content['multipart/form-data']!.schema) : ajv.compile(parameter!.schema);
      let samples = 0;
      let refused = 0;
      for (const sample of PARAM_SAMPLES[t.go]!.filter(PARAM_FILTERS[t.source]!)) {
        const value = sample === ABSENT ? {} : { [t.source === 'header' ? 'X-V' : 'v']: sample };
        const arg = { [{ query: 'query', header: 'headers', path: 'path', form: 'body' }[t.source]]: value };
        // What the client sends, built by hand: a list as repeated keys, a form as multipart.
        const texts = sample === ABSENT ? [] : Array.isArray(sample) ? sample.map(String) : [String(sample)];
        let url = `${baseUrl}${route.replace('{v}', encodeURIComponent(texts[0] ?? ''))}`;
        if (t.source === 'query' && texts.length > 0) url += `?${texts.map((x) => `v=${encodeURIComponent(x)}`).join('&')}`;
        const init: RequestInit = { method: t.source === 'form' ? 'POST' : 'GET' };
        if (t.source === 'header' && texts.length > 0) init.headers = { 'X-V': texts[0]! };
        if (t.source === 'form') {
          const form = new FormData();
          for (const x of texts) form.append('v', x);
          init.body = form;
        }
        const response = await fetch(url, init);
        const answer = (await response.json()) as { message?: string; code?: string };
        const server = response.status === 200;
        if (!server && (response.status !== 400 || answer.code !== 'invalid_request'))
          throw new Error(`${t.name} ${label(sample)}: ${response.status} ${JSON.stringify(answer)}`);
        samples++;
        if (!server) refused++;
        const verdicts = {
          zod: schema(classicClient, fn).safeParse(arg).success,
          'zod/mini': schema(miniClient, fn).safeParse(arg).success,
          ajv: t.source === 'form' ? judgeAjv(value) === true : sample === ABSENT ? !(parameter?.required ?? false) : judgeAjv(sample) === true,
        };
        for (const [judge, ok] of Object.entries(verdicts))
          if (ok !== server)
            disagreements.push(
              `${t.name} ${t.source} ${t.go} validate:"${t.tag}" ${label(sample)}: server ${server ? 'accepts' : `refuses (${answer.message})`}, ${judge} ${ok ? 'accepts' : 'refuses'}`,
            );
        // The client itself: sends what the server accepts (200), refuses the rest before sending.
        const call = (api.root as unknown as Record<string, (r: unknown) => Promise<{ status: number }>>)[fn[0]!.toLowerCase() + fn.slice(1)]!;
        let sent: boolean;
        try {
          await call.call(api.root, arg);
          sent = true;
        } catch (error) {
          // Sent, and answered with an error (the server refused it).
          if (error instanceof classicClient.FwHttpError) sent = true;
          else if (error instanceof classicClient.FwRequestValidationError) sent = false;
          else throw error;
        }
        if (sent !== server)
          disagreements.push(`${t.name} ${label(sample)}: the client ${sent ? 'sent it' : 'refused it'}, the server ${server ? 'accepts' : 'refuses'} it`);
      }
      rows.push(`| ${t.source} | \`${t.go}\` | \`${t.tag}\` | ${samples} | ${refused} | 0 |`);
    }
    expect(disagreements).toEqual([]);
    const table = [
      '| from | kind | tag | samples | refused by the server | disagreements (zod, zod/mini, ajv, the client) |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    expectDocTable('validate-params-agreement', table);
  }, 120_000);
});
