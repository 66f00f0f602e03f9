import type { Diagnostic } from '../core/diagnostics';
import type { WorkspaceModel } from '../core/model';
import type { GeneratedFile } from '../core/writer';

export interface EmitContext {
  /** Absolute output path of the TypeScript client. */
  clientFile?: string;
}

export interface EmitResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

/** An emitter turns the model into files. It reads only the model (never source text) and writes nothing. */
export type Emitter = (model: WorkspaceModel, ctx: EmitContext) => EmitResult;
