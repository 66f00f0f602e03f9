import * as path from 'node:path';
import { handlerPackageOf } from '../../model/build-model';
import { handWrittenGoFiles } from '../../workspace/discover';
import { type Diagnostic, error, type Pos, warning } from '../../diagnostics/diagnostics';
import type { GroupModel, RootModel, RouteModel } from '../../model/model';
import { isExported } from '../../model/naming';
import { sameObjects } from '../emitter';
import { groupTypeName, queryTypeName, URL_HELPER_PACKAGE, urlMethodName } from './names';
import { pathValueOf, type QueryShape, queryShapeOf, type ScalarType, STRING_SCALAR, stringQueryShape, type ValueContext } from './url-values';
import type { GoPackage, GoProgram } from '../../go/package';
import { describeExpr } from '../../go/type-expr';
import { declPos } from '../../go/packed-pos';
import { isRequiredField, type ResolvedType, type TaggedField } from '../../go/resolved-types';
import type { TypeResolver } from '../../go/type-resolver';

/**
 * What urlhelper.go of one root declares, decided before anything is
 * printed: names, parameter types, query fields. Every clash is an error
 * here (never a rename); a type the helper cannot format is a warning and
 * becomes a string.
 */

export interface UrlParam {
  wildcard: string;
  /** `{name...}`: the rest of the path, slashes kept. */
  remainder: boolean;
  scalar: ScalarType;
}

export interface QueryField {
  /** The request struct's field name, reused in the query struct. */
  goName: string;
  /** The query key (the `query:` tag's name). */
  key: string;
  shape: QueryShape;
}

/** A `,required` query field: a positional argument after the path parameters, always sent. */
export interface RequiredQueryField extends QueryField {
  /** The argument: one value, or (slice) the values, each sent under the key. */
  shape: Exclude<QueryShape, { kind: 'pointer' }>;
}

export interface RoutePlan {
  route: RouteModel;
  methodName: string;
  /** In path order. */
  params: UrlParam[];
  /** `,required` query fields, in field order. */
  requiredQuery: RequiredQueryField[];
  /** The optional trailing query struct: the other query fields. */
  query?: { typeName: string; fields: QueryField[] };
}

export interface GroupPlan {
  group: GroupModel;
  typeName: string;
  routes: RoutePlan[];
}

export interface UrlHelperPlan {
  root: RootModel;
  groups: GroupPlan[];
  diagnostics: Diagnostic[];
}

/** The directory of a root's URL helper package. */
export function urlHelperDir(root: RootModel): string {
  return path.join(root.dir, URL_HELPER_PACKAGE);
}

/** Unexported helpers and fixed names urlhelper.go declares at package level. */
const FIXED_DECLARATIONS: readonly string[] = ['URLs', 'New', 'PathValueError', 'fwCheckSegment', 'fwCheckRest', 'fwRest', 'fwQuery', 'fwQueryWith', 'fwText'];

export function planUrlHelper(root: RootModel, program: GoProgram, ctx: ValueContext, memo?: WeakMap<GroupModel, PlannedGroup>): UrlHelperPlan {
  const diagnostics: Diagnostic[] = [];
  const groups = root.groups.map((group) => {
    const planned = planGroup(group, ctx, memo);
    diagnostics.push(...planned.diagnostics);
    return planned.plan;
  });
  const queryTypes = new Map<string, RoutePlan>();
  for (const plan of groups.flatMap((g) => g.routes)) {
    if (!plan.query) continue;
    const earlier = queryTypes.get(plan.query.typeName);
    if (earlier) {
      const { route } = plan;
      diagnostics.push(
        clash(
          route.pos,
          `the URL helper's query type ${plan.query.typeName} of ${route.groupName}().${plan.methodName} clashes with the one of ${earlier.route.groupName}().${earlier.methodName}`,
          'rename one of the routes (name=...) or handler types',
          earlier.route.pos,
          `${earlier.route.groupName}().${earlier.methodName} declared here`,
        ),
      );
    } else queryTypes.set(plan.query.typeName, plan);
  }
  diagnostics.push(...checkOutputDir(root, program, [...FIXED_DECLARATIONS, ...groups.map((g) => g.typeName), ...queryTypes.keys()]));
  return { root, groups, diagnostics };
}

/** A group's plan and the diagnostics of planning it, with what it was planned from besides the group (see planGroup). */
export interface PlannedGroup {
  plan: GroupPlan;
  diagnostics: Diagnostic[];
  resolver: TypeResolver;
  requests: (ResolvedType | undefined)[];
  /** Each package the plan asked ctx.importable about, and the answer (its imports, or those of what it imports, may change in `fw watch`). */
  importable: Map<GoPackage, boolean>;
}

/**
 * The plan of one group: a function of the group and of its request types
 * as the resolver has them. `memo` keeps it by group; it is taken again
 * while the resolver hands out the same request types (it resolves a type
 * anew once its package, or one that package imports, changed) and every
 * package it asked about is as importable as it was.
 */
function planGroup(group: GroupModel, ctx: ValueContext, memo: WeakMap<GroupModel, PlannedGroup> | undefined): PlannedGroup {
  const requests = group.routes.map((route) => route.request && ctx.resolver.resolveRef(route.request));
  const kept = memo?.get(group);
  if (kept && kept.resolver === ctx.resolver && sameObjects(kept.requests, requests) && [...kept.importable].every(([pkg, ok]) => ctx.importable(pkg) === ok)) {
    return kept;
  }
  const importable = new Map<GoPackage, boolean>();
  const recording: ValueContext = {
    resolver: ctx.resolver,
    packageOf: ctx.packageOf,
    importable: (pkg) => {
      const ok = ctx.importable(pkg);
      importable.set(pkg, ok);
      return ok;
    },
  };
  const diagnostics: Diagnostic[] = [];
  const first = group.routes[0];
  if (!isExported(group.name) && first) {
    diagnostics.push(
      error(
        'FW5030',
        first.pos,
        `handler group ${group.name} would give the URL helper accessor urls.${group.name}(), which Go does not export`,
        'start the handler type name with an upper-case letter',
      ),
    );
  }
  const methods = new Map<string, RouteModel>();
  const routes = group.routes.map((route, i) => {
    const plan = planRoute(route, requests[i], group, recording, diagnostics);
    const other = methods.get(plan.methodName);
    if (other) {
      diagnostics.push(
        clash(
          route.pos,
          `route ${route.name} gives the URL helper method ${group.name}().${plan.methodName}, which route ${other.name} of the same group gives too`,
          'give one of them another name= that differs in more than the case of its first letter',
          other.pos,
          `${other.name} declared here`,
        ),
      );
    } else methods.set(plan.methodName, route);
    if (!isExported(plan.methodName)) {
      diagnostics.push(
        error(
          'FW5031',
          route.pos,
          `route name ${route.name} gives the URL helper method ${plan.methodName}, which Go does not export`,
          'name the route with an upper-case first letter (name=...)',
        ),
      );
    }
    return plan;
  });
  const planned = { plan: { group, typeName: groupTypeName(group.name), routes }, diagnostics, resolver: ctx.resolver, requests, importable };
  memo?.set(group, planned);
  return planned;
}

function clash(pos: Pos, message: string, hint: string, otherPos: Pos, note: string): Diagnostic {
  return { ...error('FW5032', pos, message, hint), related: [{ pos: otherPos, message: note }] };
}

function planRoute(route: RouteModel, requestType: ResolvedType | undefined, group: GroupModel, ctx: ValueContext, diagnostics: Diagnostic[]): RoutePlan {
  const methodName = urlMethodName(route.name);
  const call = `urls.${group.name}().${methodName}`;
  const pathFields = new Map((requestType ? ctx.resolver.taggedFields(requestType, 'path') : []).map((f) => [f.name, f]));
  const params: UrlParam[] = [];
  for (const seg of route.path.segments) {
    if (seg.kind !== 'wildcard' && seg.kind !== 'remainder') continue;
    const field = pathFields.get(seg.name);
    let scalar = field ? pathValueOf(field.type, ctx) : STRING_SCALAR;
    if (!scalar && field) {
      diagnostics.push(unsupported(field, `binds {${seg.name}}`, `${call} takes it as a string`));
      scalar = STRING_SCALAR;
    }
    params.push({ wildcard: seg.name, remainder: seg.kind === 'remainder', scalar: scalar ?? STRING_SCALAR });
  }
  const plan: RoutePlan = { route, methodName, params, requiredQuery: [] };
  const queryFields = requestType ? ctx.resolver.taggedFields(requestType, 'query') : [];
  if (queryFields.length > 0) {
    const typeName = queryTypeName(group.name, route.name);
    const seen = new Map<string, TaggedField>();
    const fields = queryFields.map((f): QueryField & { required: boolean } => {
      let shape = queryShapeOf(f.type, ctx);
      if (!shape) {
        shape = stringQueryShape(f.type, ctx);
        const fallback = { scalar: 'string', pointer: '*string', slice: '[]string' }[shape.kind];
        diagnostics.push(unsupported(f, `is the query parameter "${f.name}"`, `${typeName}.${f.field.name} is a ${fallback}`));
      }
      const earlier = seen.get(f.field.name);
      if (earlier) {
        diagnostics.push(
          clash(
            f.field.pos,
            `query fields ${f.name} and ${earlier.name} of ${route.request!.name} are both named ${f.field.name} (through embedded structs), so ${typeName} cannot hold both`,
            'rename one of the fields',
            earlier.field.pos,
            `${f.field.name} declared here`,
          ),
        );
      } else seen.set(f.field.name, f);
      return { goName: f.field.name, key: f.name, shape, required: isRequiredField(f) };
    });
    // A required value is always given, so a pointer's value is taken as such.
    plan.requiredQuery = fields
      .filter((f) => f.required)
      .map(({ required: _, ...f }) => ({ ...f, shape: f.shape.kind === 'pointer' ? { kind: 'scalar', scalar: f.shape.scalar } : f.shape }));
    const optional = fields.filter((f) => !f.required).map(({ required: _, ...f }) => f);
    if (optional.length > 0) plan.query = { typeName, fields: optional };
  }
  return plan;
}

function unsupported(f: TaggedField, role: string, fallback: string): Diagnostic {
  return warning(
    'FW5033',
    f.field.pos,
    `field ${f.field.name} of ${f.field.owner} ${role} but has type ${describeExpr(f.field.goType)}, which the URL helper cannot format; ${fallback}`,
    'use a string, bool, integer, float, time.Time or time.Duration type, a pointer to or slice of one for query fields, or a type with a MarshalText method declared in a package that does not import the URL helper (directly, through other packages, or in its tests)',
  );
}

/**
 * The helper's directory is fw's: it must not hold handlers, and files a
 * person added there must be of package urlhelper and leave fw's names alone.
 */
function checkOutputDir(root: RootModel, program: GoProgram, declared: string[]): Diagnostic[] {
  const dir = urlHelperDir(root);
  const out: Diagnostic[] = [];
  const handlers = root.subPackages.find((p) => p.pkg.dir === dir);
  const firstRoute = handlers && root.routes.find((r) => handlerPackageOf(r) === handlers);
  if (firstRoute) {
    out.push(
      error(
        'FW5034',
        firstRoute.pos,
        `subfolder ${URL_HELPER_PACKAGE} holds handlers, but fw g url-helper writes package ${URL_HELPER_PACKAGE} into it`,
        'move these handlers to a subfolder with another name',
      ),
    );
    return out;
  }
  // Only files a person added are checked; fw's own output is not even parsed.
  const handWritten = new Set(handWrittenGoFiles(dir));
  if (handWritten.size === 0) return out;
  const names = new Set(declared);
  for (const file of program.packageAt(dir)?.files ?? []) {
    if (!handWritten.has(file.path)) continue;
    const where = { file: file.path, line: 1, col: 1 };
    if (file.packageName !== URL_HELPER_PACKAGE) {
      out.push(
        error(
          'FW5035',
          where,
          `${path.basename(file.path)} is in the URL helper's directory but in package ${file.packageName}`,
          `move it elsewhere, or make it part of package ${URL_HELPER_PACKAGE}`,
        ),
      );
      continue;
    }
    const decls = [
      ...file.types.map((t) => ({ name: t.name, pos: () => declPos(file, t) })),
      ...file.funcs.filter((f) => !f.receiver).map((f) => ({ name: f.name, pos: () => f.namePos })),
    ];
    for (const d of decls) {
      if (names.has(d.name))
        out.push(error('FW5036', d.pos(), `${d.name} is declared here and generated by fw g url-helper in the same package`, `rename your ${d.name}`));
    }
  }
  return out;
}
