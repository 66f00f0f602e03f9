import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';
import { goldenClients, STRICT_NODE, tsc, verifyingCopy } from '../../support/tsc';
import { withVerifyingFacade } from '../../../src/emit/client/zod-facade';

/**
 * The golden clients type-check with the strictest options a user may
 * have: `strict`, `exactOptionalPropertyTypes`,
 * `noUncheckedIndexedAccess`, `noImplicitOverride`, `verbatimModuleSyntax`,
 * with Node's types only (the browser's DOM types, each TypeScript version
 * and the option sets of applications: ./client-compilers.test.ts). The
 * pass also checks the end-to-end test, whose code uses the results the way
 * an application would (narrowing on status), and each client with its
 * verifying zod facade (`withVerifyingFacade`), where tsc checks every
 * schema against its TypeScript type.
 */
const GOLDEN_CLIENTS = goldenClients();
const EXAMPLE = 'fixtures/example/web/src/api/client.ts';

/**
 * Both describes below ask the same compiler with the same options (STRICT_NODE): one tsc run
 * checks all their files, and each test reads the errors of its own files (tsc names the file).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-verify-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const written = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
/** Each golden client's copy with the verifying facade. */
const verifying = GOLDEN_CLIENTS.map((file, i) => verifyingCopy(written(`client${i}.ts`, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'))));
const USERS = [...GOLDEN_CLIENTS, ...verifying, 'test/e2e/client.e2e.test.ts', 'test/e2e/client-runtime.e2e.test.ts'];

/**
 * With the verifying facade, each schema is checked against the TypeScript
 * type printed beside it through `fwSchema<T>()`, so tsc itself proves that
 * the two agree: copies of the golden example client with one side of
 * `User` changed must fail at `UserSchema`, in both directions (a schema
 * whose output is not a `User`, a `User` that is not the schema's output).
 * Not caught: an optional property only the interface has (both are
 * assignable to each other).
 */
const source = withVerifyingFacade(fs.readFileSync(path.join(REPO_ROOT, EXAMPLE), 'utf8'));
const userType = source.slice(source.indexOf('export interface User {'), source.indexOf('\n}\n', source.indexOf('export interface User {')));
const userSchema = source.slice(source.indexOf('export const UserSchema:'), source.indexOf('\n}));\n', source.indexOf('export const UserSchema:')));
/** The client with `from` replaced by `to` inside `part` (which must contain it). */
const broken = (part: string, from: string, to: string) => {
  expect(part).toContain(from);
  return source.replace(part, part.replace(from, to));
};
const CASES: Record<string, string> = {
  'interface-narrower': broken(userType, '  name: string;', '  name: number;'),
  'interface-wider': broken(userType, '  tags: string[] | null;', '  tags: string[] | null | number;'),
  'interface-extra-required': broken(userType, '  name: string;', '  name: string;\n  nickname: string;'),
  'schema-missing-property': broken(userSchema, '  email: /*#__PURE__*/ fwString(),\n', ''),
  'schema-optional': broken(userSchema, '  role: RoleSchema,', '  role: /*#__PURE__*/ fwOptional(RoleSchema),'),
  'schema-not-optional': broken(userSchema, '  address: /*#__PURE__*/ fwOptional(AddressSchema),', '  address: AddressSchema,'),
  'schema-not-nullable': broken(
    userSchema,
    '  tags: /*#__PURE__*/ fwNullable(/*#__PURE__*/ fwArray(/*#__PURE__*/ fwString())),',
    '  tags: /*#__PURE__*/ fwArray(/*#__PURE__*/ fwString()),',
  ),
  'schema-extra-property': broken(userSchema, '  id: /*#__PURE__*/ fwInt(),', '  id: /*#__PURE__*/ fwInt(),\n  extra: /*#__PURE__*/ fwString(),'),
};
const changed = Object.entries(CASES).map(([name, text]) => written(`${name}.ts`, text));

let errors: string[] | undefined;
/** tsc's errors about the files of the run (run once, on first use). */
const tscErrors = (): string[] => (errors ??= tsc(STRICT_NODE, [...USERS, ...changed]));

describe('golden TypeScript clients type-check under strict options', () => {
  it('in a Node project (Node types only), with the end-to-end tests as typed users, and with the verifying facade', { timeout: 600_000 }, () => {
    const users = new Set(USERS.map((f) => path.resolve(REPO_ROOT, f)));
    expect(tscErrors().filter((line) => [...users].some((f) => line.startsWith(`${f}(`)))).toEqual([]);
  });
});

describe('a TypeScript type and its schema cannot disagree: tsc fails at the schema with the verifying facade', () => {
  it('for each change to the interface or the schema, and not for the unchanged client', { timeout: 600_000 }, () => {
    // The unchanged client with the verifying facade is the example's verifying copy, checked above.
    const unchanged = verifying[GOLDEN_CLIENTS.indexOf(EXAMPLE)]!;
    expect(fs.readFileSync(unchanged, 'utf8')).toBe(source);
    const all = tscErrors();
    const schemaLine = source.slice(0, source.indexOf('export const UserSchema:')).split('\n').length;
    const failing = (file: string) => all.filter((e) => e.startsWith(`${file}(`));
    expect(failing(unchanged)).toEqual([]);
    for (const [i, name] of Object.keys(CASES).entries()) {
      const lines = failing(changed[i]!);
      expect(lines.length, `${name}: ${all.join('\n')}`).toBeGreaterThan(0);
      // At UserSchema's declaration (one line lower where the interface grew a line).
      const shift = name === 'interface-extra-required' ? 1 : 0;
      expect(
        lines.every((l) => l.startsWith(`${changed[i]}(${schemaLine + shift},`)),
        `${name}: ${lines.join('\n')}`,
      ).toBe(true);
    }
  });
});
