import * as v8 from 'node:v8';

/**
 * The V8 flags bin/fw sets when it starts, before fw does any work (only the
 * command line: a host running fw in its own process, such as Nx's executors,
 * keeps its flags).
 *
 * `--no-allocation-site-pretenuring`: V8 would otherwise decide that the
 * objects made at a place in the code (an allocation site) all live long
 * once most of them survived a scavenge, and allocate the next ones straight
 * in the old generation, which only a full collection frees. fw's sites do
 * make long-lived objects while the model and the shared plans are built, and
 * then, while the client is written, short-lived ones (each operation is
 * planned again and printed): those lingered as garbage in the old
 * generation and were most of the peak RSS above the live heap.
 * docs/performance.md has the figures; test/cli/v8-flags.test.ts asks V8
 * that it takes effect.
 */
export const V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

/** Sets V8_FLAGS in this process (its workers share them). */
export function setV8Flags(): void {
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
}
