import type { ClientPlan } from './client-plan';
import type { ClassPlan } from './client-plan';
import { dependencyOrder, type SchemaDecl } from './schemas';

/**
 * Where each declaration of a split client goes (`fw g client --split`):
 * a module per handler group (`<root>/<group>.ts`: its operations, its
 * class, and the named types only it reaches) and a module per Go package
 * for the named types several groups reach (`types/<package>.ts`). A group
 * module imports only types modules, and types modules import only each
 * other without a cycle (packages whose types refer to each other, through
 * generic instantiations, share one module), so every module is evaluated
 * after the schemas it uses. Paths are relative to the client's folder,
 * POSIX, lower case.
 */
export interface SplitLayout {
  /** The types modules, each after the modules it imports. */
  types: TypesModule[];
  /** One module per class, in class order. */
  groups: GroupModule[];
  /** The module of each named type, by id. */
  moduleOf: Map<string, string>;
}

export interface TypesModule {
  file: string;
  /** Its declarations, in the client's declaration order. */
  schemas: SchemaDecl[];
}

export interface GroupModule {
  file: string;
  cls: ClassPlan;
  schemas: SchemaDecl[];
}

/** A named type reached by more than one group. */
const SHARED = -1;

/**
 * The layout of `plan`'s declarations (`schemas`: the client's, in order);
 * `refsOf` gives the ids a class's operations refer to directly, each once
 * (by default from the operations' refs: planClient with keepRefs).
 */
export function splitLayout(plan: ClientPlan, schemas: readonly SchemaDecl[], refsOf: (cls: ClassPlan) => readonly string[] = directRefs): SplitLayout {
  // The registry lists each collected type's references once (kept across fw watch's rebuilds with its shape).
  const depsOf = (id: string): readonly string[] => plan.registry.refsOfId(id);
  const reach = reachingGroups(plan.classes.map(refsOf), depsOf);
  const files = new UniqueFiles(['types', 'runtime']);
  const groups = plan.classes.map((cls) => ({ file: '', cls, schemas: [] as SchemaDecl[] }));
  const rootDirs = new Map<string, string>();
  for (const g of groups) {
    let dir = rootDirs.get(g.cls.root.dir);
    if (dir === undefined) rootDirs.set(g.cls.root.dir, (dir = files.take(fileName(g.cls.root.name))));
    g.file = `${dir}/${files.take(`${dir}/${fileName(g.cls.group.name)}`).slice(dir.length + 1)}.ts`;
  }
  const moduleOf = new Map<string, string>();
  const shared: SchemaDecl[] = [];
  for (const decl of schemas) {
    const g = reach.get(decl.id) ?? SHARED;
    if (g === SHARED) shared.push(decl);
    else {
      groups[g]!.schemas.push(decl);
      moduleOf.set(decl.id, groups[g]!.file);
    }
  }
  const types = typesModules(plan, shared, depsOf, files);
  for (const m of types) for (const decl of m.schemas) moduleOf.set(decl.id, m.file);
  return { types, groups, moduleOf };
}

/** The ids a class's operations refer to directly, each once, in the order first met. */
export function directRefs(cls: ClassPlan): readonly string[] {
  const refs = new Set<string>();
  for (const op of cls.operations) for (const id of op.refs ?? []) refs.add(id);
  return [...refs];
}

/** Each named type's group (its index), or SHARED when several reach it, walking from each class's references (`classRefs`). */
function reachingGroups(classRefs: readonly (readonly string[])[], depsOf: (id: string) => readonly string[]): Map<string, number> {
  const reach = new Map<string, number>();
  classRefs.forEach((refs, g) => {
    const todo = [...refs];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      const was = reach.get(id);
      if (was === g || was === SHARED) continue;
      reach.set(id, was === undefined ? g : SHARED);
      for (const dep of depsOf(id)) todo.push(dep);
    }
  });
  return reach;
}

/** The shared types, a module per Go package, packages in a cycle merged, in import order. */
function typesModules(plan: ClientPlan, shared: readonly SchemaDecl[], depsOf: (id: string) => readonly string[], files: UniqueFiles): TypesModule[] {
  const pkgOf = (id: string) => plan.registry.info(id).pkg;
  const byPkg = new Map<string, SchemaDecl[]>();
  const pkgDeps = new Map<string, Set<string>>();
  for (const decl of shared) {
    const pkg = pkgOf(decl.id).importPath;
    let list = byPkg.get(pkg);
    if (!list) {
      byPkg.set(pkg, (list = []));
      pkgDeps.set(pkg, new Set());
    }
    list.push(decl);
    for (const dep of depsOf(decl.id)) {
      const depPkg = pkgOf(dep).importPath;
      if (depPkg !== pkg) pkgDeps.get(pkg)!.add(depPkg);
    }
  }
  const { components } = dependencyOrder([...byPkg.keys()], (pkg) => [...(pkgDeps.get(pkg) ?? [])]);
  const position = new Map(shared.map((decl, i) => [decl.id, i]));
  return components.map((pkgs) => {
    const decls = pkgs.flatMap((pkg) => byPkg.get(pkg)!).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { file: `types/${files.take(`types/${fileName(pkgOf(decls[0]!.id).name)}`).slice('types/'.length)}.ts`, schemas: decls };
  });
}

/** A file name for a Go name: kebab case, lower case (no two names that differ only in case), only `[a-z0-9_-]`. */
export function fileName(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '_');
  return kebab || '_';
}

/** Paths handed out once each: a second `models` becomes `models-2`. */
class UniqueFiles {
  private readonly taken: Set<string>;

  constructor(reserved: readonly string[]) {
    this.taken = new Set(reserved);
  }

  take(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name); n++) name = `${wanted}-${n}`;
    this.taken.add(name);
    return name;
  }
}
