import { type Diagnostic, formatPos, printable } from './diagnostics';
import { type FileNaming, fileName, pathFromDir } from './file-names';
import {
  groupDiagnostics,
  hiddenCount,
  hiddenLine,
  type Lines,
  moreLine,
  type PrintOptions,
  repositoryNaming,
  type RunReport,
  staleWord,
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

/**
 * `::error file=…,line=…,col=…,title=FW3010::message (hint)`, related places
 * on further (encoded) lines. `file` is relative to the repository root
 * (`naming.dir`), as the Actions runner reads it (absolute outside a
 * repository); a file outside the repository (the module cache, GOROOT) has
 * no `file` (the runner could not place it): the message starts with its name.
 */
export function workflowCommand(d: Diagnostic, naming: FileNaming, extra = ''): string {
  const props: string[] = [];
  const file = d.pos && pathFromDir(d.pos.file, naming);
  if (d.pos && file !== undefined) {
    props.push(`file=${escapeProperty(file)}`);
    if (d.pos.line > 0) props.push(`line=${d.pos.line}`, `col=${d.pos.col}`);
  }
  props.push(`title=${escapeProperty(d.code)}`);
  const where = d.pos && file === undefined ? `${formatPos(d.pos, naming)}: ` : '';
  const hint = d.hint ? ` (${d.hint})` : '';
  const notes = (d.related ?? []).map((r) => `\n${formatPos(r.pos, naming)}: note: ${r.message}`).join('');
  return `::${d.severity} ${props.join(',')}::${escapeData(`${where}${d.message}${hint}${notes}${extra}`)}`;
}

/**
 * The github format: one workflow command per diagnostic, so that GitHub
 * Actions shows each as an annotation of the pull request, grouped as the
 * text format groups them (a kind of warning repeated many times is one
 * annotation naming its count and first positions); other lines as text
 * (escaped as the text format escapes them, and never starting with `::`).
 */
export function printGithub(r: RunReport, options: PrintOptions, io: Lines): void {
  const naming = repositoryNaming(r);
  const groups = groupDiagnostics(r.diagnostics, options.verbose);
  for (const g of groups) io.out(workflowCommand(g.diagnostic, naming, g.more.length > 0 ? `\n${moreLine(g, naming)}` : ''));
  const hidden = hiddenCount(groups);
  if (hidden > 0) io.out(hiddenLine(hidden));
  if (r.outcome === 'stale') {
    for (const f of r.stale) {
      const word = staleWord(r, f);
      io.out(`::error file=${escapeProperty(fileName(f, naming))},title=${word}::${escapeData(`${word} (${r.staleHint})`)}`);
    }
  }
  if (!options.quiet && (r.outcome === 'ok' || r.outcome === 'warnings')) for (const f of r.written) io.out(printable(`wrote ${fileName(f, naming)}`));
  if (!options.quiet || r.outcome !== 'ok') io.out(summaryLine(r));
}
