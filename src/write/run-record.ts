import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics';
import { readGoSource } from '../go/read-go-file';
import { writeCacheFile } from '../workspace/cache-dir';
import { isGoSourceFile, isGoTestFile, ModuleFinder } from '../workspace/discover';
import { scanImports } from '../go/import-scan';
import { goSourceFiles } from '../go/source-files';
import { CONFIG_FILE } from '../workspace/fw-config';
import { digestOfFile, sha256 } from './digest';

/**
 * What a successful run read and wrote, kept beside the parse cache so that
 * the next run with the same options can tell, without parsing or emitting,
 * that it would write nothing: the roots discovery finds are the same, every
 * directory the run read holds the same Go files with the same contents, and
 * the same test files with the same imports where it read those (and
 * the same go.mod above it, and the same fw.json beside that), every output still has the contents the run
 * left, and the folders fw owns (a split client's) hold the same files. Any difference, or a record that is unreadable or from another fw,
 * means a full run. fw's own outputs among the inputs are recorded as such and
 * only their header is checked (they are never read as sources).
 */

export interface RunSummary {
  /** The roots generated for, relative to the workspace. */
  roots: string[];
  routes: number;
}

/** One directory the run read Go files from (or looked in and found none). */
interface InputDir {
  dir: string;
  /** The directory of the nearest go.mod at or above it, or '' when there is none. */
  moduleDir: string;
  /** Go source file name → SHA-256 of its contents, or GENERATED for fw's own outputs. */
  files: Record<string, string>;
  /** SHA-256 of the fw.json beside that go.mod (its type mappings), '' when there is none. */
  config: string;
  /** For a directory whose test files the run read the imports of: test file name → SHA-256 of its package clause and imports (their other text decides nothing). */
  tests?: Record<string, string>;
}

interface RunRecord {
  salt: string;
  /** Discovery's answer (the selected roots), as JSON. */
  roots: string;
  inputs: InputDir[];
  /** Other files whose contents decide the run (go.mod, go.work, vendor/modules.txt, GOROOT's VERSION): path → SHA-256, or MISSING. */
  files: Record<string, string>;
  /** Output path → SHA-256 of its contents. */
  outputs: Record<string, string>;
  /**
   * Folders fw owns (a split client's): folder → every file below it. A
   * file that appeared there since (a build cache's restore merges into
   * the folder, leaving a module the run no longer writes) means a full
   * run, which removes it or (--check) reports it.
   */
  owned: Record<string, string[]>;
  /** Warnings of the run, printed again when it is skipped. */
  diagnostics: Diagnostic[];
  summary: RunSummary;
}

const GENERATED = 'generated';
const MISSING = 'missing';
const RECORD_FORMAT = 5;

/** Where the record of runs with these options lives: one file per distinct set of options. */
export function runRecordFile(cacheDir: string, options: unknown): string {
  return path.join(cacheDir, 'runs', `${sha256(JSON.stringify(options)).slice(0, 32)}.json`);
}

function describeDir(dir: string, modules: ModuleFinder, withTests: boolean): InputDir {
  // The files the program reads (symbolic links to files included); a directory that is gone or unreadable holds none.
  const digests = (accept: (name: string) => boolean, digest: (file: string) => string) => {
    const out: Record<string, string> = {};
    for (const file of goSourceFiles(dir, [], accept) ?? []) {
      try {
        out[path.basename(file)] = digest(file);
      } catch {
        out[path.basename(file)] = 'unreadable';
      }
    }
    return out;
  };
  const files = digests(isGoSourceFile, goFileDigest);
  const moduleDir = modules.find(dir)?.dir ?? '';
  const described: InputDir = { dir, moduleDir, files, config: moduleDir ? (hashOrUndefined(path.join(moduleDir, CONFIG_FILE)) ?? '') : '' };
  if (withTests) described.tests = digests(isGoTestFile, testImportsDigest);
  return described;
}

/** A test file's package clause and imports, hashed (see GoProgram.testImports). */
function testImportsDigest(file: string): string {
  const section = scanImports(fs.readFileSync(file));
  return sha256(JSON.stringify(section.ok ? [section.packageName, section.imports] : 'unscannable'));
}

/** GENERATED for fw's own output (told from its first bytes, as the program reads it), else the SHA-256 of the file. */
function goFileDigest(file: string): string {
  const source = readGoSource(file);
  return source.generated ? GENERATED : sha256(source.bytes);
}

function hashOrUndefined(file: string): string | undefined {
  try {
    return digestOfFile(file);
  } catch {
    return undefined;
  }
}

/** Every file below `dir` (at any depth), relative to it, sorted; none when it does not exist. */
function filesBelow(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => !e.isDirectory())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

export interface RecordedRun {
  diagnostics: Diagnostic[];
  summary: RunSummary;
  outputs: string[];
}

/**
 * The record at `file`, when it still holds for this workspace: same salt
 * (fw version), same roots, same inputs, outputs as the run left them.
 */
export function upToDateRun(file: string, salt: string, roots: string): RecordedRun | undefined {
  let record: RunRecord;
  try {
    record = JSON.parse(fs.readFileSync(file, 'utf8')) as RunRecord;
  } catch {
    return undefined;
  }
  if (record === null || typeof record !== 'object' || record.salt !== `${salt} record ${RECORD_FORMAT}` || record.roots !== roots) return undefined;
  if (
    !Array.isArray(record.inputs) ||
    record.files === null ||
    typeof record.files !== 'object' ||
    record.outputs === null ||
    typeof record.outputs !== 'object' ||
    record.owned === null ||
    typeof record.owned !== 'object' ||
    !Array.isArray(record.diagnostics)
  )
    return undefined;
  const modules = new ModuleFinder();
  for (const input of record.inputs) {
    const now = describeDir(input.dir, modules, input.tests !== undefined);
    if (
      now.moduleDir !== input.moduleDir ||
      now.config !== input.config ||
      JSON.stringify(now.files) !== JSON.stringify(input.files) ||
      JSON.stringify(now.tests) !== JSON.stringify(input.tests)
    )
      return undefined;
  }
  for (const [file, hash] of Object.entries(record.files)) if ((hashOrUndefined(file) ?? MISSING) !== hash) return undefined;
  for (const [output, hash] of Object.entries(record.outputs)) if (hashOrUndefined(output) !== hash) return undefined;
  for (const [dir, files] of Object.entries(record.owned)) if (JSON.stringify(filesBelow(dir)) !== JSON.stringify(files)) return undefined;
  return { diagnostics: record.diagnostics, summary: record.summary, outputs: Object.keys(record.outputs) };
}

/**
 * Records a run whose outputs are now on disk as `outputs` (each with the
 * SHA-256 of its contents, ./digest.ts); `inputDirs` are the directories it
 * read Go files from or looked in.
 */
export function recordRun(
  file: string,
  salt: string,
  run: {
    roots: string;
    inputDirs: readonly string[];
    /** The directories whose test files' imports the run read (GoProgram.testDirs). */
    testDirs: readonly string[];
    inputFiles: readonly string[];
    outputs: readonly { path: string; sha256: string }[];
    ownedDirs: readonly string[];
    diagnostics: Diagnostic[];
    summary: RunSummary;
  },
): void {
  const modules = new ModuleFinder();
  const testDirs = new Set(run.testDirs);
  const record: RunRecord = {
    salt: `${salt} record ${RECORD_FORMAT}`,
    roots: run.roots,
    inputs: [...new Set([...run.inputDirs, ...run.testDirs])].sort().map((dir) => describeDir(dir, modules, testDirs.has(dir))),
    files: Object.fromEntries([...new Set(run.inputFiles)].sort().map((f) => [f, hashOrUndefined(f) ?? MISSING])),
    outputs: Object.fromEntries(run.outputs.map((o) => [o.path, o.sha256])),
    owned: Object.fromEntries([...new Set(run.ownedDirs)].sort().map((dir) => [dir, filesBelow(dir)])),
    diagnostics: run.diagnostics,
    summary: run.summary,
  };
  writeCacheFile(file, JSON.stringify(record));
}
