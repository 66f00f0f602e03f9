import * as path from 'node:path';

/** A position in a source file. `line` and `col` are 1-based; `col` counts bytes, as Go's tools do. */
export interface Pos {
  file: string;
  line: number;
  col: number;
}

export type Severity = 'error' | 'warning';

/** One problem found in the user's input. Every stage collects these instead of throwing. */
export interface Diagnostic {
  severity: Severity;
  /** Where the problem is; absent for problems that belong to no file (e.g. an unknown package name). */
  pos?: Pos;
  /** What is wrong, lower case, no trailing period. */
  message: string;
  /** How to fix it; printed in parentheses after the message. */
  hint?: string;
  /** Other places that take part in the problem (e.g. the other side of a route conflict). */
  related?: { pos: Pos; message: string }[];
}

export function error(pos: Pos | undefined, message: string, hint?: string): Diagnostic {
  return { severity: 'error', pos, message, hint };
}

export function warning(pos: Pos | undefined, message: string, hint?: string): Diagnostic {
  return { severity: 'warning', pos, message, hint };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

function formatPos(pos: Pos, cwd: string): string {
  const rel = path.relative(cwd, pos.file) || pos.file;
  return `${rel.split(path.sep).join('/')}:${pos.line}:${pos.col}`;
}

/** The one place that turns a diagnostic into `file:line:col: error: what (how to fix)`. */
export function formatDiagnostic(d: Diagnostic, cwd: string): string {
  const where = d.pos ? `${formatPos(d.pos, cwd)}: ` : 'fw: ';
  const hint = d.hint ? ` (${d.hint})` : '';
  const lines = [`${where}${d.severity}: ${d.message}${hint}`];
  for (const r of d.related ?? []) lines.push(`${formatPos(r.pos, cwd)}: note: ${r.message}`);
  return lines.join('\n');
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
