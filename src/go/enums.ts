import type { GoConstDecl } from './ast';
import { integerConstValue, stringConstValue } from './const-values';
import { type EnumValue, INTEGER_KINDS, type NamedType, type ResolvedType } from './resolved-types';

/**
 * The values of a string or integer named type: the consts of that type
 * declared in its own package (`consts`, in source order), without `_` and
 * repeated values. Undefined when there are none, or when one's value cannot
 * be computed (then `unreadable` is told, and the type is no enum).
 */
export function enumValues(
  info: NamedType,
  underlying: ResolvedType,
  consts: readonly GoConstDecl[],
  unreadable: (c: GoConstDecl, message: string, hint: string) => void,
): EnumValue[] | undefined {
  const u = underlying;
  if (u.kind !== 'basic' || (u.name !== 'string' && !INTEGER_KINDS.has(u.name))) return undefined;
  const values: EnumValue[] = [];
  const seen = new Set<string | number>();
  for (const c of consts) {
    if (c.name === '_') continue;
    const value = u.name === 'string' ? stringConstValue(c, info.name) : integerConstValue(c, info.name);
    if (value === undefined) {
      unreadable(
        c,
        `fw cannot compute the value of const ${c.name} (${c.value ?? 'a complex expression'}); type ${info.name} is not treated as an enum`,
        'write the value as a literal, iota, or iota + N',
      );
      return undefined;
    }
    if (seen.has(value)) continue;
    seen.add(value);
    values.push({ name: c.name, value });
  }
  return values.length > 0 ? values : undefined;
}
