import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeCacheFile } from '../workspace/cache-dir';
import { startsWithGeneratedHeader } from '../workspace/generated-header';
import { emptyGoFile, type GoFile } from './ast';
import { readFileConstraints } from './build-constraints';
import { withPaths } from './file-positions';
import { parseGoFile } from './parser';

/**
 * Turns one Go file into its GoFile, doing as little as it can:
 *
 * - A file whose first line is fw's generated header is fw's own output
 *   (router.go, registry.go, urlhelper.go; 12 MB at 10k routes). It is
 *   recognised from its first bytes and never read further nor parsed: fw
 *   knows what it declares, and no later stage reads its declarations.
 * - With a cache directory, the GoFile of every other file is stored under
 *   a key made of fw's version, the file's path and its contents (SHA-256),
 *   so that a later run with the same contents skips tree-sitter. An entry
 *   from another fw, for another key or path, or whose checksum does not
 *   match its contents is ignored and rewritten: the cache is never trusted
 *   over the source.
 *
 * `initGoParser()` must have completed. Used alike by this thread and by the
 * parse workers (./parse-workers.ts).
 */

/** Bump when GoFile's shape or the parser's output changes without a version bump. */
const CACHE_FORMAT = 4;
/** Enough to hold fw's header line and the package clause after it. */
const HEAD_BYTES = 256;

let salt: string | undefined;

/**
 * fw's version, its build and the cache format: a cache (or run record)
 * written by another fw is never read. The build id is the hash of dist/
 * that scripts/build.mjs writes to dist/build-id.txt, so a rebuilt fw of the
 * same version (a local build, a git dependency) does not trust what an
 * older build recorded; run from src/ (tests) there is none.
 */
export function cacheSalt(): string {
  if (salt !== undefined) return salt;
  // Two levels up from both src/go and dist/go.
  const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  let build = '';
  try {
    build = ` build ${fs.readFileSync(path.join(__dirname, '..', 'build-id.txt'), 'utf8').trim()}`;
  } catch {
    // Not a built fw.
  }
  salt = `fw ${version}${build} cache ${CACHE_FORMAT}`;
  return salt;
}

/**
 * A cache entry is one line `<salt>\t<key>\t<SHA-256 of the rest>` and then
 * the GoFile as JSON. The line is checked before the JSON is parsed, and the
 * checksum catches any damage to the JSON (a torn write, a disk error, an
 * edit), so that only what this fw wrote for these contents is ever used.
 */
function entryText(key: string, file: GoFile): string {
  const body = JSON.stringify(file);
  return `${cacheSalt()}\t${key}\t${sha256(body)}\n${body}`;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The GoFile of `file`; throws when the file cannot be read. */
export function readGoFile(file: string, cacheDir?: string): GoFile {
  const found = readGoFileWithoutParsing(file, cacheDir);
  if (found.file) return found.file;
  const parsed = parseGoFile(file, found.bytes.toString('utf8'));
  if (found.entry) writeCacheFile(found.entry.file, entryText(found.entry.key, parsed));
  return parsed;
}

/**
 * The GoFile of `file` when it is fw's own output or in the cache; otherwise
 * its bytes, and where its cache entry goes (with a cache directory). Lets a
 * caller serve cache hits itself and hand only the misses to parse workers.
 * Throws when the file cannot be read.
 */
export function readGoFileWithoutParsing(
  file: string,
  cacheDir?: string,
): { file: GoFile } | { file?: undefined; bytes: Buffer; entry?: { file: string; key: string } } {
  const source = readGoSource(file);
  if (source.generated) return { file: generatedFile(file, source.head) };
  const { bytes } = source;
  if (cacheDir === undefined) return { bytes };
  const key = createHash('sha256').update(cacheSalt()).update('\0').update(file).update('\0').update(bytes).digest('hex');
  const entryFile = path.join(cacheDir, key.slice(0, 2), `${key.slice(2)}.entry`);
  const cached = readEntry(entryFile, key, file);
  return cached ? { file: cached } : { bytes, entry: { file: entryFile, key } };
}

/**
 * A Go file's bytes, or only its first ones when fw generated it (the first
 * line is fw's header): those are never read further. Throws when the file
 * cannot be read.
 */
export function readGoSource(file: string): { generated: true; head: Buffer } | { generated: false; bytes: Buffer } {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const n = fs.readSync(fd, head, 0, HEAD_BYTES, 0);
    if (startsWithGeneratedHeader(head.subarray(0, n))) return { generated: true, head: headThroughPackageClause(fd, head.subarray(0, n)) };
    if (n < HEAD_BYTES) return { generated: false, bytes: head.subarray(0, n) };
    // The rest from the same descriptor: one open per file.
    const size = Math.max(fs.fstatSync(fd).size, HEAD_BYTES);
    const bytes = Buffer.alloc(size);
    head.copy(bytes);
    let length = HEAD_BYTES;
    while (length < bytes.length) {
      const got = fs.readSync(fd, bytes, length, bytes.length - length, length);
      if (got === 0) break; // the file shrank since fstat: what is there
      length += got;
    }
    return { generated: false, bytes: bytes.subarray(0, length) };
  } finally {
    fs.closeSync(fd);
  }
}

const PACKAGE_CLAUSE = /^package\s+([\p{L}_][\p{L}\p{Nd}_]*)/mu;

/**
 * The first bytes of a file fw generated, read on until they hold the
 * package clause: a doc comment (urlhelper.go has one) may push it past the
 * first HEAD_BYTES. Never more than 64 KiB: fw's own headers are far shorter.
 */
function headThroughPackageClause(fd: number, first: Buffer): Buffer {
  let head = first;
  while (!PACKAGE_CLAUSE.test(head.toString('utf8')) && head.length < 65_536) {
    const more = Buffer.alloc(4096);
    const got = fs.readSync(fd, more, 0, more.length, head.length);
    if (got === 0) break;
    head = Buffer.concat([head, more.subarray(0, got)]);
  }
  return head;
}

/** fw's own output: its package name (from the package clause after the header) and nothing else. */
function generatedFile(file: string, head: Buffer): GoFile {
  const text = head.toString('utf8');
  const packageName = PACKAGE_CLAUSE.exec(text)?.[1] ?? '';
  return emptyGoFile(file, packageName, true, readFileConstraints(text));
}

function readEntry(entryFile: string, key: string, file: string): GoFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(entryFile, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  const [salt, entryKey, checksum] = text.slice(0, Math.max(newline, 0)).split('\t');
  if (newline < 0 || salt !== cacheSalt() || entryKey !== key) return undefined;
  const body = text.slice(newline + 1);
  if (sha256(body) !== checksum) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  // One string for the path of every position, not a copy per position.
  return isGoFile(parsed, file) ? withPaths(parsed) : undefined;
}

const GO_FILE_LISTS = ['imports', 'funcs', 'types', 'consts', 'strayAnnotations', 'rootDirectives', 'syntaxErrors'] as const;

/** The outline of a GoFile for `file`: a foreign or truncated entry fails it. */
function isGoFile(value: unknown, file: string): value is GoFile {
  if (value === null || typeof value !== 'object') return false;
  const f = value as Record<string, unknown>;
  return (
    f.path === file &&
    typeof f.packageName === 'string' &&
    typeof f.generated === 'boolean' &&
    GO_FILE_LISTS.every((k) => Array.isArray(f[k])) &&
    typeof f.constraints === 'object' &&
    f.constraints !== null &&
    Array.isArray((f.constraints as { plusBuild?: unknown }).plusBuild)
  );
}
