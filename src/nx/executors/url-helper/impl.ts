import type { ExecutorContext } from '@nx/devkit';
import { type FwExecutorResult, runFwGenerator } from '../run-fw-generator';
import type { UrlHelperExecutorOptions } from './schema';

export default function urlHelperExecutor(options: UrlHelperExecutorOptions, context: ExecutorContext): Promise<FwExecutorResult> {
  return runFwGenerator('url-helper', options, context);
}
