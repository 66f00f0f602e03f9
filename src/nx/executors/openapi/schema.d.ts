import type { FwExecutorOptions } from '../run-fw-generator';

/** Options of `fw:openapi` (see schema.json). Paths are relative to the project root. */
export type OpenApiExecutorOptions = FwExecutorOptions & { file: string };
