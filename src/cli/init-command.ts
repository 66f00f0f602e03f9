import * as path from 'node:path';
import { type Diagnostic, formatDiagnostic, hasErrors } from '../diagnostics/diagnostics';
import { DEFAULT_RUNTIME_DIR, scaffoldRuntime } from '../runtime/scaffold';
import { turboPlan, writeTurboConfig } from '../turbo/turbo-config';
import { wireClientConsumer } from '../turbo/turbo-consumer';
import { writeGeneratedFiles } from '../write/writer';
import { type Command, COMMON_OPTIONS, displayPath, EXIT_FAILURE, EXIT_OK, type Io, runDir, UsageError } from './command';
import { allGeneratorFlags, generatorsOfFlags } from './generate-command';

/** Prints what fw init --turbo wrote (or why it wrote nothing), then the summary line; the exit status. */
function reportTurbo(
  result: { written: string[]; unchanged: string[]; diagnostics: Diagnostic[] },
  values: Record<string, unknown>,
  io: Io,
  summary: string,
): number {
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, runDir(io), true));
  if (hasErrors(result.diagnostics)) {
    io.err('fw: nothing was written');
    return EXIT_FAILURE;
  }
  if (values.quiet !== true) {
    for (const f of result.written) io.out(`wrote ${displayPath(runDir(io), f)}`);
    io.out(`fw init --turbo: ${summary}; ${result.written.length} written, ${result.unchanged.length} unchanged`);
  }
  return EXIT_OK;
}

/** `fw init --turbo --uses <service>…`: the app in cwd uses the services' clients. */
function initTurboConsumer(cwd: string, values: Record<string, unknown>, io: Io): number {
  if (values.file !== undefined) throw new UsageError('--file names the client a Go package writes; it does not go with --uses');
  const result = wireClientConsumer(cwd, values.uses as string[]);
  return reportTurbo(result, values, io, `uses the clients of ${result.services.join(', ')}`);
}

function initTurbo(cwd: string, values: Record<string, unknown>, io: Io): number {
  if (values.dir !== undefined) throw new UsageError('--dir scaffolds fwhttp; it does not go with --turbo');
  if (Array.isArray(values.uses)) return initTurboConsumer(cwd, values, io);
  for (const flag of Object.keys(TASK_FLAGS.options)) if (values[flag] === '') throw new UsageError(`--${flag} needs a value`);
  const plan = turboPlan(cwd, generatorsOfFlags(values).options);
  const roots = plan.roots.length > 0 ? plan.roots.join(', ') : 'none';
  return reportTurbo(writeTurboConfig(cwd, plan), values, io, `tasks ${Object.keys(plan.tasks).join(', ')} for root handler packages ${roots}`);
}

/** The generators' options, as fw g all takes them: the tasks fw init --turbo writes run with them. */
const TASK_FLAGS = allGeneratorFlags();

export const initCommand: Command = {
  words: ['init'],
  summary: `scaffold the Go runtime package fwhttp (Wrap, Bind, JSON replies) into ${DEFAULT_RUNTIME_DIR}`,
  usage: `Usage: fw init [--dir <dir>] [options]
       fw init --turbo [--file <client.ts>] [--openapi <path>] [options]
       fw init --turbo --uses <service dir>... [options]

Writes the Go package fwhttp (standard library only, Go >= 1.22, with its own
tests) that annotated handlers use: fwhttp.Wrap, fwhttp.Bind, fwhttp.JSON.OK,
... The package is yours. Running fw init again upgrades only the files that
are exactly as fw scaffolded them; it refuses to replace a file you edited,
and leaves alone a file whose fw header you deleted (that is how you take a
file over).

With --turbo it writes, instead, the Turborepo tasks of the workspace package
in --cwd: gen:router, gen:url-helper (and gen:client with --file, gen:openapi
with --openapi), each with inputs and outputs for exactly the root handler
packages found, gen:all, and check:generated (never cached), into ./turbo.json
and ./package.json scripts. The tasks run with the options given below, as
fw g all takes them. Run it again after adding or removing a root handler
package.

With --turbo --uses, run in an app's package, it wires the app to the client
of each service package named (its gen:client task): the app depends on the
service (workspace:*), the service exports ./client and depends on zod, and
the root turbo.json's typecheck and build depend on ^gen:client.

Options:
  --turbo       write the Turborepo tasks (see above)
${TASK_FLAGS.help}
  --uses <dir>  with --turbo: a service package whose client this package uses (repeatable)
  --dir <dir>   directory of the package, relative to --cwd (default: ${DEFAULT_RUNTIME_DIR});
                the package is named fwhttp whatever the directory's name
  --cwd <dir>   workspace directory (default: the current directory)
  --force       replace files you edited or took over with fw's version
  -q, --quiet   print diagnostics only, no summary
  -h, --help    show this help`,
  options: {
    ...COMMON_OPTIONS,
    dir: { type: 'string' },
    turbo: { type: 'boolean' },
    ...TASK_FLAGS.options,
    uses: { type: 'string', multiple: true },
    force: { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
  },
  run: async ({ values, positionals }, io) => {
    if (positionals.length > 0) throw new UsageError(`fw init takes no arguments, got "${positionals.join(' ')}" (use --dir <dir>)`);
    if (values.dir === '') throw new UsageError('--dir needs a directory');
    const cwd = path.resolve(runDir(io), typeof values.cwd === 'string' ? values.cwd : '.');
    if (values.turbo === true) return initTurbo(cwd, values, io);
    for (const flag of Object.keys(TASK_FLAGS.options))
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --turbo (the options of the tasks it writes)`);
    if (values.uses !== undefined) throw new UsageError('--uses goes with --turbo');
    const force = values.force === true;
    const result = scaffoldRuntime({ cwd, dir: typeof values.dir === 'string' ? values.dir : undefined, force });
    for (const d of result.diagnostics) io.err(formatDiagnostic(d, runDir(io), true));
    if (hasErrors(result.diagnostics)) {
      io.err('fw: nothing was written');
      return EXIT_FAILURE;
    }
    const report = writeGeneratedFiles(result.files, { force });
    for (const d of report.diagnostics) io.err(formatDiagnostic(d, runDir(io), true));
    if (report.diagnostics.length > 0) {
      io.err('fw: nothing was written');
      return EXIT_FAILURE;
    }
    if (values.quiet !== true) {
      for (const f of report.written) io.out(`wrote ${displayPath(runDir(io), f)}`);
      const where = result.importPath ? `import "${result.importPath}"` : displayPath(runDir(io), result.dir);
      io.out(`fw init: package fwhttp (${where}); ${report.written.length} written, ${report.unchanged.length} unchanged`);
    }
    return EXIT_OK;
  },
};
