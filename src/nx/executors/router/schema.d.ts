import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:router` (see schema.json). Paths are relative to the project root. */
export type RouterExecutorOptions = Omit<FwExecutorOptions, 'file'>;
