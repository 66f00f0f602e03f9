import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error, fileError, osErrorText, wholeFile } from '../diagnostics/diagnostics';
import type { GeneratedFile } from '../emit/emitter';
import { hasGeneratedHeader } from '../workspace/generated-header';
import { drainPieces } from '../workspace/chunked-write';
import { type KeptPieces, pieceEnds, samePieces, writePieces } from './kept-pieces';
import { HEADER_BYTES, readOutput, readOutputDigest } from './output-file';

export interface WriteOptions {
  /** Compare only: write nothing, report stale files. */
  check?: boolean;
  /** Overwrite files that do not carry the generated header. */
  force?: boolean;
  /**
   * What each output is known to hold on disk, by path (`fw watch`: what it
   * last wrote or found, forgotten when the file changes): an output whose
   * new contents equal these is unchanged without reading it again. A
   * streamed file is known by its pieces: compared piece by piece, and
   * written from the bytes of the pieces it keeps (./kept-pieces.ts).
   */
  known?: ReadonlyMap<string, string | KeptPieces>;
  /** Folders whose files with fw's header that are not among the files written are removed (with check: reported stale). */
  ownedDirs?: readonly string[];
}

export interface WriteReport {
  /** Files written; always empty with check (those files are listed in stale). */
  written: string[];
  /** fw's files in an owned folder that no generator produced any more, removed (with check: listed in stale instead). */
  removed?: string[];
  unchanged: string[];
  /** With check: files missing or different from what fw would generate. */
  stale: string[];
  /** With check: the stale files that do not exist. */
  missing?: string[];
  /** Refusals and file-system errors; when any is present nothing was written. */
  diagnostics: Diagnostic[];
  /** SHA-256 of the new contents of each streamed file compared (GeneratedFile.pieces), by path: their text is never held whole. */
  digests?: ReadonlyMap<string, string>;
  /** With `known`: the pieces each streamed file holds now (written or unchanged), by path. */
  pieces?: ReadonlyMap<string, KeptPieces>;
}

/**
 * A file to write; a streamed one with the digest of what is on disk now
 * ('' when nothing is), or (with `known`) with its rendered pieces and what
 * the file held before, when known.
 */
interface Pending {
  file: GeneratedFile;
  onDisk?: string;
  pieces?: readonly string[];
  before?: KeptPieces;
}

/** `.router.go.fw-<pid>-<random>.tmp`: fw's temporary files, beside their target. */
const TEMP_FILE = /^\.(.+)\.fw-(\d+)-[0-9a-z]+\.tmp$/;

function tempPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.fw-${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`);
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed fw run left in `dirs` (those of a run
 * that is still going are left alone), so that a run after a crash leaves
 * no trace of it.
 */
function removeLeftoverTemps(dirs: Iterable<string>): void {
  for (const dir of dirs) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = TEMP_FILE.exec(name);
      if (m && !isRunning(Number(m[2]))) fs.rmSync(path.join(dir, name), { force: true });
    }
  }
}

/** Empty directories made by a failed run are removed again, deepest first. */
function removeDirs(dirs: string[]): void {
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // not empty or already gone: left as it is
    }
  }
}

/**
 * All or nothing across the run (SECURITY.md, rule 3): every new content is
 * first written to a temporary file beside its target; only when all of
 * them exist are they renamed over the targets. Any failure before that
 * removes the temporary files (and the directories made for them) and is
 * reported as a diagnostic naming the file and the OS error. A streamed file
 * is rendered into its temporary file and hashed on the way; when that
 * equals what is on disk, the temporary file is removed and the file is
 * reported in `unchanged` (it is not touched).
 */
function commit(files: readonly Pending[], digests: Map<string, string>, kept: Map<string, KeptPieces>): { diagnostics: Diagnostic[]; unchanged: string[] } {
  const temps: { tmp: string; file: string; large: boolean }[] = [];
  const unchanged: string[] = [];
  const madeDirs: string[] = [];
  const undo = () => {
    for (const t of temps) fs.rmSync(t.tmp, { force: true });
    removeDirs(madeDirs);
  };
  for (const { file, onDisk, pieces, before } of files) {
    const dir = path.dirname(file.path);
    try {
      const made = fs.mkdirSync(dir, { recursive: true });
      if (made) madeDirs.push(...dirsBetween(made, dir));
    } catch (e) {
      undo();
      return { diagnostics: [fileError('FW6001', dir, `cannot create the directory of ${path.basename(file.path)}`, e)], unchanged: [] };
    }
    const tmp = tempPath(file.path);
    let same = false;
    try {
      if (pieces) kept.set(file.path, { pieces, ends: writePieces(tmp, pieces, file.path, before) });
      else if (onDisk === undefined) fs.writeFileSync(tmp, file.contents, { flag: 'wx' });
      else same = writeStreamed(tmp, file, digests) === onDisk;
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      undo();
      if (!isOsError(e)) throw e;
      return { diagnostics: [fileError('FW6002', file.path, 'cannot write', e)], unchanged: [] };
    }
    if (same) {
      fs.rmSync(tmp, { force: true });
      unchanged.push(file.path);
    } else temps.push({ tmp, file: file.path, large: file.pieces !== undefined });
  }
  for (let i = 0; i < temps.length; i++) {
    const { tmp, file, large } = temps[i]!;
    try {
      replace(tmp, file, large);
    } catch (e) {
      for (const t of temps.slice(i)) fs.rmSync(t.tmp, { force: true });
      const done = temps.slice(0, i).map((t) => path.basename(t.file));
      const replaced = done.length === 0 ? 'no file was replaced' : `already replaced: ${done.join(', ')}`;
      return { diagnostics: [error('FW6003', wholeFile(file), 'cannot replace', `${osErrorText(e)}; ${replaced}`)], unchanged };
    }
  }
  return { diagnostics: [], unchanged };
}

/** Opening the file fw replaces: never waits (a FIFO put there since it was looked at) nor follows a symbolic link. */
const HOLD_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * Renames `tmp` over `file`. A large file (a streamed one: the 26 MB client)
 * is held open across the rename and closed afterwards off the main thread
 * (libuv's thread pool): the rename does not drop the old file's last
 * reference, so the kernel frees its blocks (20-50 ms on ext4 for a file
 * written a moment ago) while fw goes on and reports. A crash closes it as
 * well: nothing is left behind. Not on Windows, where replacing a file
 * another handle holds open may be refused.
 */
function replace(tmp: string, file: string, large: boolean): void {
  let old: number | undefined;
  if (large && process.platform !== 'win32') {
    try {
      old = fs.openSync(file, HOLD_FLAGS);
    } catch {
      // Nothing there yet (or nothing fw can hold): the rename frees nothing, or frees it itself.
    }
  }
  try {
    fs.renameSync(tmp, file);
  } finally {
    if (old !== undefined) fs.close(old, () => {});
  }
}

/** Renders a streamed file into the new file `tmp`; returns (and records in `digests`) the digest of its contents. */
function writeStreamed(tmp: string, file: GeneratedFile, digests: Map<string, string>): string {
  const fd = fs.openSync(tmp, 'wx');
  try {
    const digest = drainPieces(file.pieces!(), fd);
    digests.set(file.path, digest);
    return digest;
  } finally {
    fs.closeSync(fd);
  }
}

/** An error from the file system (it has an errno code), not a bug in a renderer. */
function isOsError(e: unknown): boolean {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';
}

/** `made` (the first directory mkdir created) and every directory below it down to `dir`. */
function dirsBetween(made: string, dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; d.length >= made.length; d = path.dirname(d)) {
    out.push(d);
    if (d === made || path.dirname(d) === d) break;
  }
  return out;
}

/**
 * The one writer every generator and Nx use. Checks every file first: an
 * output that is not a regular file, cannot be read, or was written by a
 * person (unless force) is reported and then nothing at all is written.
 * Files whose contents did not change are not touched (mtimes stay put).
 */
export function writeGeneratedFiles(files: readonly GeneratedFile[], options: WriteOptions = {}): WriteReport {
  const report: WriteReport = { written: [], unchanged: [], stale: [], diagnostics: [] };
  const digests = new Map<string, string>();
  const kept = new Map<string, KeptPieces>();
  const pending: Pending[] = [];
  for (const file of files) {
    // A file known by its text (one piece, such as router.go) is compared by its text, which it renders once.
    if (file.pieces && options.known && typeof options.known.get(file.path) !== 'string') {
      const outcome = comparePieces(file, options.known.get(file.path), options.force === true);
      if (outcome.kind === 'refused') report.diagnostics.push(outcome.diagnostic);
      else if (outcome.kind === 'unchanged') {
        report.unchanged.push(file.path);
        kept.set(file.path, outcome.kept);
      } else pending.push(outcome.pending);
      continue;
    }
    // (Only when something is known: reading `contents` renders a streamed file.)
    const knownContents = options.known?.get(file.path);
    if (knownContents !== undefined && knownContents === file.contents) {
      report.unchanged.push(file.path);
      continue;
    }
    // A streamed file is compared by digest (with `known`, by its pieces, above).
    if (file.pieces) {
      const existing = readOutputDigest(file.path);
      if (existing.kind === 'refused') report.diagnostics.push(existing.diagnostic);
      else if (existing.kind === 'file' && !options.force && !hasGeneratedHeader(existing.head)) report.diagnostics.push(notOurs(file.path));
      else pending.push({ file, onDisk: existing.kind === 'file' ? existing.digest : '' });
      continue;
    }
    // An output known to hold other contents (fw wrote or found them, and nobody changed it since) differs:
    // only its first bytes are read again, to be sure that it still carries fw's header.
    const known = options.known?.has(file.path) === true;
    const existing = readOutput(file.path, known ? HEADER_BYTES : undefined);
    if (existing.kind === 'refused') {
      report.diagnostics.push(existing.diagnostic);
      continue;
    }
    if (existing.kind === 'file' && !known && existing.contents === file.contents) {
      report.unchanged.push(file.path);
      continue;
    }
    if (existing.kind === 'file' && !options.force && !hasGeneratedHeader(existing.contents)) {
      report.diagnostics.push(notOurs(file.path));
      continue;
    }
    const refusal = existing.kind === 'file' ? file.refuseReplacing?.(existing.contents) : undefined;
    if (refusal) {
      report.diagnostics.push(refusal);
      continue;
    }
    pending.push({ file });
  }
  if (report.diagnostics.length > 0) return report;
  const leftovers = leftoverOutputs(options.ownedDirs ?? [], files);
  if (options.check) {
    report.stale.push(...leftovers);
    for (const { file, onDisk } of pending) {
      if (onDisk !== undefined) digests.set(file.path, drainPieces(file.pieces!()));
      (onDisk !== undefined && digests.get(file.path) === onDisk ? report.unchanged : report.stale).push(file.path);
    }
    report.missing = report.stale.filter((f) => !fs.existsSync(f));
  } else {
    removeLeftoverTemps(new Set(files.map((f) => path.dirname(f.path))));
    const committed = commit(pending, digests, kept);
    report.diagnostics.push(...committed.diagnostics);
    report.unchanged.push(...committed.unchanged);
    const unchanged = new Set(committed.unchanged);
    if (report.diagnostics.length === 0) report.written.push(...pending.map((p) => p.file.path).filter((f) => !unchanged.has(f)));
    if (report.diagnostics.length === 0 && leftovers.length > 0) report.removed = removeLeftovers(leftovers, report.diagnostics);
  }
  if (digests.size > 0) report.digests = digests;
  if (kept.size > 0 && report.diagnostics.length === 0) report.pieces = kept;
  return report;
}

/**
 * A streamed file compared with what it is known to hold (`before`), piece by
 * piece: unchanged, to write, or refused. Not known (fw watch's first run):
 * compared with the file's text.
 */
function comparePieces(
  file: GeneratedFile,
  before: string | KeptPieces | undefined,
  force: boolean,
): { kind: 'unchanged'; kept: KeptPieces } | { kind: 'write'; pending: Pending } | { kind: 'refused'; diagnostic: Diagnostic } {
  const pieces = [...file.pieces!()];
  const known = typeof before === 'object' ? before : undefined;
  if (known && samePieces(known.pieces, pieces)) return { kind: 'unchanged', kept: known };
  // Known to hold other contents: only its first bytes are read again, to be sure that it still carries fw's header.
  const existing = readOutput(file.path, before !== undefined ? HEADER_BYTES : undefined);
  if (existing.kind === 'refused') return existing;
  if (existing.kind === 'file' && before === undefined && existing.contents === pieces.join(''))
    return { kind: 'unchanged', kept: { pieces, ends: pieceEnds(pieces) } };
  if (existing.kind === 'file' && !force && !hasGeneratedHeader(existing.contents)) return { kind: 'refused', diagnostic: notOurs(file.path) };
  return { kind: 'write', pending: { file, pieces, before: known } };
}

/**
 * The files under `dirs` (at any depth) that carry fw's header and are not
 * among `files`: outputs of an earlier run that this run no longer produces.
 * A file without the header (a person's) is never one; nor is a symbolic
 * link, which is not followed.
 */
function leftoverOutputs(dirs: readonly string[], files: readonly GeneratedFile[]): string[] {
  const produced = new Set(files.map((f) => f.path));
  const out: string[] = [];
  const visit = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.isFile() && !produced.has(file) && !TEMP_FILE.test(entry.name)) {
        const existing = readOutput(file, HEADER_BYTES);
        if (existing.kind === 'file' && hasGeneratedHeader(existing.contents)) out.push(file);
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return out;
}

/** Removes `files` (and the folders they leave empty); a failure is a diagnostic. Returns the files removed. */
function removeLeftovers(files: readonly string[], diagnostics: Diagnostic[]): string[] {
  const removed: string[] = [];
  for (const file of files) {
    try {
      fs.rmSync(file);
      removed.push(file);
    } catch (e) {
      diagnostics.push(fileError('FW6002', file, 'cannot remove', e));
      continue;
    }
    removeDirs([path.dirname(file)]);
  }
  return removed;
}

function notOurs(file: string): Diagnostic {
  return error(
    'FW6004',
    { file, line: 1, col: 1 },
    /\.(json|ya?ml)$/i.test(file)
      ? 'refusing to overwrite a file that fw did not generate (it has no "x-generated-by": "Code generated by fw. DO NOT EDIT." mark)'
      : 'refusing to overwrite a file that fw did not generate (it has no "// Code generated by fw. DO NOT EDIT." header)',
    'move your code elsewhere, delete the file, or pass --force to overwrite it',
  );
}
