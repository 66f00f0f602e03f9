import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:check` (see schema.json). Paths are relative to the project root. */
export interface CheckExecutorOptions {
  /** The TypeScript client to check too, relative to the project root. */
  file?: string;
  zod?: FwExecutorOptions['zod'];
  /** The OpenAPI document to check too, relative to the project root; `title`, `version`, `license`, `servers` as fw:all takes them. */
  openapi?: string;
  title?: string;
  version?: string;
  license?: string;
  servers?: string[];
  packages?: string[];
  format?: FwExecutorOptions['format'];
  verbose?: boolean;
  maxWarnings?: number;
  warningsAsErrors?: boolean;
}
