import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { TypeResolver } from '../../go/type-resolver';
import type { GroupModel, RootModel, WorkspaceModel } from '../../model/model';
import type { ClientMemo } from '../emitter';
import { JsonShapes } from '../json-shape';
import { bodylessWarnings, OperationPlanner } from '../operation-plan';
import { rootPrefixes } from '../root-prefixes';
import { type ClassPlan, OperationNames, operationNames } from './operation-names';
import { printInputs } from './operation-memo';
import { ResultTypes } from './result-types';
import { runtimeNames } from './runtime-names';
import { type SchemaDecl, SchemaRegistry } from './schemas';

/**
 * Every decision about a client module (names, schemas, status classes,
 * diagnostics), made from each operation's plan, which is then dropped (the
 * plans of 10k operations take ~25 MB): printing plans each operation again,
 * from the same model and the resolver's and mapper's caches.
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

/** Plans the client of `model`; errors and warnings go to `diagnostics`. */
export function planClient(
  model: WorkspaceModel,
  resolver: TypeResolver,
  zodType: string,
  memo: ClientMemo | undefined,
  diagnostics: Diagnostic[],
): ClientPlan {
  const mapper = new JsonShapes(resolver);
  const run: ClassRun = {
    names: new OperationNames(diagnostics),
    registry: new SchemaRegistry(mapper),
    planner: new OperationPlanner(resolver, mapper),
    results: new ResultTypes(),
    resolver,
    zodType,
    memo,
    diagnostics,
  };
  const prefixes = rootPrefixes(model.roots, diagnostics);
  const classes = model.roots.flatMap((root) => root.groups.map((group) => planClass(run, prefixes.get(root) ?? '', group, root)));
  const reserved = new Set([...runtimeNames(), ...operationNames(classes)]);
  const schemas = run.registry.finish(reserved, true);
  return { classes, prefixes, schemas, registry: run.registry, mapper, planner: run.planner, results: run.results, zodType };
}

/** What planning one run's classes shares. */
interface ClassRun {
  names: OperationNames;
  registry: SchemaRegistry;
  planner: OperationPlanner;
  results: ResultTypes;
  resolver: TypeResolver;
  zodType: string;
  memo: ClientMemo | undefined;
  diagnostics: Diagnostic[];
}

/** The class of `group`: its operations named and planned, their schemas and status classes registered. */
function planClass(run: ClassRun, prefix: string, group: GroupModel, root: RootModel): ClassPlan {
  const cls = run.names.startClass(prefix, group, root);
  for (const route of group.routes) {
    run.diagnostics.push(...bodylessWarnings(route));
    for (const method of route.methods) {
      const names = run.names.name(cls, prefix, route, method);
      if (!names) continue;
      const plan = run.planner.plan(route, method, run.diagnostics);
      run.registry.use(plan.request);
      for (const r of plan.responses) if (r.body) run.registry.use(r.body);
      run.results.variants(plan);
      const op = { route, method, requestOptional: plan.requestOptional, className: cls.className, ...names };
      if (run.memo) cls.operations.push({ ...op, inputs: printInputs(op, plan, run.zodType, run.resolver, run.memo.get(names.baseName)) });
      else cls.operations.push(op);
    }
  }
  return cls;
}
