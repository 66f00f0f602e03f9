import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error, fileError, wholeFile } from '../diagnostics/diagnostics';
import { digestOfFd } from './digest';

/**
 * What is at an output path before fw writes it (SECURITY.md, rule 2): a
 * regular file or nothing. It is looked at with lstat, so fw never follows a
 * symbolic link nor reads or replaces a directory, a FIFO (reading one would
 * wait forever), a socket or a device (`/dev/full` never ends; `/dev/null`
 * would be replaced by a regular file).
 */
export type ExistingOutput = { kind: 'absent' } | { kind: 'file'; contents: string } | { kind: 'refused'; diagnostic: Diagnostic };

function kindOf(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The closest ancestor of `file` that exists and is not a directory, if any. */
function fileAncestor(file: string): string | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      if (!fs.statSync(dir).isDirectory()) return dir;
    } catch {
      // missing or unreadable: look further up
    }
  }
  return undefined;
}

/** Refusal (or undefined) for what lstat finds at `file`, without reading it. */
export function outputPathProblem(file: string): Diagnostic | undefined {
  const existing = inspect(file);
  return existing.kind === 'refused' ? existing.diagnostic : undefined;
}

function inspect(file: string): Exclude<ExistingOutput, { kind: 'file' }> | { kind: 'regular' } {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent' };
    if (code === 'ENOTDIR') {
      const blocker = fileAncestor(file);
      return {
        kind: 'refused',
        diagnostic: error(
          'FW6005',
          wholeFile(file),
          `cannot write: ${blocker ?? 'a parent'} is a file, not a directory`,
          'choose an output path below a directory',
        ),
      };
    }
    return { kind: 'refused', diagnostic: fileError('FW1001', file, 'cannot read', e) };
  }
  if (stat.isFile()) return { kind: 'regular' };
  return {
    kind: 'refused',
    diagnostic: error(
      'FW6006',
      wholeFile(file),
      `refusing to write: the output path is ${kindOf(stat)}`,
      'fw writes only regular files; choose another path or remove what is there',
    ),
  };
}

/**
 * What is at `file`: absent, a regular file and its contents, or a refusal
 * (wrong kind of file, unreadable). With `maxBytes`, only the file's first
 * bytes are read (enough to look for fw's header).
 */
export function readOutput(file: string, maxBytes?: number): ExistingOutput {
  const found = inspect(file);
  if (found.kind !== 'regular') return found;
  try {
    return { kind: 'file', contents: maxBytes === undefined ? fs.readFileSync(file, 'utf8') : readHead(file, maxBytes) };
  } catch (e) {
    return { kind: 'refused', diagnostic: fileError('FW1001', file, 'cannot read', e) };
  }
}

/** Enough bytes for the first 2,048 characters, which hold fw's header if it is there (workspace/generated-header.ts). */
export const HEADER_BYTES = 4 * 2048;

function readHead(file: string, maxBytes: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(maxBytes);
    return buf.toString('utf8', 0, fs.readSync(fd, buf, 0, maxBytes, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Like readOutput, for a large output: instead of the contents, their
 * SHA-256 and the beginning (`head`, where fw's header is), read in chunks.
 */
export function readOutputDigest(
  file: string,
): { kind: 'absent' } | { kind: 'file'; head: string; digest: string } | { kind: 'refused'; diagnostic: Diagnostic } {
  const found = inspect(file);
  if (found.kind !== 'regular') return found;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const { digest, head } = digestOfFd(fd, HEADER_BYTES);
      return { kind: 'file', head: head.toString('utf8'), digest };
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return { kind: 'refused', diagnostic: fileError('FW1001', file, 'cannot read', e) };
  }
}

const CLIENT_EXTENSIONS = ['.ts', '.mts', '.cts'];

/**
 * The TypeScript client's path (`--file`), checked before anything is read:
 * it ends in .ts/.mts/.cts (so it is never a .go file nor one of fw's Go
 * outputs, nor a declaration file), and lstat finds a regular file or nothing.
 */
export function clientFileProblem(file: string): Diagnostic | undefined {
  const base = path.basename(file);
  if (!CLIENT_EXTENSIONS.some((ext) => base.endsWith(ext)) || /\.d\.[mc]?ts$/.test(base) || CLIENT_EXTENSIONS.includes(base)) {
    return error(
      'FW6007',
      wholeFile(file),
      'the client file must be a TypeScript module ending in .ts, .mts or .cts',
      'pass --file <path>.ts, e.g. --file web/src/api/client.ts',
    );
  }
  return outputPathProblem(file);
}
