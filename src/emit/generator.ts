import type { WorkspaceModel } from '../model/model';
import type { EmitContext, EmitResult } from './emitter';

/**
 * A generator is one record: its name, its options (declared once: the CLI
 * flags, the Nx executor and plugin options and the Turborepo task's flags
 * are derived from them), whether its files for one root depend only on that
 * root, the files it writes (the one source for the caches, `--check`, Nx
 * and Turborepo outputs), the shared plans it reads, and its emit function.
 * src/emit/generators.ts lists the records; everything above the emitters
 * (generate.ts, the CLI, fw watch, the Nx executors and inferred targets,
 * Turborepo) loops over that list. How to add one:
 * docs/internals/generators.md.
 */
export interface Generator<Options extends object = object, Memo = unknown> {
  /** Its name: `fw g <name>`, the Nx executor `fw:<name>`, the key of its options. */
  readonly name: string;
  /** One line: the CLI's command list and the Nx target's description. */
  readonly summary: string;
  /** What `fw g <name> --help` says it does, before the options (lines of at most 78 characters). */
  readonly help: string;
  /**
   * Whether its files for one root are a function of that root's model and
   * the packages it reaches, nothing of the other roots: given a model of
   * one root, it emits exactly that root's share (fw watch keeps it per root).
   */
  readonly perRoot: boolean;
  /** Its options, in the order the help lists them; the first `file` option is its output file. */
  readonly options: readonly GeneratorOption[];
  /** The files it writes for roots `roots` (directories relative to `base`, '.' for base itself), joined onto `base` with POSIX separators. */
  outputs(base: string, roots: readonly string[], options: Options): string[];
  /** A new memo: what it keeps between runs of one process (`fw watch`). */
  newMemo(): Memo;
  /** Turns the model into files; `options` were parsed by parseGeneratorOptions, output paths made absolute. */
  emit(model: WorkspaceModel, ctx: EmitContext<Memo>, options: Options): EmitResult;
}

/** Any generator, for the code that loops over them. */
// biome-ignore lint/suspicious/noExplicitAny: a list of generators holds records of different option and memo types.
export type AnyGenerator = Generator<any, any>;

/**
 * One option of a generator. Its `name` is the key in the generator's
 * options, its Nx executor option and its CLI flag (unless `flag` says
 * otherwise); where the options of several generators meet (`fw g all`,
 * `fw watch`, the Nx `all` and `check` executors) it is `shared` (or `name`).
 */
export interface GeneratorOption {
  readonly name: string;
  /**
   * `file`: an output path (relative to the working directory; the
   * generator runs in `fw g all` only when it is given, and needs it
   * otherwise); `string`: a text, one of `choices` when given; `strings`: a
   * list (a repeatable flag).
   */
  readonly kind: 'file' | 'string' | 'strings';
  /** The CLI flag, when not `name` (`--server` for `servers`). */
  readonly flag?: string;
  /** Its name beside other generators' options, when not `name` (`fw g all --openapi <path>`). */
  readonly shared?: string;
  readonly choices?: readonly string[];
  /** The value when it is not given. */
  readonly default?: string;
  /** For a `file`: which output files it may name (`ts-module`: a TypeScript module, not a declaration file). */
  readonly fileKind?: 'ts-module' | 'any';
  /** The flag's value in the help (`<path>`, `<text>`, `<classic|mini>`). */
  readonly valueHelp: string;
  /** The flag's help text, without the flag (may span lines). */
  readonly help: string;
  /** Its help beside other generators' options (`fw g all`), when not `help`. */
  readonly sharedHelp?: string;
  /** The name of the Nx plugin option (nx.json) that sets it for the inferred targets, when there is one. */
  readonly plugin?: string;
  /** The plugin option's default, when not `default` (the client's file: `client/client.ts`). */
  readonly pluginDefault?: string;
  /** For a `file`: the extensions the Nx plugin option accepts (`.ts`). */
  readonly extensions?: readonly string[];
}

/** A problem with the value of an option: what the CLI reports as a usage error and the Nx executors as a failed target. */
export class GeneratorOptionError extends Error {}

/** The values of a generator's options by option name, as given (strings, or string lists). */
export type RawOptions = Readonly<Record<string, unknown>>;

/**
 * `raw`'s values of `generator`'s options, checked (a choice must be one of
 * its choices) and with defaults applied; an absent file stays absent.
 * Throws GeneratorOptionError naming the option by `label` (its flag, say).
 */
export function parseGeneratorOptions(
  generator: AnyGenerator,
  raw: RawOptions,
  label: (o: GeneratorOption) => string = (o) => `--${o.flag ?? o.name}`,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const option of generator.options) {
    const value = raw[option.name];
    if (value === undefined || value === '') {
      if (option.default !== undefined) out[option.name] = option.default;
      else if (option.kind === 'strings') out[option.name] = [];
      continue;
    }
    if (option.kind === 'strings') {
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((v) => typeof v === 'string')) throw new GeneratorOptionError(`${label(option)} takes texts, not ${JSON.stringify(value)}`);
      out[option.name] = list;
      continue;
    }
    if (typeof value !== 'string' || (option.choices && !option.choices.includes(value))) {
      const what = option.choices ? option.choices.join(' or ') : 'a text';
      throw new GeneratorOptionError(`${label(option)} takes ${what}, not ${JSON.stringify(value)}`);
    }
    out[option.name] = value;
  }
  return out;
}

/** A generator's output-file option, if it has one. */
export function fileOption(generator: AnyGenerator): GeneratorOption | undefined {
  return generator.options.find((o) => o.kind === 'file');
}
