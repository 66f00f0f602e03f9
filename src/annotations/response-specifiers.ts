import { type Diagnostic, type Pos, error, warning } from '../diagnostics/diagnostics';
import { posAt } from '../diagnostics/text-pos';
import { parseTypeName } from './type-name';
import type { ResponseBody, ResponseSpecifier, StatusMatch } from './types';

/**
 * `response=` values (docs/annotations.md) and the rules that tie several of
 * them together.
 *
 * Precedence when several specifiers cover a status: an exact status wins,
 * then the narrowest range, then a class. A range always counts as a range,
 * even one that spans a whole class (`400-499`): it is more specific than
 * `4xx`, which it then shadows entirely; checkResponseSet warns about such a
 * never-selected specifier. Two specifiers of equal precedence (same kind and,
 * for ranges, same width) that share a status are an error.
 */

const MIN_STATUS = 100;
const MAX_STATUS = 599;
const STATUS_HINT = 'status codes are 100 to 599';
const STATUS_FORMS_HINT = 'write an exact status (201), a class (4xx) or a range (200-299), then ":" and the type (or no type for an answer without a body)';

/** What reads as a status, class or range (then checked as one) when no type follows. */
const BARE_STATUS = /^(?:\d+|\d[xX]{2}|\d+-\d+)$/;

const ERROR_KEYWORDS = new Set(['Error', 'TYPE_ERROR']);
const REDIRECT_KEYWORDS = new Set(['Redirect', 'TYPE_REDIRECT']);

/** The statuses a match covers, as an inclusive interval. */
export function statusInterval(match: StatusMatch): { from: number; to: number } {
  switch (match.kind) {
    case 'exact':
      return { from: match.status, to: match.status };
    case 'range':
      return { from: match.from, to: match.to };
    case 'class':
      return { from: match.digit * 100, to: match.digit * 100 + 99 };
  }
}

/** How a match is written: `201`, `4xx`, `200-299`. */
export function formatStatusMatch(match: StatusMatch): string {
  switch (match.kind) {
    case 'exact':
      return String(match.status);
    case 'range':
      return `${match.from}-${match.to}`;
    case 'class':
      return `${match.digit}xx`;
  }
}

function parseStatusCode(text: string, pos: Pos, diagnostics: Diagnostic[]): number | undefined {
  const n = Number(text);
  if (!/^\d{3}$/.test(text) || n < MIN_STATUS || n > MAX_STATUS) {
    diagnostics.push(error('FW3070', pos, `invalid status code ${text}`, STATUS_HINT));
    return undefined;
  }
  return n;
}

function parseStatusMatch(text: string, pos: Pos, diagnostics: Diagnostic[]): StatusMatch | undefined {
  if (/^\d+$/.test(text)) {
    const status = parseStatusCode(text, pos, diagnostics);
    return status === undefined ? undefined : { kind: 'exact', status };
  }
  const cls = /^(\d)([xX])([xX])$/.exec(text);
  if (cls) {
    const digit = Number(cls[1]);
    if (digit < 1 || digit > 5) {
      diagnostics.push(error('FW3071', pos, `invalid status class ${text}`, 'status classes are 1xx to 5xx'));
      return undefined;
    }
    if (cls[2] !== 'x' || cls[3] !== 'x') {
      diagnostics.push(error('FW3072', pos, `status class ${text} must be written in lower case`, `write ${digit}xx`));
      return undefined;
    }
    return { kind: 'class', digit };
  }
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const [, fromText = '', toText = ''] = range;
    const before = diagnostics.length;
    const from = parseStatusCode(fromText, pos, diagnostics);
    const to = parseStatusCode(toText, posAt(pos, text, fromText.length + 1), diagnostics);
    if (from === undefined || to === undefined) return undefined;
    if (from > to) {
      diagnostics.push(error('FW3073', pos, `empty status range ${text}: ${from} is greater than ${to}`, `write the lower status first: ${to}-${from}`));
    }
    return diagnostics.length > before ? undefined : { kind: 'range', from, to };
  }
  diagnostics.push(error('FW3074', pos, `invalid status "${text}"`, STATUS_FORMS_HINT));
  return undefined;
}

function parseBody(text: string, pos: Pos, diagnostics: Diagnostic[]): ResponseBody | undefined {
  if (ERROR_KEYWORDS.has(text)) return { kind: 'error' };
  if (REDIRECT_KEYWORDS.has(text)) return { kind: 'redirect' };
  const parsed = parseTypeName(text, pos, 'response type');
  diagnostics.push(...parsed.diagnostics);
  return parsed.type && { kind: 'type', type: parsed.type };
}

/** `Error` may only cover 4xx–5xx statuses, `Redirect` only 3xx ones. */
function checkKeywordStatus(body: ResponseBody, keyword: string, match: StatusMatch, pos: Pos): Diagnostic | undefined {
  const { from, to } = statusInterval(match);
  const status = formatStatusMatch(match);
  if (body.kind === 'error' && (from < 400 || to > 599)) {
    return error(
      'FW3075',
      pos,
      `${keyword} response on ${status}: ${keyword} is only allowed on 4xx and 5xx statuses`,
      `use a status from 400 to 599, or name a response type instead of ${keyword}`,
    );
  }
  if (body.kind === 'redirect' && (from < 300 || to > 399)) {
    return error(
      'FW3075',
      pos,
      `${keyword} response on ${status}: ${keyword} is only allowed on 3xx statuses`,
      `use a status from 300 to 399, or name a response type instead of ${keyword}`,
    );
  }
  return undefined;
}

/**
 * Parses one `response=` value. `pos` is the position of `value[0]`. A bare
 * type covers 2xx, a bare `Error` 4xx and 5xx (two specifiers), a bare
 * `Redirect` 3xx; those specifiers have implicitStatus set. A bare status,
 * class or range (`204`, `2xx`, `200-299`, checked as statuses; no Go
 * identifier starts with a digit) declares an answer without a body.
 */
export function parseResponseSpecifier(value: string, pos: Pos): { specs: ResponseSpecifier[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const colon = value.indexOf(':');
  if (colon < 0 && BARE_STATUS.test(value)) {
    const match = parseStatusMatch(value, pos, diagnostics);
    return { specs: match ? [{ match, body: { kind: 'none' }, text: value, implicitStatus: false, pos }] : [], diagnostics };
  }
  if (colon < 0) {
    const body = parseBody(value, pos, diagnostics);
    if (!body) return { specs: [], diagnostics };
    const digits = body.kind === 'error' ? [4, 5] : body.kind === 'redirect' ? [3] : [2];
    return {
      specs: digits.map((digit) => ({ match: { kind: 'class', digit }, body, text: value, implicitStatus: true, pos })),
      diagnostics,
    };
  }
  const statusText = value.slice(0, colon);
  const bodyText = value.slice(colon + 1);
  const bodyPos = posAt(pos, value, colon + 1);
  if (statusText === '') diagnostics.push(error('FW3076', pos, `missing status before ":" in "${value}"`, STATUS_FORMS_HINT));
  if (bodyText === '')
    diagnostics.push(
      error(
        'FW3077',
        bodyPos,
        `missing response type after ":" in "${value}"`,
        `write ${statusText || '200'}:TypeName, or ${statusText || '200'}:Error / Redirect`,
      ),
    );
  const match = statusText === '' ? undefined : parseStatusMatch(statusText, pos, diagnostics);
  const body = bodyText === '' ? undefined : parseBody(bodyText, bodyPos, diagnostics);
  if (!match || !body) return { specs: [], diagnostics };
  const keywordProblem = checkKeywordStatus(body, bodyText, match, pos);
  if (keywordProblem) return { specs: [], diagnostics: [...diagnostics, keywordProblem] };
  return { specs: [{ match, body, text: value, implicitStatus: false, pos }], diagnostics };
}

/** 0 for exact, 1 for range, 2 for class: lower wins. */
function precedenceRank(match: StatusMatch): number {
  return match.kind === 'exact' ? 0 : match.kind === 'range' ? 1 : 2;
}

function width(match: StatusMatch): number {
  const { from, to } = statusInterval(match);
  return to - from + 1;
}

/** Negative when `a` takes precedence over `b`, 0 when they are equal. */
function comparePrecedence(a: StatusMatch, b: StatusMatch): number {
  return precedenceRank(a) - precedenceRank(b) || width(a) - width(b);
}

function covers(match: StatusMatch, status: number): boolean {
  const { from, to } = statusInterval(match);
  return status >= from && status <= to;
}

/** The specifier that answers `status`: exact, then narrowest range, then class; the first declared among equals. */
export function selectResponse(specs: readonly ResponseSpecifier[], status: number): ResponseSpecifier | undefined {
  let best: ResponseSpecifier | undefined;
  for (const spec of specs) {
    if (covers(spec.match, status) && (!best || comparePrecedence(spec.match, best.match) < 0)) best = spec;
  }
  return best;
}

function formatStatuses(from: number, to: number): string {
  return from === to ? `status ${from}` : `statuses ${from}-${to}`;
}

/**
 * Checks the specifiers of one route together: equal-precedence overlaps are
 * errors (reported at the later specifier, naming both); a specifier that no
 * status selects (shadowed by more specific ones) is a warning.
 */
export function checkResponseSet(specs: readonly ResponseSpecifier[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  specs.forEach((later, j) => {
    for (const earlier of specs.slice(0, j)) {
      if (comparePrecedence(earlier.match, later.match) !== 0) continue;
      const a = statusInterval(earlier.match);
      const b = statusInterval(later.match);
      const from = Math.max(a.from, b.from);
      const to = Math.min(a.to, b.to);
      if (from > to) continue;
      diagnostics.push({
        ...error(
          'FW3078',
          later.pos,
          `response specifiers "${earlier.text}" and "${later.text}" both cover ${formatStatuses(from, to)}`,
          'keep one of them, or give one a more specific status (an exact status beats a range, a narrower range beats a wider one, a range beats a class)',
        ),
        related: [{ pos: earlier.pos, message: `"${earlier.text}" declared here` }],
      });
    }
  });
  for (const spec of specs) {
    const { from, to } = statusInterval(spec.match);
    let used = false;
    for (let status = from; status <= to && !used; status++) used = selectResponse(specs, status) === spec;
    if (!used && !isDuplicateOfEarlier(specs, spec)) {
      diagnostics.push(
        warning(
          'FW3079',
          spec.pos,
          `response specifier "${spec.text}" is never used: more specific specifiers cover all of ${formatStatusMatch(spec.match)}`,
          'remove it, or narrow the specifiers that hide it',
        ),
      );
    }
  }
  return diagnostics;
}

/** A specifier hidden only by an equal-precedence twin already got an error; no warning on top. */
function isDuplicateOfEarlier(specs: readonly ResponseSpecifier[], spec: ResponseSpecifier): boolean {
  const { from, to } = statusInterval(spec.match);
  for (let status = from; status <= to; status++) {
    const chosen = selectResponse(specs, status);
    if (chosen && chosen !== spec && comparePrecedence(chosen.match, spec.match) === 0) return true;
  }
  return false;
}
