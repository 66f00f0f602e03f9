import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:client` (see schema.json). Paths are relative to the project root. */
export type ClientExecutorOptions = FwExecutorOptions & { file: string };
