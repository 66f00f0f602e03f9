import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { RouterExecutorOptions } from './schema';

export default function routerExecutor(options: RouterExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('router', options, context);
}
