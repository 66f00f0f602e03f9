import { createHash } from 'node:crypto';
import { type Diagnostic, error } from '../../diagnostics/diagnostics';
import type { GroupModel, RootModel, RouteModel, WorkspaceModel } from '../../model/model';
import { lowerFirst, upperFirst } from '../../model/naming';
import { rootPrefixes } from '../root-prefixes';
import type { TypeResolver } from '../../go/type-resolver';
import { SchemaRegistry } from './schemas';
import { type OperationView, pathFunction, printOperation, statusType } from './operations';
import type { HttpMethod } from '../../annotations/types';
import { BindingViews, BODYLESS_STATUSES, bodylessWarnings, type OperationPlan, planOperation } from '../operation-plan';
import { type ClientMemo, type Emitter, type KeptOperation, sameObjects, streamedFile } from '../emitter';
import { templatesIn } from '../templates';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { tsLineComment } from '../escape';
import { printTs, printTsDeclaration, printZod, tsKey, tsString } from './zod-schema';
import { JsonShapes, refsOf } from '../json-shape';
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

/** Names the client module declares itself; Go types must not take them (exported for the test that checks it against the module). */
export const RUNTIME_NAMES = [
  'FwClientConfig',
  'FwCallOptions',
  'FwErrorBody',
  'FwErrorBodySchema',
  'FwError',
  'FwRequestValidationError',
  'FwHttpError',
  'FwResponseValidationError',
  'FwNetworkError',
  'FwResponseSpec',
  'FwRoute',
  'FwResult',
  'FwRequestParts',
  'FwTransport',
  'FwClient',
  'FwStatus1xx',
  'FwStatus2xx',
  'FwStatus3xx',
  'FwStatus4xx',
  'FwStatus5xx',
  'FwRetryOptions',
  'createClient',
  'fwSchema',
  'z',
  'fwRetryDelay',
  'fwWait',
  'fwSegment',
  'fwSegments',
  'fwQueryString',
  'fwFormData',
  'fwDescribeIssues',
  'fwMatch',
  'fwReadText',
  'fwReadResponse',
  'fwErrorBody',
  'fwParseLoose',
  // The zod facade (./zod-facade.ts.hbs).
  'FwZ',
  'fwObject',
  'fwStrictObject',
  'fwOwnProto',
  'fwSegmentValue',
  'fwSegmentsValue',
  'fwHeaderValue',
  'fwIsSegment',
  'fwAreSegments',
  'fwIsHeaderValue',
  'fwOptional',
  'fwNullable',
  'fwArray',
  'fwArrayOf',
  'fwRecord',
  'fwUnion',
  'fwEnum',
  'fwLiteral',
  'fwLazy',
  'fwString',
  'fwNumber',
  'fwBoolean',
  'fwUnknown',
  'fwNull',
  'fwInt',
  'fwUint',
  'fwIntRange',
  'fwInt32',
  'fwUint32',
  'fwDateTime',
  'fwBase64',
  'fwBlob',
  // Globals the client module uses: a Go type of the same name would shadow them.
  'AbortSignal',
  'Array',
  'Blob',
  'Date',
  'Error',
  'Exclude',
  'Extract',
  'File',
  'FormData',
  'Headers',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Record',
  'Request',
  'RequestInit',
  'Response',
  'ReturnType',
  'String',
  'URL',
  'URLSearchParams',
  'clearTimeout',
  'encodeURIComponent',
  'globalThis',
  'setTimeout',
];

/** An operation as the client names it; its plan is made again when it is printed (plans are not held, see generateClient). */
interface Operation {
  route: RouteModel;
  method: HttpMethod;
  requestOptional: boolean;
  className: string;
  methodName: string;
  baseName: string;
  /** With a ClientMemo: what its text is printed from (printInputs). */
  inputs?: PrintInputs;
}

interface ClassPlan {
  className: string;
  key: string;
  group: GroupModel;
  root: RootModel;
  operations: Operation[];
}

export const emitClient: Emitter<ClientMemo> = (model, ctx) => {
  if (!ctx.clientFile) return { files: [], diagnostics: [error('FW5002', undefined, 'the client generator needs an output file', 'pass --file <path>')] };
  const { pieces, diagnostics } = generateClient(model, ctx.resolver, { zod: ctx.clientZod ?? 'classic' }, ctx.memo);
  return { files: [streamedFile(ctx.clientFile, pieces)], diagnostics };
};

/** Stands for the operations and classes in the rendered module template, which is split there. */
const BODY_MARK = '\u0000fw:operations\u0000';

/**
 * The client module's source, as pieces rendered while they are read (a
 * streamed file, ../emitter.ts), and the diagnostics found while planning
 * it; zod classic with the default facade unless `zod` says otherwise.
 * Every decision (names, schemas, status classes, diagnostics) is made
 * here first, from each operation's plan, which is then dropped (the plans
 * of 10k operations take ~25 MB); the pieces only print: the module's head
 * (runtime and schemas), each operation (planned again, from the same
 * model and the resolver's and mapper's caches), each class, the factory.
 */
export function generateClient(
  model: WorkspaceModel,
  resolver: TypeResolver,
  zod: ZodFacadeOptions = { zod: 'classic' },
  memo?: ClientMemo,
): { pieces: () => Iterable<string>; diagnostics: Diagnostic[] } {
  const zodType = zodSchemaType(zod.zod);
  const diagnostics: Diagnostic[] = [];
  const mapper = new JsonShapes(resolver);
  const registry = new SchemaRegistry(mapper);
  const views = new BindingViews(resolver);
  // The status classes every operation's result type uses are printed in the head, before the operations.
  const statusClasses = new Set<number>();
  const prefixes = rootPrefixes(model.roots, diagnostics);
  const classes: ClassPlan[] = [];
  const baseNames = new Map<string, RouteModel>();
  for (const root of model.roots) {
    const prefix = prefixes.get(root) ?? '';
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
            diagnostics.push(
              error('FW5040', route.pos, `client method ${cls.className}.constructor() is reserved by JavaScript`, 'give the route another name with name=...'),
            );
            continue;
          }
          const clash = methodNames.get(methodName);
          if (clash) {
            diagnostics.push(nameClash(route, `client method ${cls.className}.${methodName}()`, clash));
            continue;
          }
          const baseClash = baseNames.get(baseName);
          if (baseClash) {
            diagnostics.push(nameClash(route, `client type ${baseName}Request`, baseClash));
            continue;
          }
          methodNames.set(methodName, route);
          baseNames.set(baseName, route);
          const plan = planOperation(route, method, resolver, mapper, diagnostics, views);
          registry.use(plan.request);
          for (const r of plan.responses) if (r.body) registry.use(r.body);
          resultVariants(plan, statusClasses);
          const op: Operation = { route, method, requestOptional: plan.requestOptional, className: cls.className, methodName, baseName };
          if (memo) op.inputs = printInputs(op, plan, zodType, resolver, memo.get(baseName));
          cls.operations.push(op);
        }
      }
      classes.push(cls);
    }
  }

  const operations = classes.flatMap((c) => c.operations);
  const reserved = new Set([
    ...RUNTIME_NAMES,
    ...classes.map((c) => c.className),
    ...operations.flatMap((op) => [`${op.baseName}Request`, `${op.baseName}RequestSchema`, `${op.baseName}Result`, functionName(op)]),
  ]);
  const schemas = registry.finish(reserved, true);

  const module = {
    sources: tsLineComment(model.roots.map((r) => r.relDir || r.name).join(', ') || 'no root packages'),
    zodModule: zodModule(zod.zod),
    zodType,
    facade: zodFacade(zod),
    statusClasses: [...statusClasses].sort().map((d) => ({ name: `${d}xx`, lines: statusLines(d) })),
    schemas,
    factory: factory(model.roots, classes, prefixes),
  };
  diagnostics.push(...resolver.diagnostics, ...mapper.diagnostics);
  function* pieces(): Iterable<string> {
    const [head, tail] = render('client.ts.hbs', { ...module, operations: BODY_MARK, classes: '' }).split(BODY_MARK);
    yield head!;
    const print = (op: Operation): string => {
      // Its warnings were given when it was first planned.
      const plan = planOperation(op.route, op.method, resolver, mapper, [], views);
      return printOperation(operationView(op, plan, registry, statusClasses, zodType));
    };
    if (memo) {
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
    } else {
      for (const op of operations) yield print(op);
    }
    for (const c of classes) yield render('client-class.ts.hbs', classView(c));
    yield tail!;
  }
  return { pieces, diagnostics };
}

/**
 * The variants of an operation's result type, one per line; the status
 * classes they use are added to `statusClasses`. Without `refTs` (when only
 * the classes are wanted) body types are left empty.
 */
function resultVariants(plan: OperationPlan, statusClasses: Set<number>, refTs?: (id: string) => string): string[] {
  const variants = plan.responses.flatMap((r) => {
    const status = (statuses: readonly number[]) => `status: ${statusTypeOf(statuses, statusClasses)}`;
    if (r.kind === 'redirect') return [`{ ${status(r.statuses)}; location: string | null; headers: Headers }`];
    if (plan.method === 'HEAD') return [`{ ${status(r.statuses)}; headers: Headers }`];
    if (r.kind === 'error') return [`{ ${status(r.statuses)}; body: FwErrorBody; text: string; headers: Headers }`];
    const { withBody, bodyless } = splitBodyless(r.statuses);
    const body = r.kind === 'json' && r.body ? (refTs ? printTs(r.body, refTs) : '') : 'unknown';
    return [
      ...(withBody.length > 0 ? [`{ ${status(withBody)}; body: ${body}; headers: Headers }`] : []),
      ...(bodyless.length > 0 ? [`{ ${status(bodyless)}; headers: Headers }`] : []),
    ];
  });
  variants[variants.length - 1] += ';';
  return variants;
}

/**
 * A shared list of statuses split into those with a body and 204, 205 and
 * 304, which have none whatever the route declares; once per list, so that
 * the parts are shared lists too (and statusTypeOf finds them).
 */
const bodylessSplits = new WeakMap<readonly number[], { withBody: readonly number[]; bodyless: readonly number[] }>();

function splitBodyless(statuses: readonly number[]): { withBody: readonly number[]; bodyless: readonly number[] } {
  let split = bodylessSplits.get(statuses);
  if (!split) {
    split = statuses.some((s) => BODYLESS_STATUSES.has(s))
      ? { withBody: statuses.filter((s) => !BODYLESS_STATUSES.has(s)), bodyless: statuses.filter((s) => BODYLESS_STATUSES.has(s)) }
      : { withBody: statuses, bodyless: [] };
    bodylessSplits.set(statuses, split);
  }
  return split;
}

/**
 * statusType, once per list of statuses: the lists of plans are shared by
 * every route that declares the same responses (../operation-plan.ts), and
 * a 4xx catch-all holds a hundred statuses.
 */
const statusTypes = new WeakMap<readonly number[], { text: string; classes: number[] }>();

function statusTypeOf(statuses: readonly number[], statusClasses: Set<number>): string {
  let known = statusTypes.get(statuses);
  if (!known) {
    const classes = new Set<number>();
    known = { text: statusType(statuses, classes), classes: [...classes] };
    statusTypes.set(statuses, known);
  }
  for (const digit of known.classes) statusClasses.add(digit);
  return known.text;
}

function operationView(op: Operation, plan: OperationPlan, registry: SchemaRegistry, statusClasses: Set<number>, zodType: string): OperationView {
  const refZod = (id: string) => registry.schemaName(id);
  const refTs = (id: string) => registry.typeName(id);
  const variants = resultVariants(plan, statusClasses, refTs);
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
    variants,
    zodType,
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

function classView(c: ClassPlan) {
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

/** What an operation's text is printed from, for a ClientMemo. */
interface PrintInputs {
  /** Of everything its text depends on but the names of the types it refers to (inputDigest). */
  digest: string;
  /** The ids of the types it refers to, whose names are only known once every operation is planned. */
  refs: string[];
  /** What it was planned from, by identity (plannedFrom). */
  sources?: readonly unknown[];
}

/**
 * An operation's PrintInputs. The digest is computed (~15 µs an operation:
 * the JSON of its plan) unless the memo's entry was planned from the same
 * objects: then the plan is the same and so is the digest.
 */
function printInputs(op: Operation, plan: OperationPlan, zodType: string, resolver: TypeResolver, kept: KeptOperation | undefined): PrintInputs {
  const refs = refsOf(plan.request);
  for (const r of plan.responses) if (r.body) refsOf(r.body, refs);
  const sources = plannedFrom(op, zodType, resolver);
  const same = sources !== undefined && kept?.sources !== undefined && sameObjects(kept.sources, sources);
  return { digest: same ? kept.digest : inputDigest(op, plan, zodType), refs, sources };
}

/**
 * The objects an operation is planned from: its route (a kept root model
 * keeps its route objects; a root built again has new ones), its names and
 * zod flavour, and the resolved Go types of its request and responses. fw
 * watch resolves again (as new objects) the types of every changed package
 * and of every package that imports one, directly or not (forgetTypes), and
 * everything a type reaches (fields, embedded structs, methods, enum values)
 * is declared in its package or in one it imports: while these objects are
 * the same, so is everything the plan is made from. Undefined when a type
 * is not a resolved named type (then the digest is always computed).
 */
function plannedFrom(op: Operation, zodType: string, resolver: TypeResolver): unknown[] | undefined {
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
 * types it refers to: its names, its route's method, path and doc, the zod
 * flavour and its plan (request and response shapes, whose references are by
 * type id). A response's statuses are those of its range that the responses
 * before it did not take, so the ranges in order stand for them (and keep
 * the text short).
 */
function inputDigest(op: Operation, plan: OperationPlan, zodType: string): string {
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

/** The standalone function of an operation: `v1UserGetUser`. */
function functionName(op: Operation): string {
  return lowerFirst(op.baseName);
}

/** The handler's whole doc comment, then the route's method and pattern (and `@deprecated` from a `Deprecated:` paragraph). */
function operationDoc(op: Operation, indent: string): string {
  return jsDoc(goDocToJsDoc(op.route.description, [`\`${op.method} ${op.route.path.text}\``]), indent);
}

function nameClash(route: RouteModel, what: string, other: RouteModel): Diagnostic {
  const d = error(
    'FW5041',
    route.pos,
    `${what} is generated for route ${route.name} and for route ${other.name}`,
    'give one of the routes another name with name=...',
  );
  d.related = [{ pos: other.pos, message: `route ${other.name} is declared here` }];
  return d;
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

/** The literals of one status class, ten per line. */
function statusLines(digit: number): string[] {
  const lines: string[] = [];
  for (let start = digit * 100; start < digit * 100 + 100; start += 10) {
    lines.push(Array.from({ length: 10 }, (_, i) => String(start + i)).join(' | '));
  }
  lines[lines.length - 1] += ';';
  return lines;
}
