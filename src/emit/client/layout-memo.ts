import { sameObjects } from '../emitter';
import type { KeptLayout, LaidClass, LayoutInputs } from './client-memo';
import type { ClassPlan, ClientPlan } from './client-plan';
import type { SchemaDecl } from './schemas';
import { type SplitLayout, splitLayout } from './split-layout';

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
  const packageNames = (layout: Pick<KeptLayout, 'types'>) => layout.types.map((m) => plan.registry.info(m.schemas[0]!.id).pkg.name);
  const was = memo.layout;
  if (was && sameInputs(was.inputs, inputs) && sameObjects(was.packageNames, packageNames(was))) {
    const byId = new Map(schemas.map((decl) => [decl.id, decl]));
    const now = (list: readonly SchemaDecl[]) => list.map((decl) => byId.get(decl.id)!);
    const layout = {
      types: was.types.map((m) => ({ ...m, schemas: now(m.schemas) })),
      groups: was.groups.map((g, i) => ({ ...g, cls: plan.classes[i]!, schemas: now(g.schemas) })),
      moduleOf: was.moduleOf,
    };
    memo.layout = { ...modules(layout), inputs, packageNames: was.packageNames };
    return layout;
  }
  const layout = splitLayout(plan, schemas, refsOf);
  memo.layout = { ...modules(layout), inputs, packageNames: packageNames(layout) };
  return layout;
}

/** The layout's modules without its classes (the next run's are its own). */
function modules({ types, groups, moduleOf }: SplitLayout): Pick<KeptLayout, 'types' | 'groups' | 'moduleOf'> {
  return { types, groups: groups.map(({ file, schemas }) => ({ file, schemas })), moduleOf };
}

function sameInputs(a: LayoutInputs, b: LayoutInputs): boolean {
  return (
    sameObjects(a.ids, b.ids) &&
    a.refs.length === b.refs.length &&
    a.refs.every((r, i) => sameObjects(r, b.refs[i]!)) &&
    a.classes.length === b.classes.length &&
    a.classes.every((x, i) => {
      const y = b.classes[i]!;
      return x.className === y.className && x.root === y.root && x.rootName === y.rootName && x.group === y.group && sameObjects(x.refs, y.refs);
    })
  );
}
