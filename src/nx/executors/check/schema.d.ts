import type { FwExecutorOptions } from '../executor-options';

/** Options of `fw:check` (see schema.json): fw:all's, but it never writes (no check, no force). Paths are relative to the project root. */
export type CheckExecutorOptions = Omit<FwExecutorOptions, 'check' | 'force'>;
