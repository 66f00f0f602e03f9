/**
 * The one definition of what each mirrored rule means for a value: the body
 * of the client's `fwBrokenRule(value: unknown, rules: FwRuleSet)`
 * (./client/zod-facade.ts.hbs prints it), and, compiled here, what fw asks
 * at generation time (whether a field's zero value breaks its rules, which
 * makes the property required). It is JavaScript that type-checks as
 * TypeScript with those parameter types, so both read the same text.
 *
 * The first rule a value breaks, as the validator judges it: a string is
 * measured in code points (Go's runes), a list or map by its count, a
 * number by its value. Nil (null, absent) is left to the property's schema,
 * which allows it only where the rules do.
 */
export const BROKEN_RULE_BODY = `  if (value === undefined || value === null) return undefined;
  if (rules.omitempty && !rules.pointer && (value === '' || value === 0 || value === false)) return undefined;
  const size =
    typeof value === 'string' ? [...value].length : typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : Array.isArray(value) ? value.length : Object.keys(value).length;
  const text = typeof value === 'string' ? value : '';
  for (const c of rules.checks) {
    const n = c.n ?? 0;
    const s = c.s ?? '';
    const ok =
      c.op === 'size>=' ? size >= n
      : c.op === 'size<=' ? size <= n
      : c.op === 'size>' ? size > n
      : c.op === 'size<' ? size < n
      : c.op === 'size==' ? size === n
      : c.op === 'size!=' ? size !== n
      : c.op === 'is' ? value === s
      : c.op === 'isnot' ? value !== s
      : c.op === 'in' ? (c.values ?? []).some((v) => v === value)
      : c.op === 'match' ? new RegExp(c.pattern ?? '').test(text)
      : c.op === 'contains' ? text.includes(s)
      : c.op === 'excludes' ? !text.includes(s)
      : c.op === 'prefix' ? text.startsWith(s)
      : c.op === 'suffix' ? text.endsWith(s)
      // required: not the zero value; a non-nil list, map or pointer has a value.
      : rules.kind === 'count' || rules.pointer || (size !== 0 && value !== '');
    if (!ok) return c.rule;
  }
  // dive: each element in turn (a nil one is left to the element's schema).
  if (rules.each && typeof value === 'object') {
    for (const element of Object.values(value)) {
      const broken = fwBrokenRule(element, rules.each);
      if (broken !== undefined) return broken;
    }
  }
  return undefined;`;

/** What the body reads of a field's rules: ./constraints.ts's FieldChecks, the client's FwRuleSet. */
export interface RuleSet {
  kind: string;
  pointer: boolean;
  omitempty: boolean;
  checks: readonly { rule: string; op: string; n?: number; s?: string; values?: readonly (string | number)[]; pattern?: string }[];
  /** `dive`: each element's rules. */
  each?: RuleSet;
}

/** The rule a value breaks (the client's fwBrokenRule, from the same text), undefined when it passes. */
export function brokenRule(value: unknown, rules: RuleSet): string | undefined {
  // Named as in the client, where the body calls itself for the elements after dive.
  const check = new Function('value', 'rules', `return (function fwBrokenRule(value, rules) {\n${BROKEN_RULE_BODY}\n})(value, rules);`) as (
    value: unknown,
    rules: RuleSet,
  ) => string | undefined;
  return check(value, rules);
}
