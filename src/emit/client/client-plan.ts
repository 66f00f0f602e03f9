import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { TypeResolver } from '../../go/type-resolver';
import type { RootModel, RouteModel, WorkspaceModel } from '../../model/model';
import type { ClientMemo, KeptClass, KeptOperation } from './client-memo';
import { type JsonShapes, refsOf } from '../json-shape';
import { bodylessWarnings, type OperationPlan, type OperationPlanner } from '../operation-plan';
import { type NamedClass, type NamedOperation, operationNames } from '../operation-names';
import { SharedPlans } from '../shared-plans';
import { keptClass, sameClass } from './class-memo';
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
  // Taken: the registry updates it in place, and it is kept again only once this client is planned without diagnostics.
  const collected = memo?.collected;
  if (memo) memo.collected = undefined;
  const run: ClassRun = {
    registry: new SchemaRegistry(mapper, collected),
    planner: plans.operationPlanner(),
    results: new ResultTypes(),
    resolver,
    zodType,
    memo,
    diagnostics,
    keepRefs,
  };
  const prefixes = new Map(plans.rootPrefixes());
  const named = plans.operationNames();
  const classes = named.map((c) => clientClass(c, memo));
  for (const root of model.roots) {
    for (const group of root.groups) {
      for (const route of group.routes) {
        const warnings = memo ? keptBodylessWarnings(route, memo) : bodylessWarnings(route);
        if (warnings.length > 0) diagnostics.push(...warnings);
      }
    }
  }
  diagnostics.push(...plans.diagnostics);
  planOperations(run, classes, named);
  const schemas = run.registry.finish(reservedNames(classes, memo), true, memo);
  return { classes, prefixes, schemas, registry: run.registry, mapper, planner: run.planner, results: run.results, zodType };
}

/** A route's bodylessWarnings, kept while it is the same object (the model makes a route once and never changes it). */
function keptBodylessWarnings(route: RouteModel, memo: ClientMemo): readonly Diagnostic[] {
  let warnings = memo.bodyless.get(route);
  if (!warnings) memo.bodyless.set(route, (warnings = bodylessWarnings(route)));
  return warnings;
}

/**
 * The client's own copy of a class: planning marks which requests may be
 * left out. With a memo, the kept copy while named the same (the naming of
 * fw watch keeps an unchanged group's operations as the same objects).
 */
function clientClass(c: NamedClass, memo: ClientMemo | undefined): ClassPlan {
  const kept = memo?.plannedClasses.get(c.className);
  const operations = kept?.named === c.operations ? kept.operations : c.operations.map((op) => ({ ...op, requestOptional: false }));
  return { ...c, operations };
}

/**
 * The names the client declares itself, which no Go type may take. With a
 * memo, each class's names are kept with its operations (the same array
 * while named the same), and the set is the kept one while every class
 * declares the same names (the schema registry then compares it at once).
 */
function reservedNames(classes: readonly ClassPlan[], memo: ClientMemo | undefined): ReadonlySet<string> {
  if (!memo) return new Set([...runtimeNames(), ...operationNames(classes)]);
  const was = memo.reserved;
  const lists = classes.map((c, i) => {
    let list = memo.reservedByClass.get(c.operations);
    if (!list) {
      list = operationNames([c]);
      const old = was?.lists[i];
      if (old && old.length === list.length && old.every((name, j) => name === list![j])) list = old;
      memo.reservedByClass.set(c.operations, list);
    }
    return list;
  });
  if (was && was.lists.length === lists.length && lists.every((list, i) => list === was.lists[i])) return was.set;
  memo.reserved = { lists, set: new Set([...runtimeNames(), ...lists.flat()]) };
  return memo.reserved.set;
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
 * (keptPlans), and the memo then holds exactly these operations; a class
 * kept whole (./class-memo.ts) gives its operations' entries again without
 * looking at each. Classes are kept whole only while no kept operation
 * reported a diagnostic (keptPlans' rule about those looks at every one).
 */
function planOperations(run: ClassRun, classes: readonly ClassPlan[], named: readonly NamedClass[]): void {
  const memo = run.memo;
  if (!memo) {
    for (const op of classes.flatMap((c) => c.operations)) Object.assign(op, planOperation(run, op));
    return;
  }
  const clean = memo.operationsClean === true;
  const whole = classes.map((c, i) => {
    const kept = memo.plannedClasses.get(c.className);
    return clean && sameClass(kept, c.group, named[i]!.operations, run.zodType, run.resolver) ? kept : undefined;
  });
  const each = classes.filter((_, i) => !whole[i]).flatMap((c) => c.operations);
  const sourcesOf = new Map(each.map((op) => [op, plannedFrom(op, run.zodType, run.resolver)]));
  const keptOf = new Map(keptPlans(each, [...sourcesOf.values()], memo.operations).map((entry, i) => [each[i]!, entry]));
  const planned = new Map<string, KeptClass>();
  const entries = classes.map((c, i) => {
    const kept = whole[i];
    if (kept) {
      run.registry.useIds(kept.refs);
      for (const digit of kept.statusClasses) run.results.statusClasses.add(digit);
      planned.set(c.className, kept);
      return kept.entries;
    }
    const own = c.operations.map((op) => {
      const was = keptOf.get(op);
      return was ? replay(run, was) : planOperation(run, op, { sources: sourcesOf.get(op), previous: memo.operations.get(op.baseName) });
    });
    const next = keptClass(
      c,
      named[i]!.operations,
      own,
      c.operations.map((op) => sourcesOf.get(op)),
      run.zodType,
      run.resolver,
    );
    if (next) planned.set(c.className, next);
    return own;
  });
  keepEntries(memo, classes, whole, entries, planned, run.keepRefs);
}

/**
 * Leaves in `memo.operations` exactly this run's operations' entries: a
 * class kept whole has its entries there already (its operations and their
 * names are those of the last run), so only the other classes' entries are
 * set, after the entries of every operation not kept whole are dropped.
 * Marks each operation as planned; keeps `planned` as the classes kept
 * whole next time, the names of the other operations, and whether no entry
 * holds a diagnostic.
 */
function keepEntries(
  memo: ClientMemo,
  classes: readonly ClassPlan[],
  whole: readonly (KeptClass | undefined)[],
  entries: readonly (readonly KeptOperation[])[],
  planned: Map<string, KeptClass>,
  keepRefs: boolean,
): void {
  const reused = new Set(whole);
  for (const kept of memo.plannedClasses.values()) if (!reused.has(kept)) for (const op of kept.named) memo.operations.delete(op.baseName);
  for (const name of memo.looseOperations ?? [...memo.operations.keys()]) memo.operations.delete(name);
  const loose: string[] = [];
  let clean = true;
  for (const [i, c] of classes.entries()) {
    const kept = whole[i];
    if (kept && kept.operations === c.operations) continue;
    for (const [j, op] of c.operations.entries()) {
      const entry = entries[i]![j]!;
      op.requestOptional = entry.requestOptional;
      if (keepRefs) op.refs = entry.refs;
      if (kept) continue;
      memo.operations.set(op.baseName, entry);
      if (!planned.has(c.className)) loose.push(op.baseName);
      if (entry.diagnostics.length > 0) clean = false;
    }
  }
  memo.plannedClasses = planned;
  memo.looseOperations = loose;
  memo.operationsClean = clean;
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
