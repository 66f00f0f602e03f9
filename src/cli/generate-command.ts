import * as path from 'node:path';
import { printReport } from '../diagnostics/print-report';
import { exitCodeOf, OUTPUT_FORMATS, type OutputFormat, type PrintOptions, type WarningBudget } from '../diagnostics/run-report';
import { generateAndWrite, type GenerateOptions, type GeneratorName, runReportOf } from '../generate';
import { checkTurboTask } from '../turbo/turbo-config';
import { defaultCacheDir } from '../workspace/cache-dir';
import { discoverWorkspace } from '../workspace/discover';
import { type Command, COMMON_OPTIONS, EXIT_FAILURE, type Io, UsageError } from './command';

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

/** Runs generators the way every `fw g` command does: generate (one read of the workspace for all), report, write. */
async function runGenerators(
  command: string,
  generators: GeneratorName[],
  values: Record<string, unknown>,
  positionals: string[],
  io: Io,
  outputs: Pick<GenerateOptions, 'clientFile' | 'clientZod' | 'clientSplit' | 'clientRuntime' | 'openapi'> = {},
): Promise<number> {
  const cwd = path.resolve(typeof values.cwd === 'string' ? values.cwd : process.cwd());
  const format = formatOption(values.format);
  const budget = budgetOption(values);
  const started = process.hrtime.bigint();
  const check = values.check === true;
  const base = { label: `fw g ${command}`, cwd, check, staleHint: `run fw g ${command} to update it` };
  // Discovery runs once: with --turbo here, for the check, and generateAndWrite takes its answer.
  const discovery = values.turbo === true ? discoverWorkspace(cwd) : undefined;
  if (discovery) {
    const problems = checkTurboTask(cwd, discovery, command === 'all' ? (outputs.openapi ? 'openapi' : 'all') : generators[0]!, outputs.clientFile);
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
    { cwd, generators, packages: positionals, ...outputs, tags: buildTags(values.tags), cacheDir: cacheDirOption(values, cwd) },
    { check, force: values.force === true },
    discovery,
  );
  const run = runReportOf(written, base, started, budget);
  printReport(format, run, printOptions(values), io);
  return exitCodeOf(run.outcome);
}

export const routerCommand: Command = {
  words: ['g', 'router'],
  summary: 'generate router.go and registry.go of each root handler package',
  usage: `Usage: fw g router [packages...] [options]

Writes router.go (ServeMux registrations) and registry.go (route table) into
every root handler package (a directory holding router.go and registry.go),
or only into the named ones (directory base name or path from --cwd).

${COMMON_HELP}`,
  options: GENERATE_OPTIONS,
  run: ({ values, positionals }, io) => runGenerators('router', ['router'], values, positionals, io),
};

export const urlHelperCommand: Command = {
  words: ['g', 'url-helper'],
  summary: 'generate type-safe Go URL builders (<root>/urlhelper/urlhelper.go)',
  usage: `Usage: fw g url-helper [packages...] [options]

Writes <root>/urlhelper/urlhelper.go for every root handler package, or only
for the named ones.

${COMMON_HELP}`,
  options: GENERATE_OPTIONS,
  run: ({ values, positionals }, io) => runGenerators('url-helper', ['url-helper'], values, positionals, io),
};

export const ZOD_HELP = `  --zod <classic|mini>
                the zod the client imports: zod (classic, the default) or
                zod/mini (the same validation, smaller bundles)`;

export const LAYOUT_HELP = `  --split       the client as modules in a folder beside --file (client.ts:
                client/), one per handler group and per Go package of the
                types groups share; --file stays the entry, with the same
                exports (for clients too large for an editor)
  --runtime <path>
                the runtime module (FwTransport, the error classes) the
                client imports, written there, relative to --cwd: give every
                client of an app the same one`;

/** The client flags besides --file: --zod, --split, --runtime. */
export const CLIENT_FLAGS = { zod: { type: 'string' }, split: { type: 'boolean' }, runtime: { type: 'string' } } as const;

/** The client options the flags of CLIENT_FLAGS give. */
export function clientOptions(values: Record<string, unknown>): Pick<GenerateOptions, 'clientZod' | 'clientSplit' | 'clientRuntime'> {
  if (values.runtime !== undefined && (typeof values.runtime !== 'string' || values.runtime === '')) throw new UsageError('--runtime needs a path');
  return { clientZod: zodOption(values.zod), clientSplit: values.split === true, clientRuntime: values.runtime as string | undefined };
}

/** `--zod classic|mini`; classic when absent. */
export function zodOption(value: unknown): GenerateOptions['clientZod'] {
  if (value === undefined || value === 'classic' || value === 'mini') return value ?? 'classic';
  throw new UsageError(`--zod takes classic or mini, not ${JSON.stringify(value)}`);
}

export const clientCommand: Command = {
  words: ['g', 'client'],
  summary: 'generate a TypeScript client with Zod validation',
  usage: `Usage: fw g client --file <path> [packages...] [options]

Writes one TypeScript module with a client class per handler group of every
root handler package (or of the named ones).

  --file <path> output file, relative to --cwd (required)
${ZOD_HELP}
${LAYOUT_HELP}
${COMMON_HELP}`,
  options: { ...GENERATE_OPTIONS, file: { type: 'string' }, ...CLIENT_FLAGS },
  run: ({ values, positionals }, io) => {
    if (typeof values.file !== 'string' || values.file === '') throw new UsageError('fw g client needs --file <path>');
    return runGenerators('client', ['client'], values, positionals, io, { clientFile: values.file, ...clientOptions(values) });
  },
};

/** The flags of the OpenAPI document, shared by `fw g openapi` and `fw g all`. */
const OPENAPI_OPTIONS = {
  title: { type: 'string' },
  version: { type: 'string' },
  license: { type: 'string' },
  server: { type: 'string', multiple: true },
} as const;

const OPENAPI_HELP = `  --title <text>     info.title of the OpenAPI document (default: the Go module path)
  --version <text>   info.version (default: 0.0.0)
  --license <spdx>   info.license, an SPDX license identifier or expression
                     (e.g. MIT, Apache-2.0); none by default
  --server <url>     a servers[] entry; repeat for several`;

function openApiOptions(file: string, values: Record<string, unknown>): NonNullable<GenerateOptions['openapi']> {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const servers = Array.isArray(values.server) ? (values.server as string[]) : [];
  return { file, title: text(values.title), version: text(values.version), license: text(values.license), servers };
}

export const openApiCommand: Command = {
  words: ['g', 'openapi'],
  summary: 'generate an OpenAPI 3.1 document (JSON or YAML)',
  usage: `Usage: fw g openapi --file <path.json|path.yaml> [packages...] [options]

Writes one OpenAPI 3.1 document describing the routes of every root handler
package (or of the named ones): YAML when the file ends in .yaml or .yml,
JSON otherwise.

  --file <path>      output file, relative to --cwd (required)
${OPENAPI_HELP}
${COMMON_HELP}`,
  options: { ...GENERATE_OPTIONS, file: { type: 'string' }, ...OPENAPI_OPTIONS },
  run: ({ values, positionals }, io) => {
    if (typeof values.file !== 'string' || values.file === '') throw new UsageError('fw g openapi needs --file <path.json|path.yaml>');
    return runGenerators('openapi', ['openapi'], values, positionals, io, { openapi: openApiOptions(values.file, values) });
  },
};

export const allCommand: Command = {
  words: ['g', 'all'],
  summary: 'generate the router, the URL helper, and (when asked) the client and the OpenAPI document in one run',
  usage: `Usage: fw g all [--file <path>] [--openapi <path>] [packages...] [options]

Does what fw g router, fw g url-helper, (with --file) fw g client and (with
--openapi) fw g openapi do, from one read and parse of the workspace: each Go
file is parsed once for all of them.

  --file <path>      output file of the TypeScript client, relative to --cwd
                     (without it, no client is generated)
  --openapi <path>   output file of the OpenAPI document (.json, .yaml or .yml),
                     relative to --cwd (without it, no document is generated)
${ZOD_HELP}
${LAYOUT_HELP}
${OPENAPI_HELP}
${COMMON_HELP}`,
  options: { ...GENERATE_OPTIONS, file: { type: 'string' }, openapi: { type: 'string' }, ...CLIENT_FLAGS, ...OPENAPI_OPTIONS },
  run: ({ values, positionals }, io) => {
    const given = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const file = given(values.file);
    const openapi = given(values.openapi);
    const generators: GeneratorName[] = ['router', 'url-helper'];
    if (file) generators.push('client');
    if (openapi) generators.push('openapi');
    return runGenerators('all', generators, values, positionals, io, {
      clientFile: file,
      ...clientOptions(values),
      openapi: openapi ? openApiOptions(openapi, values) : undefined,
    });
  },
};
