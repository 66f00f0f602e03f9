import * as path from 'node:path';
import { parseAnnotation } from '../annotations/annotation';
import { type Diagnostic, error, type Pos, warning } from '../diagnostics/diagnostics';
import { type GoModule, type RootLocation, toPosix } from '../workspace/discover';
import { constraintSummary, describeTarget } from '../go/build-constraints';
import type { GoComment, GoFile } from '../go/ast';
import type { GoPackage, TypeRef } from '../go/package';
import { findAnnotatedHandlers, type AnnotatedHandler } from './handlers';
import type { GroupModel, HandlerPackage, HandlerTypeModel, RootModel, RouteModel, RouteResponse, WorkspaceModel } from './model';
import { isGoIdentifier } from '../go/names';
import { declPos } from '../go/packed-pos';
import { groupNameForFunctions, groupNameForType, isExported, pascalCasePath, uniqueImportNames, upperFirst } from './naming';
import type { WorkspaceProgram } from '../go/program';
import { findRouteConflicts } from './route-conflicts';
import { lookupTypeName } from './type-lookup';
import { checkPathBindings } from './path-bindings';
import type { RouteAnnotation, RoutePath } from '../annotations/types';
import { parseRootDirective, prefixedPath, type RootDirective } from '../annotations/root-directive';
import { isRootDirective } from '../go/annotation-comment';

export interface LoadedModel {
  model?: WorkspaceModel;
  diagnostics: Diagnostic[];
  /** Every root found, selected or not (for listing and Nx). */
  allRoots: RootLocation[];
  program: WorkspaceProgram;
}

/** Names the generated router.go/registry.go declare in the root package. */
export const GENERATED_DECLARATIONS: readonly string[] = ['Router', 'RouterParams', 'Route', 'RouteResponse', 'Routes', 'fwRequireHeaders'];
/** Packages generated files import; a handler package must not take these names. */
const RESERVED_IMPORT_NAMES: readonly string[] = ['http', 'json', 'reflect'];

/**
 * What `fw watch` keeps of one run's model for the next (its WatchSession
 * owns it and forgets the roots a change can affect), so that a rebuild
 * builds again only those. Valid only with the program it was built from.
 */
export interface ModelMemo {
  /** Each root's model (undefined when it could not be built) and the diagnostics of building it, by root directory, with the location it was built for. */
  roots: Map<string, { location: string; root?: RootModel; diagnostics: Diagnostic[] }>;
  /** What each handler package gave its root's model (PackagePart), by root directory, then package directory. */
  packages?: Map<string, Map<string, PackagePart>>;
}

/**
 * The groups, handler types, routes and diagnostics one handler package
 * adds to its root's model: a function of that package and of the packages
 * its annotations name types of, so a root built again takes them as they
 * were while those are the program's packages still (a changed file's
 * package is a new object). Kept only for packages without errors, whose
 * groups are their own (a clash of group names across packages is an error).
 */
interface PackagePart {
  hp: HandlerPackage;
  /** With the number of routes each had: a later package whose group name clashes adds its routes to the group. */
  groups: { group: GroupModel; pos: Pos; routes: number }[];
  /** Where each route name of its groups was first declared (`group.name`). */
  routeNames: [string, Pos][];
  handlerTypes: HandlerTypeModel[];
  routes: RouteModel[];
  diagnostics: Diagnostic[];
  /** The root's mount prefix its routes' paths were built with ('' for none). */
  prefix: string;
}

/** What the model stage is given: the program (its packages read ahead by the caller), discovery's roots and the selected ones. */
export interface ModelInput {
  cwd: string;
  program: WorkspaceProgram;
  allRoots: readonly RootLocation[];
  selected: readonly RootLocation[];
  memo?: ModelMemo;
}

/** The kept model of the root at `loc`, when it was built for that very location. */
export function keptRoot(memo: ModelMemo | undefined, loc: RootLocation) {
  const kept = memo?.roots.get(loc.dir);
  return kept && kept.location === JSON.stringify(loc) ? kept : undefined;
}

/** validate → model of the selected roots, taking again what `memo` kept of roots and handler packages that did not change. */
export function buildWorkspaceModel(input: ModelInput): { model: WorkspaceModel; diagnostics: Diagnostic[] } {
  const { cwd, program, memo } = input;
  const diagnostics: Diagnostic[] = [];
  const roots: RootModel[] = [];
  const parts = memo ? (memo.packages ??= new Map()) : undefined;
  for (const root of parts?.keys() ?? []) if (!input.allRoots.some((loc) => loc.dir === root)) parts!.delete(root);
  for (const loc of input.selected) {
    let kept = keptRoot(memo, loc);
    if (!kept) {
      const own: Diagnostic[] = [];
      const builder = new RootBuilder(loc, program, own, parts?.get(loc.dir));
      kept = { location: JSON.stringify(loc), root: builder.build(), diagnostics: own };
      memo?.roots.set(loc.dir, kept);
      parts?.set(loc.dir, builder.parts);
    }
    diagnostics.push(...kept.diagnostics);
    if (kept.root) roots.push(kept.root);
  }
  return { model: { cwd, roots, program }, diagnostics };
}

/** The files fw writes into a root; never read as handler sources. */
function isRootOutput(rootDir: string, file: string): boolean {
  return path.dirname(file) === rootDir && (path.basename(file) === 'router.go' || path.basename(file) === 'registry.go');
}

class RootBuilder {
  private readonly routes: RouteModel[] = [];
  private readonly groups = new Map<string, GroupModel>();
  /** Where each group was first formed, for the clash diagnostic. */
  private readonly groupPos = new Map<string, Pos>();
  private readonly handlerTypes = new Map<string, HandlerTypeModel>();
  private readonly routeSeen = new Map<string, Pos>();
  /** What this build's handler packages gave the model, for the next build of the root (see PackagePart). */
  readonly parts = new Map<string, PackagePart>();
  /** The root's `fw:http_root prefix=`, which every route path of the root starts with. */
  private prefix?: RoutePath;

  constructor(
    private readonly loc: RootLocation,
    private readonly program: WorkspaceProgram,
    private readonly diagnostics: Diagnostic[],
    /** The parts of the last build of this root, by package directory. */
    private readonly kept?: ReadonlyMap<string, PackagePart>,
  ) {}

  build(): RootModel | undefined {
    const { loc, program } = this;
    if (!loc.module) {
      this.diagnostics.push(
        error(
          'FW4021',
          { file: path.join(loc.dir, 'router.go'), line: 1, col: 1 },
          `root package ${loc.relDir} is not inside a Go module`,
          'run `go mod init <module path>` at the top of your Go code',
        ),
      );
      return undefined;
    }
    program.addModule(loc.module);
    program.readBuildList(loc.module);
    const rootPkg = program.packageAt(loc.dir);
    if (!rootPkg) return undefined;
    const root = this.handlerPackage(rootPkg, '', true);
    const subs: HandlerPackage[] = [];
    for (const dir of loc.subDirs) {
      const pkg = program.packageAt(dir);
      if (pkg) subs.push(this.handlerPackage(pkg, path.relative(loc.dir, dir).split(path.sep).join('/'), false));
    }
    this.checkPackageClauses([root, ...subs]);
    this.checkGeneratedNames(root);
    this.prefix = this.rootDirective(root, subs);
    for (const hp of [root, ...subs]) this.readPackage(hp, loc.dir);
    for (const dir of loc.otherModuleDirs) this.checkOtherModule(dir, loc.module);
    this.assignFieldNames();
    this.diagnostics.push(...findRouteConflicts(this.routes.flatMap((r) => r.methods.map((method) => ({ method, path: r.path, pos: r.pos })))));
    const usedSubs = subs.filter((s) => this.routes.some((r) => handlerPackageOf(r) === s));
    return {
      name: loc.name,
      dir: loc.dir,
      relDir: loc.relDir,
      pkg: root,
      subPackages: usedSubs,
      ...(this.prefix ? { prefix: this.prefix.text } : {}),
      modulePath: loc.module.path,
      moduleDir: loc.module.dir,
      importNames: this.importNames(root),
      handlerTypes: [...this.handlerTypes.values()],
      groups: [...this.groups.values()],
      routes: this.routes,
    };
  }

  /** A file without a package clause would give generated Go that starts `package ` and does not compile. */
  private checkPackageClauses(packages: HandlerPackage[]): void {
    for (const hp of packages) {
      for (const file of hp.pkg.files) {
        if (!isGoIdentifier(file.packageName)) {
          this.diagnostics.push(
            error('FW2002', { file: file.path, line: 1, col: 1 }, 'this Go file has no package clause', `start it with \`package ${hp.pkg.name || 'name'}\``),
          );
        }
      }
    }
  }

  private checkGeneratedNames(root: HandlerPackage): void {
    for (const file of root.pkg.files) {
      if (isRootOutput(this.loc.dir, file.path)) continue;
      const declared = [
        ...file.types.map((t) => ({ name: t.name, pos: () => declPos(file, t) })),
        ...file.consts.map((c) => ({ name: c.name, pos: () => declPos(file, c) })),
        ...file.funcs.filter((f) => !f.receiver).map((f) => ({ name: f.name, pos: () => f.namePos })),
      ];
      for (const d of declared) {
        if (GENERATED_DECLARATIONS.includes(d.name)) {
          this.diagnostics.push(
            error('FW4022', d.pos(), `package ${root.pkg.name} declares ${d.name}, which fw generates in router.go/registry.go`, `rename your ${d.name}`),
          );
        }
      }
    }
  }

  /**
   * The prefix of the root's one `fw:http_root` line (hand-written files of
   * the root package only); a second line, or one in a subfolder, is an error.
   */
  private rootDirective(root: HandlerPackage, subs: HandlerPackage[]): RoutePath | undefined {
    let first: RootDirective | undefined;
    let firstPos: Pos | undefined;
    for (const file of root.pkg.files) {
      if (isRootOutput(this.loc.dir, file.path)) continue;
      for (const line of file.rootDirectives) {
        if (!isRootDirective(line.text)) continue;
        const parsed = parseRootDirective(line.text, line.pos);
        this.diagnostics.push(...parsed.diagnostics);
        const at = parsed.directive?.pos ?? line.pos;
        if (firstPos) {
          const d = error('FW4060', at, `root package ${this.loc.relDir} declares fw:http_root a second time`, 'keep one fw:http_root line per root package');
          d.related = [{ pos: firstPos, message: 'first declared here' }];
          this.diagnostics.push(d);
          continue;
        }
        firstPos = at;
        first = parsed.directive;
      }
    }
    for (const hp of subs) {
      for (const file of hp.pkg.files) {
        for (const line of file.rootDirectives) {
          if (!isRootDirective(line.text)) continue;
          this.diagnostics.push(
            error(
              'FW4061',
              line.pos,
              `fw:http_root in subfolder ${hp.relDir}, which is not a root package`,
              `declare the prefix in a file of the root package ${this.loc.relDir}, e.g. its doc.go`,
            ),
          );
        }
      }
    }
    return first?.prefix;
  }

  /** `pkg` as a handler package: the kept part's while it is of this very package (its routes refer to it). */
  private handlerPackage(pkg: GoPackage, relDir: string, isRoot: boolean): HandlerPackage {
    const kept = this.kept?.get(pkg.dir)?.hp;
    return kept && kept.pkg === pkg && kept.relDir === relDir && kept.isRoot === isRoot ? kept : { pkg, relDir, isRoot };
  }

  /** The kept part of `hp`, when its package and the packages of its types are the program's still and its groups are free here. */
  private reusablePart(hp: HandlerPackage): PackagePart | undefined {
    const part = this.kept?.get(hp.pkg.dir);
    if (
      !part ||
      part.hp !== hp ||
      part.prefix !== (this.prefix?.text ?? '') ||
      part.groups.some((g) => this.groups.has(g.group.name) || g.group.routes.length !== g.routes)
    )
      return undefined;
    const current = (ref: TypeRef | undefined) => !ref || ref.pkg === hp.pkg || this.program.package(ref.pkg.importPath) === ref.pkg;
    if (part.routes.every((r) => current(r.request) && r.responses.every((resp) => current(resp.type)))) return part;
    return this.rebound(part, current);
  }

  /**
   * `part` with its response types looked up again in the packages that
   * replaced theirs (a changed shared types package): what building it again
   * gives, as the lookup finds the type in the same package, by the same
   * import path, or fails (an error: undefined here). Not when a request
   * type's package changed: its fields decide checkPathBindings' warnings.
   */
  private rebound(part: PackagePart, current: (ref: TypeRef | undefined) => boolean): PackagePart | undefined {
    const routes = new Map<RouteModel, RouteModel>();
    for (const route of part.routes) {
      if (!current(route.request)) return undefined;
      const responses: RouteResponse[] = [];
      for (const resp of route.responses) {
        if (current(resp.type)) {
          responses.push(resp);
          continue;
        }
        const pkg = this.program.package(resp.type!.pkg.importPath);
        if (!pkg?.types.has(resp.type!.name)) return undefined;
        responses.push({ ...resp, type: { name: resp.type!.name, pkg } });
      }
      routes.set(route, responses.every((r, i) => r === route.responses[i]) ? route : { ...route, responses });
    }
    const groups = part.groups.map((g) => ({ ...g, group: { ...g.group, routes: g.group.routes.map((r) => routes.get(r)!) } }));
    return { ...part, groups, routes: part.routes.map((r) => routes.get(r)!) };
  }

  private readPackage(hp: HandlerPackage, rootDir: string): void {
    const kept = this.reusablePart(hp);
    if (kept) {
      for (const { group, pos } of kept.groups) {
        this.groups.set(group.name, group);
        this.groupPos.set(group.name, pos);
      }
      for (const [key, pos] of kept.routeNames) this.routeSeen.set(key, pos);
      for (const ht of kept.handlerTypes) this.handlerTypes.set(`${hp.pkg.dir}\0${ht.typeName}`, ht);
      this.routes.push(...kept.routes);
      this.diagnostics.push(...kept.diagnostics);
      this.parts.set(hp.pkg.dir, kept);
      return;
    }
    const before = {
      groups: this.groups.size,
      routeNames: this.routeSeen.size,
      handlerTypes: this.handlerTypes.size,
      routes: this.routes.length,
      diagnostics: this.diagnostics.length,
    };
    this.readHandlers(hp, rootDir);
    const diagnostics = this.diagnostics.slice(before.diagnostics);
    if (diagnostics.some((d) => d.severity === 'error')) return;
    this.parts.set(hp.pkg.dir, {
      hp,
      groups: entriesAfter(this.groups, before.groups).map(([, group]) => ({ group, pos: this.groupPos.get(group.name)!, routes: group.routes.length })),
      routeNames: entriesAfter(this.routeSeen, before.routeNames),
      handlerTypes: entriesAfter(this.handlerTypes, before.handlerTypes).map(([, ht]) => ht),
      routes: this.routes.slice(before.routes),
      diagnostics,
      prefix: this.prefix?.text ?? '',
    });
  }

  private readHandlers(hp: HandlerPackage, rootDir: string): void {
    const handlers: AnnotatedHandler[] = [];
    for (const file of hp.pkg.files) {
      if (isRootOutput(rootDir, file.path)) continue;
      for (const at of file.syntaxErrors) {
        this.diagnostics.push(warning('FW2001', at, 'Go syntax error; annotations near it may be misread', 'run `go vet` on this package'));
      }
      const found = findAnnotatedHandlers(file);
      this.diagnostics.push(...found.diagnostics);
      handlers.push(...found.handlers);
    }
    this.checkPlatformHandlers(hp, handlers);
    for (const handler of handlers) this.addHandler(hp, handler);
  }

  /**
   * The files `go build` leaves out for the target are not read for routes
   * (program.ts). Here: an error for build lines Go rejects, and a warning
   * for each handler that some targets have and others lack, as far as the
   * package's files show it. A handler declared in files that exclude each
   * other (handler_linux.go, handler_windows.go) is one handler.
   */
  private checkPlatformHandlers(hp: HandlerPackage, built: AnnotatedHandler[]): void {
    const target = this.program.target;
    const key = (h: AnnotatedHandler) => `${h.func.receiver?.typeName ?? ''}.${h.func.name}`;
    const builtKeys = new Set(built.map(key));
    const declaredElsewhere = new Set<string>();
    for (const { file, problem } of hp.pkg.excluded) {
      if (problem) {
        this.diagnostics.push(
          error(
            'FW2003',
            { file: file.path, line: problem.line, col: problem.col },
            problem.message,
            'write one //go:build line of tags joined by ||, && and ! (see `go help buildconstraint`)',
          ),
        );
        continue;
      }
      for (const h of findAnnotatedHandlers(file).handlers) {
        if (declaredElsewhere.has(key(h))) continue;
        declaredElsewhere.add(key(h));
        if (builtKeys.has(key(h))) continue;
        const why = constraintSummary(path.basename(file.path), file.constraints, importsC(file)) ?? 'its build constraints';
        this.diagnostics.push(
          warning(
            'FW2004',
            h.annotations[0]!.pos,
            `${describeHandler(h)} is left out: go build does not build ${path.basename(file.path)} for ${describeTarget(target)} (${why})`,
            'its routes are not generated; to have them, generate for a target that builds the file (GOOS, GOARCH, CGO_ENABLED, --tags)',
          ),
        );
      }
    }
    for (const h of built) {
      const name = path.basename(h.file.path);
      const why = constraintSummary(name, h.file.constraints, importsC(h.file));
      if (why === undefined || declaredElsewhere.has(key(h))) continue;
      this.diagnostics.push(
        warning(
          'FW2005',
          h.annotations[0]!.pos,
          `${describeHandler(h)} is registered, but only targets that build ${name} have it (${why})`,
          'the router compiles only for those targets: declare the handler for the others too, in a file with the opposite constraint',
        ),
      );
    }
  }

  /** Handlers in a folder that is a Go module of its own cannot be registered: the router's module does not contain them. */
  private checkOtherModule(dir: string, rootModule: GoModule): void {
    const pkg = this.program.packageAt(dir);
    const own = this.program.moduleOf(dir);
    if (!pkg || !own) return;
    const rel = (d: string) => toPosix(path.relative(this.loc.dir, d));
    const goMod = path.posix.join(this.loc.relDir, rel(own.dir), 'go.mod');
    for (const file of pkg.files) {
      for (const h of findAnnotatedHandlers(file).handlers) {
        this.diagnostics.push(
          error(
            'FW4023',
            h.func.namePos,
            `${describeHandler(h)} in subfolder ${rel(dir)} cannot be registered: ${goMod} makes ${rel(own.dir)} a module of its own (${own.path}), outside module ${rootModule.path}, so the root router cannot import it`,
            `move the handler into a package of module ${rootModule.path}, or delete ${goMod}`,
          ),
        );
      }
    }
  }

  private addHandler(hp: HandlerPackage, handler: AnnotatedHandler): void {
    const { func } = handler;
    if (!hp.isRoot && hp.pkg.name === 'main') {
      this.diagnostics.push(
        error(
          'FW4024',
          func.namePos,
          `${describeHandler(handler)} in subfolder ${hp.relDir} is in package main, which the root router cannot import`,
          'move the handler into a package that is not main',
        ),
      );
      return;
    }
    if (!hp.isRoot && !isExported(func.name)) {
      this.diagnostics.push(
        error(
          'FW4025',
          func.namePos,
          `handler ${func.name} in subfolder ${hp.relDir} is not exported, so the root router cannot call it`,
          `rename it to ${upperFirst(func.name)}`,
        ),
      );
      return;
    }
    let group: GroupModel;
    let handlerRef: RouteModel['handler'];
    if (func.receiver) {
      const typeName = func.receiver.typeName;
      if (!hp.isRoot && !isExported(typeName)) {
        this.diagnostics.push(
          error(
            'FW4025',
            func.namePos,
            `handler type ${typeName} in subfolder ${hp.relDir} is not exported, so the root router cannot refer to it`,
            `rename it to ${upperFirst(typeName)}`,
          ),
        );
        return;
      }
      const ht = this.handlerType(hp, typeName);
      group = this.group(groupNameForType(typeName, hp.relDir), hp, ht, func.namePos);
      handlerRef = { kind: 'method', handlerType: ht, method: func.name };
    } else {
      group = this.group(groupNameForFunctions(hp.relDir), hp, undefined, func.namePos);
      handlerRef = { kind: 'func', pkg: hp, func: func.name };
    }
    for (const line of handler.annotations) {
      const parsed = annotationOf(line);
      this.diagnostics.push(...parsed.diagnostics);
      if (!parsed.annotation) {
        // The line's other errors keep it from becoming a route; its type names are still checked, so that every error shows at once.
        for (const t of parsed.typeNames ?? []) {
          const found = lookupTypeName(this.program, hp.pkg, handler.file, t.type, t.pos, t.role);
          if (found.diagnostic) this.diagnostics.push(found.diagnostic);
        }
        continue;
      }
      const route = this.route(hp, handler, parsed.annotation, group, handlerRef);
      if (route) {
        group.routes.push(route);
        this.routes.push(route);
      }
    }
  }

  private handlerType(hp: HandlerPackage, typeName: string): HandlerTypeModel {
    const key = `${hp.pkg.dir}\0${typeName}`;
    let ht = this.handlerTypes.get(key);
    if (!ht) {
      ht = { pkg: hp, typeName, fieldName: upperFirst(typeName) };
      this.handlerTypes.set(key, ht);
    }
    return ht;
  }

  private group(name: string, hp: HandlerPackage, ht: HandlerTypeModel | undefined, pos: Pos): GroupModel {
    if (!isGoIdentifier(name) && !this.groups.has(name)) {
      this.diagnostics.push(
        error(
          'FW4030',
          pos,
          `handler group name ${name} (from ${hp.relDir ? `subfolder ${hp.relDir}` : 'the root package'}) is not a Go identifier`,
          'rename the subfolder so that it starts with a letter',
        ),
      );
    }
    const existing = this.groups.get(name);
    if (existing) {
      if (existing.pkg !== hp || existing.handlerType !== ht) {
        const other = existing.handlerType
          ? `${existing.handlerType.typeName} in ${existing.pkg.relDir || 'the root package'}`
          : `the functions of ${existing.pkg.relDir || 'the root package'}`;
        const d = error(
          'FW4031',
          pos,
          `handler group ${name} is already taken by ${other}`,
          'rename the handler type so that its group name (type name without "Handler", prefixed by the subfolder path unless it starts with the subfolder\'s name) is unique',
        );
        const first = this.groupPos.get(name);
        if (first) d.related = [{ pos: first, message: `group ${name} first formed here` }];
        this.diagnostics.push(d);
      }
      return existing;
    }
    const group: GroupModel = { name, pkg: hp, routes: [] };
    if (ht) group.handlerType = ht;
    this.groups.set(name, group);
    this.groupPos.set(name, pos);
    return group;
  }

  private route(
    hp: HandlerPackage,
    handler: AnnotatedHandler,
    ann: RouteAnnotation,
    group: GroupModel,
    handlerRef: RouteModel['handler'],
  ): RouteModel | undefined {
    const { func, file } = handler;
    const name = ann.name?.value ?? func.name;
    const key = `${group.name}.${name}`;
    const earlier = this.routeSeen.get(key);
    if (earlier) {
      const d = error(
        'FW4032',
        ann.name?.pos ?? ann.pos,
        `route name ${name} is already used in group ${group.name}`,
        `add name=<UniqueName> to this line, e.g. name=${func.name}${pascalCasePath(ann.path.text.replace(/[{}$.]/g, '')) || 'Root'}`,
      );
      d.related = [{ pos: earlier, message: `${name} first declared here` }];
      this.diagnostics.push(d);
      return undefined;
    }
    this.routeSeen.set(key, ann.name?.pos ?? ann.pos);
    const lookup = (t: { pkg?: string; name: string }, pos: Pos, role: string) => {
      const r = lookupTypeName(this.program, hp.pkg, file, t, pos, role);
      if (r.diagnostic) this.diagnostics.push(r.diagnostic);
      return r.ref;
    };
    const route: RouteModel = {
      name,
      groupName: group.name,
      methods: ann.methods,
      path: this.prefix ? prefixedPath(this.prefix, ann.path) : ann.path,
      handler: handlerRef,
      responses: [],
      requiredHeaders: ann.requiredHeaders.map((h) => h.value),
      description: handler.description,
      pos: ann.pos,
    };
    if (ann.request) {
      const ref = lookup(ann.request.type, ann.request.pos, 'request');
      if (ref) route.request = ref;
    } else if (hp.pkg.types.has(`${func.name}Request`)) {
      route.request = { name: `${func.name}Request`, pkg: hp.pkg };
    }
    if (ann.responses.length > 0) {
      for (const spec of ann.responses) {
        const resp: RouteResponse = { match: spec.match, kind: spec.body.kind, text: spec.text, implicitStatus: spec.implicitStatus };
        if (spec.body.kind === 'type') {
          const ref = lookup(spec.body.type, spec.pos, 'response');
          if (!ref) continue;
          resp.type = ref;
        }
        route.responses.push(resp);
      }
    } else if (hp.pkg.types.has(`${func.name}Response`)) {
      route.responses.push({
        match: { kind: 'class', digit: 2 },
        kind: 'type',
        type: { name: `${func.name}Response`, pkg: hp.pkg },
        text: `${func.name}Response`,
        implicitStatus: true,
      });
    }
    // An array filled by push keeps room for 16 more; a route lives as long as the model.
    route.responses = route.responses.slice();
    this.diagnostics.push(...checkPathBindings(route, ann.pathPos));
    return route;
  }

  /** RouterParams field names: the type name, prefixed by the subfolder path only when two packages declare the same name (the root keeps the bare name). */
  private assignFieldNames(): void {
    // A kept part's handler types carry the names of their last build.
    for (const ht of this.handlerTypes.values()) ht.fieldName = upperFirst(ht.typeName);
    const byName = new Map<string, HandlerTypeModel[]>();
    for (const ht of this.handlerTypes.values()) byName.set(ht.fieldName, [...(byName.get(ht.fieldName) ?? []), ht]);
    for (const list of byName.values()) {
      if (list.length < 2) continue;
      for (const ht of list) if (!ht.pkg.isRoot) ht.fieldName = pascalCasePath(ht.pkg.relDir) + upperFirst(ht.typeName);
    }
    const taken = new Map<string, HandlerTypeModel>();
    for (const ht of this.handlerTypes.values()) {
      const other = taken.get(ht.fieldName);
      if (other || ht.fieldName === 'Mux') {
        const decl = ht.pkg.pkg.types.get(ht.typeName);
        this.diagnostics.push(
          error(
            'FW4033',
            decl && declPos(decl.file, decl.decl),
            `RouterParams field ${ht.fieldName} for ${ht.pkg.relDir || '.'}/${ht.typeName} clashes with ${other ? `${other.pkg.relDir || '.'}/${other.typeName}` : 'the Mux field'}`,
            'rename one of the handler types',
          ),
        );
      }
      taken.set(ht.fieldName, ht);
    }
  }

  /** Deterministic import names for every package generated root code refers to. */
  private importNames(root: HandlerPackage): Map<string, string> {
    const paths = new Map<string, string>();
    const add = (pkg: { importPath: string; name: string }) => {
      if (pkg.importPath !== root.pkg.importPath) paths.set(pkg.importPath, pkg.name);
    };
    for (const r of this.routes) {
      const hp = handlerPackageOf(r);
      add(hp.pkg);
      if (r.request) add(r.request.pkg);
      for (const resp of r.responses) if (resp.type) add(resp.type.pkg);
    }
    return uniqueImportNames(paths, [...RESERVED_IMPORT_NAMES, root.pkg.name]);
  }
}

/**
 * The entries of `map` after its first `skip` (in insertion order), without
 * copying those before: the maps a root's packages add to grow with each
 * package, and copying them whole per package made the garbage grow with the
 * square of a root's routes.
 */
function entriesAfter<K, V>(map: ReadonlyMap<K, V>, skip: number): [K, V][] {
  const out: [K, V][] = [];
  let i = 0;
  map.forEach((value, key) => {
    if (i++ >= skip) out.push([key, value]);
  });
  return out;
}

/** Parsed annotation lines by comment: a parsed file's comments do not change, so `fw watch` parses each line once. */
const annotations = new WeakMap<GoComment, ReturnType<typeof parseAnnotation>>();

function annotationOf(line: GoComment): ReturnType<typeof parseAnnotation> {
  let parsed = annotations.get(line);
  if (!parsed) annotations.set(line, (parsed = parseAnnotation(line.text, line.pos)));
  return parsed;
}

function importsC(file: GoFile): boolean {
  return file.imports.some((i) => i.path === 'C');
}

function describeHandler(h: AnnotatedHandler): string {
  return h.func.receiver ? `handler ${h.func.receiver.typeName}.${h.func.name}` : `handler ${h.func.name}`;
}

export function handlerPackageOf(route: RouteModel): HandlerPackage {
  return route.handler.kind === 'method' ? route.handler.handlerType.pkg : route.handler.pkg;
}
