/**
 * The one escaper of control characters, for every place text must stay on
 * its line and not reach a terminal, a log or a generated comment raw:
 * printed diagnostics (./diagnostics.ts printable), GitHub workflow commands
 * (./github-report.ts) and the comments and template texts fw generates
 * (../emit/escape.ts). What it escapes: C0 controls, DEL, C1 controls, the
 * JavaScript line terminators U+2028/U+2029, and with `bom` U+FEFF (Go
 * rejects it after a file's start); each as `\uXXXX` unless `named` names
 * it, and none of `keep`.
 */
export interface ControlEscapes {
  /** Characters left as they are (a tab in a diagnostic; CR and LF, which workflow commands encode themselves). */
  keep?: string;
  /** Escapes other than `\uXXXX`, by character (`\n` → `\\n`). */
  named?: Readonly<Record<string, string>>;
  /** Whether U+FEFF is escaped too. */
  bom?: boolean;
}

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;

/** `c` as `\uXXXX`. */
export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` with its control characters escaped as `how` says. */
export function escapeControls(text: string, how: ControlEscapes = {}): string {
  const keep = how.keep ?? '';
  return text.replace(CONTROLS, (c) => (keep.includes(c) || (c === '\ufeff' && !how.bom) ? c : (how.named?.[c] ?? unicodeEscape(c))));
}
