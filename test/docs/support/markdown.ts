/**
 * Just enough Markdown for the docs test: fenced code blocks, headings (for
 * GitHub's anchors) and link targets, each with its 1-based line, so that
 * every finding can name `file:line`. Not a renderer: it reads the
 * constructs the docs conventions (CONTRIBUTING.md) allow.
 */

/** A fenced code block: its language, the words after it, and its body. */
export interface Fence {
  /** Line of the opening fence. */
  line: number;
  lang: string;
  /** The info string's other words, e.g. `no-run`, `exit=1`. */
  flags: string[];
  /** The body, without the fences and without the opening fence's indentation. */
  body: string;
}

/** A link target found outside code, with the line it is on. */
export interface Link {
  line: number;
  target: string;
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*([^`]*?)\s*$/;

/** Splits a page into its fenced blocks and its prose lines (fence lines blanked, so line numbers stay). */
export function splitFences(text: string): { fences: Fence[]; prose: string[] } {
  const lines = text.split(/\r?\n/);
  const fences: Fence[] = [];
  const prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) {
      prose.push(lines[i]!);
      continue;
    }
    const [, indent, marker, info] = open as unknown as [string, string, string, string];
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    const body: string[] = [];
    const start = i;
    prose.push('');
    for (i++; i < lines.length && !close.test(lines[i]!); i++) {
      body.push(lines[i]!.startsWith(indent) ? lines[i]!.slice(indent.length) : lines[i]!.trimStart());
      prose.push('');
    }
    if (i < lines.length) prose.push('');
    const [lang = '', ...flags] = info.split(/\s+/).filter(Boolean);
    fences.push({ line: start + 1, lang, flags, body: body.join('\n') });
  }
  return { fences, prose };
}

/** Replaces inline code spans with spaces (same length), so that nothing inside them counts as a link. */
function blankCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1).)+?\1/g, (m) => ' '.repeat(m.length));
}

const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const HTML_LINK = /\b(?:href|src)\s*=\s*["']([^"']*)["']/gi;
/** What GitHub turns into a link by itself: `<scheme:…>` and bare `http(s)://` or `www.` addresses. */
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^\s<>]*)>|\b((?:https?:\/\/|www\.)[^\s<>()]+)/gi;

/** Every link target of a page outside code: inline links and images, reference definitions, HTML links, autolinks. */
export function findLinks(text: string): Link[] {
  const links: Link[] = [];
  splitFences(text).prose.forEach((raw, i) => {
    let line = blankCodeSpans(raw);
    const add = (target: string) => links.push({ line: i + 1, target });
    const def = REFERENCE_DEFINITION.exec(line);
    if (def) {
      add(def[1]!);
      line = '';
    }
    line = line.replace(INLINE_LINK, (m, target: string) => {
      add(target);
      return ' '.repeat(m.length);
    });
    line = line.replace(HTML_LINK, (m, target: string) => {
      add(target);
      return ' '.repeat(m.length);
    });
    for (const m of line.matchAll(AUTOLINK)) add((m[1] ?? m[2])!);
  });
  return links;
}

/** The text a heading shows: inline code kept, links and images reduced to their text, emphasis and HTML tags dropped. */
function headingText(markdown: string): string {
  return markdown
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/^`+|`+$/g, '')
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*+/g, '')
            .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1'),
    )
    .join('');
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped (not `-` or `_`), each space a `-`. */
export function slug(text: string): string {
  return headingText(text)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs (repeats get -1, -2, … as on GitHub) and HTML `id`/`name` attributes. */
export function anchors(text: string): Set<string> {
  const seen = new Set<string>();
  const add = (base: string) => {
    let candidate = base;
    for (let n = 1; seen.has(candidate); n++) candidate = `${base}-${n}`;
    seen.add(candidate);
  };
  const prose = splitFences(text).prose;
  prose.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    const next = prose[i + 1] ?? '';
    if (atx) add(slug(atx[1] ?? ''));
    else if (line.trim() && !/^\s*([-*+]|\d+[.)])\s/.test(line) && /^ {0,3}(=+|-+)\s*$/.test(next) && !/^ {0,3}(=+|-+)\s*$/.test(line)) {
      add(slug(line));
    }
    for (const m of line.matchAll(/<[a-z][^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) seen.add(m[1]!);
  });
  return seen;
}
