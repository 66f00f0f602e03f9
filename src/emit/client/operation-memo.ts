import { createHash } from 'node:crypto';
import type { HttpMethod } from '../../annotations/types';
import type { TypeResolver } from '../../go/type-resolver';
import type { RouteModel } from '../../model/model';
import { sameObjects } from '../emitter';
import type { KeptOperation, KeptOperations } from './client-memo';
import type { OperationPlan } from '../operation-plan';
import type { SchemaRegistry } from './schemas';

/** What the memo reads of a named operation (../operation-names.ts). */
export interface MemoOperation {
  route: RouteModel;
  method: HttpMethod;
  className: string;
  methodName: string;
  baseName: string;
}

/**
 * The operations' texts, each kept from the memo (where planning left its
 * entry) when its digest and the names it refers to are the same, else
 * printed.
 */
export function* memoizedTexts<Op extends MemoOperation>(
  operations: readonly Op[],
  memo: KeptOperations,
  registry: SchemaRegistry,
  print: (op: Op) => string,
): Iterable<string> {
  const names = registry.allNames;
  for (const op of operations) {
    const kept = memo.get(op.baseName)!;
    // An entry kept from the last run has the same digest; under the same names, its key is the same too.
    if (kept.text !== undefined && kept.keyNames === names) {
      yield kept.text;
      continue;
    }
    const key = `${kept.digest} ${kept.refs.map((id) => registry.typeName(id)).join(',')}`;
    if (kept.key !== key || kept.text === undefined) {
      kept.text = print(op);
      kept.key = key;
    }
    kept.keyNames = names;
    yield kept.text;
  }
}

/**
 * The entries of `memo` that can stand for planning `operations` again
 * (undefined where one cannot): those planned from the same objects
 * (`sources`, by plannedFrom). None can when an operation that reported a
 * diagnostic is planned again or gone: the resolver and the mapper report a
 * diagnostic once per run, with the first operation that met it, so another
 * operation that would report it too may hold it only through that one.
 */
export function keptPlans(
  operations: readonly MemoOperation[],
  sources: readonly (readonly unknown[] | undefined)[],
  memo: KeptOperations,
): (KeptOperation | undefined)[] {
  const current = new Set<string>();
  let lost = false;
  const kept = operations.map((op, i) => {
    current.add(op.baseName);
    const entry = memo.get(op.baseName);
    const from = sources[i];
    if (entry?.sources !== undefined && from !== undefined && sameObjects(entry.sources, from)) return entry;
    if (entry && entry.diagnostics.length > 0) lost = true;
    return undefined;
  });
  for (const [name, entry] of memo) if (!current.has(name) && entry.diagnostics.length > 0) lost = true;
  return lost ? kept.map(() => undefined) : kept;
}

/**
 * The objects an operation is planned from: its route, names, zod flavour and
 * the resolved named types of its request and responses. fw watch resolves
 * again, as new objects, every changed package and every package importing
 * one, so while these objects are the same, so is the plan. Undefined when a
 * type is not a resolved named type (the digest is then always computed).
 */
export function plannedFrom(op: MemoOperation, zodType: string, resolver: TypeResolver): unknown[] | undefined {
  const sources: unknown[] = [op.route, op.method, op.className, op.methodName, zodType];
  for (const ref of [op.route.request, ...op.route.responses.map((r) => r.type)]) {
    if (!ref) continue;
    const t = resolver.resolveRef(ref);
    const info = t.kind === 'named' ? resolver.named.get(t.id) : undefined;
    if (!info) return undefined;
    sources.push(info);
  }
  return sources;
}

/**
 * A digest of what an operation's text is printed from but the names of the
 * types it refers to (its plan refers to them by id). A response's statuses
 * follow from the ranges in order, which keep the text short.
 */
export function inputDigest(op: MemoOperation, plan: OperationPlan, zodType: string): string {
  const responses = plan.responses.map((r) => [r.from, r.to, r.kind, r.body ?? null]);
  const text = JSON.stringify([
    op.className,
    op.methodName,
    op.baseName,
    zodType,
    op.method,
    op.route.path.text,
    op.route.path.segments,
    op.route.description,
    plan.bodyKind,
    plan.requestOptional,
    plan.request,
    responses,
  ]);
  return createHash('sha256').update(text).digest('base64');
}
