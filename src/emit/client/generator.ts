import type { Generator } from '../generator';
import { type ClientOptions, emitClient } from './client';
import { type ClientMemo, newClientMemo } from './client-memo';

/** `fw g client`: one TypeScript module with a zod-validated client class per handler group. */
export const clientGenerator: Readonly<Generator<ClientOptions, ClientMemo>> = {
  name: 'client',
  summary: 'generate a TypeScript client with Zod validation',
  help: `Writes one TypeScript module with a client class per handler group of every
root handler package (or of the named ones).`,
  perRoot: false,
  options: [
    {
      name: 'file',
      kind: 'file',
      fileKind: 'ts-module',
      valueHelp: '<path>',
      help: 'output file, relative to --cwd (required)',
      sharedHelp: 'output file of the TypeScript client, relative to --cwd\n(without it, no client is generated)',
      plugin: 'clientFile',
      pluginDefault: 'client/client.ts',
      extensions: ['.ts'],
    },
    {
      name: 'zod',
      kind: 'string',
      choices: ['classic', 'mini'],
      default: 'classic',
      valueHelp: '<classic|mini>',
      help: 'the zod the client imports: zod (classic, the default) or\nzod/mini (the same validation, smaller bundles)',
      plugin: 'zod',
    },
  ],
  outputs: (_base, _roots, options) => [options.file],
  newMemo: newClientMemo,
  emit: emitClient,
};
