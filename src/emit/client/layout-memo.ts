import type { ClassPlan, ClientPlan } from './client-plan';
import type { SchemaDecl } from './schemas';
import { type SplitLayout, splitLayout } from './split-layout';

/**
 * A split client's layout as `fw watch` keeps it (./split-layout.ts), with
 * what it was decided from: the declarations' ids in order, the ids each
 * refers to, the Go package name that names each types module, and per
 * class its names, root and the types its operations refer to directly.
 * The same inputs give the same layout.
 */
export interface KeptLayout {
  inputs: LayoutInputs;
  layout: SplitLayout;
  /** The package name of each types module's first declaration (its file is named after it). */
  packageNames: readonly string[];
}

interface LayoutInputs {
  ids: readonly string[];
  refs: readonly (readonly string[])[];
  classes: readonly LaidClass[];
}

/** What a class's module and the types it reaches are decided from. */
interface LaidClass {
  className: string;
  root: string;
  rootName: string;
  group: string;
  /** The ids its operations refer to directly, each once. */
  refs: readonly string[];
}

/**
 * The layout of `plan`'s declarations, kept in `memo` from the last run
 * while decided from the same inputs (then with this run's declaration and
 * class objects in it: a type printed again may be a new object), else laid
 * out again. A handler edit that changes no route's types, no type's
 * references and no name keeps it.
 */
export function keptSplitLayout(
  plan: ClientPlan,
  schemas: readonly SchemaDecl[],
  refsOf: (cls: ClassPlan) => readonly string[],
  memo: { layout?: KeptLayout },
): SplitLayout {
  const classes = plan.classes.map(
    (cls): LaidClass => ({ className: cls.className, root: cls.root.dir, rootName: cls.root.name, group: cls.group.name, refs: refsOf(cls) }),
  );
  const ids = schemas.map((decl) => decl.id);
  const refs = ids.map((id) => plan.registry.refsOfId(id));
  const inputs = { ids, refs, classes };
  const packageNames = (layout: SplitLayout) => layout.types.map((m) => plan.registry.info(m.schemas[0]!.id).pkg.name);
  const was = memo.layout;
  if (was && sameInputs(was.inputs, inputs) && sameList(was.packageNames, packageNames(was.layout))) {
    const byId = new Map(schemas.map((decl) => [decl.id, decl]));
    const now = (list: readonly SchemaDecl[]) => list.map((decl) => byId.get(decl.id)!);
    const { types, groups, moduleOf } = was.layout;
    const layout = {
      types: types.map((m) => ({ ...m, schemas: now(m.schemas) })),
      groups: groups.map((g, i) => ({ ...g, cls: plan.classes[i]!, schemas: now(g.schemas) })),
      moduleOf,
    };
    memo.layout = { inputs, layout, packageNames: was.packageNames };
    return layout;
  }
  const layout = splitLayout(plan, schemas, refsOf);
  memo.layout = { inputs, layout, packageNames: packageNames(layout) };
  return layout;
}

function sameInputs(a: LayoutInputs, b: LayoutInputs): boolean {
  return (
    sameList(a.ids, b.ids) &&
    a.refs.length === b.refs.length &&
    a.refs.every((r, i) => sameList(r, b.refs[i]!)) &&
    a.classes.length === b.classes.length &&
    a.classes.every((x, i) => {
      const y = b.classes[i]!;
      return x.className === y.className && x.root === y.root && x.rootName === y.rootName && x.group === y.group && sameList(x.refs, y.refs);
    })
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}
