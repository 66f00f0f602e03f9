import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { AllExecutorOptions } from './schema';

export default function allExecutor(options: AllExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('all', options, context);
}
