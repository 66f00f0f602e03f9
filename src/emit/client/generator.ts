import * as path from 'node:path';
import { CLIENT_FILE_OPTION, type Generator } from '../generator';
import { clientFolder } from './client-modules';
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
    CLIENT_FILE_OPTION,
    {
      name: 'zod',
      kind: 'string',
      choices: ['classic', 'mini'],
      default: 'classic',
      valueHelp: '<classic|mini>',
      help: 'the zod the client imports: zod (classic, the default) or\nzod/mini (the same validation, smaller bundles)',
      plugin: 'zod',
    },
    {
      name: 'split',
      kind: 'boolean',
      valueHelp: '',
      help: 'the client as modules in a folder beside --file (client.ts:\nclient/), one per handler group and per Go package of the\ntypes groups share; --file stays the entry, with the same\nexports (for clients too large for an editor)',
      plugin: 'clientSplit',
    },
    {
      name: 'runtime',
      kind: 'path',
      fileKind: 'ts-module',
      valueHelp: '<path>',
      help: 'the runtime module (FwTransport, the error classes) the\nclient imports, written there, relative to --cwd: give every\nclient of an app the same one',
    },
  ],
  // A split client's modules: every file of its folder (fw removes those it no longer writes, and writes only those).
  outputs: (base, _roots, options) => [
    options.file,
    ...(options.split ? [`${clientFolder(options.file)}/**`] : []),
    ...(options.runtime ? [path.posix.isAbsolute(options.runtime) ? options.runtime : path.posix.join(base, options.runtime)] : []),
  ],
  newMemo: newClientMemo,
  emit: emitClient,
};
