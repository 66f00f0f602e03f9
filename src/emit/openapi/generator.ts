import type { Generator } from '../generator';
import { emitOpenApi, type OpenApiOptions } from './openapi';

/** `fw g openapi`: one OpenAPI 3.1 document (JSON, or YAML for a `.yaml`/`.yml` file) for the selected roots. */
export const openApiGenerator: Readonly<Generator<OpenApiOptions, undefined>> = {
  name: 'openapi',
  summary: 'generate an OpenAPI 3.1 document (JSON or YAML)',
  help: `Writes one OpenAPI 3.1 document describing the routes of every root handler
package (or of the named ones): YAML when the file ends in .yaml or .yml,
JSON otherwise.`,
  perRoot: false,
  options: [
    {
      name: 'file',
      kind: 'file',
      fileKind: 'any',
      shared: 'openapi',
      valueHelp: '<path.json|path.yaml>',
      help: 'output file, relative to --cwd (required)',
      sharedHelp: 'output file of the OpenAPI document (.json, .yaml or .yml),\nrelative to --cwd (without it, no document is generated)',
      plugin: 'openapiFile',
      extensions: ['.json', '.yaml', '.yml'],
    },
    { name: 'title', kind: 'string', valueHelp: '<text>', help: 'info.title of the OpenAPI document (default: the Go module path)' },
    { name: 'version', kind: 'string', valueHelp: '<text>', help: 'info.version (default: 0.0.0)' },
    {
      name: 'license',
      kind: 'string',
      valueHelp: '<spdx>',
      help: 'info.license, an SPDX license identifier or expression\n(e.g. MIT, Apache-2.0); none by default',
    },
    { name: 'servers', kind: 'strings', flag: 'server', valueHelp: '<url>', help: 'a servers[] entry; repeat for several' },
  ],
  outputs: (_base, _roots, options) => [options.file],
  newMemo: () => undefined,
  emit: emitOpenApi,
};
