import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers. `unit` (npm run test:unit): everything that needs neither Go nor
 * an install (about a minute on two cores). `go` holds the rest: test/e2e/ and every
 * `*.go.test.ts` (a test that runs the go command, gofmt or a Go program).
 * `npm test` runs both; test/tiers.test.ts keeps the split honest.
 * The unit tier runs at least two files at a time even on two cores
 * (vitest's default there is one): its slowest file, watch.test.ts, mostly
 * waits for file events. The Go tier runs two files at a time too: its files
 * mostly wait for one process at a time (nx, turbo, npm, a server). Projects
 * with different worker counts need their own group: `npm test` runs the unit
 * files first, then the Go tier.
 */
export const GO_TESTS = ['test/e2e/**', '**/*.go.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts', 'src/**/*.spec.ts'], exclude: GO_TESTS, maxWorkers: Math.max(2, availableParallelism() - 1), sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'go', include: GO_TESTS.map((g) => (g.endsWith('/**') ? `${g}/*.test.ts` : g)), maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
