/** Helpers that make emitted Go exactly what gofmt prints. */
import { goString } from './escape';

/** Go string literals come from the shared escapes (./escape.ts). */
export { goString };

/**
 * Pads the first column of consecutive `name type` rows the way gofmt's
 * tabwriter does for struct fields: every name is followed by spaces up to
 * the widest name plus one.
 */
export function alignColumns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(0, ...rows.map(([a]) => [...a].length));
  return rows.map(([a, b]) => `${a}${' '.repeat(width - [...a].length + 1)}${b}`);
}

export interface GoImportLine {
  path: string;
  /** Printed only when it differs from the last element of the path. */
  name: string;
}

/**
 * An import block as gofmt prints it: standard library first, then a blank
 * line, then the rest, each group sorted by path.
 */
export function importBlock(imports: readonly GoImportLine[]): string {
  if (imports.length === 0) return '';
  const line = (i: GoImportLine) => {
    const last = i.path.slice(i.path.lastIndexOf('/') + 1);
    return `\t${i.name === last ? '' : `${i.name} `}${goString(i.path)}`;
  };
  const sorted = [...imports].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const std = sorted.filter((i) => !i.path.split('/')[0]!.includes('.'));
  const other = sorted.filter((i) => i.path.split('/')[0]!.includes('.'));
  const groups = [std, other].filter((g) => g.length > 0).map((g) => g.map(line).join('\n'));
  return `import (\n${groups.join('\n\n')}\n)\n`;
}
