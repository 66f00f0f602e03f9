/** Small helpers that print TypeScript source safely. */
import { jsDocText, tsBlockCommentLine } from './escape';

/**
 * A JSDoc block for `lines` at `indent`; '' when there are no lines.
 * Each line goes through tsBlockCommentLine: `*\/` would end the comment early.
 */
export function jsDoc(lines: readonly string[], indent: string): string {
  if (lines.length === 0) return '';
  const text = trimBlankEdges(lines.map((l) => tsBlockCommentLine(l.trimEnd())));
  if (text.length === 0) return '';
  if (text.length === 1) return `${indent}/** ${text[0]} */`;
  return [`${indent}/**`, ...text.map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`)), `${indent} */`].join('\n');
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}

const INDENTED = /^\s/;

/**
 * Go doc comment lines (`//` removed, indentation kept) as JSDoc lines, as
 * go/doc reads them: indented lines are preformatted text and become a
 * fenced code block, dedented; a paragraph that starts with `Deprecated:`
 * (Go's convention) becomes a `@deprecated` tag, the only tag: every other
 * `@` that would start one is escaped (jsDocText). `extra` lines (e.g. the
 * route's method and pattern) go after the text, before the tag.
 */
export function goDocToJsDoc(lines: readonly string[], extra: readonly string[] = []): string[] {
  // Most fields have no comment: nothing to read, and no arrays to make for it.
  if (lines.length === 0 && extra.length === 0) return [];
  const text: string[] = [];
  const deprecated: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (INDENTED.test(line)) {
      // A preformatted block: indented lines, and blank lines followed by more indented lines.
      const block: string[] = [];
      while (i < lines.length && (INDENTED.test(lines[i]!) || (lines[i] === '' && INDENTED.test(lines.slice(i).find((l) => l !== '') ?? ''))))
        block.push(lines[i++]!);
      const indent = Math.min(...block.filter((l) => l !== '').map((l) => /^\s*/.exec(l)![0].length));
      text.push('```', ...block.map((l) => l.slice(indent)), '```');
    } else if (line.startsWith('Deprecated:') && (i === 0 || lines[i - 1] === '')) {
      while (i < lines.length && lines[i] !== '') deprecated.push(lines[i++]!.trim());
    } else {
      text.push(line);
      i++;
    }
  }
  const out = trimBlankEdges(text)
    .filter((l, j, all) => l !== '' || all[j - 1] !== '')
    .map(jsDocText);
  if (extra.length > 0) out.push(...(out.length > 0 ? [''] : []), ...extra.map(jsDocText));
  if (deprecated.length > 0) {
    const reason = jsDocText(deprecated.join(' ').replace(/^Deprecated:\s*/, ''));
    out.push(...(out.length > 0 ? [''] : []), reason === '' ? '@deprecated' : `@deprecated ${reason}`);
  }
  return out;
}
