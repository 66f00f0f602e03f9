import { type Diagnostic, type Pos, error } from '../diagnostics/diagnostics';
import { posAt, spanOf } from '../diagnostics/text-pos';
import { ANNOTATION_MARKER, ANNOTATION_PREFIX, ROOT_MARKER, ROOT_PREFIX } from '../go/annotation-comment';

/**
 * Lexical layer of an annotation line: `// fw:http_route key=value key=[a, b] ...`.
 * Splits the line into key/value tokens with exact positions; what the keys
 * and values mean is ./annotation.ts's job.
 */

/** Every key an annotation line may carry, in the order the docs list them. */
export const ANNOTATION_KEYS = ['path', 'method', 'request', 'response', 'name', 'required_header'] as const;
export type AnnotationKey = (typeof ANNOTATION_KEYS)[number];

/** A kind of fw comment line: its marker, how a line of it starts, and its keys. */
export interface LineKind {
  marker: string;
  prefix: RegExp;
  keys: readonly string[];
}

/** `// fw:http_route ...` above a handler. */
export const ROUTE_LINE: LineKind = { marker: ANNOTATION_MARKER, prefix: ANNOTATION_PREFIX, keys: ANNOTATION_KEYS };
/** `// fw:http_root prefix=/v2` in a root package. */
export const ROOT_LINE: LineKind = { marker: ROOT_MARKER, prefix: ROOT_PREFIX, keys: ['prefix'] };

export interface AnnotationToken {
  key: string;
  keyPos: Pos;
  /** The value as written, brackets included (`[GET, POST]`); '' when empty. */
  value: string;
  valuePos: Pos;
  /**
   * False when the tokenizer already reported the value (empty, unbalanced
   * brackets), so that later stages do not report the same problem again.
   */
  valueOk: boolean;
}

export interface TokenizedAnnotation {
  /** Position of the `fw:http_route` marker. */
  markerPos: Pos;
  tokens: AnnotationToken[];
  diagnostics: Diagnostic[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
// Inside an unclosed `[`, a blank followed by `key=` ends the value: list items never hold `=`.
const NEXT_KEY = /^[A-Za-z_][A-Za-z0-9_]*=/;

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r';
}

/** End index of the word starting at `start`: the next blank outside brackets. */
function wordEnd(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (isBlank(c)) {
      if (depth === 0) return i;
      let next = i;
      while (isBlank(text[next])) next++;
      if (next === text.length || NEXT_KEY.test(text.slice(next))) return i;
      i = next;
      continue;
    }
    i++;
  }
  return i;
}

/** Reports unmatched `]` and unclosed `[` in a value. */
function checkBrackets(key: string, value: string, valuePos: Pos): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const open: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '[') open.push(i);
    else if (value[i] === ']' && open.pop() === undefined) {
      diagnostics.push(
        error('FW3001', posAt(valuePos, value, i), `unmatched "]" in the value of "${key}"`, `remove it, or start the list with "[", e.g. ${key}=[GET,POST]`),
      );
    }
  }
  for (const i of open) {
    diagnostics.push(error('FW3002', posAt(valuePos, value, i), `unclosed "[" in the value of "${key}"`, `close the list with "]", e.g. ${key}=[GET, POST]`));
  }
  return diagnostics;
}

/**
 * Splits one annotation comment into key/value tokens. `text` is the comment
 * as written (starting with `//`) and `pos` the position of its first `/`.
 * Never throws: every problem of the line becomes a diagnostic.
 */
export function tokenizeAnnotation(text: string, pos: Pos, kind: LineKind = ROUTE_LINE): TokenizedAnnotation {
  const markerIndex = text.indexOf(kind.marker);
  const match = kind.prefix.exec(text);
  const markerPos = posAt(pos, text, Math.max(markerIndex, 0));
  const keys = kind.keys;
  if (!match) {
    return {
      markerPos,
      tokens: [],
      diagnostics: [
        error(
          'FW3003',
          pos,
          `not an ${kind.marker} ${kind === ROUTE_LINE ? 'annotation' : 'line'}`,
          `such a line starts with "// ${kind.marker}" followed by key=value pairs`,
        ),
      ],
    };
  }
  const tokens: AnnotationToken[] = [];
  const diagnostics: Diagnostic[] = [];
  let i = match[0].length;
  while (i < text.length) {
    if (isBlank(text[i])) {
      i++;
      continue;
    }
    const start = i;
    i = wordEnd(text, start);
    const word = text.slice(start, i);
    const wordPos = posAt(pos, text, start);
    const eq = word.indexOf('=');
    if (eq < 0) {
      diagnostics.push(
        keys.includes(word)
          ? error('FW3004', spanOf(wordPos, word), `annotation key "${word}" has no value`, `write ${word}=<value>`)
          : error(
              'FW3005',
              spanOf(wordPos, word),
              `unexpected text "${word}" in annotation`,
              `parameters are space-separated key=value pairs; valid keys: ${keys.join(', ')}`,
            ),
      );
      continue;
    }
    const key = word.slice(0, eq);
    if (key === '') {
      diagnostics.push(error('FW3006', spanOf(wordPos, word), `missing key before "=" in "${word}"`, 'write key=value, e.g. path=/users'));
      continue;
    }
    if (!KEY.test(key)) {
      diagnostics.push(
        error(
          'FW3005',
          spanOf(wordPos, word),
          `unexpected text "${word}" in annotation`,
          `parameters are space-separated key=value pairs; valid keys: ${keys.join(', ')}`,
        ),
      );
      continue;
    }
    const value = word.slice(eq + 1);
    const valuePos = posAt(pos, text, start + eq + 1);
    let valueOk = true;
    if (value === '') {
      diagnostics.push(error('FW3007', spanOf(wordPos, word), `empty value for "${key}"`, `write ${key}=<value>, or remove "${key}="`));
      valueOk = false;
    } else {
      const bracketProblems = checkBrackets(key, value, valuePos);
      diagnostics.push(...bracketProblems);
      valueOk = bracketProblems.length === 0;
    }
    tokens.push({ key, keyPos: wordPos, value, valuePos, valueOk });
  }
  return { markerPos, tokens, diagnostics };
}
