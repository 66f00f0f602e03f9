import { type Diagnostic, warning } from '../diagnostics/diagnostics';
import type { RouteModel, RouteResponse } from '../model/model';
import { compareIndex } from '../go/struct-views';
import type { TypeResolver } from '../go/type-resolver';
import { type JsonProperty, type JsonShape, type JsonShapes, STRING } from './json-shape';
import { nilPasses } from './constraints';
import type { HttpMethod, StatusMatch } from '../annotations/types';
import { isRequiredField, type JsonField, LOCATION_TAGS, type LocationTag, type ResolvedType, type TaggedField } from '../go/resolved-types';

/**
 * What one operation (a route and one of its methods) sends and receives,
 * shared by the generators that describe requests (the TypeScript client,
 * the OpenAPI document): the request as a schema tree of its parts
 * `{ path, query, headers, body }`, how the body travels, and the declared
 * responses with the statuses each one wins.
 */
export interface OperationPlan {
  route: RouteModel;
  method: HttpMethod;
  /** Schema of the request argument (an object with path/query/headers/body as needed). */
  request: JsonShape & { kind: 'object' };
  /** True when every part of the request argument is optional, so the argument itself may be left out. */
  requestOptional: boolean;
  bodyKind: 'none' | 'json' | 'multipart';
  /** Declared responses in precedence order (exact, narrowest range, class). */
  responses: ResponsePlan[];
}

export interface ResponsePlan {
  from: number;
  to: number;
  /** 'none': declared without a body (`response=204`); 'any': the implicit 2xx of a route that declares none. */
  kind: 'json' | 'error' | 'redirect' | 'none' | 'any';
  /** The body schema of kind 'json'. */
  body?: JsonShape;
  /** The statuses this response wins against the route's other responses, ascending (shared by routes: read-only). */
  statuses: readonly number[];
}

const NO_BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

/** Statuses whose answers have no body (RFC 9110 §6.4.1, §15.3.6, §15.4.5). */
export const BODYLESS_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** The bit of BindingViews for the JSON body fields (after the bits of LOCATION_TAGS). */
const BODY_BIT = 1 << LOCATION_TAGS.length;

/**
 * The binding views (`path:`, `query:`, ... fields) of request types,
 * remembering which are empty: most request types bind two or three of the
 * five, and a generator that plans each operation twice (the client: once to
 * decide names, once to print) then flattens only the views that have fields
 * the second time. One small integer per named request type.
 */
class BindingViews {
  /** Bits (by LOCATION_TAGS index, BODY_BIT) of the views found empty, by type id. */
  private readonly empty = new Map<string, number>();

  constructor(private readonly resolver: TypeResolver) {}

  /** The fields bound by `key`. */
  fields(req: ResolvedType, key: LocationTag): readonly TaggedField[] {
    return this.view(req, 1 << LOCATION_TAGS.indexOf(key), () => this.resolver.taggedFields(req, key));
  }

  /** The JSON fields that make up the body: a field with any binding tag never takes its value from the JSON body (it is bound from its own source). */
  bodyFields(req: ResolvedType): readonly JsonField[] {
    return this.view(req, BODY_BIT, () => this.resolver.jsonFields(req).filter((f) => !LOCATION_TAGS.some((key) => f.field.tags.has(key))));
  }

  private view<T>(req: ResolvedType, bit: number, compute: () => readonly T[]): readonly T[] {
    if (req.kind !== 'named') return compute();
    const empty = this.empty.get(req.id) ?? 0;
    if (empty & bit) return [];
    const fields = compute();
    if (fields.length === 0) this.empty.set(req.id, empty | bit);
    return fields;
  }
}

/**
 * Plans operations for one run of a generator, with that run's caches: the
 * binding views, and the response slots by declared matches (a workspace has
 * few distinct sets: 10k routes, tens of sets; their arrays are shared,
 * read-only, by the plans of every route that declares one).
 */
export class OperationPlanner {
  private readonly views: BindingViews;
  private readonly slots = new Map<string, readonly ResponseSlot[]>();

  constructor(
    private readonly resolver: TypeResolver,
    private readonly mapper: JsonShapes,
  ) {
    this.views = new BindingViews(resolver);
  }

  /** The operation of `route` for `method`; warnings go to `diagnostics` (planned again, an operation gives the same ones). */
  plan(route: RouteModel, method: HttpMethod, diagnostics: Diagnostic[]): OperationPlan {
    return planOperation(route, method, this.resolver, this.mapper, diagnostics, this.views, this.slots);
  }
}

function planOperation(
  route: RouteModel,
  method: HttpMethod,
  resolver: TypeResolver,
  mapper: JsonShapes,
  diagnostics: Diagnostic[],
  views: BindingViews,
  slots: Map<string, readonly ResponseSlot[]>,
): OperationPlan {
  const req = route.request ? resolver.resolveRef(route.request) : undefined;
  const props: JsonProperty[] = [];

  if (route.path.segments.some((s) => s.kind === 'wildcard' || s.kind === 'remainder')) {
    const pathFields = req ? views.fields(req, 'path') : [];
    const pathProps = route.path.segments.flatMap((s): JsonProperty[] => {
      if (s.kind !== 'wildcard' && s.kind !== 'remainder') return [];
      const f = pathFields.find((p) => p.name === s.name);
      const prop: JsonProperty = {
        name: s.name,
        shape: f ? mapper.param(f.type) : STRING,
        optional: false,
        doc: f?.field.doc ?? [],
        sentAs: s.kind === 'wildcard' ? 'segment' : 'segments',
      };
      if (f) mapper.withParamChecks(prop, f.field, f.type);
      return [prop];
    });
    props.push({ name: 'path', shape: { kind: 'object', props: pathProps }, optional: false });
  }

  if (req) {
    // A query parameter may be left out (Go reads a missing one as the zero value) unless its tag says `,required`.
    // fwhttp.Bind refuses a required list given no value, which an empty list sends: the client refuses it first.
    const query = views.fields(req, 'query').map((f): JsonProperty => {
      const required = isRequiredField(f);
      const prop: JsonProperty = { name: f.name, shape: mapper.param(f.type), optional: !required, doc: f.field.doc };
      mapper.withParamChecks(prop, f.field, f.type);
      markRequiredList(prop, required, f.type, resolver);
      return prop;
    });
    if (query.length > 0) props.push({ name: 'query', shape: { kind: 'object', props: query }, optional: query.every((q) => q.optional) });
  }

  const headers = headerProps(route, req ? views.fields(req, 'header') : [], mapper);
  // Strict: the client sends every key it is given, and only those it knows are checked as header values.
  if (headers.length > 0) props.push({ name: 'headers', shape: { kind: 'object', props: headers, strict: true }, optional: headers.every((h) => h.optional) });

  let bodyKind: OperationPlan['bodyKind'] = 'none';
  if (req) {
    const form = [...views.fields(req, 'form'), ...views.fields(req, 'file')];
    const jsonFields = views.bodyFields(req);
    const requestName = route.request!.name;
    if (form.length > 0) {
      bodyKind = 'multipart';
      const body = form
        .sort((a, b) => compareIndex(a.index, b.index))
        .map((f): JsonProperty => {
          const prop: JsonProperty = { name: f.name, shape: mapper.param(f.type), optional: isOptionalFormField(f), doc: f.field.doc };
          mapper.withParamChecks(prop, f.field, f.type);
          markRequiredList(prop, isRequiredField(f), f.type, resolver);
          return prop;
        });
      props.push({ name: 'body', shape: { kind: 'object', props: body }, optional: body.every((p) => p.optional) });
      if (jsonFields.length > 0) {
        diagnostics.push(
          warning(
            'FW5010',
            route.pos,
            `request type ${requestName} of route ${route.name} has form or file fields and JSON fields (${jsonFields.map((f) => f.name).join(', ')}); a multipart request carries no JSON body, so the TypeScript client does not send them`,
            'tag them form:"..." or json:"-"',
          ),
        );
      }
    } else if (jsonFields.length > 0 && NO_BODY_METHODS.has(method)) {
      diagnostics.push(
        warning(
          'FW5011',
          route.pos,
          `request type ${requestName} of route ${route.name} has JSON body fields (${jsonFields.map((f) => f.name).join(', ')}), but a ${method} request has no body; the TypeScript client does not send them`,
          'tag them query:"..." (or path/header), mark them json:"-", or use another method',
        ),
      );
    } else if (jsonFields.length > 0) {
      bodyKind = 'json';
      // The validator judges the body type's fields and the structs it dives into.
      const body = mapper.object(jsonFields, 'checked');
      props.push({ name: 'body', shape: body, optional: body.props.every((p) => p.optional) });
    }
  }

  return {
    route,
    method,
    request: { kind: 'object', props },
    requestOptional: props.every((p) => p.optional),
    bodyKind,
    responses: planResponses(route.responses, resolver, mapper, slots),
  };
}

/** A body type declared where no body can be: the client never reads one there. */
export function bodylessWarnings(route: RouteModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const r of route.responses) {
    if (r.kind !== 'type' || !r.type) continue;
    const status = r.match.kind === 'exact' && BODYLESS_STATUSES.has(r.match.status) ? r.match.status : undefined;
    const headOnly = route.methods.length === 1 && route.methods[0] === 'HEAD';
    if (status === undefined && !headOnly) continue;
    const what = status !== undefined ? `a ${status} answer` : 'an answer to HEAD';
    out.push(
      warning(
        'FW5012',
        route.pos,
        `response=${r.text} of route ${route.name} names a body type, but ${what} has no body; the TypeScript client does not read one`,
        'answer with a status that carries a body, or ignore this if no body is meant',
      ),
    );
  }
  return out;
}

/** Required headers (`required_header`, typed string) merged with `header:`-tagged fields (optional unless required there or by their tag). */
function headerProps(route: RouteModel, fields: readonly TaggedField[], mapper: JsonShapes): JsonProperty[] {
  const props: JsonProperty[] = route.requiredHeaders.map((name) => {
    const field = fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    const prop: JsonProperty = { name, shape: field ? mapper.param(field.type) : STRING, optional: false, doc: field?.field.doc ?? [], sentAs: 'header' };
    if (field) mapper.withParamChecks(prop, field.field, field.type);
    return prop;
  });
  for (const f of fields) {
    if (props.some((p) => p.name.toLowerCase() === f.name.toLowerCase())) continue;
    const prop: JsonProperty = { name: f.name, shape: mapper.param(f.type), optional: !isRequiredField(f), doc: f.field.doc, sentAs: 'header' };
    mapper.withParamChecks(prop, f.field, f.type);
    props.push(prop);
  }
  return props;
}

/**
 * A list sent as repeated query or form keys: an empty one sends nothing,
 * which Bind leaves nil, so where the field is required or its rules refuse
 * nil, the list must not be empty.
 */
function markRequiredList(prop: JsonProperty, required: boolean, type: ResolvedType, resolver: TypeResolver): void {
  if ((required || (prop.checks && !nilPasses(prop.checks))) && resolver.underlying(type).kind === 'slice') prop.sentAs = 'list';
}

/** A form or file field may be left out unless its tag says `,required`: fwhttp.Bind leaves an absent one as it is. */
function isOptionalFormField(f: TaggedField): boolean {
  return !isRequiredField(f);
}

function range(match: StatusMatch): { from: number; to: number; rank: number } {
  switch (match.kind) {
    case 'exact':
      return { from: match.status, to: match.status, rank: 0 };
    case 'range':
      return { from: match.from, to: match.to, rank: 1 };
    case 'class':
      return { from: match.digit * 100, to: match.digit * 100 + 99, rank: 2 };
  }
}

/** A response of a route without its body: its range, kind, the statuses it wins, and which declared response it is (-1: the implicit 2xx). */
interface ResponseSlot {
  from: number;
  to: number;
  kind: ResponsePlan['kind'];
  statuses: number[];
  index: number;
}

/**
 * The declared responses in the order the runtime tries them (the
 * precedence of docs/annotations.md: exact, then the narrowest range, then class), each with the
 * statuses it wins. A route that declares nothing for 2xx accepts any 2xx
 * with an unchecked body, so that e.g. a 204 of a route without a response
 * type is a result and not an error.
 */
function planResponses(
  responses: RouteResponse[],
  resolver: TypeResolver,
  mapper: JsonShapes,
  slotsByMatches: Map<string, readonly ResponseSlot[]>,
): ResponsePlan[] {
  return responseSlots(responses, slotsByMatches).map(({ index, ...slot }): ResponsePlan => {
    const r = responses[index];
    return r?.kind === 'type' && r.type ? { ...slot, body: mapper.body(resolver.resolveRef(r.type)) } : slot;
  });
}

/** The slots of `responses`, by their declared matches and kinds (the statuses depend on nothing else). */
function responseSlots(responses: RouteResponse[], slotsByMatches: Map<string, readonly ResponseSlot[]>): readonly ResponseSlot[] {
  const key = responses.map((r) => `${r.kind} ${matchKey(r.match)}`).join(',');
  let slots = slotsByMatches.get(key);
  if (!slots) {
    slots = computeSlots(responses);
    slotsByMatches.set(key, slots);
  }
  return slots;
}

function matchKey(m: StatusMatch): string {
  return m.kind === 'exact' ? String(m.status) : m.kind === 'range' ? `${m.from}-${m.to}` : `${m.digit}xx`;
}

function computeSlots(responses: RouteResponse[]): ResponseSlot[] {
  const specs = responses.map((r, index): ResponseSlot & { rank: number } => {
    const { from, to, rank } = range(r.match);
    return { from, to, rank, kind: r.kind === 'type' ? 'json' : r.kind, statuses: [], index };
  });
  if (!specs.some((s) => s.from <= 299 && s.to >= 200)) specs.push({ from: 200, to: 299, rank: 3, kind: 'any', statuses: [], index: -1 });
  specs.sort((a, b) => a.rank - b.rank || a.to - a.from - (b.to - b.from) || a.from - b.from);
  // In precedence order, each spec takes the statuses of its range that no earlier spec took.
  const taken = new Set<number>();
  for (const spec of specs) {
    for (let status = spec.from; status <= spec.to; status++) {
      if (!taken.has(status)) {
        taken.add(status);
        spec.statuses.push(status);
      }
    }
  }
  return specs.filter((s) => s.statuses.length > 0).map(({ rank: _rank, ...slot }) => slot);
}
