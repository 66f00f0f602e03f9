import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';
import { STRICT, STRICT_NODE, tsc } from '../../support/tsc';

/**
 * The golden clients type-check with the strictest options a user may
 * have (DESIGN §7): `strict`, `exactOptionalPropertyTypes`,
 * `noUncheckedIndexedAccess`, `noImplicitOverride`, `verbatimModuleSyntax`,
 * once with the browser's DOM types and once with Node's types only. The
 * Node pass also checks the end-to-end test, whose code uses the results
 * the way an application would (narrowing on status).
 */
const GOLDEN_CLIENTS = ['fixtures/example/web/src/api/client.ts', 'fixtures/client-kinds/client.ts', 'fixtures/json-oracle/web/client.ts'];

describe('golden TypeScript clients type-check under strict options', () => {
  it('in a browser project (lib DOM, no Node types, library types checked too)', () => {
    expect(tsc({ ...STRICT, lib: ['ES2022', 'DOM'], types: [] }, GOLDEN_CLIENTS)).toEqual([]);
  });

  it('in a Node project (Node types only), with the end-to-end tests as typed users', () => {
    const options = { ...STRICT, lib: ['ES2022'], types: ['node'], typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')], skipLibCheck: true };
    expect(tsc(options, [...GOLDEN_CLIENTS, 'test/e2e/client.e2e.test.ts', 'test/e2e/client-runtime.e2e.test.ts'])).toEqual([]);
  });
});

/**
 * Each schema is typed with the TypeScript type printed beside it through
 * `fwSchema<T>()`, so tsc itself checks that the two agree: copies of the
 * golden example client with one side of `User` changed must fail at
 * `UserSchema`, in both directions (a schema whose output is not a `User`,
 * a `User` that is not the schema's output). Not caught: an optional
 * property only the interface has (both are assignable to each other).
 */
describe('a TypeScript type and its schema cannot disagree: tsc fails at the schema', () => {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'fixtures/example/web/src/api/client.ts'), 'utf8');
  const userType = source.slice(source.indexOf('export interface User {'), source.indexOf('\n}\n', source.indexOf('export interface User {')));
  const userSchema = source.slice(source.indexOf('export const UserSchema:'), source.indexOf('\n}));\n', source.indexOf('export const UserSchema:')));
  /** The client with `from` replaced by `to` inside `part` (which must contain it). */
  const broken = (part: string, from: string, to: string) => {
    expect(part).toContain(from);
    return source.replace(part, part.replace(from, to));
  };
  const cases: Record<string, string> = {
    'interface-narrower': broken(userType, '  name: string;', '  name: number;'),
    'interface-wider': broken(userType, '  tags: string[] | null;', '  tags: string[] | null | number;'),
    'interface-extra-required': broken(userType, '  name: string;', '  name: string;\n  nickname: string;'),
    'schema-missing-property': broken(userSchema, '  email: /*#__PURE__*/ z.string(),\n', ''),
    'schema-optional': broken(userSchema, '  role: RoleSchema,', '  role: /*#__PURE__*/ RoleSchema.optional(),'),
    'schema-extra-property': broken(userSchema, '  id: /*#__PURE__*/ z.int(),', '  id: /*#__PURE__*/ z.int(),\n  extra: /*#__PURE__*/ z.string(),'),
  };

  it('for each change to the interface or the schema, and not for the unchanged client', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-disagree-'));
    try {
      const files = Object.entries({ unchanged: source, ...cases }).map(([name, text]) => {
        const file = path.join(dir, `${name}.ts`);
        fs.writeFileSync(file, text);
        return file;
      });
      const errors = tsc(STRICT_NODE, files);
      const schemaLine = source.slice(0, source.indexOf('export const UserSchema:')).split('\n').length;
      const failing = (name: string) => errors.filter((e) => e.includes(`${name}.ts`));
      expect(failing('unchanged')).toEqual([]);
      for (const name of Object.keys(cases)) {
        const lines = failing(name);
        expect(lines.length, `${name}: ${errors.join('\n')}`).toBeGreaterThan(0);
        // At UserSchema's declaration (one line lower where the interface grew a line).
        const shift = name === 'interface-extra-required' ? 1 : 0;
        expect(lines.every((l) => l.includes(`${name}.ts(${schemaLine + shift},`)), `${name}: ${lines.join('\n')}`).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
