import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { Collected } from '../named-shapes';
import type { TypeResolver } from '../../go/type-resolver';
import type { GroupModel, RouteModel } from '../../model/model';
import type { NamedOperation } from '../operation-names';
import type { KeptModule } from './module-memo';
import type { ModuleView } from './module-template';
import type { KeptHelperUses } from './runtime-helpers';
import type { KeptOrder, KeptSchema, SchemaDecl } from './schemas';

/** What the client keeps between runs of one process (`fw watch`). */
export interface ClientMemo {
  operations: Map<string, KeptOperation>;
  /** Each route's warnings about a body type its status cannot carry (../operation-plan.ts bodylessWarnings), by route. */
  bodyless: WeakMap<RouteModel, readonly Diagnostic[]>;
  /** Each class's planning, by class name, kept whole while planned from the same objects (./class-memo.ts). */
  plannedClasses: Map<string, KeptClass>;
  /** The operations of the last run's classes not kept whole, by name (./client-plan.ts keepEntries); undefined before a run. */
  looseOperations?: readonly string[];
  /** Whether no entry of `operations` holds a diagnostic (classes are kept whole only then). */
  operationsClean?: boolean;
  /** The names each class declares, by its operations (the same array while named the same: ./client-plan.ts reservedNames). */
  reservedByClass: WeakMap<readonly unknown[], readonly string[]>;
  /** The names the client declares itself, each class's list in order, and their set. */
  reserved?: { lists: readonly (readonly string[])[]; set: ReadonlySet<string> };
  /** The one-file client's text of each class's operations, by class name, with the class planning and type names it was printed under (./assemble.ts). */
  operationTexts: Map<string, { planned: KeptClass; names: object; text: string }>;
  /** Each class's text, by class name, with what it was printed from (by identity: ./assemble.ts keptClassTexts). */
  classes: Map<string, { sources: readonly unknown[]; text: string }>;
  /** Each named type's declarations, by id, with what they were printed from (./schemas.ts finish). */
  schemas: Map<string, KeptSchema>;
  /** The zod facade's helpers each text of the one-file client named (./runtime-helpers.ts). */
  helperUses?: KeptHelperUses;
  /** A split client's modules' texts, by file in the client's folder (./module-memo.ts). */
  modules: Map<string, KeptModule>;
  /** The split client's layout, with what it was decided from (./layout-memo.ts). */
  layout?: KeptLayout;
  /** The split client's runtime text, kept so that the modules printed with it compare it by identity. */
  runtimeText?: string;
  /** The module's text around the operations and classes, with the view it was printed from (./assemble.ts keptModule). */
  module?: { view: ModuleView; head: string; tail: string };
  /** The schema registry's names and declaration order, with what they were decided from (./schemas.ts). */
  order?: KeptOrder;
  /**
   * What the schema registry collected: the named types' shapes, by id, and
   * the calls they were collected from (../named-shapes.ts), kept only from a
   * client that gave no diagnostics: mapping a kept type again would give
   * no warning then, so nothing a fresh run reports is lost by not doing it.
   */
  collected?: Collected;
}

export function newClientMemo(): ClientMemo {
  return {
    operations: new Map(),
    plannedClasses: new Map(),
    bodyless: new WeakMap(),
    operationTexts: new Map(),
    reservedByClass: new WeakMap(),
    classes: new Map(),
    schemas: new Map(),
    modules: new Map(),
  };
}

/**
 * The operations of earlier clients of one process (`fw watch`), by
 * operation name (./client.ts: `<Prefix><Group><Route>[<Method>]`):
 * what planning each contributed to its module, with the objects it was
 * planned from (`sources`), so that an operation planned from the same
 * objects is not planned again; and its printed text with a key that
 * covers everything it was printed from (the digest of its plan and the
 * names of the types it refers to), so that a text is reused only where
 * printing again would give the same text. Entries of operations a client
 * no longer has are dropped when it is planned.
 */
export type KeptOperations = Map<string, KeptOperation>;

export interface KeptOperation {
  /** What it was planned from, by identity (./operation-memo.ts plannedFrom); undefined when that cannot be told, and it is planned every time. */
  sources?: readonly unknown[];
  /** Of everything its text depends on but the names of the types it refers to. */
  digest: string;
  /** The ids of the types it refers to, in the order its plan meets them. */
  refs: readonly string[];
  requestOptional: boolean;
  /** The status classes (`4` for FwStatus4xx) its result type uses. */
  statusClasses: readonly number[];
  /** Everything planning it reported, repeats of what another operation reported first included. */
  diagnostics: readonly Diagnostic[];
  /** Its text and the key it was printed under, once printed. */
  key?: string;
  text?: string;
  /** The registry's names its key was last found equal under (by identity): under the same names the key is the same. */
  keyNames?: object;
}

/** An operation of the client as planning marks it (./client-plan.ts Operation). */
export interface PlannedOperation extends NamedOperation {
  requestOptional: boolean;
  refs?: readonly string[];
}

/**
 * A client class's planning as `fw watch` keeps it (./client-plan.ts, ./class-memo.ts): its
 * operations' memo entries, with what lets a rebuild take all of them again
 * without looking at each operation: the group (by identity: the model
 * keeps an unchanged handler package's groups), the operations' names, the
 * zod flavour, and the resolver with the packages its operations' request
 * and response types were resolved through (while none of those was
 * forgotten, every type resolves to the same object: ./operation-memo.ts
 * plannedFrom would give the same sources).
 */
export interface KeptClass {
  group: GroupModel;
  /** Its operations as named (../operation-names.ts), and the client's copy of them, planned. */
  named: readonly NamedOperation[];
  operations: PlannedOperation[];
  zodType: string;
  resolver: TypeResolver;
  generation: number;
  packages: ReadonlySet<string>;
  entries: readonly KeptOperation[];
  /** The ids its operations refer to directly, each once, in the order first met. */
  refs: readonly string[];
  statusClasses: readonly number[];
}

/**
 * A split client's layout as `fw watch` keeps it (./layout-memo.ts), with
 * what it was decided from: the declarations' ids in order, the ids each
 * refers to, the Go package name that names each types module, and per
 * class its names, root and the types its operations refer to directly.
 * The same inputs give the same layout.
 */
export interface KeptLayout {
  inputs: LayoutInputs;
  /** Its modules (./split-layout.ts SplitLayout, without the classes, which are this run's). */
  types: readonly { file: string; schemas: readonly SchemaDecl[] }[];
  groups: readonly { file: string; schemas: readonly SchemaDecl[] }[];
  moduleOf: Map<string, string>;
  /** The package name of each types module's first declaration (its file is named after it). */
  packageNames: readonly string[];
}

export interface LayoutInputs {
  ids: readonly string[];
  refs: readonly (readonly string[])[];
  classes: readonly LaidClass[];
}

/** What a class's module and the types it reaches are decided from. */
export interface LaidClass {
  className: string;
  root: string;
  rootName: string;
  group: string;
  /** The ids its operations refer to directly, each once. */
  refs: readonly string[];
}
