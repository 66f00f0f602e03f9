import { CLIENT_FILE_OPTION, type Generator } from '../generator';
import { emitQuery, type QueryOptions, queryFileOf } from './query';

/** `fw g client --query`: TanStack Query helpers beside the client, `<client>.query.ts`. */
export const queryGenerator: Readonly<Generator<QueryOptions, undefined>> = {
  name: 'query',
  summary: 'generate TanStack Query helpers beside the TypeScript client',
  help: `Writes <client>.query.ts beside the TypeScript client (client.ts ->
client.query.ts): query keys, query, mutation and infinite-query options for
every operation, importing the client and, as types only, @tanstack/query-core.
fw g client --query and fw g all --query write it with the client.`,
  perRoot: false,
  options: [
    { ...CLIENT_FILE_OPTION, help: 'the TypeScript client the helpers go beside, relative to --cwd (required)' },
    {
      name: 'query',
      kind: 'boolean',
      valueHelp: '',
      help: 'also write TanStack Query helpers beside the client\n(<client>.query.ts)',
      plugin: 'query',
    },
  ],
  companionOf: 'client',
  switch: 'query',
  outputs: (_base, _roots, options) => [queryFileOf(options.file)],
  newMemo: () => undefined,
  emit: emitQuery,
};
