import * as path from 'node:path';
import { formatDiagnostic } from '../diagnostics/diagnostics';
import { type Rebuild, startWatch } from '../watch';
import { buildTags, cacheDirOption, GENERATE_OPTIONS, ZOD_HELP, zodOption } from './generate-command';
import { type Command, displayPath, EXIT_OK, type Io } from './command';

/** One line per rebuild: what happened and how long it took. */
function summary(r: Rebuild, cwd: string, io: Io): void {
  for (const d of r.diagnostics) io.err(formatDiagnostic(d, cwd));
  const what = r.cause === 'initial' ? 'built' : `rebuilt (${r.cause} change${r.cause === 1 ? '' : 's'})`;
  if (!r.report) {
    const n = r.diagnostics.filter((d) => d.severity === 'error').length;
    io.out(`fw watch: ${n} error${n === 1 ? '' : 's'}, kept the last good outputs; ${what} in ${r.ms.toFixed(0)} ms`);
    return;
  }
  for (const f of r.report.written) io.out(`wrote ${displayPath(cwd, f)}`);
  for (const d of r.report.diagnostics) io.err(formatDiagnostic(d, cwd));
  io.out(`fw watch: ${what}, ${r.result.summary.routes} routes; ${r.report.written.length} written, ${r.report.unchanged.length} unchanged in ${r.ms.toFixed(0)} ms`);
}

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM). */
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

export const watchCommand: Command = {
  words: ['watch'],
  summary: 'generate like fw g all, then again on every change to a Go file',
  usage: `Usage: fw watch [--file <path>] [packages...] [options]

Generates what fw g all generates, keeps the parsed Go files in memory, and
regenerates on every change of a Go file, go.mod or fw.json below --cwd: only changed
files are parsed again, only outputs whose contents change are written. Each
rebuild prints one line with its latency. A change that makes an error prints
the diagnostics and leaves the last good outputs; fixing it rebuilds.
Stop with Ctrl-C.

  --file <path> output file of the TypeScript client, relative to --cwd
${ZOD_HELP}
  --cwd <dir>   workspace directory to watch (default: the current directory)
  --tags <list> build tags, as go build -tags takes them (see fw g all --help)
  --no-cache    do not read or write the parse cache
  --cache-dir <dir>
                where the parse cache lives (see fw g all --help)
  -q, --quiet   print diagnostics only, no summary lines
  -h, --help    show this help`,
  options: { ...WATCH_OPTIONS, file: { type: 'string' }, zod: { type: 'string' } },
  run: async ({ values, positionals }, io) => {
    const cwd = path.resolve(typeof values.cwd === 'string' ? values.cwd : process.cwd());
    const file = typeof values.file === 'string' && values.file !== '' ? values.file : undefined;
    const quiet = values.quiet === true;
    const watcher = startWatch(
      {
        cwd,
        generators: file ? ['router', 'url-helper', 'client'] : ['router', 'url-helper'],
        packages: positionals,
        clientFile: file,
        clientZod: zodOption(values.zod),
        tags: buildTags(values.tags),
        cacheDir: cacheDirOption(values, cwd),
        onWatchError: (e) => io.err(`fw watch: ${e.stack ?? e.message}\n(changes may be missed; restart fw watch, and report this if it is not about the file system)`),
      },
      (r) => {
        if (quiet) for (const d of [...r.diagnostics, ...(r.report?.diagnostics ?? [])]) io.err(formatDiagnostic(d, cwd));
        else summary(r, cwd, io);
      },
    );
    await watcher.ready;
    if (!quiet) io.out(`fw watch: watching ${displayPath(process.cwd(), cwd)} (Ctrl-C to stop)`);
    await stopSignal();
    await watcher.close();
    return EXIT_OK;
  },
};
