import { type Diagnostic, printable } from './diagnostics';
import {
  formatPosition,
  groupDiagnostics,
  hiddenCount,
  hiddenLine,
  type Lines,
  moreLine,
  type PrintOptions,
  relativePath,
  type RunReport,
  summaryLine,
} from './run-report';
import { escapeControls } from './control-characters';

/**
 * Control characters other than CR and LF (which the workflow-command
 * escapes carry) would reach the log raw: a terminal escape in a file name
 * could rewrite what the log shows. They are written as \uXXXX instead.
 */
function visibleControls(text: string): string {
  return escapeControls(text, { keep: '\n\r' });
}

/** The message of a workflow command: `%`, CR and LF percent-encoded, as the Actions runner decodes them. */
export function escapeData(text: string): string {
  return visibleControls(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command (file=, title=): also `:` and `,`, which end a value. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=…,line=…,col=…,title=FW3010::message (hint)`, related places on further (encoded) lines. */
export function workflowCommand(d: Diagnostic, cwd: string, extra = ''): string {
  const props: string[] = [];
  if (d.pos) {
    props.push(`file=${escapeProperty(relativePath(cwd, d.pos.file))}`);
    if (d.pos.line > 0) props.push(`line=${d.pos.line}`, `col=${d.pos.col}`);
  }
  props.push(`title=${escapeProperty(d.code)}`);
  const hint = d.hint ? ` (${d.hint})` : '';
  const notes = (d.related ?? []).map((r) => `\n${formatPosition(r.pos, cwd)}: note: ${r.message}`).join('');
  return `::${d.severity} ${props.join(',')}::${escapeData(`${d.message}${hint}${notes}${extra}`)}`;
}

/**
 * The github format: one workflow command per diagnostic, so that GitHub
 * Actions shows each as an annotation of the pull request, grouped as the
 * text format groups them (a kind of warning repeated many times is one
 * annotation naming its count and first positions); other lines as text
 * (escaped as the text format escapes them, and never starting with `::`).
 */
export function printGithub(r: RunReport, options: PrintOptions, io: Lines): void {
  const groups = groupDiagnostics(r.diagnostics, options.verbose);
  for (const g of groups) io.out(workflowCommand(g.diagnostic, r.cwd, g.more.length > 0 ? `\n${moreLine(g, r.cwd)}` : ''));
  const hidden = hiddenCount(groups);
  if (hidden > 0) io.out(hiddenLine(hidden));
  if (r.outcome === 'stale') {
    for (const f of r.stale) io.out(`::error file=${escapeProperty(relativePath(r.cwd, f))},title=stale::${escapeData(`stale (${r.staleHint})`)}`);
  }
  if (!options.quiet && (r.outcome === 'ok' || r.outcome === 'warnings')) for (const f of r.written) io.out(printable(`wrote ${relativePath(r.cwd, f)}`));
  if (!options.quiet || r.outcome !== 'ok') io.out(summaryLine(r));
}
