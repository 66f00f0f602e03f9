import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { ClientExecutorOptions } from './schema';

export default function clientExecutor(options: ClientExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('client', options, context);
}
