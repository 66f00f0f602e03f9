import type { JsonForm } from '../workspace/json-form';
import type { MarshalMethod, Marshaler, NamedType, ResolvedStruct, ResolvedType } from './resolved-types';

/** What method-set lookups need of the type resolver. */
export interface MethodLookup {
  structOf(t: ResolvedType): ResolvedStruct | undefined;
  /** The named type of `id`, resolved (so that its methods and form are known). */
  resolvedNamed(id: string): NamedType | undefined;
}

/**
 * What encoding/json calls for a value of type `t` instead of encoding it
 * field by field, by Go's method sets: a pointer receiver's method belongs to
 * addressable values only (reached through a pointer or a slice element;
 * decoding always is), embedded fields' methods are promoted (the shallowest
 * wins, two at one depth cancel out), and a defined type has only the
 * methods it declares. Encoding looks for MarshalJSON, then MarshalText;
 * decoding for UnmarshalJSON, then UnmarshalText.
 */
export function marshalerOf(types: MethodLookup, t: ResolvedType, addressable: boolean, decode: boolean): Marshaler | undefined {
  const json: MarshalMethod = decode ? 'UnmarshalJSON' : 'MarshalJSON';
  const text: MarshalMethod = decode ? 'UnmarshalText' : 'MarshalText';
  const found = findMethod(types, t, json, addressable || decode) ?? findMethod(types, t, text, addressable || decode);
  if (!found) return undefined;
  if (found.form) return { kind: 'form', owner: found.owner ?? '', form: found.form };
  if (found.owner === undefined) return { kind: 'time', owner: 'time.Time' };
  return { kind: found.method === json ? 'json' : 'text', owner: found.owner };
}

/** `method` in the method set of `t` (addressable or not): the declaring type's name, undefined for time.Time. */
function findMethod(
  types: MethodLookup,
  t: ResolvedType,
  method: MarshalMethod,
  addressable: boolean,
): { method: MarshalMethod; owner: string | undefined; form?: JsonForm } | undefined {
  // Depth 0: the type's own methods.
  const own = declared(types, t, method);
  if (own) return own.inSet(addressable) ? { method, owner: own.owner, form: own.form } : undefined;
  // Promoted methods, breadth first through embedded fields.
  let level: { type: ResolvedType; addressable: boolean }[] = [{ type: t, addressable }];
  const seen = new Set<string>();
  for (let depth = 0; depth < 32 && level.length > 0; depth++) {
    const next: typeof level = [];
    const candidates: { inSet: boolean; owner: string | undefined; form?: JsonForm }[] = [];
    for (const { type, addressable: addr } of level) {
      if (type.kind === 'named') {
        if (seen.has(type.id)) continue;
        seen.add(type.id);
      }
      for (const f of types.structOf(type)?.fields ?? []) {
        if (!f.embedded) continue;
        const viaPointer = f.type.kind === 'pointer';
        const inner = f.type.kind === 'pointer' ? f.type.elem : f.type;
        const fieldAddressable = viaPointer || addr;
        const found = declared(types, inner, method);
        if (found) candidates.push({ inSet: found.inSet(fieldAddressable), owner: found.owner, form: found.form });
        else next.push({ type: inner, addressable: fieldAddressable });
      }
    }
    if (candidates.length === 1) return candidates[0]!.inSet ? { method, owner: candidates[0]!.owner, form: candidates[0]!.form } : undefined;
    if (candidates.length > 1) return undefined;
    level = next;
  }
  return undefined;
}

/** `method` as declared by `t` itself (time.Time declares all four; a type of known or declared form, all four, which write that form). */
function declared(
  types: MethodLookup,
  t: ResolvedType,
  method: MarshalMethod,
): { owner: string | undefined; inSet: (addressable: boolean) => boolean; form?: JsonForm } | undefined {
  if (t.kind === 'time') return { owner: undefined, inSet: (addressable) => addressable || method.startsWith('Marshal') };
  if (t.kind === 'mapped')
    return t.receiver === 'none' ? undefined : { owner: t.name, inSet: (addressable) => t.receiver === 'value' || addressable, form: t.form };
  if (t.kind !== 'named') return undefined;
  const info = types.resolvedNamed(t.id);
  if (info?.form) return { owner: info.name, inSet: () => true, form: info.form };
  const receiver = info?.methods?.get(method);
  if (!info || !receiver) return undefined;
  return { owner: info.name, inSet: (addressable) => receiver === 'value' || addressable };
}
