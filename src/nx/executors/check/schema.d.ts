import type { FwExecutorOptions } from '../run-fw-generator';

/**
 * Options of `fw:check` (see schema.json). Paths are relative to the project root: `file` the
 * TypeScript client to check too, `openapi` the OpenAPI document to check too; the others as
 * fw:all takes them.
 */
export type CheckExecutorOptions = Pick<
  FwExecutorOptions,
  | 'file'
  | 'zod'
  | 'split'
  | 'runtime'
  | 'openapi'
  | 'title'
  | 'version'
  | 'license'
  | 'servers'
  | 'packages'
  | 'format'
  | 'verbose'
  | 'maxWarnings'
  | 'warningsAsErrors'
>;
