import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { OpenApiExecutorOptions } from './schema';

export default function openApiExecutor(options: OpenApiExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('openapi', options, context);
}
