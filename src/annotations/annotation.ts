import { ANNOTATION_KEYS, type AnnotationToken, tokenizeAnnotation } from './tokens';
import { type Diagnostic, type Pos, error, hasErrors } from '../diagnostics/diagnostics';
import { GO_KEYWORDS, isGoIdentifier } from '../go/names';
import { firstNonTokenChar } from '../go/http-token';
import { checkResponseSet, parseResponseSpecifier } from './response-specifiers';
import { parseRoutePath } from './route-path';
import { closestMatch } from '../diagnostics/suggest';
import { posAt, spanOf } from '../diagnostics/text-pos';
import { parseTypeName } from './type-name';
import { HTTP_METHODS, type HttpMethod, type ResponseSpecifier, type RouteAnnotation, type RoutePath, type TypeName } from './types';

/**
 * One annotation line → RouteAnnotation (docs/annotations.md).
 * The line is checked on its own: whether the named types exist, and how
 * lines relate to each other, is decided later. Every problem of the line is
 * reported, not only the first.
 */

const REPEATABLE: ReadonlySet<string> = new Set(['response', 'required_header']);
const VALID_KEYS = `valid keys: ${ANNOTATION_KEYS.join(', ')}`;
const METHODS_HINT = `supported methods: ${HTTP_METHODS.join(', ')}`;

function isHttpMethod(text: string): text is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(text);
}

/** Splits `text` at commas, trimming blanks, with each item's offset in `text`. */
function splitList(text: string): { item: string; offset: number }[] {
  const items: { item: string; offset: number }[] = [];
  let offset = 0;
  for (const raw of text.split(',')) {
    const lead = raw.length - raw.trimStart().length;
    items.push({ item: raw.trim(), offset: offset + lead });
    offset += raw.length + 1;
  }
  return items;
}

function checkMethod(item: string, at: Pos): Diagnostic | undefined {
  if (isHttpMethod(item)) return undefined;
  const upper = item.toUpperCase();
  if (isHttpMethod(upper)) return error('FW3020', spanOf(at, item), `method "${item}" must be upper case`, `write ${upper}`);
  const guess = closestMatch(item, HTTP_METHODS);
  return error('FW3021', spanOf(at, item), `unknown HTTP method "${item}"`, guess ? `did you mean ${guess}? ${METHODS_HINT}` : METHODS_HINT);
}

/** `GET` or `[GET, POST]` (V2, V6). */
export function parseMethods(value: string, pos: Pos): { methods?: HttpMethod[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const bracketed = value.startsWith('[');
  let inner = value;
  let innerOffset = 0;
  if (bracketed) {
    const close = value.lastIndexOf(']');
    if (close !== value.length - 1) {
      diagnostics.push(
        error('FW3022', posAt(pos, value, close + 1), `unexpected text after "]" in method list "${value}"`, 'end the list with "]", e.g. method=[GET,POST]'),
      );
    }
    inner = value.slice(1, close);
    innerOffset = 1;
    if (inner.trim() === '') {
      diagnostics.push(error('FW3023', pos, 'empty method list', 'list at least one method, e.g. method=[GET,POST], or remove method= to get GET'));
      return { diagnostics };
    }
  }
  const items = splitList(inner);
  if (!bracketed && items.length > 1) {
    diagnostics.push(error('FW3024', pos, `several methods must be enclosed in brackets: "${value}"`, `write method=[${value}]`));
  }
  const methods: HttpMethod[] = [];
  for (const { item, offset } of items) {
    const at = posAt(pos, value, innerOffset + offset);
    if (item === '') {
      // Point at the comma that introduced the empty entry (for the first entry, the one after it).
      const comma = posAt(pos, value, innerOffset + (offset > 0 ? offset - 1 : offset));
      diagnostics.push(error('FW3025', comma, 'empty entry in method list', 'remove the extra ","'));
      continue;
    }
    const problem = checkMethod(item, at);
    if (problem) diagnostics.push(problem);
    else if (methods.includes(item as HttpMethod)) diagnostics.push(error('FW3026', at, `duplicate method "${item}"`, 'list each method once'));
    else methods.push(item as HttpMethod);
  }
  return hasErrors(diagnostics) ? { diagnostics } : { methods: methods.slice(), diagnostics };
}

/** `name=`: a Go identifier (it names Go and TypeScript functions). */
function checkRouteName(value: string, pos: Pos): Diagnostic | undefined {
  if (isGoIdentifier(value)) return undefined;
  const why = GO_KEYWORDS.has(value) ? `"${value}" is a Go keyword` : 'not a Go identifier';
  return error(
    'FW3030',
    spanOf(pos, value),
    `invalid route name "${value}": ${why}`,
    'a route name is a Go identifier: a letter or "_", then letters, digits or "_", e.g. name=GetUser',
  );
}

/** `required_header=`: an RFC 9110 token. */
function checkHeaderName(value: string, pos: Pos): Diagnostic | undefined {
  const bad = firstNonTokenChar(value);
  if (bad < 0) return undefined;
  const offending = [...value].slice(0, bad).join('');
  const c = [...value][bad] ?? '';
  return error(
    'FW3031',
    posAt(pos, value, offending.length),
    `invalid header name "${value}": "${c}" is not allowed in a header name`,
    "a header name is an RFC 9110 token: letters, digits and !#$%&'*+-.^_`|~, e.g. required_header=Authorization",
  );
}

/** Everything gathered from the tokens of one line. */
interface Collected {
  path?: { path: RoutePath; pos: Pos };
  pathSeen: boolean;
  methods?: { methods: HttpMethod[]; pos: Pos };
  request?: { type: TypeName; pos: Pos };
  responses: ResponseSpecifier[];
  name?: { value: string; pos: Pos };
  requiredHeaders: { value: string; pos: Pos }[];
}

/** Interprets one token's value according to its key. */
function collect(token: AnnotationToken, into: Collected, diagnostics: Diagnostic[]): void {
  const { key, value, valuePos } = token;
  switch (key) {
    case 'path': {
      const parsed = parseRoutePath(value, valuePos);
      diagnostics.push(...parsed.diagnostics);
      if (parsed.path) into.path = { path: parsed.path, pos: valuePos };
      return;
    }
    case 'method': {
      const parsed = parseMethods(value, valuePos);
      diagnostics.push(...parsed.diagnostics);
      if (parsed.methods) into.methods = { methods: parsed.methods, pos: valuePos };
      return;
    }
    case 'request': {
      const parsed = parseTypeName(value, valuePos, 'request type');
      diagnostics.push(...parsed.diagnostics);
      if (parsed.type) into.request = { type: parsed.type, pos: valuePos };
      return;
    }
    case 'response': {
      const parsed = parseResponseSpecifier(value, valuePos);
      diagnostics.push(...parsed.diagnostics);
      into.responses.push(...parsed.specs);
      return;
    }
    case 'name': {
      const problem = checkRouteName(value, valuePos);
      if (problem) diagnostics.push(problem);
      else into.name = { value, pos: valuePos };
      return;
    }
    case 'required_header': {
      const problem = checkHeaderName(value, valuePos);
      if (problem) {
        diagnostics.push(problem);
        return;
      }
      const first = into.requiredHeaders.find((h) => h.value.toLowerCase() === value.toLowerCase());
      if (first) {
        diagnostics.push({
          ...error(
            'FW3032',
            valuePos,
            `duplicate required_header "${value}"`,
            `header names are case-insensitive and "${first.value}" is already required; remove one`,
          ),
          related: [{ pos: first.pos, message: `"${first.value}" required here` }],
        });
      } else {
        into.requiredHeaders.push({ value, pos: valuePos });
      }
      return;
    }
  }
}

function duplicateKeyHint(key: string): string {
  if (key === 'method') return 'give several methods in one list, e.g. method=[GET,POST]';
  return `remove one; to declare another route for this handler, add another "// fw:http_route" line`;
}

/**
 * Parses one annotation comment. `text` is the comment as written (starting
 * with `//`) and `pos` the position of its first `/`. The annotation is
 * returned only when the line has no errors; otherwise `typeNames` holds the
 * request and response types the line names correctly, so that the model
 * still reports those that are not declared in the same run.
 */
export function parseAnnotation(
  text: string,
  pos: Pos,
): { annotation?: RouteAnnotation; typeNames?: { type: TypeName; pos: Pos; role: 'request' | 'response' }[]; diagnostics: Diagnostic[] } {
  const tokenized = tokenizeAnnotation(text, pos);
  const diagnostics = [...tokenized.diagnostics];
  const collected: Collected = { pathSeen: false, responses: [], requiredHeaders: [] };
  const firstSeen = new Map<string, Pos>();
  for (const token of tokenized.tokens) {
    if (!(ANNOTATION_KEYS as readonly string[]).includes(token.key)) {
      const guess = closestMatch(token.key, ANNOTATION_KEYS);
      diagnostics.push(
        error(
          'FW3010',
          spanOf(token.keyPos, token.key),
          `unknown annotation key "${token.key}"`,
          guess ? `did you mean "${guess}"? ${VALID_KEYS}` : VALID_KEYS,
        ),
      );
      continue;
    }
    const first = firstSeen.get(token.key);
    if (first && !REPEATABLE.has(token.key)) {
      diagnostics.push({
        ...error(
          'FW3011',
          spanOf(token.keyPos, token.key),
          `duplicate key "${token.key}": it may appear once per annotation line`,
          duplicateKeyHint(token.key),
        ),
        related: [{ pos: first, message: `first "${token.key}=" here` }],
      });
      continue;
    }
    if (!first) firstSeen.set(token.key, token.keyPos);
    if (token.key === 'path') collected.pathSeen = true;
    if (token.valueOk) collect(token, collected, diagnostics);
  }
  if (!collected.pathSeen) {
    diagnostics.push(error('FW3012', tokenized.markerPos, 'missing required key "path"', 'every route needs a path, e.g. path=/users/{id}'));
  }
  diagnostics.push(...checkResponseSet(collected.responses));
  if (hasErrors(diagnostics) || !collected.path) {
    const typeNames = [
      ...(collected.request ? [{ ...collected.request, role: 'request' as const }] : []),
      ...collected.responses.flatMap((r) => (r.body.kind === 'type' ? [{ type: r.body.type, pos: r.pos, role: 'response' as const }] : [])),
    ];
    return { diagnostics, typeNames };
  }
  return {
    annotation: {
      pos: tokenized.markerPos,
      path: collected.path.path,
      pathPos: collected.path.pos,
      methods: collected.methods?.methods ?? ['GET'],
      ...(collected.methods && { methodPos: collected.methods.pos }),
      ...(collected.request && { request: collected.request }),
      responses: collected.responses.slice(),
      ...(collected.name && { name: collected.name }),
      requiredHeaders: collected.requiredHeaders.slice(),
    },
    diagnostics,
  };
}
