import type { TypeResolver } from '../../go/type-resolver';
import type { GroupModel } from '../../model/model';
import type { NamedOperation } from '../operation-names';
import type { KeptClass, KeptOperation, PlannedOperation } from './client-memo';

/**
 * `kept`, when a class of `group` named `named` would be planned from the
 * same objects as it was: the same group, names, zod flavour and resolver,
 * and none of its packages forgotten since. Entries with diagnostics are
 * never kept this way (the caller plans operation by operation then).
 */
export function sameClass(
  kept: KeptClass | undefined,
  group: GroupModel,
  named: readonly NamedOperation[],
  zodType: string,
  resolver: TypeResolver,
): kept is KeptClass {
  return (
    kept !== undefined &&
    kept.group === group &&
    kept.zodType === zodType &&
    kept.resolver === resolver &&
    (kept.named === named || sameNames(kept.named, named)) &&
    !resolver.forgotSince(kept.generation, kept.packages)
  );
}

function sameNames(a: readonly NamedOperation[], b: readonly NamedOperation[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.route === y.route && x.method === y.method && x.className === y.className && x.methodName === y.methodName && x.baseName === y.baseName;
    })
  );
}

/**
 * The class to keep after planning `operations` (their memo entries `entries`,
 * each planned from `sources[i]`), or undefined when it cannot be kept
 * whole: an operation whose types cannot be told by identity (no sources),
 * one named through an alias (its target may be in a package not among
 * those recorded), or one that reported a diagnostic.
 */
export function keptClass(
  { group, operations }: { group: GroupModel; operations: PlannedOperation[] },
  named: readonly NamedOperation[],
  entries: readonly KeptOperation[],
  sources: readonly (readonly unknown[] | undefined)[],
  zodType: string,
  resolver: TypeResolver,
): KeptClass | undefined {
  const packages = new Set<string>();
  for (const [i, op] of operations.entries()) {
    if (sources[i] === undefined || entries[i]!.diagnostics.length > 0) return undefined;
    for (const ref of [op.route.request, ...op.route.responses.map((r) => r.type)]) {
      if (!ref) continue;
      const found = ref.pkg.types.get(ref.name);
      if (!found || found.decl.alias || found.decl.typeParams.length > 0) return undefined;
      packages.add(ref.pkg.importPath);
    }
  }
  const refs = new Set<string>();
  const statusClasses = new Set<number>();
  for (const entry of entries) {
    for (const id of entry.refs) refs.add(id);
    for (const digit of entry.statusClasses) statusClasses.add(digit);
  }
  return {
    group,
    named,
    operations,
    zodType,
    resolver,
    generation: resolver.generation,
    packages,
    entries,
    refs: [...refs],
    statusClasses: [...statusClasses],
  };
}
