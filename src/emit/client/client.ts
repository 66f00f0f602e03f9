import { type Diagnostic, error } from '../../diagnostics/diagnostics';
import type { WorkspaceModel } from '../../model/model';
import type { TypeResolver } from '../../go/type-resolver';
import { type Emitter, streamedFile } from '../emitter';
import type { ClientMemo } from './client-memo';
import { clientPieces, moduleView } from './assemble';
import { planClient } from './client-plan';
import { emitClientModules } from './client-modules';
import { type ZodFacadeOptions, zodSchemaType } from './zod-facade';

/**
 * The TypeScript client (`fw g client --file <path>`, spec N2, DESIGN §4):
 * one ESM module for every selected root. Names are decided in
 * ./operation-names.ts, the module planned in ./client-plan.ts and printed
 * in ./assemble.ts; the templates only print.
 */
export const emitClient: Emitter<ClientMemo> = (model, ctx) => {
  if (!ctx.clientFile) return { files: [], diagnostics: [error('FW5002', undefined, 'the client generator needs an output file', 'pass --file <path>')] };
  if (ctx.clientSplit || ctx.clientRuntime) {
    const zod = { zod: ctx.clientZod ?? 'classic' } as const;
    return emitClientModules(model, ctx.resolver, { file: ctx.clientFile, split: ctx.clientSplit === true, runtime: ctx.clientRuntime, zod, memo: ctx.memo });
  }
  const { pieces, diagnostics } = generateClient(model, ctx.resolver, { zod: ctx.clientZod ?? 'classic' }, ctx.memo);
  return { files: [streamedFile(ctx.clientFile, pieces)], diagnostics };
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
): { pieces: () => Iterable<string>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const plan = planClient(model, resolver, zodSchemaType(zod.zod), memo, diagnostics);
  const view = moduleView(model, plan, zod);
  diagnostics.push(...resolver.diagnostics, ...plan.mapper.diagnostics);
  if (memo) memo.shapes = diagnostics.length === 0 ? plan.registry.keptShapes() : new Map();
  return { pieces: () => clientPieces(view, plan, memo), diagnostics };
}
