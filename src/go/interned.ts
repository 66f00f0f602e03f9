/**
 * One copy of each name Go files repeat (field names, struct tags, type
 * names): tree-sitter and JSON.parse give a fresh string for every use, and
 * a workspace's parsed files hold the same few thousand names hundreds of
 * times over for as long as its model lives.
 */
const table = new Map<string, string>();

/** Past this many names the table starts again (a long `fw watch` session must not grow it forever). */
const MAX_NAMES = 200_000;

/** The kept string equal to `s` (`s` itself the first time). */
export function interned(s: string): string {
  const kept = table.get(s);
  if (kept !== undefined) return kept;
  if (table.size >= MAX_NAMES) table.clear();
  table.set(s, s);
  return s;
}
