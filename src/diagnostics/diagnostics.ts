import type { CodeOf, DiagnosticCode, Severity } from './codes';
import { escapeControls } from './control-characters';
import { type FileNaming, fileName, namingOf } from './file-names';

export type { Severity } from './codes';

/**
 * A position in a source file. `line` and `col` are 1-based; `col` counts
 * bytes, as Go's tools do. Line 0 means the file as a whole (it could not be
 * read, or is in the wrong place): printed as `file: error: ...`.
 */
export interface Pos {
  file: string;
  line: number;
  col: number;
  /** Where the text at fault ends, when known: the position just after its last byte. */
  end?: { line: number; col: number };
}

/** One problem found in the user's input. Every stage collects these instead of throwing. */
export interface Diagnostic {
  severity: Severity;
  /** The kind of problem, stable across versions (src/diagnostics/codes.ts, docs/diagnostics.md). */
  code: DiagnosticCode;
  /** Where the problem is; absent for problems that belong to no file (e.g. an unknown package name). */
  pos?: Pos;
  /** What is wrong, lower case, no trailing period. */
  message: string;
  /** How to fix it; printed in parentheses after the message. */
  hint?: string;
  /** Other places that take part in the problem (e.g. the other side of a route conflict). */
  related?: { pos: Pos; message: string }[];
}

/** An error of kind `code`: the code comes first, so a diagnostic cannot be made without one. */
export function error(code: CodeOf<'error'>, pos: Pos | undefined, message: string, hint?: string): Diagnostic {
  return { severity: 'error', code, pos, message, hint };
}

/** A warning of kind `code`. */
export function warning(code: CodeOf<'warning'>, pos: Pos | undefined, message: string, hint?: string): Diagnostic {
  return { severity: 'warning', code, pos, message, hint };
}

/** The position of a whole file or directory (printed without line and column). */
export function wholeFile(file: string): Pos {
  return { file, line: 0, col: 0 };
}

/** Node's error in words, without the path it repeats: `EACCES: permission denied`. */
export function osErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const message = typeof err?.message === 'string' ? err.message : String(e);
  const m = /^([A-Z][A-Z0-9_]*: [^,]*)/.exec(message);
  return m ? m[1]! : err?.code ? `${err.code}: ${message}` : message;
}

/** A file-system failure on `file`: `file: error: cannot read (EACCES: permission denied)`. */
export function fileError(code: CodeOf<'error'>, file: string, what: string, e: unknown): Diagnostic {
  return error(code, wholeFile(file), what, osErrorText(e));
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** `file:line:col`, or `file` for a whole file; `base` is the directory paths are relative to, or the run's naming of files. */
export function formatPos(pos: Pos, base: string | FileNaming): string {
  const name = fileName(pos.file, namingOf(base));
  return pos.line === 0 ? name : `${name}:${pos.line}:${pos.col}`;
}

const NAMED_CONTROLS: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r' };

/** File names and values may hold a newline or a terminal escape: printed escaped (a tab stays), so a diagnostic stays on its lines. */
export function printable(line: string): string {
  return escapeControls(line, { keep: '\t', named: NAMED_CONTROLS });
}

/**
 * The one place that turns a diagnostic into `file:line:col: error: what (how
 * to fix)`; with `withCode`, followed by its code, ` [FW3010]` (what runs
 * print; the code stays last so editors' file:line:col: error: matchers still read it).
 */
export function formatDiagnostic(d: Diagnostic, base: string | FileNaming, withCode = false): string {
  const where = d.pos ? `${formatPos(d.pos, base)}: ` : 'fw: ';
  const hint = d.hint ? ` (${d.hint})` : '';
  const code = withCode ? ` [${d.code}]` : '';
  const lines = [`${where}${d.severity}: ${d.message}${hint}${code}`];
  for (const r of d.related ?? []) lines.push(`${formatPos(r.pos, base)}: note: ${r.message}`);
  return lines.map(printable).join('\n');
}

/** Sorts diagnostics by file, line and column so that output is stable. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.pos?.file ?? '';
    const fb = b.pos?.file ?? '';
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.pos?.line ?? 0) - (b.pos?.line ?? 0) || (a.pos?.col ?? 0) - (b.pos?.col ?? 0);
  });
}

/** Drops repeats: two generators reading the same type may report the same problem. */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.severity}\0${d.pos?.file}\0${d.pos?.line}\0${d.pos?.col}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
