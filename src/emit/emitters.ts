import type { GeneratorName } from '../core/pipeline';
import { emitClient } from './client';
import type { Emitter } from './emitter';
import { emitRouter } from './router';
import { emitUrlHelper } from './url-helper';

/** Every generator's emitter, by the name the CLI and Nx use. */
export const emitters: Record<GeneratorName, Emitter> = {
  router: emitRouter,
  'url-helper': emitUrlHelper,
  client: emitClient,
};
