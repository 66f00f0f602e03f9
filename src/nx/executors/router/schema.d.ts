import type { CommonExecutorOptions } from '../executor-options';

/** Options of `fw:router` (see schema.json). Paths are relative to the project root. */
export type RouterExecutorOptions = CommonExecutorOptions;
