import { type Diagnostic, type Pos, error } from '../diagnostics/diagnostics';
import { parseRoutePath } from './route-path';
import { ROOT_LINE, tokenizeAnnotation } from './tokens';
import type { RoutePath } from './types';

/**
 * `// fw:http_root prefix=/v2`: the path a root package is mounted at,
 * declared once in a hand-written file of the root (its package doc comment,
 * say). The prefix is a clean path of literal segments, so that prefix +
 * route pattern is the pattern ServeMux registers and every client calls.
 */

export interface RootDirective {
  /** The prefix as a path of static segments (no trailing slash). */
  prefix: RoutePath;
  /** Position of the `fw:http_root` marker. */
  pos: Pos;
}

const PREFIX_HINT = 'write a path of literal segments that starts with "/" and does not end with one, e.g. prefix=/v2';

/** Parses one `fw:http_root` line (`text` as written, from `//`; `pos` of its first `/`). */
export function parseRootDirective(text: string, pos: Pos): { directive?: RootDirective; diagnostics: Diagnostic[] } {
  const tokenized = tokenizeAnnotation(text, pos, ROOT_LINE);
  const diagnostics = [...tokenized.diagnostics];
  let prefix: RoutePath | undefined;
  let seen = false;
  for (const token of tokenized.tokens) {
    if (token.key !== 'prefix') {
      diagnostics.push(error('FW3080', token.keyPos, `unknown key "${token.key}" in fw:http_root`, 'the only key is prefix, e.g. // fw:http_root prefix=/v2'));
      continue;
    }
    if (seen) {
      diagnostics.push(error('FW3081', token.keyPos, 'prefix is given twice', 'keep one prefix='));
      continue;
    }
    seen = true;
    if (!token.valueOk) continue;
    const parsed = parseRoutePath(token.value, token.valuePos);
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.path) continue;
    if (parsed.path.segments.some((s) => s.kind !== 'static')) {
      diagnostics.push(error('FW3082', token.valuePos, `prefix ${token.value} has a wildcard`, PREFIX_HINT));
    } else if (parsed.path.segments.at(-1)?.kind === 'static' && token.value.endsWith('/')) {
      diagnostics.push(
        error(
          token.value === '/' ? 'FW3083' : 'FW3082',
          token.valuePos,
          token.value === '/' ? 'prefix / mounts nothing' : `prefix ${token.value} ends with "/"`,
          token.value === '/' ? 'remove the fw:http_root line' : PREFIX_HINT,
        ),
      );
    } else prefix = parsed.path;
  }
  if (!seen && diagnostics.length === 0) diagnostics.push(error('FW3084', tokenized.markerPos, 'fw:http_root without prefix=', PREFIX_HINT));
  return prefix && diagnostics.length === 0 ? { directive: { prefix, pos: tokenized.markerPos }, diagnostics } : { diagnostics };
}

/** `path` mounted below `prefix`: `/v2` + `/users/{id}` is `/v2/users/{id}`, `/v2` + `/` is `/v2/`. */
export function prefixedPath(prefix: RoutePath, path: RoutePath): RoutePath {
  return { text: prefix.text + path.text, segments: [...prefix.segments, ...path.segments] };
}
