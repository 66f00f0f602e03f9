/**
 * Answers kept by their text, for the whole process: past `max` entries it
 * starts again, so that a long `fw watch` session cannot grow it forever
 * (the texts it is asked about come from the Go files, which change).
 */
export class TextMemo<V> {
  private readonly kept = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The answer for `text`: the kept one, else `make()`'s, kept. */
  get(text: string, make: (text: string) => V): V {
    const found = this.kept.get(text);
    if (found !== undefined) return found;
    if (this.kept.size >= this.max) this.kept.clear();
    const made = make(text);
    this.kept.set(text, made);
    return made;
  }
}

/** Past this many names the table starts again. */
const MAX_NAMES = 200_000;

/**
 * One copy of each name Go files repeat (field names, struct tags, type
 * names): tree-sitter and JSON.parse give a fresh string for every use, and
 * a workspace's parsed files hold the same few thousand names hundreds of
 * times over for as long as its model lives.
 */
const table = new TextMemo<string>(MAX_NAMES);

/** The kept string equal to `s` (`s` itself the first time). */
export function interned(s: string): string {
  return table.get(s, (t) => t);
}
