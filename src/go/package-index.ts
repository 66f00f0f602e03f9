import type { GoConstDecl } from './ast';
import type { GoPackage } from './package';
import type { MarshalMethod } from './resolved-types';

/** What the type resolver looks up per package: the marshaling methods of each type, and the typed consts by type name (source order). */
export interface PackageIndex {
  methods: Map<string, Map<MarshalMethod, 'value' | 'pointer'>>;
  consts: Map<string, GoConstDecl[]>;
}

const MARSHAL_METHODS: ReadonlySet<string> = new Set<MarshalMethod>(['MarshalJSON', 'MarshalText', 'UnmarshalJSON', 'UnmarshalText']);

/** The index of `pkg`, from one pass over its files. */
export function indexPackage(pkg: GoPackage): PackageIndex {
  const index: PackageIndex = { methods: new Map(), consts: new Map() };
  for (const file of pkg.files) {
    for (const fn of file.funcs) {
      const receiver = fn.receiver;
      if (receiver === undefined || !MARSHAL_METHODS.has(fn.name)) continue;
      let methods = index.methods.get(receiver.typeName);
      if (!methods) index.methods.set(receiver.typeName, (methods = new Map()));
      methods.set(fn.name as MarshalMethod, receiver.pointer ? 'pointer' : 'value');
    }
    for (const c of file.consts) {
      if (c.typeName === undefined) continue;
      const list = index.consts.get(c.typeName) ?? [];
      list.push(c);
      index.consts.set(c.typeName, list);
    }
  }
  return index;
}
