import { type Diagnostic, error } from '../../diagnostics/diagnostics';
import type { GroupModel, RootModel, RouteModel, WorkspaceModel } from '../../model/model';
import { lowerFirst, upperFirst } from '../../model/naming';
import type { HttpMethod } from '../../annotations/types';
import { rootPrefixes } from '../root-prefixes';
import { TypeResolver, typeResolverFor } from '../../go/type-resolver';
import { SchemaRegistry } from './schemas';
import { pathFunction, statusType } from './operations';
import { BODYLESS_STATUSES, bodylessWarnings, type OperationPlan, planOperation } from '../operation-plan';
import type { Emitter } from '../emitter';
import { templatesIn } from '../templates';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { tsLineComment } from '../escape';
import { printTs, printTsDeclaration, printZod, tsKey, tsString } from './zod-schema';
import { JsonShapes } from '../json-shape';
import { markPure } from './pure';
import { zodFacade, type ZodFacadeOptions, zodModule, zodSchemaType } from './zod-facade';

const render = templatesIn(__dirname);

/**
 * The TypeScript client (`fw g client --file <path>`, spec N2, DESIGN §4):
 * one ESM module for every selected root. Naming, ordering and printing
 * of schemas happen here and in ./client-*.ts; the template only prints.
 *
 * Naming rules:
 * - class per group: `<Group>Client`; with several roots, prefixed by the
 *   root's name in PascalCase without a trailing `handler` (`v1handler` →
 *   `V1UserClient`), or by its whole directory when two roots share a name;
 * - method: the route name in lowerCamelCase; a route with several methods
 *   gets one method per HTTP method, named route + Method
 *   (`updateUserPut`, `updateUserPatch`); two methods of one class with the
 *   same name are an error at the second annotation;
 * - per method: `<Prefix><Group><Route>[<Method>]Request` (+`Schema`) and
 *   `...Result`; named Go types keep their name (`User`, `UserSchema`),
 *   with the package name put in front on a clash;
 * - per method also a standalone function, the same name in lowerCamelCase
 *   (`v1UserGetUser(transport, request)`), which the class method calls:
 *   an application that imports only the functions it calls bundles only
 *   their code and schemas (every schema is marked pure, ./pure.ts).
 */

/** Names the client module declares itself; Go types must not take them. */
const RUNTIME_NAMES = [
  'FwClientConfig', 'FwCallOptions', 'FwErrorBody', 'FwErrorBodySchema', 'FwError', 'FwRequestValidationError', 'FwHttpError',
  'FwResponseValidationError', 'FwNetworkError', 'FwResponseSpec', 'FwRoute', 'FwResult', 'FwRequestParts', 'FwTransport', 'FwClient',
  'FwStatus1xx', 'FwStatus2xx', 'FwStatus3xx', 'FwStatus4xx', 'FwStatus5xx', 'FwRetryOptions', 'createClient', 'fwSchema', 'z',
  // The zod facade (./zod-facade.ts.hbs).
  'FwZ', 'fwObject', 'fwOptional', 'fwNullable', 'fwArray', 'fwArrayOf', 'fwRecord', 'fwUnion', 'fwEnum', 'fwLiteral', 'fwLazy',
  'fwString', 'fwNumber', 'fwBoolean', 'fwUnknown', 'fwNull', 'fwInt', 'fwUint', 'fwIntRange', 'fwInt32', 'fwUint32', 'fwDateTime', 'fwBase64', 'fwBlob',
  // Globals the client module uses: a Go type of the same name would shadow them.
  'AbortSignal', 'Array', 'Blob', 'Date', 'Error', 'Exclude', 'Extract', 'File', 'FormData', 'Headers', 'JSON', 'Map', 'Math', 'Number',
  'Object', 'Promise', 'Record', 'Request', 'RequestInit', 'Response', 'ReturnType', 'String', 'URL', 'URLSearchParams',
  'clearTimeout', 'encodeURIComponent', 'globalThis', 'setTimeout',
];

interface Operation {
  plan: OperationPlan;
  className: string;
  methodName: string;
  baseName: string;
}

interface ClassPlan {
  className: string;
  key: string;
  group: GroupModel;
  root: RootModel;
  operations: Operation[];
}

export const emitClient: Emitter = (model, ctx) => {
  if (!ctx.clientFile) return { files: [], diagnostics: [error(undefined, 'the client generator needs an output file', 'pass --file <path>')] };
  let memo = ctx.memo?.get('client') as ClientMemo | undefined;
  if (ctx.memo && !memo) ctx.memo.set('client', (memo = { roots: new Map() }));
  const { contents, diagnostics } = generateClient(model, { zod: ctx.clientZod ?? 'classic', verifySchemaTypes: ctx.verifySchemaTypes === true }, memo);
  return { files: [{ path: ctx.clientFile, contents }], diagnostics };
};

/**
 * What the client kept of each root from the last run in this process
 * (EmitContext.memo, `fw watch`), by root directory. A root's share is
 * reused while its model is the same object and its prefix the same: fw
 * watch keeps a root's model only while no change can affect it or the
 * types it reaches, so its operations plan the same. Its rendered
 * operations and classes are reused too while every named type they refer
 * to keeps its name. Schemas are named, ordered and printed again in
 * every run (they depend on every root).
 */
export interface ClientMemo {
  roots: Map<string, RootPart>;
}

interface RootPart {
  root: RootModel;
  prefix: string;
  plans: Map<RouteModel, Map<HttpMethod, OperationPlan>>;
  /** planOperation's own warnings for the root's operations. */
  planWarnings: Diagnostic[];
  /** What the run's type resolver and JSON mapper warned about first while the root was planned or its kept plans' types registered (see generateWith). */
  typeWarnings: Diagnostic[];
  rendered?: RenderedRoot;
}

/** A root's operations and classes as rendered, and what that read of the other roots: names of named types, status classes used. */
interface RenderedRoot {
  /** The zod schema type the operations were rendered with. */
  zodType: string;
  operations: string;
  classes: string;
  names: Map<string, string>;
  statusClasses: number[];
}

/**
 * The client module's source and the diagnostics found while writing it; zod classic with the default
 * facade unless `zod` says otherwise; see ClientMemo for `memo`.
 */
export function generateClient(model: WorkspaceModel, zod: ZodFacadeOptions = { zod: 'classic' }, memo?: ClientMemo): { contents: string; diagnostics: Diagnostic[] } {
  const reused = memo && generateWith(model, zod, memo);
  if (reused) return reused;
  memo?.roots.clear();
  return generateWith(model, zod, memo)!;
}

/** The client, reusing what `memo` holds; undefined when what it holds cannot be trusted for this run (then the caller runs again with an empty memo). */
function generateWith(model: WorkspaceModel, zod: ZodFacadeOptions, memo: ClientMemo | undefined): { contents: string; diagnostics: Diagnostic[] } | undefined {
  const zodType = zodSchemaType(zod.zod);
  const diagnostics: Diagnostic[] = [];
  // With a memo, the run's resolver is the client's own: what it warns about while a root is planned is not
  // already spent by the generators that ran before (as with the resolver they share).
  const resolver = memo ? new TypeResolver(model.program) : typeResolverFor(model.program);
  const mapper = new JsonShapes(resolver);
  const prefixes = rootPrefixes(model.roots, diagnostics);
  const classes: ClassPlan[] = [];
  const parts: { part: RootPart; planned: boolean; classes: ClassPlan[] }[] = [];
  const baseNames = new Map<string, RouteModel>();
  let clashes = false;
  const keptPart = (root: RootModel): RootPart | undefined => {
    const kept = memo?.roots.get(root.dir);
    return kept && kept.root === root && kept.prefix === (prefixes.get(root) ?? '') ? kept : undefined;
  };
  for (const root of model.roots) {
    const prefix = prefixes.get(root) ?? '';
    const kept = keptPart(root);
    const planned = kept === undefined;
    const part: RootPart = kept ?? { root, prefix, plans: new Map(), planWarnings: [], typeWarnings: [] };
    const typeWarningsFrom = [resolver.diagnostics.length, mapper.diagnostics.length] as const;
    const rootClasses: ClassPlan[] = [];
    for (const group of root.groups) {
      const cls: ClassPlan = { className: `${prefix}${group.name}Client`, key: lowerFirst(group.name), group, root, operations: [] };
      const methodNames = new Map<string, RouteModel>();
      for (const route of group.routes) {
        diagnostics.push(...bodylessWarnings(route));
        for (const method of route.methods) {
          const suffix = route.methods.length > 1 ? upperFirst(method.toLowerCase()) : '';
          const methodName = lowerFirst(route.name) + suffix;
          const baseName = `${prefix}${group.name}${upperFirst(route.name)}${suffix}`;
          if (methodName === 'constructor') {
            diagnostics.push(error(route.pos, `client method ${cls.className}.constructor() is reserved by JavaScript`, 'give the route another name with name=...'));
            clashes = true;
            continue;
          }
          const clash = methodNames.get(methodName);
          if (clash) {
            diagnostics.push(nameClash(route, `client method ${cls.className}.${methodName}()`, clash));
            clashes = true;
            continue;
          }
          const baseClash = baseNames.get(baseName);
          if (baseClash) {
            diagnostics.push(nameClash(route, `client type ${baseName}Request`, baseClash));
            clashes = true;
            continue;
          }
          methodNames.set(methodName, route);
          baseNames.set(baseName, route);
          let byMethod = part.plans.get(route);
          if (!byMethod) part.plans.set(route, (byMethod = new Map()));
          let plan = byMethod.get(method);
          if (!plan) {
            if (!planned) return undefined;
            plan = planOperation(route, method, resolver, mapper, part.planWarnings);
            byMethod.set(method, plan);
          } else {
            // The schemas are collected through the run's mapper: the named types a kept plan refers to are registered with its resolver first.
            if (route.request) resolver.resolveRef(route.request);
            for (const r of route.responses) if (r.type) resolver.resolveRef(r.type);
          }
          cls.operations.push({ plan, className: cls.className, methodName, baseName });
        }
      }
      rootClasses.push(cls);
    }
    // What the resolver and the mapper warned about meanwhile is this root's (those given first for an earlier root are that root's).
    const known = new Set(part.typeWarnings.map(diagnosticKey));
    for (const d of [...resolver.diagnostics.slice(typeWarningsFrom[0]), ...mapper.diagnostics.slice(typeWarningsFrom[1])]) {
      if (!known.has(diagnosticKey(d))) part.typeWarnings.push(d);
    }
    diagnostics.push(...part.planWarnings, ...part.typeWarnings);
    classes.push(...rootClasses);
    parts.push({ part, planned, classes: rootClasses });
  }
  if (memo) {
    if (parts.some((p) => !p.planned)) {
      // A clash leaves operations out depending on the other roots: then every root is planned again.
      if (clashes) return undefined;
      // A root's warnings lack those a root before it gave first. When a root planned again (or gone) gave a
      // warning that no root gives now, a kept root may be the one to give it: then every root is planned again.
      const given = new Set(parts.flatMap((p) => p.part.typeWarnings.map(diagnosticKey)));
      for (const old of memo.roots.values()) {
        if (!parts.some((p) => p.part === old) && old.typeWarnings.some((d) => !given.has(diagnosticKey(d)))) return undefined;
      }
    }
    memo.roots = new Map(parts.map((p) => [p.part.root.dir, p.part]));
  }

  const operations = classes.flatMap((c) => c.operations);
  const registry = new SchemaRegistry(mapper);
  for (const op of operations) {
    registry.use(op.plan.request);
    for (const r of op.plan.responses) if (r.body) registry.use(r.body);
  }
  const reserved = new Set([
    ...RUNTIME_NAMES,
    ...classes.map((c) => c.className),
    ...operations.flatMap((op) => [`${op.baseName}Request`, `${op.baseName}RequestSchema`, `${op.baseName}Result`, functionName(op)]),
  ]);
  const schemas = registry.finish(reserved).map((s) => ({ ...s, zod: markPure(s.zod) }));

  const statusClasses = new Set<number>();
  let operationsText = '';
  let classesText = '';
  for (const { part, planned, classes: own } of parts) {
    let rendered = planned ? undefined : part.rendered;
    if (rendered && (rendered.zodType !== zodType || [...rendered.names].some(([id, name]) => registry.typeName(id) !== name))) rendered = undefined;
    if (!rendered) rendered = renderRoot(own, registry, zodType);
    if (memo) part.rendered = rendered;
    for (const d of rendered.statusClasses) statusClasses.add(d);
    operationsText += rendered.operations;
    classesText += rendered.classes;
  }

  const contents = render('client.ts.hbs', {
    sources: tsLineComment(model.roots.map((r) => r.relDir || r.name).join(', ') || 'no root packages'),
    zodModule: zodModule(zod.zod),
    zodType,
    facade: zodFacade(zod),
    statusClasses: [...statusClasses].sort().map((d) => ({ name: `${d}xx`, lines: statusLines(d) })),
    schemas,
    operations: operationsText,
    classes: classesText,
    factory: factory(model.roots, classes, prefixes),
  });
  diagnostics.push(...resolver.diagnostics, ...mapper.diagnostics);
  return { contents, diagnostics };
}

function diagnosticKey(d: Diagnostic): string {
  return `${d.severity}\0${d.pos?.file}\0${d.pos?.line}\0${d.pos?.col}\0${d.message}`;
}

/**
 * One root's operations and classes, rendered: each operation and class as
 * soon as its view exists, so that views do not pile up. Records the names
 * of the named types it refers to and the status classes it uses.
 */
function renderRoot(classes: readonly ClassPlan[], registry: SchemaRegistry, zodType: string): RenderedRoot {
  const names = new Map<string, string>();
  const typeName = (id: string): string => {
    const name = registry.typeName(id);
    names.set(id, name);
    return name;
  };
  const statusClasses = new Set<number>();
  const operations = classes
    .flatMap((c) => c.operations)
    .map((op) => render('client-operation.ts.hbs', { ...operationView(op, typeName, statusClasses), zodType }))
    .join('');
  return { zodType, operations, classes: classes.map((c) => render('client-class.ts.hbs', classView(c))).join(''), names, statusClasses: [...statusClasses] };
}

function operationView(op: Operation, typeName: (id: string) => string, statusClasses: Set<number>) {
  const { plan } = op;
  const refZod = (id: string) => `${typeName(id)}Schema`;
  const refTs = typeName;
  const variants = plan.responses.flatMap((r) => {
    const status = (statuses: number[]) => `status: ${statusType(statuses, statusClasses)}`;
    if (r.kind === 'redirect') return [`{ ${status(r.statuses)}; location: string | null; headers: Headers }`];
    if (plan.method === 'HEAD') return [`{ ${status(r.statuses)}; headers: Headers }`];
    if (r.kind === 'error') return [`{ ${status(r.statuses)}; body: FwErrorBody; text: string; headers: Headers }`];
    // 204, 205 and 304 answers have no body, whatever the route declares.
    const withBody = r.statuses.filter((s) => !BODYLESS_STATUSES.has(s));
    const bodyless = r.statuses.filter((s) => BODYLESS_STATUSES.has(s));
    const body = r.kind === 'json' && r.body ? printTs(r.body, refTs) : 'unknown';
    return [
      ...(withBody.length > 0 ? [`{ ${status(withBody)}; body: ${body}; headers: Headers }`] : []),
      ...(bodyless.length > 0 ? [`{ ${status(bodyless)}; headers: Headers }`] : []),
    ];
  });
  variants[variants.length - 1] += ';';
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
    requestSchema: markPure(printZod(plan.request, refZod)),
    variants,
    method: plan.method,
    pattern: tsString(plan.route.path.text),
    pathFn: pathFunction(plan.route),
    bodyKind: plan.bodyKind,
    responses: plan.responses.map((r) => {
      const schema = r.kind === 'json' && r.body ? `, schema: ${markPure(printZod(r.body, refZod, '        '))}` : '';
      return `{ from: ${r.from}, to: ${r.to}, kind: '${r.kind}'${schema} }`;
    }),
  };
}

function classView(c: ClassPlan) {
  return {
    className: c.className,
    doc: jsDoc([classDescription(c)], ''),
    methods: c.operations.map((op) => ({
      methodName: op.methodName,
      functionName: functionName(op),
      requestTypeName: `${op.baseName}Request`,
      requestOptional: op.plan.requestOptional,
      resultTypeName: `${op.baseName}Result`,
      doc: operationDoc(op, '  '),
    })),
  };
}

/** The standalone function of an operation: `v1UserGetUser`. */
function functionName(op: Operation): string {
  return lowerFirst(op.baseName);
}

/** The handler's whole doc comment, then the route's method and pattern (and `@deprecated` from a `Deprecated:` paragraph). */
function operationDoc(op: Operation, indent: string): string {
  return jsDoc(goDocToJsDoc(op.plan.route.description, [`\`${op.plan.method} ${op.plan.route.path.text}\``]), indent);
}

function nameClash(route: RouteModel, what: string, other: RouteModel): Diagnostic {
  const d = error(route.pos, `${what} is generated for route ${route.name} and for route ${other.name}`, 'give one of the routes another name with name=...');
  d.related = [{ pos: other.pos, message: `route ${other.name} is declared here` }];
  return d;
}

function classDescription(c: ClassPlan): string {
  const pkg = c.group.pkg.pkg.name;
  return c.group.handlerType
    ? `Routes of ${c.group.handlerType.typeName} (package ${pkg}).`
    : `Routes of the handler functions of package ${pkg}.`;
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

/** The literals of one status class, ten per line. */
function statusLines(digit: number): string[] {
  const lines: string[] = [];
  for (let start = digit * 100; start < digit * 100 + 100; start += 10) {
    lines.push(Array.from({ length: 10 }, (_, i) => String(start + i)).join(' | '));
  }
  lines[lines.length - 1] += ';';
  return lines;
}
