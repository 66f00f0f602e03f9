import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { CheckExecutorOptions } from './schema';

/** `fw:check`: the CI gate for all three generators at once; writes nothing. Meant for a target that is not cached. */
export default function checkExecutor(options: CheckExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('check', options, context);
}
