import * as path from 'node:path';
import { printReport } from '../diagnostics/print-report';
import { exitCodeOf, OUTPUT_FORMATS, type OutputFormat, type PrintOptions, type WarningBudget } from '../diagnostics/run-report';
import { type AnyGenerator, fileOption, type GeneratorOption, GeneratorOptionError, parseGeneratorOptions, type RawOptions } from '../emit/generator';
import { flagOf, GENERATORS, generatorsFor, sharedName } from '../emit/generators';
import { generateAndWrite, type GeneratorName, type GeneratorOptions, runReportOf } from '../generate';
import { checkTurboTask } from '../turbo/turbo-config';
import { defaultCacheDir } from '../workspace/cache-dir';
import { discoverWorkspace } from '../workspace/discover';
import { reportNaming } from '../workspace/report-naming';
import { type Command, COMMON_OPTIONS, EXIT_FAILURE, type Io, runDir, UsageError } from './command';

export const GENERATE_OPTIONS = {
  ...COMMON_OPTIONS,
  check: { type: 'boolean' },
  force: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  turbo: { type: 'boolean' },
  tags: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'cache-dir': { type: 'string' },
  format: { type: 'string' },
  verbose: { type: 'boolean' },
  'max-warnings': { type: 'string' },
  'warnings-as-errors': { type: 'boolean' },
} as const satisfies Command['options'];

/**
 * The parse cache the options ask for: --no-cache turns it off, --cache-dir
 * moves it, else the default rule every fw run shares (defaultCacheDir).
 */
export function cacheDirOption(values: Record<string, unknown>, cwd: string): string | undefined {
  if (values['no-cache'] === true) return undefined;
  if (typeof values['cache-dir'] === 'string' && values['cache-dir'] !== '') return path.resolve(cwd, values['cache-dir']);
  return defaultCacheDir(cwd);
}

/** The help of the reporting options, shared with fw watch. */
export const REPORT_HELP = `  --format <text|json|github>
                text (default); json: one JSON document on stdout
                (schemas/run-report.v1.schema.json); github: GitHub Actions
                workflow commands, shown as annotations on a pull request
  --verbose     list every warning (a warning repeated more than 3 times is
                otherwise printed once, with its count and first positions)
  --max-warnings <n>
                exit 1 when there are more than n warnings (files are written)
  --warnings-as-errors
                exit 1 when there is any warning (files are written)`;

const COMMON_HELP = `Options:
  --cwd <dir>   workspace directory to scan (default: the current directory)
  --check       write nothing; exit 1 and list the files that are stale (for CI)
  --force       overwrite files that do not carry fw's generated header
  --tags <list> build tags, as go build -tags takes them (a,b): Go files are
                selected for them and for GOOS, GOARCH, CGO_ENABLED
  -q, --quiet   print diagnostics only, no summary (unless the run fails)
${REPORT_HELP}
  --turbo       run as the Turborepo task fw init --turbo wrote: first check
                that ./turbo.json declares it for exactly the root handler
                packages found, else fail (so no stale result is cached)
  --no-cache    parse every Go file, neither reading nor writing the parse cache
  --cache-dir <dir>
                where the parse cache lives (default: $FW_CACHE_DIR, else
                node_modules/.cache/fw, or .yarn/.cache/fw under Yarn Plug'n'Play,
                of the nearest such project at or above --cwd; none without one)
  -h, --help    show this help`;

/** `--tags a,b` as go build reads it: a comma-separated list (the old space-separated form is still accepted). */
export function buildTags(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(value.includes(',') ? ',' : ' ')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** `--format text|json|github`; text when absent. */
export function formatOption(value: unknown): OutputFormat {
  if (value === undefined) return 'text';
  if (OUTPUT_FORMATS.includes(value as OutputFormat)) return value as OutputFormat;
  throw new UsageError(`--format takes ${OUTPUT_FORMATS.join(', ')}, not ${JSON.stringify(value)}`);
}

/** `--max-warnings N` (a whole number) and `--warnings-as-errors`. */
export function budgetOption(values: Record<string, unknown>): WarningBudget {
  const max = values['max-warnings'];
  if (max !== undefined && !(typeof max === 'string' && /^\d+$/.test(max)))
    throw new UsageError(`--max-warnings takes a whole number, not ${JSON.stringify(max)}`);
  return { maxWarnings: max === undefined ? undefined : Number(max), warningsAsErrors: values['warnings-as-errors'] === true };
}

/** How a run prints: the options every command that reports diagnostics shares. */
export function printOptions(values: Record<string, unknown>): PrintOptions {
  return { verbose: values.verbose === true, quiet: values.quiet === true };
}

/** Options that only change how a run reports or checks, not what it generates: left out of the command a --check run names. */
const REPORT_ONLY = new Set(['check', 'quiet', 'format', 'verbose', 'max-warnings', 'warnings-as-errors', 'no-cache', 'cache-dir', 'turbo', 'help']);

/** A word as sh reads it back: as is when it holds only safe characters, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that writes what a --check run of `fw g <command>` compared:
 * the same command with the options that decide the output, as given
 * (`fw g all --file web/src/api/client.ts`), without --check and the
 * reporting options.
 */
export function regenerateCommand(command: string, values: Record<string, unknown>, positionals: readonly string[]): string {
  const words = ['fw', 'g', command];
  for (const [name, value] of Object.entries(values)) {
    if (REPORT_ONLY.has(name) || value === undefined || value === false) continue;
    for (const v of Array.isArray(value) ? value : [value]) words.push(`--${name}`, ...(v === true ? [] : [shellWord(String(v))]));
  }
  return [...words, ...positionals.map(shellWord)].join(' ');
}

/** Runs generators the way every `fw g` command does: generate (one read of the workspace for all), report, write. */
async function runGenerators(
  command: string,
  generators: GeneratorName[],
  values: Record<string, unknown>,
  positionals: string[],
  io: Io,
  options: GeneratorOptions,
  registry: readonly AnyGenerator[],
): Promise<number> {
  const cwd = path.resolve(runDir(io), typeof values.cwd === 'string' ? values.cwd : '.');
  const format = formatOption(values.format);
  const budget = budgetOption(values);
  const started = process.hrtime.bigint();
  const check = values.check === true;
  const base = {
    label: `fw g ${command}`,
    cwd,
    naming: reportNaming(runDir(io), cwd),
    check,
    staleHint: `run ${regenerateCommand(command, values, positionals)} to update it`,
  };
  // Discovery runs once: with --turbo here, for the check, and generateAndWrite takes its answer.
  const discovery = values.turbo === true ? discoverWorkspace(cwd) : undefined;
  if (discovery) {
    const problems = checkTurboTask(cwd, discovery, command, options, registry);
    if (problems.length > 0) {
      printReport(
        format,
        { ...base, diagnostics: problems, outcome: 'errors', roots: [], routes: 0, written: [], unchanged: [], stale: [] },
        printOptions(values),
        io,
      );
      return EXIT_FAILURE;
    }
  }
  const written = await generateAndWrite(
    { cwd, generators, packages: positionals, options, registry, tags: buildTags(values.tags), cacheDir: cacheDirOption(values, cwd) },
    { check, force: values.force === true },
    discovery,
  );
  const run = runReportOf(written, base, started, budget);
  printReport(format, run, printOptions(values), io);
  return exitCodeOf(run.outcome);
}

/** The parseArgs options of these generator options. */
function generatorFlags(options: readonly GeneratorOption[], shared: boolean): Command['options'] {
  return Object.fromEntries(
    options.map((o) => [flagOf(o, shared), o.kind === 'strings' ? { type: 'string', multiple: true } : { type: 'string' }] as const),
  ) as Command['options'];
}

/** Help lines of these generator options, in the layout of the other options' help. */
function generatorFlagsHelp(options: readonly GeneratorOption[], shared: boolean): string {
  const indent = ' '.repeat(16);
  return options
    .map((o) => {
      const flag = `  --${flagOf(o, shared)} ${o.valueHelp}`;
      const text = ((shared && o.sharedHelp) || o.help).split('\n').join(`\n${indent}`);
      return flag.length < 15 ? `${flag.padEnd(16)}${text}` : `${flag}\n${indent}${text}`;
    })
    .join('\n');
}

/** The options of every generator of `list` as they meet in one command (`fw g all`, `fw watch`): one flag per shared name. */
function sharedOptions(list: readonly AnyGenerator[]): GeneratorOption[] {
  const seen = new Set<string>();
  return list.flatMap((g) => g.options).filter((o) => !seen.has(sharedName(o)) && seen.add(sharedName(o)) !== undefined);
}

/** The flags and help of every generator's options (`fw g all`, `fw watch`). */
export function allGeneratorFlags(list: readonly AnyGenerator[] = GENERATORS): { options: Command['options']; help: string } {
  const options = sharedOptions(list);
  return { options: generatorFlags(options, true), help: generatorFlagsHelp(options, true) };
}

/**
 * What `values` (flags of `fw g all` or `fw watch`) ask to generate:
 * generatorsFor by the options' shared names; a bad value is a usage error.
 */
export function generatorsOfFlags(
  values: Record<string, unknown>,
  list: readonly AnyGenerator[] = GENERATORS,
): { generators: GeneratorName[]; options: GeneratorOptions } {
  const byName = Object.fromEntries(sharedOptions(list).map((o) => [sharedName(o), values[flagOf(o, true)]]));
  try {
    return generatorsFor(byName, list);
  } catch (e) {
    if (e instanceof GeneratorOptionError) throw new UsageError(e.message);
    throw e;
  }
}

/** `fw g <name>`: one generator, its options from its own flags; `registry`: the generators it is one of. */
export function generatorCommand(generator: AnyGenerator, registry: readonly AnyGenerator[] = GENERATORS): Command {
  const file = fileOption(generator);
  const needs = file ? ` --${flagOf(file, false)} ${file.valueHelp}` : '';
  const flagsHelp = generatorFlagsHelp(generator.options, false);
  return {
    words: ['g', generator.name],
    summary: generator.summary,
    usage: `Usage: fw g ${generator.name}${needs} [packages...] [options]

${generator.help}

${flagsHelp ? `${flagsHelp}\n` : ''}${COMMON_HELP}`,
    options: { ...GENERATE_OPTIONS, ...generatorFlags(generator.options, false) },
    run: ({ values, positionals }, io) => {
      const given = values[file ? flagOf(file, false) : ''];
      if (file && (typeof given !== 'string' || given === '')) throw new UsageError(`fw g ${generator.name} needs${needs}`);
      const raw = Object.fromEntries(generator.options.map((o) => [o.name, values[flagOf(o, false)]]));
      let options: object;
      try {
        options = parseGeneratorOptions(generator, raw);
      } catch (e) {
        if (e instanceof GeneratorOptionError) throw new UsageError(e.message);
        throw e;
      }
      return runGenerators(generator.name, [generator.name], values, positionals, io, { [generator.name]: options as RawOptions }, registry);
    },
  };
}

/** `fw g all`: every generator from one read of the workspace; one with an output file only when its file is given. */
export function allCommand(list: readonly AnyGenerator[] = GENERATORS): Command {
  const flags = allGeneratorFlags(list);
  const files = list.flatMap((g) => {
    const file = fileOption(g);
    return file ? [` [--${flagOf(file, true)} <path>]`] : [];
  });
  const does = list.map((g) => {
    const file = fileOption(g);
    return file ? `(with --${flagOf(file, true)}) fw g ${g.name}` : `fw g ${g.name}`;
  });
  return {
    words: ['g', 'all'],
    summary: `generate ${list
      .filter((g) => !fileOption(g))
      .map((g) => g.name)
      .join(', ')} and (when their file is given) ${list
      .filter((g) => fileOption(g))
      .map((g) => g.name)
      .join(', ')} in one run`,
    usage: `Usage: fw g all${files.join('')} [packages...] [options]

${wrap(`Does what ${does.slice(0, -1).join(', ')} and ${does.at(-1)} do, from one read and parse of the workspace: each Go file is parsed once for all of them.`)}

${flags.help}
${COMMON_HELP}`,
    options: { ...GENERATE_OPTIONS, ...flags.options },
    run: ({ values, positionals }, io) => {
      const { generators, options } = generatorsOfFlags(values, list);
      return runGenerators('all', generators, values, positionals, io, options, list);
    },
  };
}

/** `text` in lines of at most 78 characters. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > 78) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** `fw g <name>` of every generator, then `fw g all`. */
export function generateCommands(list: readonly AnyGenerator[] = GENERATORS): Command[] {
  return [...list.map((g) => generatorCommand(g, list)), allCommand(list)];
}
