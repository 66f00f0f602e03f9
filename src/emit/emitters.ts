import { emitClient } from './client/client';
import type { Emitter } from './emitter';
import { emitOpenApi } from './openapi/openapi';
import { emitRouter } from './router/router';
import { emitUrlHelper } from './url-helper/url-helper';

export type GeneratorName = 'router' | 'url-helper' | 'client' | 'openapi';

/** Every generator's emitter, by the name the CLI and Nx use. */
export const emitters: Readonly<Record<GeneratorName, Emitter>> = {
  router: emitRouter,
  'url-helper': emitUrlHelper,
  client: emitClient,
  openapi: emitOpenApi,
};
