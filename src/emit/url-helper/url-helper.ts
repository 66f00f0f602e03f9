import * as path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { GroupModel, RootModel } from '../../model/model';
import { lowerFirst, uniqueImportNames } from '../../model/naming';
import { isGoIdentifier } from '../../go/names';
import type { Emitter } from '../emitter';
import { alignColumns, type GoImportLine, goString, importBlock } from '../go-source';
import { goLineComment } from '../escape';
import { templatesIn } from '../templates';
import { staticSegmentUrl } from '../url-escape';
import { BODY_IDENTIFIERS, paramName, URL_HELPER_PACKAGE } from './names';
import { type GroupPlan, type PlannedGroup, planUrlHelper, type QueryField, type RoutePlan, type UrlHelperPlan, type UrlParam, urlHelperDir } from './plan';
import { type GoTypeName, type QueryShape, ValuePrinter } from './url-values';
import type { GoPackage, GoProgram } from '../../go/package';
import { isStdlibPath } from '../../workspace/build-list';
import { importPathDiagnostics } from '../../model/import-paths';

const render = templatesIn(__dirname);

/**
 * `fw g url-helper`: `<root>/urlhelper/urlhelper.go` for every selected root
 * (docs/url-helper.md).
 */
export const emitUrlHelper: Emitter<UrlHelperMemo> = (model, ctx) => {
  const { resolver, memo } = ctx;
  const files = [];
  const diagnostics: Diagnostic[] = [];
  for (const root of model.roots) {
    const packageOf = (importPath: string) => model.program.package(importPath, root.pkg.pkg.dir);
    const plan = planUrlHelper(root, model.program, { resolver, importable: importableFrom(root, model.program), packageOf }, memo?.plans);
    diagnostics.push(...importPathDiagnostics(root), ...plan.diagnostics);
    files.push({ path: path.join(urlHelperDir(root), 'urlhelper.go'), contents: printUrlHelper(plan, memo?.printed) });
  }
  return { files, diagnostics };
};

/**
 * Which packages urlhelper.go may import: none whose build reaches the
 * helper, as `go build`, `go vet` and `go test` see them, since either way
 * the import would close a cycle, which Go refuses. That is a package that
 * imports the helper, directly or through other packages (a handler package
 * that redirects with it, a package of links), or one that imports, directly
 * or not, a package whose in-package test files reach the helper
 * (`package api` tests do, `package api_test` ones do not). Files left out by
 * build constraints count too (the helper must build for every target).
 * Decided anew on every run, from the packages as the program has them, so
 * that `fw watch` follows their imports.
 */
function importableFrom(root: RootModel, program: GoProgram): (pkg: GoPackage) => boolean {
  const helperPath = `${root.pkg.pkg.importPath}/${URL_HELPER_PACKAGE}`;
  // The standard library imports no package of the workspace; a module path without a dot (`module shop`) looks like one of its paths.
  const first = (importPath: string) => importPath.split('/')[0];
  const standard = (importPath: string) => isStdlibPath(importPath) && first(importPath) !== first(helperPath);
  const reached = new Map<GoPackage, { helper: boolean; packages: GoPackage[] }>();
  /** The packages `start` builds with (itself included), and whether the helper is among them. */
  const closure = (start: GoPackage) => {
    let found = reached.get(start);
    if (found) return found;
    found = { helper: false, packages: [start] };
    const seen = new Set<string>([start.importPath]);
    for (let i = 0; i < found.packages.length && !found.helper; i++) {
      const pkg = found.packages[i]!;
      for (const file of [...pkg.files, ...pkg.excluded.map((e) => e.file)]) {
        for (const { path: importPath } of file.imports) {
          if (importPath === helperPath) found.helper = true;
          if (found.helper || seen.has(importPath) || standard(importPath)) continue;
          seen.add(importPath);
          const next = program.package(importPath, pkg.dir);
          if (next) found.packages.push(next);
        }
      }
    }
    reached.set(start, found);
    return found;
  };
  const testsReachHelper = (pkg: GoPackage) =>
    program.testImports(pkg).some((importPath) => {
      if (importPath === helperPath) return true;
      const imported = standard(importPath) ? undefined : program.package(importPath, pkg.dir);
      return imported !== undefined && closure(imported).helper;
    });
  const decided = new Map<GoPackage, boolean>();
  return (pkg) => {
    let ok = decided.get(pkg);
    if (ok === undefined) {
      const built = closure(pkg);
      ok = !built.helper && !built.packages.some(testsReachHelper);
      decided.set(pkg, ok);
    }
    return ok;
  };
}

/** Local names of the generated query encoders (`func (q T) addTo(v url.Values)`, `for _, e := range`). */
const ENCODER_IDENTIFIERS: readonly string[] = ['q', 'v', 'e'];

/**
 * Uses of the helpers urlhelper.go declares only when some method calls them:
 * `segment` (url.PathEscape), `rest` (fwRest), `query` (fwQuery), `checked`
 * (PathValueError, fwCheckSegment), `checkedRest` (fwCheckRest), `checkedQuery`
 * (QueryValueError, fwCheckValues: a required slice), `queryWith`
 * (fwQueryWith: required and optional query values), `values` (url.Values:
 * required query values).
 */
const HELPERS = ['segment', 'rest', 'query', 'checked', 'checkedRest', 'checkedQuery', 'queryWith', 'values'] as const;

type HelperUses = Record<(typeof HELPERS)[number], boolean>;

/** No helper used yet. */
function noHelperUses(): HelperUses {
  return Object.fromEntries(HELPERS.map((k) => [k, false])) as HelperUses;
}

/** A group's text in urlhelper.go, and the standard packages and helpers it uses; valid for the import names it was printed with. */
interface PrintedGroup {
  importNames: string;
  text: string;
  std: ReadonlySet<string>;
  uses: HelperUses;
}

/** What the URL helper kept of earlier runs (`fw watch`): each group's plan by group, and its text by plan. */
export class UrlHelperMemo {
  readonly plans = new WeakMap<GroupModel, PlannedGroup>();
  readonly printed = new WeakMap<GroupPlan, PrintedGroup>();
}

/** Renders urlhelper.go from its plan; `memo` keeps each group's text by its plan. */
export function printUrlHelper(plan: UrlHelperPlan, memo?: WeakMap<GroupPlan, PrintedGroup>): string {
  const { root } = plan;
  const modulePackages = new Map<string, string>();
  const addType = (t: GoTypeName | undefined) => {
    if (t?.pkg && t.pkg.importPath !== 'time') modulePackages.set(t.pkg.importPath, t.pkg.name);
  };
  for (const g of plan.groups) {
    for (const r of g.routes) {
      for (const p of r.params) addType(p.scalar.type);
      for (const f of [...r.requiredQuery, ...(r.query?.fields ?? [])]) {
        addType(f.shape.scalar.type);
        if (f.shape.kind === 'slice') addType(f.shape.type);
      }
    }
  }
  const importNames = uniqueImportNames(modulePackages, [...BODY_IDENTIFIERS, ...ENCODER_IDENTIFIERS, URL_HELPER_PACKAGE]);
  const importKey = JSON.stringify([...importNames]);
  const qualifier = (importPath: string) => importNames.get(importPath) ?? importPath;
  const reserved: ReadonlySet<string> = new Set([...BODY_IDENTIFIERS, ...importNames.values()]);
  const std = new Set(['strings']);
  const uses = { ...noHelperUses(), text: false };
  const groups = plan.groups.map((g) => {
    let printed = memo?.get(g);
    if (printed?.importNames !== importKey) {
      printed = printGroup(g, new ValuePrinter(qualifier), reserved, importKey);
      memo?.set(g, printed);
    }
    for (const p of printed.std) std.add(p);
    for (const k of HELPERS) uses[k] ||= printed.uses[k];
    return printed.text;
  });
  uses.text = std.has('encoding');

  const imports: GoImportLine[] = [...importNames].map(([importPath, name]) => ({ path: importPath, name }));
  if (uses.segment || uses.rest || uses.query || uses.queryWith || uses.values) std.add('net/url');
  if (uses.checked || uses.checkedQuery) std.add('fmt');
  for (const p of std) imports.push({ path: p, name: p.slice(p.lastIndexOf('/') + 1) });

  return render('urlhelper.go.hbs', {
    pkgName: URL_HELPER_PACKAGE,
    rootPkg: goLineComment(root.pkg.pkg.name),
    rootImportPath: goLineComment(root.pkg.pkg.importPath),
    imports: importBlock(imports),
    groups,
    ...uses,
  });
}

function printGroup(g: GroupPlan, values: ValuePrinter, reserved: ReadonlySet<string>, importNames: string): PrintedGroup {
  const uses = noHelperUses();
  const text = render('urlhelper-group.go.hbs', {
    accessor: g.group.name,
    typeName: g.typeName,
    handlers: describeHandlers(g.group),
    routes: g.routes.map((r) => printRoute(r, g, values, reserved, uses)),
    queries: g.routes.flatMap((r) => (r.query ? [printQuery(r, g, r.query, values, uses)] : [])),
  });
  // urlhelper.go.hbs prints each group on lines of its own.
  return { importNames, text: text.slice(0, -1), std: values.stdUsed, uses };
}

function describeHandlers(group: GroupModel): string {
  const pkg = group.pkg.isRoot ? '' : `${group.pkg.pkg.name}.`;
  if (group.handlerType) return `${pkg}${group.handlerType.typeName}`;
  return `the handler functions of package ${group.pkg.pkg.name}`;
}

function printRoute(r: RoutePlan, g: GroupPlan, values: ValuePrinter, reserved: ReadonlySet<string>, uses: HelperUses) {
  // A route with required query values collects them in `v` (a slice's elements as `e`) before building the URL.
  const taken = new Set<string>(r.requiredQuery.length > 0 ? REQUIRED_QUERY_LOCALS : []);
  const params: string[] = [];
  const checks: string[] = [];
  /** How many of `checks` are of required query slices (the rest are of path values). */
  let queryChecks = 0;
  const expressionOf = new Map<string, string>();
  for (const p of r.params) {
    const name = paramName(p.wildcard, reserved, taken);
    taken.add(name);
    params.push(`${name} ${values.type(p.scalar.type)}`);
    const text = values.format(p.scalar, name);
    if (!mayBeRefused(p)) {
      // Digits, signs, dots, letters, ":" and "+": url.PathEscape would keep them all.
      expressionOf.set(p.wildcard, text);
      continue;
    }
    checks.push(`${p.remainder ? 'fwCheckRest' : 'fwCheckSegment'}(${goString(p.wildcard)}, ${text})`);
    uses.checked = true;
    if (p.remainder) uses.checkedRest = uses.rest = true;
    else uses.segment = true;
    expressionOf.set(p.wildcard, p.remainder ? `fwRest(${text})` : `url.PathEscape(${text})`);
  }
  const pieces = pathPieces(r, expressionOf);
  const statements: string[] = [];
  if (r.requiredQuery.length > 0) {
    uses.values = true;
    statements.push('v := url.Values{}');
    for (const f of r.requiredQuery) {
      const name = paramName(isGoIdentifier(f.key) ? f.key : lowerFirst(f.goName), reserved, taken);
      taken.add(name);
      params.push(`${name} ${values.queryFieldType(f.shape)}`);
      const key = goString(f.key);
      if (f.shape.kind === 'scalar') {
        statements.push(`v.Add(${key}, ${values.format(f.shape.scalar, name)})`);
        continue;
      }
      // fwhttp.Bind refuses a request without the value: an empty slice has no URL.
      checks.push(`fwCheckValues(${key}, len(${name}))`);
      queryChecks++;
      uses.checkedQuery = true;
      statements.push(`for _, e := range ${name} {`, `\tv.Add(${key}, ${values.format(f.shape.scalar, 'e')})`, '}');
    }
  }
  if (r.query) {
    params.push(`query ...${r.query.typeName}`);
    pieces.push({ expr: r.requiredQuery.length > 0 ? 'fwQueryWith(v, query)' : 'fwQuery(query)' });
    if (r.requiredQuery.length > 0) uses.queryWith = true;
    else uses.query = true;
  } else if (r.requiredQuery.length > 0) {
    const last = pieces[pieces.length - 1];
    if (last && 'lit' in last) last.lit += '?';
    else pieces.push({ lit: '?' });
    pieces.push({ expr: 'v.Encode()' });
  }
  const methods = r.route.methods.join(', ');
  const doc = [`${r.methodName} returns the URL of ${methods} ${r.route.path.text}.`];
  if (checks.length > queryChecks) doc.push('It returns a *PathValueError for a path value no URL can carry as given.');
  if (queryChecks > 0) doc.push('It returns a *QueryValueError for a required query parameter given no value.');
  const url = ['u.base', ...pieces.map((p) => ('lit' in p ? goString(p.lit) : p.expr))].join(' + ');
  return {
    name: r.methodName,
    groupType: g.typeName,
    doc: doc.map(goLineComment),
    params: params.join(', '),
    results: checks.length > 0 ? '(string, error)' : 'string',
    checks,
    statements,
    expr: checks.length > 0 ? `${url}, nil` : url,
  };
}

/**
 * Whether a path value may be refused, and needs escaping: its text may be
 * "", "." or ".." or hold any character (a string, or a type's
 * MarshalText); numbers, bools and times never do.
 */
function mayBeRefused(p: UrlParam): boolean {
  const f = p.scalar.format;
  return f.kind === 'text' || (f.kind === 'basic' && f.basic === 'string');
}

/** The locals of a method with required query values (see printRoute). */
const REQUIRED_QUERY_LOCALS: readonly string[] = ['v', 'e'];

type Piece = { lit: string } | { expr: string };

/** The path after the base URL: escaped literals merged, values as expressions. */
function pathPieces(r: RoutePlan, expressionOf: ReadonlyMap<string, string>): Piece[] {
  const pieces: Piece[] = [];
  const lit = (s: string) => {
    const last = pieces[pieces.length - 1];
    if (last && 'lit' in last) last.lit += s;
    else pieces.push({ lit: s });
  };
  for (const seg of r.route.path.segments) {
    lit('/');
    if (seg.kind === 'static') lit(staticSegmentUrl(seg.value));
    else if (seg.kind === 'wildcard' || seg.kind === 'remainder') pieces.push({ expr: expressionOf.get(seg.name)! });
    // {$}: the slash alone
  }
  return pieces;
}

function printQuery(r: RoutePlan, g: GroupPlan, query: NonNullable<RoutePlan['query']>, values: ValuePrinter, uses: HelperUses) {
  uses.values = true;
  return {
    typeName: query.typeName,
    call: `${g.group.name}().${r.methodName}`,
    fields: alignColumns(query.fields.map((f) => [f.goName, values.queryFieldType(f.shape)])),
    adds: query.fields.map((f) => encodeField(f, values)),
  };
}

/** One field's statement in addTo: the condition or loop, and the v.Add call inside it. */
function encodeField(f: QueryField, values: ValuePrinter): { open: string; add: string } {
  const key = goString(f.key);
  const shape: QueryShape = f.shape;
  const field = `q.${f.goName}`;
  switch (shape.kind) {
    case 'scalar':
      return { open: `if ${values.nonZero(shape.scalar, field)} {`, add: `v.Add(${key}, ${values.format(shape.scalar, field)})` };
    case 'pointer':
      return { open: `if ${field} != nil {`, add: `v.Add(${key}, ${values.format(shape.scalar, `*${field}`)})` };
    case 'slice':
      return { open: `for _, e := range ${field} {`, add: `v.Add(${key}, ${values.format(shape.scalar, 'e')})` };
  }
}
