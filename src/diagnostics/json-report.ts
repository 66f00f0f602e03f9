import type { Diagnostic, Pos } from './diagnostics';
import { type FileNaming, fileName } from './file-names';
import { exitCodeOf, type Lines, type RunReport, textNaming } from './run-report';

/**
 * The version of the JSON document's shape (schemas/run-report.v1.schema.json,
 * shipped in the package). Adding a field keeps it; removing or changing the
 * meaning of one makes a new version with a new schema file.
 */
export const JSON_REPORT_VERSION = 1;

interface JsonPlace {
  file: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

function place(pos: Pos, naming: FileNaming): JsonPlace {
  const file = fileName(pos.file, naming);
  if (pos.line === 0) return { file };
  return { file, line: pos.line, column: pos.col, ...(pos.end ? { endLine: pos.end.line, endColumn: pos.end.col } : {}) };
}

function jsonDiagnostic(d: Diagnostic, naming: FileNaming) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.hint ? { hint: d.hint } : {}),
    ...(d.pos ? place(d.pos, naming) : {}),
    ...(d.related?.length ? { related: d.related.map((r) => ({ ...place(r.pos, naming), message: r.message })) } : {}),
  };
}

/** The JSON document of one run: every diagnostic (never grouped), the summary, the files. */
export function jsonReport(r: RunReport, toolVersion: string) {
  const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
  const naming = textNaming(r);
  const files = (list: readonly string[]) => list.map((f) => fileName(f, naming));
  return {
    schemaVersion: JSON_REPORT_VERSION,
    tool: { name: 'fw', version: toolVersion },
    command: r.label,
    // The directory the paths are relative to (where fw ran; the Nx workspace root for the executors), and the workspace read.
    cwd: naming.dir ?? r.cwd,
    workspace: r.cwd,
    outcome: r.outcome,
    exitCode: exitCodeOf(r.outcome),
    ...(r.budget ? { budget: r.budget } : {}),
    summary: {
      errors,
      warnings: r.diagnostics.length - errors,
      roots: [...r.roots],
      routes: r.routes,
      written: r.written.length,
      unchanged: r.unchanged.length,
      stale: r.stale.length,
      ...(r.ms === undefined ? {} : { ms: Math.round(r.ms) }),
    },
    diagnostics: r.diagnostics.map((d) => jsonDiagnostic(d, naming)),
    files: { written: files(r.written), unchanged: files(r.unchanged), stale: files(r.stale), ...(r.missing?.length ? { missing: files(r.missing) } : {}) },
  };
}

/** The json format: the document on one line of stdout (fw watch prints one per rebuild: JSON Lines). */
export function printJson(r: RunReport, toolVersion: string, io: Lines): void {
  io.out(JSON.stringify(jsonReport(r, toolVersion)));
}
