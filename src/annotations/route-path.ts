import { type Diagnostic, type Pos, error } from '../diagnostics/diagnostics';
import { posAt } from '../diagnostics/text-pos';
import type { PathSegment, RoutePath } from './types';

/**
 * The `path=` value: a Go 1.22 ServeMux path pattern (docs/annotations.md).
 * Everything ServeMux would reject at start-up (or accept but never match)
 * is reported here, with the column of the offending character.
 */

// Go's wildcard names are Go identifiers (net/http isValidWildcardName); keywords are fine there.
const WILDCARD_NAME = /^[\p{L}_][\p{L}_\p{Nd}]*$/u;

const WILDCARD_HINT = 'a wildcard is a whole segment: /users/{id}';

/** Characters that cannot appear in a path pattern as written, with why. */
function forbiddenCharProblem(c: string): string | undefined {
  if (c === ' ' || c === '\t') return 'a space';
  if (c === '"' || c === "'" || c === '`') return `a quote (${c})`;
  if (c === '?') return 'a "?": a pattern matches the path only, not the query string';
  if (c === '#') return 'a "#": fragments are never sent to the server';
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return undefined;
}

/**
 * Parameter syntaxes of other routers (`:id`, `<id>`, `*`, `*path`) that
 * ServeMux would take literally (V5): the `{...}` form to write instead.
 */
function foreignParameter(seg: string): string | undefined {
  const colon = /^:([\p{L}_][\p{L}_\p{Nd}]*)$/u.exec(seg);
  if (colon) return `{${colon[1]}}`;
  const angle = /^<([^<>]*)>$/.exec(seg);
  if (angle) return `{${WILDCARD_NAME.test(angle[1] ?? '') ? angle[1] : 'name'}}`;
  const star = /^\*([\p{L}_][\p{L}_\p{Nd}]*)?$/u.exec(seg);
  if (star) return `{${star[1] ?? 'path'}...}`;
  return undefined;
}

/** Parses one `{...}` segment (braces already checked). */
function parseWildcard(inner: string, isLast: boolean, at: Pos, seen: Map<string, Pos>, diagnostics: Diagnostic[]): PathSegment | undefined {
  if (inner === '$') {
    if (!isLast) {
      diagnostics.push(
        error(
          'FW3050',
          at,
          '"{$}" must be the last segment of the path',
          'it matches the end of a path that ends in "/", e.g. /users/{$}; remove what follows it',
        ),
      );
      return undefined;
    }
    return { kind: 'end' };
  }
  const remainder = inner.endsWith('...');
  const name = remainder ? inner.slice(0, -3) : inner;
  if (name === '') {
    diagnostics.push(error('FW3051', at, `empty wildcard "{${inner}}"`, remainder ? 'name it, e.g. {rest...}' : 'name it, e.g. {id}'));
    return undefined;
  }
  if (!WILDCARD_NAME.test(name)) {
    diagnostics.push(
      error('FW3052', at, `invalid wildcard name "${name}"`, 'a wildcard name is a Go identifier: a letter or "_", then letters, digits or "_", e.g. {userID}'),
    );
    return undefined;
  }
  let ok = true;
  if (remainder && !isLast) {
    diagnostics.push(
      error(
        'FW3050',
        at,
        `"{${inner}}" must be the last segment of the path`,
        `a {name...} wildcard matches the rest of the path; move it to the end or write {${name}}`,
      ),
    );
    ok = false;
  }
  const first = seen.get(name);
  if (first) {
    diagnostics.push({
      ...error('FW3053', at, `duplicate wildcard name "${name}"`, 'give each wildcard of a path its own name'),
      related: [{ pos: first, message: `"{${name}}" first used here` }],
    });
    ok = false;
  } else {
    seen.set(name, at);
  }
  if (!ok) return undefined;
  return remainder ? { kind: 'remainder', name } : { kind: 'wildcard', name };
}

/** Checks the braces of a segment; returns true when it is a well-formed `{...}` segment. */
function checkBraces(seg: string, segPos: Pos, diagnostics: Diagnostic[]): boolean {
  const open = seg.indexOf('{');
  const close = seg.indexOf('}');
  if (open < 0) {
    diagnostics.push(error('FW3046', posAt(segPos, seg, close), 'unmatched "}" in path', `remove it, or open the wildcard with "{": ${WILDCARD_HINT}`));
    return false;
  }
  if (open > 0) {
    diagnostics.push(
      error(
        'FW3047',
        posAt(segPos, seg, open),
        `wildcard in the middle of segment "${seg}"`,
        `ServeMux wildcards cannot share a segment with text; ${WILDCARD_HINT}`,
      ),
    );
    return false;
  }
  if (close < 0) {
    diagnostics.push(error('FW3048', segPos, 'unclosed "{" in path', `close the wildcard with "}": ${WILDCARD_HINT}`));
    return false;
  }
  const nested = seg.indexOf('{', 1);
  if (nested >= 0 && nested < close) {
    diagnostics.push(error('FW3049', posAt(segPos, seg, nested), 'nested "{" in path wildcard', `a wildcard holds one name: ${WILDCARD_HINT}`));
    return false;
  }
  if (close !== seg.length - 1) {
    diagnostics.push(
      error(
        'FW3047',
        posAt(segPos, seg, close + 1),
        `text after wildcard in segment "${seg}"`,
        `ServeMux wildcards cannot share a segment with text; ${WILDCARD_HINT}`,
      ),
    );
    return false;
  }
  return true;
}

/**
 * Parses and checks a route path. `pos` is the position of `text[0]`.
 * A trailing slash becomes an empty last static segment (`/` alone is one
 * empty static segment), as model.ts describes.
 */
export function parseRoutePath(text: string, pos: Pos): { path?: RoutePath; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (text === '') return { diagnostics: [error('FW3040', pos, 'empty path', 'write a path starting with "/", e.g. path=/users')] };
  // One diagnostic per kind of character (its first occurrence): `"/a"` is one quoting mistake.
  const reported = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const problem = forbiddenCharProblem(text[i]!);
    if (problem && !reported.has(problem)) {
      reported.add(problem);
      diagnostics.push(error('FW3041', posAt(pos, text, i), `path contains ${problem}`, 'remove it; write the path unquoted, e.g. path=/users/{id}'));
    }
  }
  if (!text.startsWith('/')) {
    // A quoted path got its diagnostic above: "write it unquoted" is the whole fix.
    if (diagnostics.length === 0 || diagnostics[0]?.pos?.col !== pos.col) {
      diagnostics.push(error('FW3042', pos, `path "${text}" must start with "/"`, `write path=/${text}`));
    }
    return { diagnostics };
  }
  const segments: PathSegment[] = [];
  const seen = new Map<string, Pos>();
  const parts = text.slice(1).split('/');
  let offset = 1;
  parts.forEach((seg, index) => {
    const segPos = posAt(pos, text, offset);
    const isLast = index === parts.length - 1;
    offset += seg.length + 1;
    if (seg === '') {
      if (isLast) segments.push({ kind: 'static', value: '' });
      else {
        diagnostics.push(
          error(
            'FW3043',
            segPos,
            'path contains an empty segment ("//")',
            'remove the extra "/": ServeMux cleans "//" to "/" in request paths, so this pattern could never match',
          ),
        );
      }
      return;
    }
    if (seg === '.' || seg === '..') {
      diagnostics.push(
        error(
          'FW3044',
          segPos,
          `path contains a "${seg}" segment`,
          `remove it: ServeMux resolves "${seg}" in request paths, so this pattern could never match`,
        ),
      );
      return;
    }
    if (/^(?:\.|%2e){1,2}$/i.test(seg)) {
      diagnostics.push(
        error(
          'FW3054',
          segPos,
          `path segment "${seg}" is an escaped dot segment`,
          'remove it: ServeMux unescapes it to a dot segment, and browsers resolve it as one, so no browser can reach this pattern',
        ),
      );
      return;
    }
    if (!seg.includes('{') && !seg.includes('}')) {
      const param = foreignParameter(seg);
      if (param) {
        diagnostics.push(
          error(
            'FW3045',
            segPos,
            `path segment "${seg}" looks like a path parameter`,
            `ServeMux would match it literally; write path parameters in braces: ${param}`,
          ),
        );
      } else {
        segments.push({ kind: 'static', value: seg });
      }
      return;
    }
    if (!checkBraces(seg, segPos, diagnostics)) return;
    const segment = parseWildcard(seg.slice(1, -1), isLast, segPos, seen, diagnostics);
    if (segment) segments.push(segment);
  });
  if (diagnostics.length > 0) return { diagnostics };
  return { path: { text, segments: segments.slice() }, diagnostics };
}
