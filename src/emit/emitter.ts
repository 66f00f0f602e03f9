import type { Diagnostic } from '../diagnostics/diagnostics';
import type { WorkspaceModel } from '../model/model';
import type { TypeResolver } from '../go/type-resolver';
import type { SharedPlans } from './shared-plans';

/** A file an emitter produced; nothing is on disk until the writer runs. */
export interface GeneratedFile {
  /** Absolute path. */
  path: string;
  /** The whole text. A streamed file renders it on first read (and keeps it from then on). */
  readonly contents: string;
  /**
   * Only on a streamed file (streamedFile): its text in pieces, rendered
   * while they are read, so that the writer can compare and write a large
   * file (the client: 26 MB at 10k routes) without ever holding all of it.
   */
  readonly pieces?: () => Iterable<string>;
  /**
   * Only on a file that several runs write (the runtime the clients of
   * several services share): given what fw wrote at the path before, the
   * reason not to replace it, if any. The writer asks it before replacing
   * a file with fw's header (never for a streamed file).
   */
  readonly refuseReplacing?: (existing: string) => Diagnostic | undefined;
}

/**
 * A file whose text `pieces` renders piece by piece (deterministically:
 * every call gives the same pieces). Reading `contents` joins them once and
 * keeps the result; from then on `pieces` gives that, and what rendering
 * needed (a root's model, say, which `fw watch` would otherwise keep with
 * its outputs) is let go.
 */
export function streamedFile(path: string, pieces: () => Iterable<string>): GeneratedFile {
  let render: (() => Iterable<string>) | undefined = pieces;
  let contents: string | undefined;
  return {
    path,
    pieces: () => (contents === undefined ? render!() : [contents]),
    get contents() {
      if (contents === undefined) {
        contents = [...render!()].join('');
        render = undefined;
      }
      return contents;
    },
  };
}

/** `file` with `more` added, without rendering a streamed file (a spread would read `contents`). */
export function withProperties<T extends object>(file: GeneratedFile, more: T): GeneratedFile & T {
  return Object.defineProperties({ ...more }, Object.getOwnPropertyDescriptors(file)) as GeneratedFile & T;
}

/** What an emitter is given besides the model (and its generator's options); `Memo` is the type of what its generator keeps between runs. */
export interface EmitContext<Memo = undefined> {
  /** The run's type resolver, shared by its generators: a type one resolved is not resolved again for another. */
  resolver: TypeResolver;
  /** What several generators build on, made once per run (./shared-plans.ts). */
  plans: SharedPlans;
  /** What this generator derived in earlier runs of this process (`fw watch`), to take again while still valid. */
  memo?: Memo;
}

/** Whether `a` and `b` hold the same objects in the same order: what a memo checks before it gives a kept result again. */
export function sameObjects(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((o, i) => o === b[i]);
}

export interface EmitResult {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
  /**
   * Folders (absolute) whose files with fw's header belong to this output:
   * the writer deletes those it did not produce this run (a split client's
   * modules of a group that is gone), and leaves every other file alone.
   */
  ownedDirs?: string[];
}

/**
 * An emitter turns the model into files, with its generator's options. It
 * writes nothing; what it reads of the workspace it reads through the model
 * and its program (the URL helper's plan asks which Go files a directory
 * holds, ./url-helper/plan.ts), never a generated file.
 */
export type Emitter<Memo = undefined, Options = undefined> = (model: WorkspaceModel, ctx: EmitContext<Memo>, options: Options) => EmitResult;
