import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { TypeResolver } from '../../go/type-resolver';
import type { RootModel, WorkspaceModel } from '../../model/model';
import type { ClientMemo, KeptOperation } from './client-memo';
import { type JsonShapes, refsOf } from '../json-shape';
import { bodylessWarnings, type OperationPlan, type OperationPlanner } from '../operation-plan';
import { type NamedClass, type NamedOperation, operationNames } from '../operation-names';
import { SharedPlans } from '../shared-plans';
import { inputDigest, keptPlans, plannedFrom } from './operation-memo';
import { ResultTypes } from './result-types';
import { runtimeNames } from './runtime-names';
import { type SchemaDecl, SchemaRegistry } from './schemas';

/**
 * Every decision about a client module (names, schemas, status classes,
 * diagnostics), made from each operation's plan, which is then dropped (the
 * plans of 10k operations take ~25 MB): printing plans each operation again,
 * from the same model and the resolver's and mapper's caches. With a memo
 * (`fw watch`), an operation planned from the same objects as in the last
 * run is not planned again (./operation-memo.ts keptPlans).
 */
export interface ClientPlan {
  classes: ClassPlan[];
  prefixes: Map<RootModel, string>;
  schemas: SchemaDecl[];
  registry: SchemaRegistry;
  mapper: JsonShapes;
  planner: OperationPlanner;
  results: ResultTypes;
  zodType: string;
}

/** An operation of the client: its names (../operation-names.ts), and whether its request may be left out. */
export interface Operation extends NamedOperation {
  requestOptional: boolean;
  /** The ids of the named types its request and responses refer to directly; kept only for a split client (./split-layout.ts). */
  refs?: readonly string[];
}

/** A client class and its operations. */
export type ClassPlan = NamedClass<Operation>;

/** Plans the client of `model` from the run's shared plans (made here when not given); errors and warnings go to `diagnostics`. */
export function planClient(
  model: WorkspaceModel,
  resolver: TypeResolver,
  zodType: string,
  memo: ClientMemo | undefined,
  diagnostics: Diagnostic[],
  plans: SharedPlans = new SharedPlans(model, resolver),
  keepRefs = false,
): ClientPlan {
  const mapper = plans.jsonShapes();
  const run: ClassRun = {
    registry: new SchemaRegistry(mapper, memo?.shapes),
    planner: plans.operationPlanner(),
    results: new ResultTypes(),
    resolver,
    zodType,
    memo,
    diagnostics,
    keepRefs,
  };
  const prefixes = new Map(plans.rootPrefixes());
  // The client's own copy of each class: planning marks which requests may be left out.
  const classes: ClassPlan[] = plans.operationNames().map((c) => ({ ...c, operations: c.operations.map((op) => ({ ...op, requestOptional: false })) }));
  for (const root of model.roots) for (const group of root.groups) for (const route of group.routes) diagnostics.push(...bodylessWarnings(route));
  diagnostics.push(...plans.diagnostics);
  planOperations(
    run,
    classes.flatMap((c) => c.operations),
  );
  const reserved = new Set([...runtimeNames(), ...operationNames(classes)]);
  const schemas = run.registry.finish(reserved, true, memo);
  return { classes, prefixes, schemas, registry: run.registry, mapper, planner: run.planner, results: run.results, zodType };
}

/** What planning one run's classes shares. */
interface ClassRun {
  registry: SchemaRegistry;
  planner: OperationPlanner;
  results: ResultTypes;
  resolver: TypeResolver;
  zodType: string;
  memo: ClientMemo | undefined;
  diagnostics: Diagnostic[];
  /** Whether each operation keeps the ids of the types it refers to (Operation.refs). */
  keepRefs: boolean;
}

/**
 * Plans every operation, in order: its schemas and status classes
 * registered, its diagnostics reported. With a memo, an operation planned
 * from the same objects as before gives what its planning gave then
 * (keptPlans), and the memo then holds exactly these operations.
 */
function planOperations(run: ClassRun, operations: Operation[]): void {
  const memo = run.memo?.operations;
  if (!memo) {
    for (const op of operations) Object.assign(op, planOperation(run, op));
    return;
  }
  const sources = operations.map((op) => plannedFrom(op, run.zodType, run.resolver));
  const kept = keptPlans(operations, sources, memo);
  const entries = operations.map((op, i) => {
    const entry = kept[i] ? replay(run, kept[i]) : planOperation(run, op, { sources: sources[i], previous: memo.get(op.baseName) });
    op.requestOptional = entry.requestOptional;
    if (run.keepRefs) op.refs = entry.refs;
    return entry;
  });
  memo.clear();
  for (const [i, op] of operations.entries()) memo.set(op.baseName, entries[i]!);
}

/** What a kept operation's planning contributed, given again. */
function replay(run: ClassRun, kept: KeptOperation): KeptOperation {
  run.registry.useIds(kept.refs);
  for (const digit of kept.statusClasses) run.results.statusClasses.add(digit);
  run.diagnostics.push(...kept.diagnostics);
  return kept;
}

/**
 * Plans `op`: its schemas and status classes registered, its diagnostics
 * reported; with `memo`, returns the memo's entry for it, everything the
 * resolver and the mapper reported while planning it included (its text is
 * taken from the previous entry, to be kept when its key is the same).
 */
function planOperation(run: ClassRun, op: Operation): { requestOptional: boolean; refs?: readonly string[] };
function planOperation(run: ClassRun, op: Operation, memo: { sources?: readonly unknown[]; previous?: KeptOperation }): KeptOperation;
function planOperation(
  run: ClassRun,
  op: Operation,
  memo?: { sources?: readonly unknown[]; previous?: KeptOperation },
): KeptOperation | { requestOptional: boolean; refs?: readonly string[] } {
  const own: Diagnostic[] = [];
  const found: Diagnostic[] = [];
  const mapperFrom = run.registry.mapper.diagnostics.length;
  const statusClasses = new Set<number>();
  if (memo) run.resolver.onDiagnostic = (d) => found.push(d);
  let plan: OperationPlan;
  try {
    plan = run.planner.plan(op.route, op.method, own);
    run.registry.use(plan.request);
    for (const r of plan.responses) if (r.body) run.registry.use(r.body);
    run.results.addStatusClasses(plan, statusClasses);
  } finally {
    run.resolver.onDiagnostic = undefined;
  }
  run.diagnostics.push(...own);
  for (const digit of statusClasses) run.results.statusClasses.add(digit);
  if (!memo && !run.keepRefs) return { requestOptional: plan.requestOptional };
  const refs = refsOf(plan.request);
  for (const r of plan.responses) if (r.body) refsOf(r.body, refs);
  if (!memo) return { requestOptional: plan.requestOptional, refs };
  return {
    sources: memo.sources,
    digest: inputDigest(op, plan, run.zodType),
    refs,
    requestOptional: plan.requestOptional,
    statusClasses: [...statusClasses],
    diagnostics: [...own, ...found, ...run.registry.mapper.diagnostics.slice(mapperFrom)],
    key: memo.previous?.key,
    text: memo.previous?.text,
  };
}
