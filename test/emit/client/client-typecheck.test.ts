import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';
import { STRICT, tsc } from '../../support/tsc';

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
