import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as classic from '../../fixtures/known-marshalers/web/client';
import * as mini from '../../fixtures/known-marshalers/web/client.mini';
import { KNOWN_STD_TYPES } from '../../src/go/known-marshalers';
import { FIXTURES } from '../support/golden';
import { componentValidators } from '../support/component-schemas';
import { runGo } from '../support/go';
import { STRICT_NODE, tsc } from '../support/tsc';
import { copyFixture } from '../support/workspace';

/**
 * encoding/json is the oracle of every JSON form fw knows without reading
 * the type (src/go/known-marshalers.ts) or is told (a `// fw:json`
 * directive, a fw.json mapping): fixtures/known-marshalers holds a field of
 * each, and its program (cmd/samples) prints values of them as
 * json.Marshal writes them, zero values included, by the schema that must
 * accept them. The golden client (zod and zod/mini), its TypeScript types
 * and the OpenAPI document must accept every one, and must refuse each property set to a
 * value of another JSON type than Go writes there. The fixture's generated
 * Go (router, registry, URL helper) must pass go vet.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const FIXTURE = path.join(FIXTURES, 'known-marshalers');
let samples: { filled: Record<string, Json[]>; zero: Record<string, Json[]> };
let jsonSchema: (name: string) => (v: unknown) => boolean;

beforeAll(() => {
  const work = copyFixture('known-marshalers');
  // The generated router, registry and URL helper compile and pass go vet (it throws with Go's output otherwise).
  runGo('go', ['vet', './...'], work);
  samples = JSON.parse(runGo('go', ['run', './cmd/samples'], work)) as typeof samples;
  fs.rmSync(work, { recursive: true, force: true });
  const doc = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'web/openapi.json'), 'utf8')) as { components: unknown };
  jsonSchema = componentValidators(doc);
});

const FLAVOURS = [
  ['zod', classic as unknown as Record<string, unknown>],
  ['zod/mini', mini as unknown as Record<string, unknown>],
] as const;

function zod(client: Record<string, unknown>, name: string): ZodType {
  const schema = client[`${name}Schema`];
  if (!schema) throw new Error(`the client exports no schema ${name}Schema`);
  return schema as ZodType;
}

function jsonType(v: Json): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** One value of each JSON type. */
const BY_TYPE: Record<string, Json> = { string: '1', number: 1, boolean: true, object: {}, array: [], null: null };

function all(): [name: string, value: Json][] {
  return (['filled', 'zero'] as const).flatMap((kind) =>
    Object.entries(samples[kind]).flatMap(([name, values]) => values.map((v): [string, Json] => [name, v])),
  );
}

describe('standard-library marshalers and declared forms against encoding/json', () => {
  it('the fixture has a field of every type of the built-in table', () => {
    const types = fs.readFileSync(path.join(FIXTURE, 'internal/api/types.go'), 'utf8');
    const missing = KNOWN_STD_TYPES.filter((full) => {
      const dot = full.lastIndexOf('.');
      const pkg = full.slice(0, dot).split('/').pop()!;
      return (
        !(full === 'encoding/json.RawMessage' || full === 'mime/multipart.FileHeader') &&
        !types.includes(` ${pkg}.${full.slice(dot + 1)} `) &&
        !types.includes(`*${pkg}.${full.slice(dot + 1)} `) &&
        !types.includes(`]${pkg}.${full.slice(dot + 1)} `)
      );
    });
    expect(missing).toEqual([]);
  });

  it('every value Go wrote is accepted by the client (zod and zod/mini) and the OpenAPI document', () => {
    const rejected: string[] = [];
    let checked = 0;
    for (const [name, v] of all()) {
      for (const [flavour, client] of FLAVOURS) if (!zod(client, name).safeParse(v).success) rejected.push(`${flavour} ${name} rejects ${JSON.stringify(v)}`);
      if (!jsonSchema(name)(v)) rejected.push(`JSON Schema ${name} rejects ${JSON.stringify(v)}`);
      checked++;
    }
    expect(rejected).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('a property of another JSON type than any Go wrote there is refused by both', () => {
    const accepted: string[] = [];
    let refused = 0;
    const objects = all().filter((s): s is [string, { [key: string]: Json }] => jsonType(s[1]) === 'object' && s[0] !== 'OpaqueBody');
    for (const [name, sample] of objects) {
      for (const key of Object.keys(sample)) {
        // The JSON types Go writes at this property across all samples of the schema.
        const written = new Set(objects.filter(([n]) => n === name).map(([, o]) => jsonType(o[key]!)));
        for (const [type, wrong] of Object.entries(BY_TYPE)) {
          if (written.has(type) || (type === 'null' && sample[key] === null)) continue;
          const value = { ...sample, [key]: wrong };
          for (const [flavour, client] of FLAVOURS)
            if (zod(client, name).safeParse(value).success) accepted.push(`${flavour} ${name}.${key} accepts ${JSON.stringify(wrong)}`);
          if (jsonSchema(name)(value)) accepted.push(`JSON Schema ${name}.${key} accepts ${JSON.stringify(wrong)}`);
          refused++;
        }
      }
    }
    // null is a value Go writes for the nullable ones (nil pointers, a Stamp without time): those samples say so.
    expect(accepted).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it("every value Go wrote, as a literal of the client's TypeScript type, passes tsc --strict (and one of another JSON type fails)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-known-tsc-'));
    const file = path.join(dir, 'samples.ts');
    const client = path.join(FIXTURE, 'web/client');
    const lines = [`import type * as c from ${JSON.stringify(client)};`];
    all().forEach(([name, v], i) => {
      lines.push(`export const s${i}: c.${name} = ${JSON.stringify(v)};`);
    });
    // The oracle must be able to fail: a string where Go writes a number (big.Int).
    lines.push(`// @ts-expect-error\nexport const wrong: c.Known['int'] = "42";`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    try {
      expect(tsc({ ...STRICT_NODE, lib: ['ES2022', 'DOM'] }, [file])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an opaque type stays unknown: anything passes (and fw warned about it, see fw-case.json)', () => {
    for (const [, client] of FLAVOURS) expect(zod(client, 'Opaque').safeParse({ any: 'thing' }).success).toBe(true);
  });
});
