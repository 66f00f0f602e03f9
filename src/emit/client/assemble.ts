import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { TypeResolver } from '../../go/type-resolver';
import type { RootModel, WorkspaceModel } from '../../model/model';
import { lowerFirst } from '../../model/naming';
import { sameObjects } from '../emitter';
import type { ClientMemo } from './client-memo';
import { tsLineComment } from '../escape';
import type { OperationPlan } from '../operation-plan';
import type { SharedPlans } from '../shared-plans';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { type ClassPlan, type ClientPlan, type Operation, planClient } from './client-plan';
import { moduleHeadPieces, type ModuleView, renderClass, renderModule, statusClassView } from './module-template';
import { functionName } from '../operation-names';
import { memoizedTexts } from './operation-memo';
import { HelperUse } from './runtime-helpers';
import { type OperationView, pathFunction, printOperation } from './operations';
import { zodFacade, type ZodFacadeOptions, zodModule, zodSchemaType } from './zod-facade';
import { printTsDeclaration, printZod, tsKey, tsString } from './zod-schema';

/** The module's view: every name and schema is decided by now (the status classes too: operations were planned). */
export function moduleView(model: WorkspaceModel, plan: ClientPlan, zod: ZodFacadeOptions): ModuleView {
  return {
    sources: tsLineComment(model.roots.map((r) => r.relDir || r.name).join(', ') || 'no root packages'),
    zodModule: zodModule(zod.zod),
    zodType: plan.zodType,
    facade: zodFacade(zod),
    statusClasses: [...plan.results.statusClasses].sort().map(statusClassView),
    schemas: plan.schemas,
    factory: factory(model.roots, plan.classes, plan.prefixes),
  };
}

/**
 * The client planned (planClient) and the view its module is printed from,
 * with every diagnostic of planning; with `memo`, the schema registry's
 * collection is kept for the next run only when there is none (planClient
 * took it: mapping a kept type again would then warn of nothing). Both the
 * one-file and the split client start here.
 */
export function plannedClient(
  model: WorkspaceModel,
  resolver: TypeResolver,
  zod: ZodFacadeOptions,
  memo: ClientMemo | undefined,
  plans: SharedPlans | undefined,
  keepRefs = false,
): { plan: ClientPlan; view: ModuleView; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const plan = planClient(model, resolver, zodSchemaType(zod.zod), memo, diagnostics, plans, keepRefs);
  const view = moduleView(model, plan, zod);
  diagnostics.push(...resolver.diagnostics, ...plan.mapper.diagnostics);
  if (memo) memo.collected = diagnostics.length === 0 ? plan.registry.collected() : undefined;
  return { plan, view, diagnostics };
}

/**
 * The module's text as pieces rendered while they are read (a streamed file,
 * ../emitter.ts): the head (the runtime, then the schemas a few at a time:
 * ./module-template.ts; with a memo, kept whole), each operation (planned
 * again; with a memo, kept when unchanged), each class, the factory, then
 * the helpers (the zod facade) that the text before them names
 * (./runtime-helpers.ts).
 */
export function* clientPieces(view: ModuleView, plan: ClientPlan, memo: ClientMemo | undefined): Iterable<string> {
  const helpers = new HelperUse(view.facade, memo);
  const tail = yield* seenBy(helpers, memo ? keptHead(view, memo) : moduleHeadPieces(view));
  const print = (op: Operation): string => {
    // Its warnings were given when it was first planned.
    const opPlan = plan.planner.plan(op.route, op.method, []);
    return printOperation(operationView(op, opPlan, plan));
  };
  if (memo) {
    for (const c of plan.classes) yield helpers.see(keptOperationsText(c, plan, memo, print));
    for (const name of memo.operationTexts.keys()) if (!memo.plannedClasses.has(name)) memo.operationTexts.delete(name);
  } else for (const op of plan.classes.flatMap((c) => c.operations)) yield helpers.see(print(op));
  if (memo) yield* keptClassTexts(plan.classes, memo);
  else for (const c of plan.classes) yield renderClass(classView(c));
  yield tail;
  yield helpers.text();
}

/**
 * A class's operations' texts as one piece: kept from the memo while the
 * class was planned whole from its kept planning (the same entries, so the
 * same digests and references) under the same type names; else joined
 * from each operation's text (memoizedTexts).
 */
function keptOperationsText(c: ClassPlan, plan: ClientPlan, memo: ClientMemo, print: (op: Operation) => string): string {
  const planned = memo.plannedClasses.get(c.className);
  const names = plan.registry.allNames;
  const was = memo.operationTexts.get(c.className);
  if (was && planned && was.planned === planned && was.names === names) return was.text;
  const text = [...memoizedTexts(c.operations, memo.operations, plan.registry, print)].join('');
  if (planned) memo.operationTexts.set(c.className, { planned, names, text });
  else memo.operationTexts.delete(c.className);
  return text;
}

/** `pieces`, each noted by `helpers` (HelperUse.see) as it passes; returns what `pieces` returns. */
function* seenBy<R>(helpers: HelperUse, pieces: Generator<string, R>): Generator<string, R> {
  for (;;) {
    const next = pieces.next();
    if (next.done) return next.value;
    yield helpers.see(next.value);
  }
}

/** The module's head kept in `memo` (keptModule) as one piece; returns the tail. */
function* keptHead(view: ModuleView, memo: ClientMemo): Generator<string, string> {
  const { head, tail } = keptModule(view, memo);
  yield head;
  return tail;
}

/** What the module's head and tail are printed from, field by field: a kept schema declaration is the same object. */
const SAME_VIEW: Readonly<{ [K in keyof ModuleView]: (a: ModuleView[K], b: ModuleView[K]) => boolean }> = {
  sources: (a, b) => a === b,
  zodModule: (a, b) => a === b,
  zodType: (a, b) => a === b,
  facade: (a, b) => a === b,
  statusClasses: (a, b) => a.length === b.length && a.every((c, i) => c.name === b[i]!.name),
  schemas: (a, b) => a.length === b.length && a.every((decl, i) => decl === b[i]),
  factory: (a, b) => a === b,
};

/** The module's head and tail, kept from the memo while printed from the same view (the head holds every schema: 10 MB at 10k routes). */
function keptModule(view: ModuleView, memo: ClientMemo): { head: string; tail: string } {
  const was = memo.module;
  const same = (key: keyof ModuleView) => (SAME_VIEW[key] as (a: unknown, b: unknown) => boolean)(was!.view[key], view[key]);
  if (was && (Object.keys(SAME_VIEW) as (keyof ModuleView)[]).every(same)) return was;
  memo.module = { view, ...renderModule(view) };
  return memo.module;
}

/**
 * Each class's text, printed when asked for; with a memo, kept where it can
 * be (keptClassText), and the memo then holds only these classes (a class
 * asked for later is kept again).
 */
export function classTexts(classes: readonly ClassPlan[], memo: ClientMemo | undefined): (c: ClassPlan) => string {
  if (!memo) return (c) => renderClass(classView(c));
  forgetClassesBut(classes, memo);
  return (c) => keptClassText(c, memo);
}

/** The classes' texts, in order, each kept where it can be (keptClassText); the memo then holds exactly these classes. */
function* keptClassTexts(classes: readonly ClassPlan[], memo: ClientMemo): Iterable<string> {
  for (const c of classes) yield keptClassText(c, memo);
  forgetClassesBut(classes, memo);
}

/**
 * A class's text, kept from the memo while its group and its operations'
 * memo entries are the same objects (an entry kept from the last run was
 * planned from the same route and names); for a class planned whole from
 * its kept planning (./class-memo.ts), while that planning is the same
 * object (the same entries), without looking up each operation's entry.
 */
function keptClassText(c: ClassPlan, memo: ClientMemo): string {
  const planned = memo.plannedClasses.get(c.className);
  const sources = planned ? [c.group, c.key, planned] : [c.group, c.key, ...c.operations.map((op) => memo.operations.get(op.baseName))];
  let kept = memo.classes.get(c.className);
  if (!kept || !sameObjects(kept.sources, sources)) memo.classes.set(c.className, (kept = { sources, text: renderClass(classView(c)) }));
  return kept.text;
}

function forgetClassesBut(classes: readonly ClassPlan[], memo: ClientMemo): void {
  const names = new Set(classes.map((c) => c.className));
  for (const name of memo.classes.keys()) if (!names.has(name)) memo.classes.delete(name);
}

export function operationView(op: Operation, plan: OperationPlan, client: ClientPlan): OperationView {
  const refZod = (id: string) => client.registry.schemaName(id);
  const refTs = (id: string) => client.registry.typeName(id);
  return {
    className: op.className,
    methodName: op.methodName,
    functionName: functionName(op),
    doc: operationDoc(op, ''),
    requestSchemaName: `${op.baseName}RequestSchema`,
    requestTypeName: `${op.baseName}Request`,
    requestOptional: plan.requestOptional,
    resultTypeName: `${op.baseName}Result`,
    requestType: printTsDeclaration(`${op.baseName}Request`, plan.request, refTs),
    requestSchema: printZod(plan.request, refZod, '', true),
    variants: client.results.variants(plan, refTs),
    zodType: client.zodType,
    method: plan.method,
    pattern: tsString(plan.route.path.text),
    pathFn: pathFunction(plan.route),
    bodyKind: plan.bodyKind,
    responses: plan.responses.map((r) => {
      const schema = r.kind === 'json' && r.body ? `, schema: ${printZod(r.body, refZod, '        ', true)}` : '';
      return `{ from: ${r.from}, to: ${r.to}, kind: '${r.kind}'${schema} }`;
    }),
  };
}

export function classView(c: ClassPlan) {
  return {
    className: c.className,
    doc: jsDoc([classDescription(c)], ''),
    methods: c.operations.map((op) => ({
      methodName: op.methodName,
      functionName: functionName(op),
      requestTypeName: `${op.baseName}Request`,
      requestOptional: op.requestOptional,
      resultTypeName: `${op.baseName}Result`,
      doc: operationDoc(op, '  '),
    })),
  };
}

/** The handler's whole doc comment, then the route's method and pattern (and `@deprecated` from a `Deprecated:` paragraph). */
function operationDoc(op: Operation, indent: string): string {
  return jsDoc(goDocToJsDoc(op.route.description, [`\`${op.method} ${op.route.path.text}\``]), indent);
}

function classDescription(c: ClassPlan): string {
  const pkg = c.group.pkg.pkg.name;
  return c.group.handlerType ? `Routes of ${c.group.handlerType.typeName} (package ${pkg}).` : `Routes of the handler functions of package ${pkg}.`;
}

/** The object createClient returns: group clients by key (each made on first use), nested by root when there are several. */
function factory(roots: readonly RootModel[], classes: ClassPlan[], prefixes: Map<RootModel, string>): string {
  const entries = (list: ClassPlan[], indent: string) =>
    list.map((c) => `${indent}get ${tsKey(c.key)}(): ${c.className} {\n${indent}  return transport.group(${c.className});\n${indent}},`).join('\n');
  if (roots.length < 2) return `{\n${entries(classes, '    ')}\n  }`;
  const blocks = roots.map((root) => {
    const own = classes.filter((c) => c.root === root);
    const body = own.length > 0 ? `{\n${entries(own, '      ')}\n    }` : '{}';
    return `    ${tsKey(lowerFirst(prefixes.get(root) ?? root.name))}: ${body},`;
  });
  return `{\n${blocks.join('\n')}\n  }`;
}
