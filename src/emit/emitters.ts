import { emitClient } from './client/client';
import type { EmitContext, EmitResult, Emitter } from './emitter';
import { type ClientMemo, newClientMemo } from './client/client-memo';
import { emitOpenApi } from './openapi/openapi';
import type { WorkspaceModel } from '../model/model';
import { emitRouter } from './router/router';
import { RouterMemo } from './router/root-imports';
import { emitUrlHelper, UrlHelperMemo } from './url-helper/url-helper';

export type GeneratorName = 'router' | 'url-helper' | 'client' | 'openapi';

/** What each generator keeps between runs of one process (`fw watch`); the OpenAPI document keeps nothing. */
export interface EmitMemos {
  router: RouterMemo;
  'url-helper': UrlHelperMemo;
  client: ClientMemo;
  openapi: undefined;
}

/** Empty memos, one per generator. */
export function newEmitMemos(): EmitMemos {
  return { router: new RouterMemo(), 'url-helper': new UrlHelperMemo(), client: newClientMemo(), openapi: undefined };
}

/** Every generator's emitter, by the name the CLI and Nx use. */
export const emitters: Readonly<{ [G in GeneratorName]: Emitter<EmitMemos[G]> }> = {
  router: emitRouter,
  'url-helper': emitUrlHelper,
  client: emitClient,
  openapi: emitOpenApi,
};

/** Runs generator `name`'s emitter, with its own kind of memo. */
export function emit<G extends GeneratorName>(name: G, model: WorkspaceModel, ctx: EmitContext<EmitMemos[G]>): EmitResult {
  const emitter: Emitter<EmitMemos[G]> = emitters[name];
  return emitter(model, ctx);
}
