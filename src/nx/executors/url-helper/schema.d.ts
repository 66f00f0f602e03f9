import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:url-helper` (see schema.json). Paths are relative to the project root. */
export type UrlHelperExecutorOptions = Omit<FwExecutorOptions, 'file'>;
