import type { CommonExecutorOptions, OpenApiInfoOptions } from '../executor-options';

/** Options of `fw:openapi` (see schema.json). Paths are relative to the project root. */
export type OpenApiExecutorOptions = CommonExecutorOptions & OpenApiInfoOptions & { file: string };
