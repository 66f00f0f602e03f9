import type { FwExecutorOptions } from '../executor-options';

/** Options of `fw:all` (see schema.json). Paths are relative to the project root; without `file`, no client, without `openapi`, no document. */
export type AllExecutorOptions = FwExecutorOptions;
