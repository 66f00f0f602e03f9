import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { WorkspaceModel } from '../../model/model';
import type { TypeResolver } from '../../go/type-resolver';
import { type Emitter, streamedFile } from '../emitter';
import type { SharedPlans } from '../shared-plans';
import type { ClientMemo } from './client-memo';
import { clientPieces, plannedClient } from './assemble';
import { emitClientModules } from './client-modules';
import type { ZodFacadeOptions, ZodFlavour } from './zod-facade';

/** The client's options (`fw g client --file <path> --zod <classic|mini> --split --runtime <path>`). */
export interface ClientOptions {
  /** The output file (absolute when the emitter gets it). */
  file: string;
  /** Which zod the client imports: `zod` (classic, the default) or `zod/mini`. */
  zod: ZodFlavour;
  /** The client as modules under a folder beside `file` (./client-modules.ts). */
  split?: boolean;
  /** A runtime module the client imports instead of holding its own, shared by the clients of an app (absolute when the emitter gets it). */
  runtime?: string;
}

/**
 * The TypeScript client (`fw g client --file <path>`, docs/client.md): one
 * ESM module for every selected root. Names are decided in
 * ../operation-names.ts (a plan shared with other generators), the module
 * planned in ./client-plan.ts and printed in ./assemble.ts; the templates
 * only print.
 */
export const emitClient: Emitter<ClientMemo, ClientOptions> = (model, ctx, options) => {
  if (options.split || options.runtime) {
    const { file, split, runtime } = options;
    return emitClientModules(model, ctx.resolver, { file, split: split === true, runtime, zod: { zod: options.zod }, memo: ctx.memo, plans: ctx.plans });
  }
  const { pieces, diagnostics } = generateClient(model, ctx.resolver, { zod: options.zod }, ctx.memo, ctx.plans);
  return { files: [streamedFile(options.file, pieces)], diagnostics };
};

/**
 * The client module's source, as pieces rendered while they are read, and
 * the diagnostics found while planning it; zod classic with the default
 * facade unless `zod` says otherwise.
 */
export function generateClient(
  model: WorkspaceModel,
  resolver: TypeResolver,
  zod: ZodFacadeOptions = { zod: 'classic' },
  memo?: ClientMemo,
  plans?: SharedPlans,
): { pieces: () => Iterable<string>; diagnostics: Diagnostic[] } {
  const { plan, view, diagnostics } = plannedClient(model, resolver, zod, memo, plans);
  return { pieces: () => clientPieces(view, plan, memo), diagnostics };
}
