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
  /** Which zod the client imports (`fw g client --zod`); classic by default. */
  clientZod?: 'classic' | 'mini';
  /** fw's own tests only: a client whose schemas tsc checks against their TypeScript types (../emit/client/zod-facade.ts). */
  verifySchemaTypes?: boolean;
  /** Output and `info` of the OpenAPI document. */
  openapi?: OpenApiOptions;
  /**
   * Kept by the caller between runs in one process (`fw watch`), empty at
   * first: an emitter may keep there, under its generator's name, what it
   * computed, to reuse what is still valid in the next run. The output must
   * be the same with and without it.
   */
  memo?: EmitMemo;
}

/** See EmitContext.memo; what is kept under a name is that emitter's business. */
export type EmitMemo = Map<string, unknown>;

/** What `fw g openapi` is told besides the model. */
export interface OpenApiOptions {
  /** Absolute output path; `.yaml`/`.yml` writes YAML, anything else JSON. */
  file: string;
  /** `info.title`; default: the Go module path(s) of the roots. */
  title?: string;
  /** `info.version`; default `0.0.0`. */
  version?: string;
  /** `servers[].url`, in order. */
  servers?: string[];
}

export interface EmitResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

/** An emitter turns the model into files. It reads only the model (never source text) and writes nothing. */
export type Emitter = (model: WorkspaceModel, ctx: EmitContext) => EmitResult;
