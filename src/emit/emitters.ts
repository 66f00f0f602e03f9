import type { GeneratorName } from '../core/pipeline';
import type { Emitter } from './emitter';
import { emitClient } from './client';
import { emitRouter } from './router';

/** Every generator's emitter, by the name the CLI and Nx use. */
export const emitters: Partial<Record<GeneratorName, Emitter>> = {
  router: emitRouter,
  client: emitClient,
};
