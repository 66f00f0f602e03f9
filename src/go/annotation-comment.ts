/**
 * How an annotation line is recognised in a Go comment. The parser collects
 * every comment that mentions the marker (to report stray ones); what the
 * keys and values mean is src/annotations/'s job.
 */

export const ANNOTATION_MARKER = 'fw:http_route';

// `//`, optional blanks, the marker, then a blank or the end: `// fw:http_routes` is not one.
export const ANNOTATION_PREFIX = /^\/\/[ \t]*fw:http_route(?=[ \t\r]|$)/;

/** The marker of a root's own directive: `// fw:http_root prefix=/v2`. */
export const ROOT_MARKER = 'fw:http_root';

// `//`, optional blanks, the root marker, then a blank or the end.
export const ROOT_PREFIX = /^\/\/[ \t]*fw:http_root(?=[ \t\r]|$)/;

/** True for a `//` comment whose content starts with the marker `fw:http_root`, followed by a blank or the end. */
export function isRootDirective(text: string): boolean {
  return ROOT_PREFIX.test(text);
}

/** True for a `//` comment whose content starts with the marker `fw:http_route`, followed by a blank or the end. */
export function isAnnotationComment(text: string): boolean {
  return ANNOTATION_PREFIX.test(text);
}
