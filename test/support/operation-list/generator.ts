import type { Generator } from '../../../src/emit/generator';
import { functionName } from '../../../src/emit/operation-names';

/** The options of the test-only generator: the file it writes. */
export interface OperationListOptions {
  file: string;
}

/**
 * A generator that exists only in the tests (test/generator-seam.test.ts):
 * one text file listing the client's standalone functions, one per line,
 * read from the run's shared plan of operation names. It is all a new
 * output needs: this folder, and one line in a generator list.
 */
export const operationListGenerator: Readonly<Generator<OperationListOptions, undefined>> = {
  name: 'operation-list',
  summary: 'list the client functions, one per line',
  help: 'Writes the names of the client functions, one per line.',
  perRoot: false,
  options: [
    {
      name: 'file',
      kind: 'file',
      shared: 'operations',
      valueHelp: '<path>',
      help: 'output file, relative to --cwd (required)',
      plugin: 'operationsFile',
    },
  ],
  outputs: (_base, _roots, options) => [options.file],
  newMemo: () => undefined,
  emit: (_model, ctx, options) => ({
    files: [
      {
        path: options.file,
        contents: `${ctx.plans
          .operationNames()
          .flatMap((c) => c.operations.map(functionName))
          .join('\n')}\n`,
      },
    ],
    diagnostics: [],
  }),
};
