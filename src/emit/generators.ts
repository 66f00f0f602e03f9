import type { AnyGenerator, GeneratorOption, RawOptions } from './generator';
import { fileOption, parseGeneratorOptions } from './generator';
import { clientGenerator } from './client/generator';
import { openApiGenerator } from './openapi/generator';
import { routerGenerator } from './router/generator';
import { urlHelperGenerator } from './url-helper/generator';

/**
 * Every generator, in the order a run emits them (and the CLI, the Nx
 * targets and Turborepo list them). Adding a generator is its folder and one
 * line here: docs/internals/generators.md.
 */
export const GENERATORS: readonly AnyGenerator[] = [routerGenerator, urlHelperGenerator, clientGenerator, openApiGenerator];

/** A generator's name (`router`, `url-helper`, `client`, `openapi`, or one a caller registers in its own list). */
export type GeneratorName = string;

/** The options of each generator of a run, by generator name. */
export type GeneratorOptions = Readonly<Record<GeneratorName, RawOptions>>;

/** The generator named `name` in `list`; a name no generator has is a programming error. */
export function generatorNamed(name: GeneratorName, list: readonly AnyGenerator[] = GENERATORS): AnyGenerator {
  const found = list.find((g) => g.name === name);
  if (!found) throw new Error(`fw: no generator is named ${JSON.stringify(name)} (${list.map((g) => g.name).join(', ')})`);
  return found;
}

/** An option's name where the options of several generators meet (`fw g all`, `fw watch`, the Nx `all` and `check` executors). */
export function sharedName(option: GeneratorOption): string {
  return option.shared ?? option.name;
}

/** An option's CLI flag: in its generator's own command, or (`shared`) where every generator's options meet (`fw g all`, `fw watch`, `fw init --turbo`). */
export function flagOf(option: GeneratorOption, shared: boolean): string {
  return shared ? (option.shared ?? option.flag ?? option.name) : (option.flag ?? option.name);
}

/**
 * What a run that may run every generator means (`fw g all`, `fw watch`,
 * the Nx `all` and `check` executors), from `values` by shared option names
 * (sharedName): every generator without an output file, and each with one
 * when its file is given; each with its options parsed
 * (parseGeneratorOptions). Throws GeneratorOptionError for a bad value,
 * naming the option by `label` (by default its flag in `fw g all`).
 */
export function generatorsFor(
  values: RawOptions,
  list: readonly AnyGenerator[] = GENERATORS,
  label: (o: GeneratorOption) => string = (o) => `--${flagOf(o, true)}`,
): { generators: GeneratorName[]; options: Record<GeneratorName, RawOptions> } {
  const generators: GeneratorName[] = [];
  const options: Record<GeneratorName, RawOptions> = {};
  for (const generator of list) {
    // Every generator's values are checked, also those of one that does not run.
    const own = Object.fromEntries(generator.options.map((o) => [o.name, values[sharedName(o)]]));
    const parsed = parseGeneratorOptions(generator, own, label);
    const file = fileOption(generator);
    if (file && !given(values[sharedName(file)])) continue;
    options[generator.name] = parsed;
    generators.push(generator.name);
  }
  return { generators, options };
}

function given(value: unknown): boolean {
  return value !== undefined && value !== '';
}

/**
 * The files the generators write for roots `roots` (relative to `base`,
 * '.' for base itself; joined with POSIX separators), by generator: what
 * build caches declare as outputs and leave out of their inputs, and what
 * `--check` compares. A generator whose output file `options` do not give
 * writes none.
 */
export function outputFilesOf(
  base: string,
  roots: readonly string[],
  options: GeneratorOptions,
  list: readonly AnyGenerator[] = GENERATORS,
): Record<GeneratorName, string[]> {
  return Object.fromEntries(
    list.map((g) => {
      const file = fileOption(g);
      const own = options[g.name] ?? {};
      return [g.name, file && !given(own[file.name]) ? [] : g.outputs(base, roots, own)];
    }),
  );
}

/** The generators whose files for one root depend on that root alone (its Go outputs: what every generator's cache inputs leave out). */
export function perRootGenerators(list: readonly AnyGenerator[] = GENERATORS): AnyGenerator[] {
  return list.filter((g) => g.perRoot);
}
