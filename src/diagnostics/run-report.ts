import { type Diagnostic, formatDiagnostic, formatPos, printable } from './diagnostics';
import { type FileNaming, fileName } from './file-names';

/** How a run prints what it found: for people (text), for tools (json), for GitHub Actions annotations (github). */
export const OUTPUT_FORMATS = ['text', 'json', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Why a run failed, or 'ok'. 'warnings' is a run that wrote its files but broke the warning budget. */
export type Outcome = 'ok' | 'errors' | 'refused' | 'stale' | 'warnings';

/** Everything one run (fw g, one fw watch rebuild, one Nx executor) has to say, in every format. */
export interface RunReport {
  /** What ran: `fw g all`, `fw watch: rebuilt (1 change)`, `fw router`. */
  label: string;
  /** The workspace (the CLI's --cwd; the Nx workspace root for the executors). */
  cwd: string;
  /**
   * How files are named: `text` in the text and JSON formats (relative to the
   * directory fw runs in, as go build names them; the Nx workspace root for the
   * executors), `repository` in GitHub annotations (relative to the repository
   * root, as the Actions runner reads them). Both relative to `cwd` when absent.
   */
  naming?: ReportNaming;
  diagnostics: readonly Diagnostic[];
  roots: readonly string[];
  routes: number;
  written: readonly string[];
  unchanged: readonly string[];
  stale: readonly string[];
  /** The stale files that do not exist (called missing, not stale). */
  missing?: readonly string[];
  check: boolean;
  ms?: number;
  outcome: Outcome;
  /** With outcome 'warnings': which budget the warnings broke. */
  budget?: string;
  /** How to update a stale file: `run fw g all --file web/src/api/client.ts to update it`. */
  staleHint: string;
  /** What a failed run left on disk; `nothing was written` unless said otherwise (fw watch keeps the last good outputs). */
  failedNote?: string;
}

export interface ReportNaming {
  text: FileNaming;
  repository: FileNaming;
}

/** The naming of a report's files in the text and JSON formats. */
export function textNaming(r: RunReport): FileNaming {
  return r.naming?.text ?? { dir: r.cwd };
}

/** The naming of a report's files in GitHub annotations. */
export function repositoryNaming(r: RunReport): FileNaming {
  return r.naming?.repository ?? { dir: r.cwd };
}

export interface PrintOptions {
  /** List every warning, not one line per repeated kind. */
  verbose?: boolean;
  /** Diagnostics only: no `wrote` lines, and a summary line only when the run failed (text and github). */
  quiet?: boolean;
}

export interface Lines {
  out(line: string): void;
  err(line: string): void;
  /** Warnings, where the output tells them from errors (Nx's logger); err otherwise. */
  warn?(line: string): void;
}

/** The exit status of a run: 0 when it succeeded, 1 otherwise (2, a usage error, never gets this far). */
export function exitCodeOf(outcome: Outcome): number {
  return outcome === 'ok' ? 0 : 1;
}

export interface WarningBudget {
  maxWarnings?: number;
  warningsAsErrors?: boolean;
  /** Where the budget was set, which the reason names it after: the CLI's flags (the default), or the Nx executors' options. */
  setBy?: 'flags' | 'options';
}

/** Why the warnings of a run break its budget (as ESLint's --max-warnings does), or undefined when they do not. */
export function brokenBudget(diagnostics: readonly Diagnostic[], budget: WarningBudget): string | undefined {
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const options = budget.setBy === 'options';
  if (budget.warningsAsErrors && warnings > 0) return `warnings count as errors (${options ? 'warningsAsErrors' : '--warnings-as-errors'})`;
  if (budget.maxWarnings !== undefined && warnings > budget.maxWarnings) {
    return options ? `more than maxWarnings (${budget.maxWarnings})` : `more than --max-warnings ${budget.maxWarnings}`;
  }
  return undefined;
}

/** A warning kind repeated more than this many times is printed once, with its count and its first positions. */
export const GROUP_AFTER = 3;
/** How many further positions a grouped warning lists. */
export const POSITIONS_SHOWN = 3;

/** One entry of grouped output: a diagnostic printed in full, and the further warnings of its kind it stands for. */
export interface Grouped {
  diagnostic: Diagnostic;
  more: Diagnostic[];
}

/**
 * Errors one by one; warnings of a code seen more than GROUP_AFTER times as
 * one entry (at the first one's place) standing for the others. `verbose`
 * lists every warning.
 */
export function groupDiagnostics(diagnostics: readonly Diagnostic[], verbose = false): Grouped[] {
  if (verbose) return diagnostics.map((diagnostic) => ({ diagnostic, more: [] }));
  const byCode = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.severity !== 'warning') continue;
    const same = byCode.get(d.code);
    if (same) same.push(d);
    else byCode.set(d.code, [d]);
  }
  const out: Grouped[] = [];
  for (const d of diagnostics) {
    const same = d.severity === 'warning' ? byCode.get(d.code)! : [d];
    if (same.length <= GROUP_AFTER) out.push({ diagnostic: d, more: [] });
    else if (same[0] === d) out.push({ diagnostic: d, more: same.slice(1) });
  }
  return out;
}

/** What a grouped warning says about the others of its kind: `… and 1857 more FW5012 warnings, at a.go:3:4, …`. */
export function moreLine(g: Grouped, naming: FileNaming): string {
  const shown = g.more.slice(0, POSITIONS_SHOWN).map((d) => (d.pos ? formatPos(d.pos, naming) : 'fw'));
  const etc = g.more.length > POSITIONS_SHOWN ? ', …' : '';
  return `… and ${plural(g.more.length, `more ${g.diagnostic.code} warning`)}, at ${shown.join(', ')}${etc}`;
}

/** How many warnings the grouped output does not list. */
export function hiddenCount(groups: readonly Grouped[]): number {
  return groups.reduce((n, g) => n + g.more.length, 0);
}

/** The line after grouped output that tells how to see it all. */
export function hiddenLine(hidden: number): string {
  return `fw: ${plural(hidden, 'repeated warning')} not listed one by one; run with --verbose (or --format json) to list all`;
}

/** `1 error`, `2 errors`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What --check found of a stale file: `missing` (it does not exist) or `stale` (its contents differ). */
export function staleWord(r: RunReport, file: string): 'missing' | 'stale' {
  return r.missing?.includes(file) ? 'missing' : 'stale';
}

/** The one line that ends every run: errors, warnings, roots, routes, files written. */
export function summaryLine(r: RunReport): string {
  const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = r.diagnostics.length - errors;
  const counts = `${r.label}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  if (r.outcome === 'errors' || r.outcome === 'refused') return `${counts}; ${r.failedNote ?? 'nothing was written'}`;
  if (r.outcome === 'stale') return `${counts}; ${plural(r.stale.length, 'generated file')} ${r.stale.length === 1 ? 'is' : 'are'} out of date`;
  const roots = `${plural(r.roots.length, 'root')}${r.roots.length > 0 ? ` (${r.roots.join(', ')})` : ''}`;
  const files = `${r.check ? 'checked' : `${r.written.length} written`}, ${r.unchanged.length} unchanged`;
  const time = r.ms === undefined ? '' : ` in ${r.ms.toFixed(0)} ms`;
  const budget = r.budget ? `; failed: ${r.budget}` : '';
  return printable(`${counts}; ${roots}, ${plural(r.routes, 'route')}; ${files}${time}${budget}`);
}

/** The text format: grouped diagnostics on stderr (with their codes), `wrote` lines and the summary. */
export function printText(r: RunReport, options: PrintOptions, io: Lines): void {
  const naming = textNaming(r);
  const groups = groupDiagnostics(r.diagnostics, options.verbose);
  for (const g of groups) {
    const print = g.diagnostic.severity === 'warning' && io.warn ? io.warn : io.err;
    print(formatDiagnostic(g.diagnostic, naming, true));
    if (g.more.length > 0) print(printable(`  ${moreLine(g, naming)}`));
  }
  const hidden = hiddenCount(groups);
  if (hidden > 0) (io.warn ?? io.err)(hiddenLine(hidden));
  if (r.outcome === 'stale') for (const f of r.stale) io.err(printable(`${fileName(f, naming)}: ${staleWord(r, f)} (${r.staleHint})`));
  if (!options.quiet && (r.outcome === 'ok' || r.outcome === 'warnings')) for (const f of r.written) io.out(printable(`wrote ${fileName(f, naming)}`));
  if (r.outcome !== 'ok') io.err(summaryLine(r));
  else if (!options.quiet) io.out(summaryLine(r));
}
