import { type Diagnostic, error } from '../diagnostics/diagnostics';
import type { HttpMethod } from '../annotations/types';
import type { GroupModel, RootModel, RouteModel, WorkspaceModel } from '../model/model';
import { lowerFirst, upperFirst } from '../model/naming';

/**
 * The client's names, which any generator may read (./shared-plans.ts): a
 * class `<Prefix><Group>Client` per group (prefix: ./root-prefixes.ts); a
 * method per route in lowerCamelCase, suffixed with its HTTP method when the
 * route has several (`updateUserPut`); types
 * `<Prefix><Group><Route>[<Method>]Request` and `...Result`; and a
 * standalone function per method (`v1UserGetUser`), so that an application
 * bundles only the operations it calls.
 */

/** An operation with its names. */
export interface NamedOperation {
  route: RouteModel;
  method: HttpMethod;
  className: string;
  methodName: string;
  baseName: string;
}

/** A group's client class with its operations named. */
export interface NamedClass<Op extends NamedOperation = NamedOperation> {
  className: string;
  key: string;
  group: GroupModel;
  root: RootModel;
  operations: Op[];
}

/**
 * The classes of every group of `model`, in order, with their operations
 * named; a name taken twice is an error (to `diagnostics`) and its
 * operation is left out. With `memo` (fw watch), see keptNames.
 */
export function nameOperations(model: WorkspaceModel, prefixes: ReadonlyMap<RootModel, string>, diagnostics: Diagnostic[], memo?: NamingMemo): NamedClass[] {
  const kept = memo && keptNames(model, prefixes, memo);
  if (kept) return kept;
  const names = new OperationNames(diagnostics);
  const classes = model.roots.flatMap((root) => root.groups.map((group) => nameGroup(names, prefixes.get(root) ?? '', group, root)));
  if (memo) remember(memo, classes, prefixes, diagnostics.length === 0);
  return classes;
}

function nameGroup(names: OperationNames, prefix: string, group: GroupModel, root: RootModel): NamedClass {
  const cls = names.startClass(prefix, group, root);
  for (const route of group.routes) {
    for (const method of route.methods) {
      const named = names.name(cls, prefix, route, method);
      if (named) cls.operations.push({ route, method, className: cls.className, ...named });
    }
  }
  return cls;
}

/**
 * The names of the last run of one process (`fw watch`), by group (the
 * model keeps an unchanged handler package's groups as the same objects),
 * with the group that took each type name; `clean` when that run named
 * every operation without an error.
 */
export interface NamingMemo {
  groups: Map<GroupModel, { prefix: string; cls: NamedClass }>;
  owners: Map<string, GroupModel>;
  clean: boolean;
}

export function newNamingMemo(): NamingMemo {
  return { groups: new Map(), owners: new Map(), clean: false };
}

/**
 * The classes as naming every group again would give them, taking a kept
 * group's class (its operations the same objects) and naming only the
 * groups the model made again; undefined when that cannot be told without
 * naming every group (the last naming gave an error, or a new name is taken
 * or reserved: an error then depends on the groups' order).
 */
function keptNames(model: WorkspaceModel, prefixes: ReadonlyMap<RootModel, string>, memo: NamingMemo): NamedClass[] | undefined {
  if (!memo.clean) return undefined;
  const found: Diagnostic[] = [];
  const names = new OperationNames(found);
  /** The classes named in this run, and the kept ones under another root object: what the memo takes in (rememberChanged). */
  const changed: { prefix: string; cls: NamedClass }[] = [];
  const kept = new Set<GroupModel>();
  const classes = model.roots.flatMap((root) =>
    root.groups.map((group) => {
      const prefix = prefixes.get(root) ?? '';
      const was = memo.groups.get(group);
      if (was && was.prefix === prefix) {
        kept.add(group);
        if (was.cls.root === root) return was.cls;
        const cls = { ...was.cls, root };
        changed.push({ prefix, cls });
        return cls;
      }
      const cls = nameGroup(names, prefix, group, root);
      changed.push({ prefix, cls });
      return cls;
    }),
  );
  if (found.length > 0) return undefined;
  for (const { cls } of changed) {
    if (kept.has(cls.group)) continue;
    for (const op of cls.operations) {
      const owner = memo.owners.get(op.baseName);
      if (owner && kept.has(owner)) return undefined;
    }
  }
  rememberChanged(memo, kept, changed);
  return classes;
}

/**
 * What remember would leave in `memo` after keptNames, made by updating it
 * in place (a rebuild names a few groups of thousands of operations): the
 * groups the model no longer has, and their operations' names, are
 * dropped; `changed` (the groups named again, and kept groups under
 * another root object) are put in. The names stay unique (the naming was
 * clean), so no name is owned twice.
 */
function rememberChanged(memo: NamingMemo, kept: ReadonlySet<GroupModel>, changed: readonly { prefix: string; cls: NamedClass }[]): void {
  for (const [group, { cls }] of memo.groups) {
    if (kept.has(group)) continue;
    memo.groups.delete(group);
    for (const op of cls.operations) if (memo.owners.get(op.baseName) === group) memo.owners.delete(op.baseName);
  }
  for (const entry of changed) {
    memo.groups.set(entry.cls.group, entry);
    for (const op of entry.cls.operations) memo.owners.set(op.baseName, entry.cls.group);
  }
}

function remember(memo: NamingMemo, classes: readonly NamedClass[], prefixes: ReadonlyMap<RootModel, string>, clean: boolean): void {
  memo.clean = clean;
  memo.groups = new Map(classes.map((cls) => [cls.group, { prefix: prefixes.get(cls.root) ?? '', cls }]));
  memo.owners = new Map(classes.flatMap((cls) => cls.operations.map((op) => [op.baseName, cls.group] as const)));
}

/** The names of one run's classes and methods; a name taken twice is an error at the second route. */
class OperationNames {
  private readonly baseNames = new Map<string, RouteModel>();
  private methodNames = new Map<string, RouteModel>();

  constructor(private readonly diagnostics: Diagnostic[]) {}

  /** The class of `group`, whose methods are named next. */
  startClass(prefix: string, group: GroupModel, root: RootModel): NamedClass {
    this.methodNames = new Map();
    return { className: `${prefix}${group.name}Client`, key: lowerFirst(group.name), group, root, operations: [] };
  }

  /** The method and type names of `route`'s `method` in `cls`, or undefined (with an error) when one is reserved or taken. */
  name(cls: NamedClass, prefix: string, route: RouteModel, method: HttpMethod): { methodName: string; baseName: string } | undefined {
    const suffix = route.methods.length > 1 ? upperFirst(method.toLowerCase()) : '';
    const methodName = lowerFirst(route.name) + suffix;
    const baseName = `${prefix}${cls.group.name}${upperFirst(route.name)}${suffix}`;
    if (methodName === 'constructor') {
      this.diagnostics.push(
        error('FW5040', route.pos, `client method ${cls.className}.constructor() is reserved by JavaScript`, 'give the route another name with name=...'),
      );
      return undefined;
    }
    const clash = this.methodNames.get(methodName);
    if (clash) {
      this.diagnostics.push(nameClash(route, `client method ${cls.className}.${methodName}()`, clash));
      return undefined;
    }
    const baseClash = this.baseNames.get(baseName);
    if (baseClash) {
      this.diagnostics.push(nameClash(route, `client type ${baseName}Request`, baseClash));
      return undefined;
    }
    this.methodNames.set(methodName, route);
    this.baseNames.set(baseName, route);
    return { methodName, baseName };
  }
}

/** The names the operations and classes declare, which Go types may not take. */
export function operationNames(classes: readonly NamedClass[]): string[] {
  const operations = classes.flatMap((c) => c.operations);
  return [
    ...classes.map((c) => c.className),
    ...operations.flatMap((op) => [`${op.baseName}Request`, `${op.baseName}RequestSchema`, `${op.baseName}Result`, functionName(op)]),
  ];
}

/** The standalone function of an operation: `v1UserGetUser`. */
export function functionName(op: NamedOperation): string {
  return lowerFirst(op.baseName);
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
