import * as path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest in `npm test`, longest first. Both tiers
 * run in one pool of workers (vitest.config.mts), and the order files start
 * in decides how long the run is: a long file that starts last keeps one
 * worker busy while the others have nothing left to do. These start first,
 * in this order; every other file follows in vitest's own order (longest
 * first by its record of the last run, else larger files first).
 * Keep the list to files that take tens of seconds; the times beside them
 * are one file's share of a full run on two cores, for orientation only.
 */
export const LONGEST_FIRST = [
  'test/e2e/build-cache.e2e.test.ts', // 190 s: three build tools on one installed workspace, in order
  'test/emit/client/client-compilers.test.ts', // 90 s: a tsc -b per compiler, 5 option sets each, over every golden client
  'test/e2e/nx.e2e.test.ts', // 75 s
  'test/e2e/package-managers.e2e.test.ts', // 55 s: installs with npm, pnpm and Yarn
  'test/emit/client/client-typecheck.test.ts', // 55 s
  'test/watch.test.ts', // 50 s, mostly waiting for file events
  'test/e2e/deep-types.e2e.test.ts', // 40 s
  'test/e2e/nx-first-hour.e2e.test.ts', // 40 s
  'test/docs/docs-run.go.test.ts', // 25 s
  'test/e2e/turbo-consumers.e2e.test.ts', // 25 s
  'test/docs/docs.test.ts', // 25 s
  'test/workspace/package-locator.go.test.ts', // 17 s of CPU (50 s before its programs shared one parse cache)
];

/** vitest's order, with the files of LONGEST_FIRST moved to the front, whatever their tier. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = LONGEST_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
