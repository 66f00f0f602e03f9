import { describe, expect, it } from 'vitest';
import { STRICT, tsc } from '../../support/tsc';

/**
 * The golden query modules (fw g client --query) and typed uses of them
 * (./query-uses.ts: React's hooks and query-core's QueryClient, with
 * `@ts-expect-error` on every wrong use) under tsc with the strictest options
 * a user may have, and with the unused-name checks of a fresh Vite app, by
 * TypeScript 5.9 and 7 (test/emit/client/client-compilers.test.ts checks
 * the clients themselves under 5.9, 6.0 and 7.0).
 */
const FILES = [
  'fixtures/example/web/src/api/client.query.ts',
  'fixtures/example/web/src/api/client.mini.query.ts',
  'test/emit/query/query-uses.ts',
  // The React app the browser test runs, shown in docs/query.md.
  'test/e2e/browser/query-page.tsx',
];

const OPTIONS = {
  ...STRICT,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  skipLibCheck: true,
  jsx: 'react-jsx',
};

describe('golden query modules type-check, and their types refuse wrong uses', () => {
  // TypeScript 7 (native) takes a second; the JavaScript 5.9 several.
  it.each(['5.9', '7.0'] as const)('TypeScript %s, strict options in a browser project: data and error typed as declared', { timeout: 600_000 }, (compiler) => {
    expect(tsc(OPTIONS, FILES, compiler)).toEqual([]);
  });
});
