import { STATUS_CODES } from 'node:http';
import parseSpdx from 'spdx-expression-parse';
import { type Diagnostic, error } from '../../diagnostics/diagnostics';
import type { HttpMethod, RoutePath } from '../../annotations/types';
import type { TypeResolver } from '../../go/type-resolver';
import { GENERATED_MARK } from '../../workspace/generated-header';
import { docWithoutDirective } from '../../workspace/json-form';
import type { RouteModel, WorkspaceModel } from '../../model/model';
import { upperFirst } from '../../model/naming';
import { type Emitter, streamedFile } from '../emitter';
import type { JsonProperty, JsonShape } from '../json-shape';
import { NamedShapes } from '../named-shapes';
import type { OperationPlan, ResponsePlan } from '../operation-plan';
import { SharedPlans } from '../shared-plans';
import { docText, isDeprecated, printJsonSchema, rulesDescription, schemaRef, withDoc, withRules } from './json-schema';
import { type DocValue, type JsonValue, jsonPieces, LazyObject, yamlPieces } from './serialize';

/**
 * The OpenAPI 3.1 document (`fw g openapi --file <path.json|path.yaml>`):
 * one document for the selected roots, from the model and the shared
 * operation plans (../operation-plan.ts) and JSON shapes (../json-shape.ts),
 * the same ones the TypeScript client prints. Decisions:
 *
 * - paths: `{name}` and `{name...}` are path parameters (the latter documented
 *   as matching the rest of the path, slashes included); `{$}` is the exact
 *   path ending in `/`. Paths that differ only in wildcard names are one
 *   OpenAPI path (OpenAPI treats them as identical): later routes take the
 *   names of the first.
 * - one operation per route and method; `operationId` = root prefix (several
 *   roots) + group + route name (+ the method for a multi-method route);
 *   `tags` = the group; summary (first sentence) and description from the
 *   doc comment; `deprecated` from a `Deprecated:` paragraph.
 * - `required_header=Authorization` is the security scheme `Authorization`
 *   (OpenAPI ignores a header parameter of that name); `Content-Type` and
 *   `Accept` are described by the bodies, not as parameters.
 * - responses: only the declared ones (a route that declares none states
 *   none; the client's rule that such a route takes any 2xx is the client's).
 *   Exact statuses as they are; a specifier covering a whole
 *   status class as `4XX` (exact codes win over it, as in fw); the other
 *   statuses of ranges one by one. `Error` bodies are the `FwError` schema,
 *   `Redirect` answers carry a `Location` header, statuses that have no body
 *   (1xx, 204, 205, 304, and every answer to HEAD) have no content.
 * - components: only the schemas a printed part refers to (a type used only
 *   on a 204 is none; `FwError` only when some route answers `Error`).
 * - the document is marked as fw's by `info.x-generated-by` (and a first
 *   comment line in YAML), which is how the writer recognises its own files.
 */

export const OPENAPI_VERSION = '3.1.1';

/** The error body schema every `Error` response refers to. */
const FW_ERROR = 'FwError';
const AUTHORIZATION = 'Authorization';

/** What `fw g openapi` is told besides the model. */
export interface OpenApiOptions {
  /** Output path; `.yaml`/`.yml` writes YAML, anything else JSON. */
  file: string;
  /** `info.title`; default: the Go module path(s) of the roots. */
  title?: string;
  /** `info.version`; default `0.0.0`. */
  version?: string;
  /** `info.license` as an SPDX license identifier or expression (`MIT`, `Apache-2.0 OR MIT`); none by default. */
  license?: string;
  /** `servers[].url`, in order. */
  servers?: string[];
}

export const emitOpenApi: Emitter<undefined, OpenApiOptions> = (model, ctx, options) => {
  const { document, diagnostics } = openApiDocument(model, ctx.resolver, options, ctx.plans);
  const yaml = /\.ya?ml$/i.test(options.file);
  // Streamed: each path item is made, printed and let go in turn (./serialize.ts).
  const file = streamedFile(options.file, () => (yaml ? yamlPieces(document, GENERATED_MARK) : jsonPieces(document)));
  return { files: [file], diagnostics };
};

interface Operation {
  plan: OperationPlan;
  tag: string;
  operationId: string;
  path: string;
  /** OpenAPI parameter name of each Go wildcard (they differ when the path was merged with an earlier one). */
  paramNames: Map<string, string>;
  /** The responses the document states, decided before any schema is named so that only printed bodies become components. */
  responses: StatedResponse[];
}

/** One entry of an operation's `responses`: a status key and what answers with it carry. */
interface StatedResponse {
  key: string;
  description: string;
  /** A redirect's `Location` header. */
  location: boolean;
  /** The body: the error schema, a JSON shape, or none. */
  body?: 'error' | JsonShape;
}

/** The document as a JSON value (keys in print order) and the diagnostics found while building it. */
export function openApiDocument(
  model: WorkspaceModel,
  resolver: TypeResolver,
  options: Omit<OpenApiOptions, 'file'>,
  plans: SharedPlans = new SharedPlans(model, resolver),
): { document: { [key: string]: DocValue }; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const mapper = plans.jsonShapes();
  const named = new NamedShapes(mapper);
  const planner = plans.operationPlanner();
  const prefixes = plans.rootPrefixes();
  diagnostics.push(...plans.diagnostics);
  const tags: { name: string; description: string }[] = [];
  const operations: Operation[] = [];
  const templates = new PathTemplates();
  const seen = new Map<string, RouteModel>();
  const operationIds = new Set<string>();
  let usesError = false;
  let usesAuthorization = false;

  for (const root of model.roots) {
    const prefix = prefixes.get(root) ?? '';
    for (const group of root.groups) {
      const tag = `${prefix}${group.name}`;
      tags.push({ name: tag, description: groupDescription(group.handlerType?.typeName, group.pkg.pkg.name) });
      for (const route of group.routes) {
        const { path, paramNames } = templates.place(route.path);
        for (const method of route.methods) {
          const key = `${method} ${path}`;
          const other = seen.get(key);
          if (other) {
            diagnostics.push(sameOperation(route, method, path, other));
            continue;
          }
          seen.set(key, route);
          const plan = planner.plan(route, method, diagnostics);
          const stated = statedResponses(plan);
          for (const p of parameterProps(plan)) named.use(p.prop.shape);
          const body = requestBody(plan);
          if (body) named.use(body.shape);
          for (const r of stated) {
            if (r.body === 'error') usesError = true;
            else if (r.body) named.use(r.body);
          }
          usesAuthorization ||= authorizationHeader(plan) !== undefined;
          const suffix = route.methods.length > 1 ? upperFirst(method.toLowerCase()) : '';
          operations.push({ plan, tag, operationId: unique(`${tag}${upperFirst(route.name)}${suffix}`, operationIds), path, paramNames, responses: stated });
        }
      }
    }
  }

  const names = named.assignNames(new Set([FW_ERROR, AUTHORIZATION]));
  const ref = (id: string) => names.get(id)!;
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) {
    const same = byPath.get(op.path);
    if (same) same.push(op);
    else byPath.set(op.path, [op]);
  }
  // Each path item is made when it is printed, and let go once printed: the document is never whole.
  const paths = new LazyObject(function* () {
    for (const [path, ops] of byPath) yield [path, Object.fromEntries(ops.map((op) => [op.plan.method.toLowerCase(), operation(op, ref)]))];
  });

  const schemas: Record<string, JsonValue> = {};
  // Only the collected ids: the names also hold a type's plain id when only another context of it was reached.
  const byName = named
    .ids()
    .map((id): [string, string] => [id, names.get(id)!])
    .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  for (const [id, name] of byName) {
    const doc = docText(docWithoutDirective(named.info(id).decl.doc));
    schemas[name] = withDoc(printJsonSchema(named.shape(id), ref), doc) as JsonValue;
  }
  // fwhttp writes both; gateways and other servers in front may answer with either, or other keys (as the client reads it).
  if (usesError) {
    schemas[FW_ERROR] = {
      type: 'object',
      description: 'The body of `Error` responses: fwhttp writes `message` and `code`; other servers in front of it may leave either out or add keys.',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
    };
  }

  const info: Record<string, JsonValue> = {
    'x-generated-by': GENERATED_MARK,
    title: options.title ?? defaultTitle(model),
    version: options.version ?? '0.0.0',
    ...(options.license !== undefined ? { license: licenseObject(options.license, diagnostics) } : {}),
    description: `Generated by fw from the fw:http_route annotations of ${model.roots.map((r) => r.relDir || r.name).join(', ') || 'no root packages'}.`,
  };
  const document: Record<string, DocValue> = { openapi: OPENAPI_VERSION, info };
  // Without --server, OpenAPI's own default written out: the host that serves the document.
  document.servers = options.servers && options.servers.length > 0 ? options.servers.map((url) => ({ url })) : [{ url: '/' }];
  document.tags = tags.map((t) => ({ ...t }));
  document.paths = paths;
  const components: Record<string, DocValue> = { schemas };
  if (usesAuthorization) {
    components.securitySchemes = {
      [AUTHORIZATION]: {
        type: 'apiKey',
        in: 'header',
        name: AUTHORIZATION,
        description: 'The Authorization header (required_header=Authorization); its scheme is up to the handlers.',
      },
    };
  }
  document.components = components;
  diagnostics.push(...resolver.diagnostics, ...mapper.diagnostics);
  return { document, diagnostics };
}

/**
 * `info.license` from an SPDX license expression (`--license MIT`): OpenAPI
 * 3.1 wants a name, and takes the expression itself as `identifier`. The
 * expression is checked against the SPDX license list (spdx-expression-parse):
 * a value that is not one is an error, not a guess.
 */
function licenseObject(spdx: string, diagnostics: Diagnostic[]): JsonValue {
  const expression = spdx.trim();
  if (!isSpdxExpression(expression)) {
    diagnostics.push(
      error(
        'FW5051',
        undefined,
        `--license ${JSON.stringify(spdx)} is not an SPDX license identifier or expression`,
        'pass one such as MIT, Apache-2.0, "Apache-2.0 OR MIT" or LicenseRef-<name>',
      ),
    );
  }
  return { name: expression, identifier: expression };
}

function isSpdxExpression(expression: string): boolean {
  try {
    parseSpdx(expression);
    return true;
  } catch {
    return false;
  }
}

function defaultTitle(model: WorkspaceModel): string {
  const modules = [...new Set(model.roots.map((r) => r.modulePath))];
  return modules.length > 0 ? modules.join(', ') : 'API';
}

function groupDescription(typeName: string | undefined, pkg: string): string {
  return typeName ? `Routes of ${typeName} (package ${pkg}).` : `Routes of the handler functions of package ${pkg}.`;
}

function unique(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

function sameOperation(route: RouteModel, method: HttpMethod, path: string, other: RouteModel): Diagnostic {
  const d = error(
    'FW5050',
    route.pos,
    `route ${route.name} and route ${other.name} are both ${method} ${path} in one OpenAPI document (they come from different root packages)`,
    'generate one document per root package: fw g openapi <package> --file <path>',
  );
  d.related = [{ pos: other.pos, message: `route ${other.name} is declared here` }];
  return d;
}

/**
 * OpenAPI path templates of Go patterns. Two templates that differ only in
 * parameter names are the same OpenAPI path, so the first one met is kept
 * and later routes map their wildcards onto its names.
 */
class PathTemplates {
  private readonly byShape = new Map<string, { path: string; names: string[] }>();

  place(goPath: RoutePath): { path: string; paramNames: Map<string, string> } {
    const names: string[] = [];
    // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every segment kind, which tsc checks.
    const parts = goPath.segments.map((s) => {
      switch (s.kind) {
        case 'static':
          return s.value;
        case 'wildcard':
        case 'remainder':
          names.push(s.name);
          return `{${s.name}}`;
        case 'end':
          return '';
      }
    });
    const path = `/${parts.join('/')}`;
    const shape = `/${goPath.segments.map((s, i) => (s.kind === 'wildcard' || s.kind === 'remainder' ? '{}' : parts[i])).join('/')}`;
    const first = this.byShape.get(shape) ?? { path, names };
    this.byShape.set(shape, first);
    return { path: first.path, paramNames: new Map(names.map((n, i) => [n, first.names[i]!])) };
  }
}

/** The first sentence of the first paragraph. */
function summaryOf(doc: string): string {
  const paragraph = doc.split('\n\n')[0]!.replace(/\n/g, ' ');
  const m = /^(.*?[.!?])(\s|$)/.exec(paragraph);
  return m ? m[1]! : paragraph;
}

function prop(plan: OperationPlan, name: string): JsonProperty | undefined {
  return plan.request.props.find((p) => p.name === name);
}

function propsOf(p: JsonProperty | undefined): JsonProperty[] {
  return p && p.shape.kind === 'object' ? p.shape.props : [];
}

/** A request property the document states as a parameter. */
interface StatedParameter {
  prop: JsonProperty;
  in: 'path' | 'query' | 'header';
}

/**
 * The path, query and header properties of the request that are parameters:
 * `Authorization` is the security scheme, `Content-Type` and `Accept` are
 * described by the bodies.
 */
function parameterProps(plan: OperationPlan): StatedParameter[] {
  const out: StatedParameter[] = [];
  for (const p of propsOf(prop(plan, 'path'))) out.push({ prop: p, in: 'path' });
  for (const p of propsOf(prop(plan, 'query'))) out.push({ prop: p, in: 'query' });
  for (const p of propsOf(prop(plan, 'headers'))) {
    const lower = p.name.toLowerCase();
    if (lower !== 'authorization' && lower !== 'content-type' && lower !== 'accept') out.push({ prop: p, in: 'header' });
  }
  return out;
}

function requestBody(plan: OperationPlan): JsonProperty | undefined {
  const body = prop(plan, 'body');
  return body && plan.bodyKind !== 'none' ? body : undefined;
}

function operation(op: Operation, ref: (id: string) => string): Record<string, JsonValue> {
  const { plan } = op;
  const route = plan.route;
  const out: Record<string, JsonValue> = { tags: [op.tag] };
  const doc = docText(route.description);
  if (doc !== '') {
    out.summary = summaryOf(doc);
    if (doc !== out.summary) out.description = doc;
  }
  out.operationId = op.operationId;
  if (isDeprecated(doc)) out.deprecated = true;

  const parameters: JsonValue[] = [];
  const remainders = new Set(route.path.segments.flatMap((s) => (s.kind === 'remainder' ? [s.name] : [])));
  for (const { prop: p, in: where } of parameterProps(plan)) {
    if (where !== 'path') {
      parameters.push(parameter({ name: p.name, in: where, required: !p.optional }, p, ref));
      continue;
    }
    const param: Record<string, JsonValue> = { name: op.paramNames.get(p.name) ?? p.name, in: 'path', required: true };
    const notes: string[] = [];
    if (remainders.has(p.name)) notes.push(`The rest of the path, slashes included (Go wildcard {${p.name}...}); may be empty.`);
    if (param.name !== p.name) notes.push(`Go wildcard {${p.name}}.`);
    parameters.push(parameter(param, p, ref, notes));
  }
  const authorization = authorizationHeader(plan);
  // No required Authorization header: say so (`[]`), rather than leave the operation's security unstated.
  out.security = !authorization ? [] : authorization.optional ? [{ [AUTHORIZATION]: [] }, {}] : [{ [AUTHORIZATION]: [] }];
  if (parameters.length > 0) out.parameters = parameters;

  const body = requestBody(plan);
  if (body) {
    const mediaType = plan.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
    out.requestBody = { required: !body.optional, content: { [mediaType]: { schema: printJsonSchema(body.shape, ref) as JsonValue } } };
  }
  // OpenAPI 3.1 lets an operation state no responses: a route that declares none says nothing here.
  if (op.responses.length > 0) out.responses = Object.fromEntries(op.responses.map((r) => [r.key, printResponse(r, ref)]));
  return out;
}

/** The request's Authorization header field, if it has one. */
function authorizationHeader(plan: OperationPlan): JsonProperty | undefined {
  return propsOf(prop(plan, 'headers')).find((p) => p.name.toLowerCase() === 'authorization');
}

/** A parameter from a request field: its Go field comment (after fw's notes) is the description, `Deprecated:` deprecates it. */
function parameter(param: Record<string, JsonValue>, p: JsonProperty, ref: (id: string) => string, notes: string[] = []): Record<string, JsonValue> {
  const doc = docText(p.doc);
  const description = [...notes, doc, rulesDescription(p)].filter((d) => d !== '').join('\n\n');
  const out: Record<string, JsonValue> = { ...param };
  if (description !== '') out.description = description;
  if (isDeprecated(doc)) out.deprecated = true;
  // The parameter's schema carries the field's mirrored validator rules.
  out.schema = withRules(p, printJsonSchema(p.shape, ref)) as Record<string, JsonValue>;
  return out;
}

const CLASS_NAMES: Readonly<Record<number, string>> = { 1: 'Informational', 2: 'Success', 3: 'Redirection', 4: 'Client error', 5: 'Server error' };

/** Statuses whose answers carry no body (RFC 9110): fw describes them without content. */
function isBodyless(status: number): boolean {
  return status < 200 || status === 204 || status === 205 || status === 304;
}

/** `4XX` when the response covers the whole class and wins some of it (exact codes still win over it); else each status it wins. */
function statusKeys(r: ResponsePlan): { key: string; status?: number; digit: number }[] {
  const keys: { key: string; status?: number; digit: number }[] = [];
  const wholeDone = new Set<number>();
  for (const status of r.statuses) {
    const digit = Math.floor(status / 100);
    if (r.from <= digit * 100 && r.to >= digit * 100 + 99) {
      if (!wholeDone.has(digit)) keys.push({ key: `${digit}XX`, digit });
      wholeDone.add(digit);
    } else keys.push({ key: String(status), status, digit });
  }
  return keys;
}

/**
 * The declared responses, status key by status key. The client's own rule
 * for a route that declares no 2xx (any 2xx is a result with an unchecked
 * body: the plan's 'any' response) is the client's, not the route's, so the
 * document leaves it out.
 */
function statedResponses(plan: OperationPlan): StatedResponse[] {
  const entries: StatedResponse[] = [];
  for (const r of plan.responses) {
    if (r.kind === 'any') continue;
    for (const { key, status, digit } of statusKeys(r)) {
      const hasBody = plan.method !== 'HEAD' && !(status !== undefined && isBodyless(status)) && digit !== 1;
      const entry: StatedResponse = {
        key,
        description: status !== undefined ? (STATUS_CODES[status] ?? `Status ${status}`) : CLASS_NAMES[digit]!,
        location: r.kind === 'redirect' && status !== 304,
      };
      if (hasBody && r.kind === 'error') entry.body = 'error';
      if (hasBody && r.kind === 'json' && r.body) entry.body = r.body;
      entries.push(entry);
    }
  }
  // Class keys in class order; JSON objects (and so the document) list the numeric codes first, ascending.
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function printResponse(r: StatedResponse, ref: (id: string) => string): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { description: r.description };
  if (r.location) out.headers = { Location: { description: 'Where the redirect points.', required: true, schema: { type: 'string' } } };
  if (r.body === 'error') out.content = { 'application/json': { schema: schemaRef(FW_ERROR) as JsonValue } };
  else if (r.body) out.content = { 'application/json': { schema: printJsonSchema(r.body, ref) as JsonValue } };
  return out;
}
