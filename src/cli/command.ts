import * as path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { printable } from '../diagnostics/diagnostics';
import { closestMatch } from '../diagnostics/suggest';

/** Exit statuses of every fw command. */
export const EXIT_OK = 0;
/** Diagnostics (bad input), stale files under --check, refused overwrites. */
export const EXIT_FAILURE = 1;
/** The command line itself is wrong. */
export const EXIT_USAGE = 2;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The directory fw runs in, which printed paths are relative to (as go build prints them); process.cwd() when absent. */
  cwd?: string;
}

/** The directory fw runs in. */
export function runDir(io: Io): string {
  return io.cwd ?? process.cwd();
}

export interface Command {
  /** Words that select the command, e.g. ['g', 'router']. */
  words: string[];
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: { values: Record<string, unknown>; positionals: string[] }, io: Io): Promise<number>;
}

/** Thrown for a malformed command line; main turns it into exit status 2 and the usage text. */
export class UsageError extends Error {}

export function parseCommandArgs(command: Command, argv: string[]): { values: Record<string, unknown>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: command.options, allowPositionals: true, strict: true });
    return { values, positionals };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(unknownOption(command, err.message));
    throw new UsageError(err.message);
  }
}

/**
 * Node's message for an unknown option, without its advice to put the word
 * after `--` (fw takes no positional starting with `-`), naming the command
 * and the closest option it does take.
 */
function unknownOption(command: Command, message: string): string {
  const given = /'([^']*)'/.exec(message)?.[1] ?? '';
  const names = Object.keys(command.options).map((o) => `--${o}`);
  const close = closestMatch(given.replace(/=.*/, ''), names);
  const hint = close ? `did you mean ${close}?` : `fw ${command.words.join(' ')} --help lists its options`;
  return `unknown option ${given} for fw ${command.words.join(' ')} (${hint})`;
}

/** The options every command shares. */
export const COMMON_OPTIONS = {
  cwd: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Command['options'];

/** A path as commands print it: relative to cwd, with forward slashes, control characters escaped. */
export function displayPath(cwd: string, file: string): string {
  return printable(path.relative(cwd, file).split(path.sep).join('/') || '.');
}
