import { type ControlEscapes, escapeControls, unicodeEscape } from '../diagnostics/control-characters';

/**
 * The one place where text from outside fw (directory names, annotation
 * values, Go comments) is made safe for the generated code it enters. There
 * is one function per target context; every emitter and template view uses
 * these and nothing else (SECURITY.md, rule 1). Identifiers are derived by
 * the sanitizer in model/naming.ts (`pascalCasePath`), never printed raw.
 *
 * Hostile text these are tested with (test/support/hostile-text.ts): LF, CR,
 * U+2028/U+2029 (JavaScript line terminators), `*\/`, quotes, backticks,
 * `${`, NUL, a BOM and lone surrogates.
 */

/** Lone UTF-16 surrogates: Node writes them as U+FFFD, and Go rejects `\ud800` escapes; replaced up front. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Any surrogate: most text has none, and this test is far cheaper than LONE_SURROGATE's lookbehind. */
const SURROGATE = /[\ud800-\udfff]/;

function wellFormed(s: string): string {
  return SURROGATE.test(s) ? s.replace(LONE_SURROGATE, '\ufffd') : s;
}

/**
 * Text a Go string literal (PLAIN: printable ASCII but the quote and the backslash) or a
 * line comment (PLAIN_OR_TAB) holds as it is: most of fw's strings (names,
 * paths, doc lines) are such, and skip the replacements below.
 */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const PLAIN_OR_TAB = /^[\t\x20-\x7e]*$/;

/**
 * Characters that may not appear raw in a one-line comment or a string of
 * either language: C0 controls but tab, DEL, C1 controls, the JavaScript line
 * terminators U+2028/U+2029 and the BOM (Go rejects it after the file's start).
 */
const UNPRINTABLE: Readonly<ControlEscapes> = { keep: '\t', bom: true, named: { '\n': '\\n', '\r': '\\r', '\0': '\\0' } };

/** The same in a template literal, where `\0` before a digit is not an escape: NUL is `\x00`. */
const IN_TEMPLATE: Readonly<ControlEscapes> = { ...UNPRINTABLE, named: { ...UNPRINTABLE.named, '\0': '\\x00' } };

/** Text for one `//` line comment: a line break or other control character is shown as its escape, so the comment stays one line. */
function lineCommentText(s: string): string {
  if (PLAIN_OR_TAB.test(s)) return s;
  return escapeControls(wellFormed(s), UNPRINTABLE);
}

/**
 * Text to put after `// ` in generated Go: stays inside the comment whatever
 * it holds, and is what gofmt prints (gofmt turns '' and `` in doc comments
 * into curly quotes and drops trailing blanks, so those are escaped/trimmed).
 */
export function goLineComment(s: string): string {
  return lineCommentText(s).replace(/''/g, "'\\'").replace(/``/g, '`\\`').trimEnd();
}

/** Text to put after `// ` in generated TypeScript: stays inside the comment whatever it holds. */
export function tsLineComment(s: string): string {
  return lineCommentText(s);
}

/** A Go interpreted string literal ("..."), with the value `s`. */
export function goString(s: string): string {
  if (PLAIN.test(s)) return `"${s}"`;
  return JSON.stringify(wellFormed(s)).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, unicodeEscape);
}

/** A TypeScript/JavaScript single-quoted string literal with the value `s`. */
export function tsString(s: string): string {
  const json = JSON.stringify(wellFormed(s)).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${json.replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, unicodeEscape)}'`;
}

/** Text inside a TypeScript template literal (`...`) whose value is `s`. */
export function tsTemplateText(s: string): string {
  const text = wellFormed(s)
    .replace(/[\\`]/g, (c) => `\\${c}`)
    .replace(/\$\{/g, '\\${');
  return escapeControls(text, IN_TEMPLATE);
}

/** Text of one line inside a TypeScript block comment (JSDoc): cannot end the comment early nor break the line. */
export function tsBlockCommentLine(s: string): string {
  return lineCommentText(s).replace(/\*\//g, '*\\/');
}

/**
 * Text for a JSDoc comment: an `@` at the start or after white space would
 * begin a tag (TypeScript reads a word after it as a tag's name and the rest
 * as the tag's text, and the hover loses them), so it gets TSDoc's escape `\@`, which the
 * hover's Markdown shows as `@`. Idempotent: `\@` is left as it is.
 */
export function jsDocText(s: string): string {
  return s.replace(/(^|\s)@/g, '$1\\@');
}

const TS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key in TypeScript: bare when it is a plain identifier, a string literal otherwise. */
export function tsKey(key: string): string {
  return TS_IDENTIFIER.test(key) ? key : tsString(key);
}
