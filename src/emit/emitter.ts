import type { Diagnostic } from '../diagnostics/diagnostics';
import type { WorkspaceModel } from '../model/model';

/** A file an emitter produced; nothing is on disk until the writer runs. */
export interface GeneratedFile {
  /** Absolute path. */
  path: string;
  contents: string;
}

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
