import { type Command, EXIT_OK, EXIT_USAGE, type Io, parseCommandArgs, UsageError } from './command';
import { generateCommands } from './generate-command';
import { initCommand } from './init-command';
import { watchCommand } from './watch-command';

/** Every command, in the order `fw --help` lists them. */
export const commands: Command[] = [...generateCommands(), watchCommand, initCommand];

const defaultIo: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

function version(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../package.json') as { version: string }).version;
}

function overview(): string {
  const width = Math.max(...commands.map((c) => c.words.join(' ').length));
  return [
    `fw ${version()}: generate Go routers, URL helpers and a TypeScript client from fw:http_route annotations`,
    '',
    'Usage: fw <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  fw ${c.words.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Run `fw <command> --help` for the options of one command.',
  ].join('\n');
}

function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  const aliases: Record<string, string> = { generate: 'g' };
  const words = argv.map((w) => aliases[w] ?? w);
  let best: Command | undefined;
  for (const c of commands) {
    if (c.words.every((w, i) => words[i] === w) && (!best || c.words.length > best.words.length)) best = c;
  }
  return best ? { command: best, rest: argv.slice(best.words.length) } : undefined;
}

/** Runs the fw command line; resolves to the exit status. Never throws on user input. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(overview());
    return argv.length === 0 ? EXIT_USAGE : EXIT_OK;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    io.out(version());
    return EXIT_OK;
  }
  const found = findCommand(argv);
  if (!found && argv.length <= 2 && ['g', 'generate'].includes(argv[0]!) && (argv[1] === undefined || argv[1] === '--help' || argv[1] === '-h')) {
    io.out(overview());
    return argv[1] === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (!found) {
    io.err(`fw: unknown command "${argv.join(' ')}"\n\n${overview()}`);
    return EXIT_USAGE;
  }
  const { command, rest } = found;
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help === true) {
      io.out(command.usage);
      return EXIT_OK;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`fw: ${e.message}\n\n${command.usage}`);
      return EXIT_USAGE;
    }
    io.err(`fw: internal error: ${(e as Error).stack ?? String(e)}\nThis is a bug in fw; please report it with the input that caused it.`);
    return 70;
  }
}
