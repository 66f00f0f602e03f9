import type { ResolvedType } from './resolved-types';

/**
 * What fw knows of standard-library types whose JSON form is decided by
 * encoding/json's special cases or by their own marshaling methods, which
 * fw does not read. Each entry is proved against encoding/json by
 * test/e2e/known-marshalers.e2e.test.ts (a Go program marshals values of
 * every type here, zero values included). Looked up by full name before
 * any package is searched, so a known type is exact even where its package
 * cannot be read.
 *
 * `receiver: 'pointer'` marks methods with a pointer receiver (big.Int's
 * MarshalJSON): a value that is not addressable (a struct passed to
 * json.Marshal by value) is written field by field instead, as `{}` (all of
 * these types' fields are unexported). `receiver: 'none'`: no methods;
 * encoding/json special-cases the type itself (json.Number).
 */
const STD_TYPES: Readonly<Record<string, ResolvedType>> = {
  'time.Time': { kind: 'time' },
  // No methods: an int64 of nanoseconds.
  'time.Duration': { kind: 'duration' },
  'encoding/json.RawMessage': { kind: 'rawJson' },
  'mime/multipart.FileHeader': { kind: 'file' },
  // Written as the number's digits (json.Number "" as 0), however long.
  'encoding/json.Number': mapped('encoding/json.Number', 'number', 'none'),
  // MarshalJSON writes the decimal digits, of any size: a JSON number beyond float64's exact integers.
  'math/big.Int': mapped('math/big.Int', 'number', 'pointer'),
  // MarshalText: `1.5`, `+Inf`, `1/3`.
  'math/big.Float': mapped('math/big.Float', 'string', 'pointer'),
  'math/big.Rat': mapped('math/big.Rat', 'string', 'pointer'),
  // `INFO`, `DEBUG-4`, `ERROR+2`.
  'log/slog.Level': mapped('log/slog.Level', 'string', 'value'),
  'log/slog.LevelVar': mapped('log/slog.LevelVar', 'string', 'pointer'),
  // MarshalText; the zero values are "".
  'net.IP': mapped('net.IP', 'string', 'value'),
  'net/netip.Addr': mapped('net/netip.Addr', 'string', 'value'),
  'net/netip.AddrPort': mapped('net/netip.AddrPort', 'string', 'value'),
  'net/netip.Prefix': mapped('net/netip.Prefix', 'string', 'value'),
  // MarshalText: the expression.
  'regexp.Regexp': mapped('regexp.Regexp', 'string', 'pointer'),
};

function mapped(name: string, type: 'string' | 'number', receiver: 'value' | 'pointer' | 'none'): ResolvedType {
  return { kind: 'mapped', name, form: { type }, receiver };
}

/** The built-in description of the standard-library type `importPath.name`, if fw has one. */
export function knownStdType(importPath: string, name: string): ResolvedType | undefined {
  return knownStdTypeNamed(`${importPath}.${name}`);
}

/** knownStdType by full name (`math/big.Int`). */
export function knownStdTypeNamed(fullName: string): ResolvedType | undefined {
  return Object.hasOwn(STD_TYPES, fullName) ? STD_TYPES[fullName] : undefined;
}

/** Every full name in the table, for tests and docs. */
export const KNOWN_STD_TYPES: readonly string[] = Object.keys(STD_TYPES);
