import type { CommonExecutorOptions, FwExecutorOptions } from '../executor-options';

/** Options of `fw:client` (see schema.json). Paths are relative to the project root. */
export type ClientExecutorOptions = CommonExecutorOptions & Pick<FwExecutorOptions, 'zod'> & { file: string };
