import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
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
 * one request type per rule and kind (its field V carries the rule); every
 * sample of that kind (boundaries, empty, multi-byte and combining
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
const LISTS: Sample[] = [ABSENT, null, [], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['', ''], 'a'];
const MAPS: Sample[] = [ABSENT, null, {}, { a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, []];
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

/** The kind of each type of the fixture, by the first letter of its name. */
const KINDS: Record<string, { go: string; samples: Sample[] }> = {
  S: { go: 'string', samples: STRINGS },
  I: { go: 'int', samples: INTS },
  U: { go: 'uint', samples: UINTS },
  F: { go: 'float64', samples: FLOATS },
  L: { go: '[]string', samples: LISTS },
  M: { go: 'map[string]int', samples: MAPS },
  P: { go: '*string', samples: POINTERS },
  Q: { go: '*int', samples: INT_POINTERS },
  B: { go: 'bool', samples: BOOLS },
  N: { go: 'string', samples: FORMATS },
};

const ORACLE = path.join(FIXTURES, 'validate-oracle');
interface OracleType {
  name: string;
  tag: string;
  kind: string;
}
/** Every type of the fixture with its validate tag, read from its source. */
const TYPES: OracleType[] = ['types.go', 'formats.go']
  .flatMap((file) => [
    ...fs
      .readFileSync(path.join(ORACLE, 'internal/api', file), 'utf8')
      .matchAll(/^type (\w+) struct \{\n\tV \S+ +`json:"v,omitempty" validate:"((?:[^"\\]|\\.)*)"`/gm),
  ])
  .map((m) => ({ name: m[1]!, tag: JSON.parse(`"${m[2]!}"`) as string, kind: m[1]![0]! }));

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
    expect(TYPES.length).toBeGreaterThan(80);
    for (const t of TYPES) expect(KINDS[t.kind], t.name).toBeDefined();
  });

  it('judges every sample with the validator (go build of the oracle program, fwhttp from fw init)', async () => {
    expect((await runFw(['init', '--cwd', work])).code).toBe(0);
    runGo('go', ['build', '-o', binary(), './cmd/oracle'], work);
    const samples = TYPES.flatMap((type) => KINDS[type.kind]!.samples.map((sample) => ({ type, sample })));
    const input = JSON.stringify(samples.map(({ type, sample }) => ({ Type: type.name, Body: JSON.stringify(bodyOf(sample)) })));
    const verdicts = JSON.parse(execFileSync(binary(), ['judge'], { input, encoding: 'utf8', env: goEnv() })) as string[];
    judged = samples.map((s, i) => ({ ...s, go: verdicts[i]! }));
  }, 240_000);

  it('zod, zod/mini and ajv (on the OpenAPI document) give the validator verdict on every sample', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(ORACLE, 'web/openapi.json'), 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } } } }>;
    };
    const ajv = new Ajv2020({ strict: true, ownProperties: true });
    addFormats(ajv);
    const ajvOf = new Map(TYPES.map((t) => [t.name, ajv.compile(doc.paths[`/v/${t.name}`]!.post.requestBody.content['application/json'].schema)]));
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
      const row = rows.get(key) ?? { kind: KINDS[j.type.kind]!.go, tag: j.type.tag, samples: 0, refused: 0 };
      row.samples++;
      if (j.go !== '') row.refused++;
      rows.set(key, row);
    }
    const table = [
      '| kind | tag | samples | refused by the validator | disagreements (zod, zod/mini, ajv) |',
      '|---|---|---|---|---|',
      ...[...rows.values()].map((r) => `| \`${r.kind}\` | \`${r.tag.replaceAll('|', '\\|')}\` | ${r.samples} | ${r.refused} | 0 |`),
    ].join('\n');
    const docPath = path.join(REPO_ROOT, 'docs/type-mapping.md');
    const doc = fs.readFileSync(docPath, 'utf8');
    const start = '<!-- validate-agreement:start -->\n';
    const end = '\n<!-- validate-agreement:end -->';
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    expect(from, 'docs/type-mapping.md has the agreement table markers').toBeGreaterThanOrEqual(0);
    if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(docPath, doc.slice(0, from + start.length) + table + doc.slice(to));
    else expect(doc.slice(from + start.length, to)).toBe(table);
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
        client = issue.message.startsWith('fails the rule ') ? `refused: v: ${issue.message}` : 'refused';
      }
      // The validator names a rule without a parameter (`ne=`) by its name alone.
      const server =
        response.status === 200
          ? 'sent: 200'
          : `refused: ${answer.message}${/^v: fails the rule \w+$/.test(answer.message ?? '') && client.endsWith('=') ? '=' : ''}`;
      const same = client === server || (client === 'refused' && response.status === 400 && answer.code === 'invalid_request');
      if (!same)
        disagreements.push(`${j.type.name} validate:"${j.type.tag}" ${label(j.sample)}: server ${response.status} ${JSON.stringify(answer)}, client ${client}`);
    }
    expect(disagreements).toEqual([]);
  }, 120_000);
});
