import type { Diagnostic } from '../diagnostics/diagnostics';
import type { TypeResolver } from '../go/type-resolver';
import type { RootModel, WorkspaceModel } from '../model/model';
import { JsonShapes } from './json-shape';
import { type NamedClass, type NamingMemo, nameOperations } from './operation-names';
import { OperationPlanner } from './operation-plan';
import { rootPrefixes } from './root-prefixes';

/**
 * What several generators build on, made once per run (by the first
 * generator that asks) and readable by any: the JSON shapes of Go types (so
 * `fw g all` maps each type once for the client and the OpenAPI document),
 * the operation planner over them, the roots' name prefixes, and the
 * client's classes and operation names. A plan's diagnostics are in
 * `diagnostics`; an emitter that uses a plan reports them (a run reports a
 * diagnostic once however many report it).
 */
export class SharedPlans {
  /** The diagnostics of the plans made so far. */
  readonly diagnostics: Diagnostic[] = [];
  private shapes?: JsonShapes;
  private planner?: OperationPlanner;
  private prefixes?: Map<RootModel, string>;
  private names?: NamedClass[];

  /** `naming`: the names fw watch kept from its last run (./operation-names.ts NamingMemo). */
  constructor(
    readonly model: WorkspaceModel,
    readonly resolver: TypeResolver,
    private readonly naming?: NamingMemo,
  ) {}

  /** The JSON form of Go types, as encoding/json writes and reads them (./json-shape.ts). Its warnings are in its own `diagnostics`. */
  jsonShapes(): JsonShapes {
    this.shapes ??= new JsonShapes(this.resolver);
    return this.shapes;
  }

  /** What each route and method sends and answers (./operation-plan.ts), over jsonShapes(). */
  operationPlanner(): OperationPlanner {
    this.planner ??= new OperationPlanner(this.resolver, this.jsonShapes());
    return this.planner;
  }

  /** Each root's name prefix (./root-prefixes.ts): none for one root. */
  rootPrefixes(): ReadonlyMap<RootModel, string> {
    this.prefixes ??= rootPrefixes(this.model.roots, this.diagnostics);
    return this.prefixes;
  }

  /** The client's classes, one per group, with their operations named (./operation-names.ts). Read-only. */
  operationNames(): readonly NamedClass[] {
    this.names ??= nameOperations(this.model, this.rootPrefixes(), this.diagnostics, this.naming);
    return this.names;
  }
}
