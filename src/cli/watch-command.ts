import * as path from 'node:path';
import { printReport } from '../diagnostics/print-report';
import { brokenBudget, type RunReport, type WarningBudget } from '../diagnostics/run-report';
import { type Rebuild, startWatch } from '../watch/watch';
import {
  allGeneratorFlags,
  budgetOption,
  buildTags,
  cacheDirOption,
  formatOption,
  GENERATE_OPTIONS,
  generatorsOfFlags,
  printOptions,
} from './generate-command';
import { reportNaming } from '../workspace/report-naming';
import { type Command, displayPath, EXIT_OK, runDir } from './command';

/** What one rebuild did, as a run report: its diagnostics, files and one summary line. */
function rebuildReport(r: Rebuild, cwd: string, naming: RunReport['naming'], budget: WarningBudget): RunReport {
  const what = r.cause === 'initial' ? 'built' : `rebuilt (${r.cause} change${r.cause === 1 ? '' : 's'})`;
  const diagnostics = [...r.diagnostics, ...(r.report?.diagnostics ?? [])];
  const broken = r.report ? brokenBudget(diagnostics, budget) : undefined;
  return {
    label: `fw watch ${what}`,
    cwd,
    naming,
    diagnostics,
    roots: r.result.summary.roots,
    routes: r.result.summary.routes,
    written: r.report?.written ?? [],
    removed: r.report?.removed,
    unchanged: r.report?.unchanged ?? [],
    stale: [],
    check: false,
    ms: r.ms,
    outcome: !r.report ? 'errors' : r.report.diagnostics.length > 0 ? 'refused' : broken ? 'warnings' : 'ok',
    budget: broken,
    staleHint: '',
    failedNote: 'kept the last good outputs',
  };
}

/** How long a stopping fw watch waits for a rebuild in progress and for its file watcher to close, before it exits anyway. */
const STOP_GRACE_MS = 5000;

/**
 * Resolves when the process is asked to stop (Ctrl-C, SIGTERM). Installed
 * after the first build: during it, Node's default action ends the process
 * at once (a write interrupted then leaves temporary files, which the next
 * run removes).
 */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

const { check: _check, force: _force, ...WATCH_OPTIONS } = GENERATE_OPTIONS;
/** The generators' options, as fw g all takes them. */
const GENERATOR_FLAGS = allGeneratorFlags();

export const watchCommand: Command = {
  words: ['watch'],
  summary: 'generate like fw g all, then again on every change to a Go file',
  usage: `Usage: fw watch [--file <path>] [--openapi <path>] [packages...] [options]

Generates what fw g all generates, keeps the parsed Go files in memory, and
regenerates on every change of a Go file, go.mod or fw.json below --cwd: only changed
files are parsed again, only outputs whose contents change are written. Each
rebuild prints its diagnostics (grouped as fw g groups them) and one summary
line with its latency; with --format json, one JSON document per line. A
change that makes an error prints the diagnostics and leaves the last good
outputs; fixing it rebuilds.
Stop with Ctrl-C.

${GENERATOR_FLAGS.help}
  --cwd <dir>   workspace directory to watch (default: the current directory)
  --tags <list> build tags, as go build -tags takes them (see fw g all --help)
  --no-cache    do not read or write the parse cache
  --cache-dir <dir>
                where the parse cache lives (see fw g all --help)
  -q, --quiet   print diagnostics only, no summary lines (unless a rebuild fails)
  --format <text|json|github>
                as fw g all takes it; json: one JSON document per rebuild, one per line
  --verbose     list every warning, not one line per repeated kind
  --max-warnings <n>, --warnings-as-errors
                report a rebuild with more warnings as failed (watching goes on)
  -h, --help    show this help`,
  options: { ...WATCH_OPTIONS, ...GENERATOR_FLAGS.options },
  run: async ({ values, positionals }, io) => {
    const cwd = path.resolve(runDir(io), typeof values.cwd === 'string' ? values.cwd : '.');
    const naming = reportNaming(runDir(io), cwd);
    const { generators, options } = generatorsOfFlags(values);
    const quiet = values.quiet === true;
    const format = formatOption(values.format);
    const budget = budgetOption(values);
    const watcher = startWatch(
      {
        cwd,
        generators,
        packages: positionals,
        options,
        tags: buildTags(values.tags),
        cacheDir: cacheDirOption(values, cwd),
        onWatchError: (e) =>
          io.err(`fw watch: ${e.stack ?? e.message}\n(changes may be missed; restart fw watch, and report this if it is not about the file system)`),
        onNotice: (text) => io.err(`fw watch: ${text}`),
      },
      (r) => printReport(format, rebuildReport(r, cwd, naming, budget), printOptions(values), io),
    );
    await watcher.ready;
    if (!quiet && format !== 'json') io.out(`fw watch: watching ${displayPath(runDir(io), cwd)} (Ctrl-C to stop)`);
    await stopSignal();
    // Asked to stop, it stops: a rebuild in progress may finish, but a close that never settles (a file watcher
    // whose directory was removed while closing) does not keep the command from ending. A handle such a watcher
    // leaves open is bin/fw's to end; the command never calls process.exit (tests and hosts run it in-process).
    await Promise.race([watcher.close(), new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    return EXIT_OK;
  },
};
