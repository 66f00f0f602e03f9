/** Small helpers that print TypeScript source safely. */
import { tsBlockCommentLine } from './escape';

/**
 * A JSDoc block for `lines` at `indent`; '' when there are no lines.
 * Each line goes through tsBlockCommentLine: `*\/` would end the comment early.
 */
export function jsDoc(lines: readonly string[], indent: string): string {
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
