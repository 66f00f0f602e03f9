import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/sequencer.mts';

/**
 * Two tiers. `unit` (npm run test:unit): everything that needs neither Go nor
 * an install. `go` holds the rest: test/e2e/ and every `*.go.test.ts` (a test
 * that runs the go command, gofmt or a Go program, or installs packages).
 * `npm test` runs both; test/tiers.test.ts keeps the split honest.
 * Both tiers share one pool of workers (same `groupOrder`, same `maxWorkers`),
 * at least two even on two cores (vitest's default there is one): most Go-tier
 * files wait for one process at a time (nx, turbo, npm, a server) and the unit
 * tier's slowest files run tsc, so a file of each kind keeps both cores busy.
 * The sequencer starts the longest files first (test/support/sequencer.mts),
 * so that no worker is left alone with a long file at the end.
 */
export const GO_TESTS = ['test/e2e/**', '**/*.go.test.ts'];

/** The workers of the pool both tiers share. */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    // FW_TEST_CPU=<file>: each test file's CPU seconds, its programs' included (test/support/cpu-per-file.ts).
    setupFiles: ['test/support/cpu-per-file.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts', 'src/**/*.spec.ts'], exclude: GO_TESTS, maxWorkers: WORKERS } },
      { extends: true, test: { name: 'go', include: GO_TESTS.map((g) => (g.endsWith('/**') ? `${g}/*.test.ts` : g)), maxWorkers: WORKERS } },
    ],
  },
});
