/**
 * Answers kept by their text, for the whole process: past `max` entries it
 * starts again, so that a long `fw watch` session cannot grow it forever
 * (the texts it is asked about come from the Go files, which change).
 */
export class TextMemo<V> {
  private readonly kept = new Map<string, V>();

  constructor(private readonly max: number) {}

  /**
   * The answer for `text`: the kept one, else `make()`'s, kept. The key
   * kept (and given to `make`) is `text` as a string of its own (ownText),
   * so that a text cut from a Go file never keeps that file's source alive.
   */
  get(text: string, make: (text: string) => V): V {
    const found = this.kept.get(text);
    if (found !== undefined) return found;
    if (this.kept.size >= this.max) this.kept.clear();
    const own = ownText(text);
    const made = make(own);
    this.kept.set(own, made);
    return made;
  }
}

/** Past this many names the table starts again. */
const MAX_NAMES = 200_000;

/**
 * One copy of each name Go files repeat (field names, struct tags, type
 * names): tree-sitter and JSON.parse give a fresh string for every use, and
 * a workspace's parsed files hold the same few thousand names hundreds of
 * times over for as long as its model lives. Each is kept as a string of its
 * own (ownText), as key and value.
 */
const names = new TextMemo<string>(MAX_NAMES);

/** The kept string equal to `s`. */
export function interned(s: string): string {
  return names.get(s, (own) => own);
}

/**
 * V8 keeps a substring of 13 characters or more (`node.text`, `slice`) as a
 * view into the string it was cut from: one name or comment kept from a Go
 * file would keep the file's whole source alive, for as long as the parsed
 * file lives (on a workspace whose handler files are parsed on the main
 * thread, every source). This is `s` as a string of its own: the
 * concatenation is flattened into a new string, which the slice then views.
 */
export function ownText(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}
