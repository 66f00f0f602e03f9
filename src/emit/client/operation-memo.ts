import { createHash } from 'node:crypto';
import type { HttpMethod } from '../../annotations/types';
import type { TypeResolver } from '../../go/type-resolver';
import type { RouteModel } from '../../model/model';
import { type ClientMemo, type KeptOperation, sameObjects } from '../emitter';
import { refsOf } from '../json-shape';
import type { OperationPlan } from '../operation-plan';
import type { SchemaRegistry } from './schemas';

/** What the memo reads of a named operation (./operation-names.ts). */
export interface MemoOperation {
  route: RouteModel;
  method: HttpMethod;
  className: string;
  methodName: string;
  baseName: string;
  /** With a ClientMemo: what its text is printed from (printInputs). */
  inputs?: PrintInputs;
}

/** What an operation's text is printed from, for a ClientMemo. */
export interface PrintInputs {
  /** Of everything its text depends on but the names of the types it refers to (inputDigest). */
  digest: string;
  /** The ids of the types it refers to, whose names are only known once every operation is planned. */
  refs: string[];
  /** What it was planned from, by identity (plannedFrom). */
  sources?: readonly unknown[];
}

/**
 * The operations' texts, each kept from the memo when its inputs and the
 * names it refers to are the same, else printed; the memo then holds exactly
 * these operations.
 */
export function* memoizedTexts<Op extends MemoOperation>(
  operations: readonly Op[],
  memo: ClientMemo,
  registry: SchemaRegistry,
  print: (op: Op) => string,
): Iterable<string> {
  const seen = new Set<string>();
  for (const op of operations) {
    const { digest, refs, sources } = op.inputs!;
    const key = `${digest} ${refs.map((id) => registry.typeName(id)).join(',')}`;
    let kept = memo.get(op.baseName);
    if (kept?.key !== key) kept = { key, text: print(op), digest };
    kept.sources = sources;
    memo.set(op.baseName, kept);
    seen.add(op.baseName);
    yield kept.text;
  }
  for (const name of memo.keys()) if (!seen.has(name)) memo.delete(name);
}

/** An operation's PrintInputs; the digest (~15 µs: the JSON of its plan) is reused when the memo's entry was planned from the same objects. */
export function printInputs(op: MemoOperation, plan: OperationPlan, zodType: string, resolver: TypeResolver, kept: KeptOperation | undefined): PrintInputs {
  const refs = refsOf(plan.request);
  for (const r of plan.responses) if (r.body) refsOf(r.body, refs);
  const sources = plannedFrom(op, zodType, resolver);
  const same = sources !== undefined && kept?.sources !== undefined && sameObjects(kept.sources, sources);
  return { digest: same ? kept.digest : inputDigest(op, plan, zodType), refs, sources };
}

/**
 * The objects an operation is planned from: its route, names, zod flavour and
 * the resolved named types of its request and responses. fw watch resolves
 * again, as new objects, every changed package and every package importing
 * one, so while these objects are the same, so is the plan. Undefined when a
 * type is not a resolved named type (the digest is then always computed).
 */
function plannedFrom(op: MemoOperation, zodType: string, resolver: TypeResolver): unknown[] | undefined {
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
function inputDigest(op: MemoOperation, plan: OperationPlan, zodType: string): string {
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
