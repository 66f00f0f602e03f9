import type { NamedType, ResolvedType } from './resolved-types';

/** A type argument spelled out, to tell instantiations apart (`<path>.Page[<path>.User]`). */
export function instantiationKey(t: ResolvedType): string {
  switch (t.kind) {
    case 'basic':
      return t.name;
    case 'named':
      return t.id;
    case 'pointer':
      return `*${instantiationKey(t.elem)}`;
    case 'slice':
      return `[]${instantiationKey(t.elem)}`;
    case 'array':
      return `[${t.length ?? '?'}]${instantiationKey(t.elem)}`;
    case 'map':
      return `map[${instantiationKey(t.key)}]${instantiationKey(t.value)}`;
    case 'struct':
      return `struct{${t.struct.fields.map((f) => `${f.name} ${instantiationKey(f.type)} ${JSON.stringify(f.tag)}`).join(';')}}`;
    case 'unknown':
      return `unknown(${t.reason})`;
    case 'mapped':
      return t.name;
    default:
      return t.kind;
  }
}

/** A type argument as part of an instantiation's name: `User`, `String`, `UserList`, `StringIntMap`. */
export function instantiationName(t: ResolvedType, named: ReadonlyMap<string, NamedType>): string {
  const name = (inner: ResolvedType) => instantiationName(inner, named);
  switch (t.kind) {
    case 'basic':
      return t.name.charAt(0).toUpperCase() + t.name.slice(1);
    case 'named':
      return named.get(t.id)?.name ?? 'Named';
    case 'pointer':
      return name(t.elem);
    case 'slice':
      return `${name(t.elem)}List`;
    case 'array':
      return `${name(t.elem)}Array`;
    case 'map':
      return `${name(t.key)}${name(t.value)}Map`;
    case 'struct':
      return 'Struct';
    case 'rawJson':
      return 'RawMessage';
    case 'mapped':
      return t.name.slice(t.name.lastIndexOf('.') + 1);
    default:
      return t.kind.charAt(0).toUpperCase() + t.kind.slice(1);
  }
}
