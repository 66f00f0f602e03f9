/**
 * The regular expressions of the validator rules fw mirrors on strings, as
 * JavaScript (the client) and JSON Schema (`pattern`, read with the `u`
 * flag) read them. Each means exactly what go-playground/validator v10 does
 * for a string, test/e2e/validate-oracle.e2e.test.ts proving it sample by
 * sample:
 * - the validator's own expressions (its regexes.go) that are ASCII only
 *   and the same in RE2 and JavaScript (`uuid` and `e164` are not listed:
 *   their expressions changed after v10.26.0, so a client could refuse what
 *   a newer server accepts);
 * - `boolean`: the twelve texts strconv.ParseBool reads;
 * - `ip`, `ipv4`, `ipv6`, `cidr`: the grammar of Go's net.ParseIP and
 *   net.ParseCIDR (netip.ParseAddr: no leading zeros in IPv4 fields, at
 *   most four hex digits a group, one `::` standing for at least one group,
 *   an embedded IPv4 address only at the end, no zone). The validator's
 *   `ipv4` is any address net.IP.To4 accepts, so an IPv4-mapped IPv6
 *   address (`::ffff:1.2.3.4`) is IPv4 and not IPv6.
 */

/** One IPv4 field: 0 to 255, without leading zeros. */
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
/** One IPv6 group: one to four hex digits, either case. */
const HEX = '[0-9a-fA-F]{1,4}';

/**
 * IPv6 text: eight groups, or six and an IPv4 address; or `l` groups, `::`
 * and at most 7 − l more (an IPv4 address at the end counting two).
 */
function ipv6(): string {
  const forms = [`(?:${HEX}:){7}${HEX}`, `(?:${HEX}:){6}${IPV4}`];
  for (let left = 0; left <= 7; left++) {
    const room = 7 - left;
    const head = left === 0 ? '::' : `(?:${HEX}:){${left}}:`;
    const tails = [room >= 1 ? `(?:${HEX}:){0,${room - 1}}${HEX}` : '', room >= 2 ? `(?:${HEX}:){0,${room - 2}}${IPV4}` : ''].filter(Boolean);
    forms.push(tails.length === 0 ? head : `${head}(?:${tails.join('|')})?`);
  }
  return `(?:${forms.join('|')})`;
}

/**
 * IPv6 text of an IPv4-mapped address (ten zero bytes, ffff, then the IPv4
 * address): five zero groups, ffff and two groups or an IPv4 address, the
 * `::` standing for some of the zero groups, or for the last one or two.
 */
function ipv4Mapped(): string {
  const zero = '0{1,4}:';
  const ffff = '[fF]{4}:';
  const heads = [`(?:${zero}){5}`, `::(?:${zero}){0,4}`];
  for (let left = 1; left <= 4; left++) heads.push(`(?:${zero}){${left}}:${left < 4 ? `(?:${zero}){0,${4 - left}}` : ''}`);
  return `(?:(?:${heads.join('|')})${ffff}(?:${HEX}:${HEX}|${IPV4})|(?:${zero}){5}${ffff}(?::(?:${HEX})?|${HEX}::))`;
}

/** The validator's own expressions that mean the same in JavaScript, and the texts of strconv.ParseBool. */
const FIXED: Readonly<Record<string, string>> = Object.freeze({
  alpha: '^[a-zA-Z]+$',
  alphanum: '^[a-zA-Z0-9]+$',
  numeric: '^[-+]?[0-9]+(?:\\.[0-9]+)?$',
  number: '^[0-9]+$',
  hexadecimal: '^(0[xX])?[0-9a-fA-F]+$',
  uuid3: '^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$',
  uuid4: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
  uuid5: '^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
  boolean: '^(?:1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$',
});

/** The expression of a rule (without a parameter) on a string; undefined when fw has none for it. */
export function stringPattern(rule: string): string | undefined {
  switch (rule) {
    case 'ip':
      return `^(?:${IPV4}|${ipv6()})$`;
    case 'ipv4':
      return `^(?:${IPV4}|${ipv4Mapped()})$`;
    case 'ipv6':
      return `^(?!${ipv4Mapped()}$)${ipv6()}$`;
    case 'cidr':
      // The prefix length: decimal, leading zeros allowed, at most the address's bits (an IPv4-mapped address has 128).
      return `^(?:${IPV4}/0*(?:3[0-2]|[12]?[0-9])|${ipv6()}/0*(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))$`;
    default:
      return Object.hasOwn(FIXED, rule) ? FIXED[rule] : undefined;
  }
}
