/**
 * RFC 9110 §5.6.2 tokens, the names a header may have: what Go's net/http
 * and the Fetch `Headers` class both accept. Shared by `required_header=`
 * and `header:"..."` struct tags, so both refuse the same names.
 */

const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** The index (in code points) of the first character of `name` that is not a token character, or -1. */
export function firstNonTokenChar(name: string): number {
  return [...name].findIndex((c) => !TOKEN_CHAR.test(c));
}
