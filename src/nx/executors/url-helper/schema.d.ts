import type { CommonExecutorOptions } from '../executor-options';

/** Options of `fw:url-helper` (see schema.json). Paths are relative to the project root. */
export type UrlHelperExecutorOptions = CommonExecutorOptions;
