import { describe, expect, it } from 'vitest';
import { STRICT, tsc } from '../../support/tsc';

/**
 * The golden query modules (fw g client --query) and typed uses of them
 * (./query-uses.ts: React's hooks and query-core's QueryClient, with
 * `@ts-expect-error` on every wrong use) under tsc with the strictest options
 * a user may have, and with the unused-name checks of a fresh Vite app.
 */
const FILES = [
  'fixtures/example/web/src/api/client.query.ts',
  'fixtures/example/web/src/api/client.mini.query.ts',
  'test/emit/query/query-uses.ts',
  // The React app the browser test runs, shown in docs/query.md.
  'test/e2e/browser/query-page.tsx',
];

describe('golden query modules type-check, and their types refuse wrong uses', () => {
  it('with strict options in a browser project, data and error typed as declared', () => {
    const vite = { noUnusedLocals: true, noUnusedParameters: true, erasableSyntaxOnly: true };
    expect(tsc({ ...STRICT, ...vite, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], skipLibCheck: true, jsx: 'react-jsx' }, FILES)).toEqual([]);
  });
});
