import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:all` (see schema.json). Paths are relative to the project root; without `file`, no client. */
export type AllExecutorOptions = FwExecutorOptions;
