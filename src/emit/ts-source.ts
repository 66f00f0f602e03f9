/** Small helpers that print TypeScript source safely. */

/**
 * A JSDoc block for `lines` at `indent`; '' when there are no lines.
 * `*\/` inside a line would end the comment early, so it is broken up.
 */
export function jsDoc(lines: readonly string[], indent: string): string {
  const text = trimBlankEdges(lines.map((l) => l.replace(/\*\//g, '*\\/').trimEnd()));
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

/** Text to put inside a template literal (`...`) as it is. */
export function templateLiteralText(s: string): string {
  return s.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
}
