import { printTs, printZod, tsDeclaration } from './zod-schema';
import { PURE } from './pure';
import type { JsonShape } from '../json-shape';
import { type Collected, NamedShapes } from '../named-shapes';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { docWithoutDirective } from '../../workspace/json-form';

/** One named Go type as the client prints it. */
export interface SchemaDecl {
  id: string;
  /** The exported TypeScript type (`User`). */
  typeName: string;
  /** The exported schema constant (`UserSchema`). */
  schemaName: string;
  /** JSDoc block (with its trailing newline handled by the template), from the Go doc comment. */
  doc: string;
  zod: string;
  /** The TypeScript type, printed from the same shape as the schema (an object type's body, or the right side of a type alias). */
  tsType: string;
  /** The type's declaration (`interface User { … }` or `type Role = …;`), without `export`. */
  tsDecl: string;
}

/** A type's declarations as `fw watch` keeps them: with the resolved type (by identity) and a key of the names and ids they were printed with. */
export interface KeptSchema {
  info: unknown;
  shape: JsonShape;
  key: string;
  decl: SchemaDecl;
}

/**
 * The registry's names and declaration order as `fw watch` keeps them, with
 * what they were decided from: the collected types in order (their ids,
 * their Go and package names, and the types each refers to), the types
 * used directly, and the names reserved. The same inputs give the same
 * names and order.
 */
export interface KeptOrder {
  ids: readonly string[];
  /** Each collected type's resolved type (by identity): the same objects give the same Go names. */
  infos: readonly unknown[];
  goNames: readonly string[];
  /** Each collected type's shape (by identity) and the ids it refers to. */
  shapes: readonly JsonShape[];
  refs: readonly (readonly string[])[];
  used: readonly string[];
  reserved: ReadonlySet<string>;
  names: Map<string, string>;
  order: string[];
  /** The registry's collection they were decided (or last found the same) from (../named-shapes.ts Collected, by identity). */
  collected: Collected;
  /** The declarations printed in that order (with `pure`); kept while every type is the same object with the same shape. */
  decls?: { pure: boolean; list: SchemaDecl[] };
}

/** What `finish` keeps for the next run of one process (`fw watch`). */
export interface KeptDeclarations {
  schemas: Map<string, KeptSchema>;
  order?: KeptOrder;
}

/**
 * The named Go types a client reaches, each emitted once: collected from
 * the schema trees of requests and responses, named (Go name; on a clash
 * the package name is put in front), and ordered so that every schema
 * comes after the schemas it uses (a schema that refers to a later one, in
 * a cycle, does so through `fwLazy`). Every type is written out as
 * TypeScript from the same shape as its schema, and the schema is typed
 * with it (`z.ZodType<User, User>`), so that tsc resolves names instead of
 * expanding schemas (fw's tests check that the two agree: ./zod-facade.ts).
 */
export class SchemaRegistry extends NamedShapes {
  private names = new Map<string, string>();

  /** Every type's name (after `finish`): the same object while the names are kept (fw watch). */
  get allNames(): ReadonlyMap<string, string> {
    return this.names;
  }

  /** The TypeScript type name of a named type (after `finish`). */
  typeName(id: string): string {
    const name = this.names.get(id);
    if (name === undefined) throw new Error(`internal: named type ${id} has no name`);
    return name;
  }

  schemaName(id: string): string {
    return `${this.typeName(id)}Schema`;
  }

  /**
   * Names every collected type, avoiding `reserved` (names the client
   * declares itself) and each other, and returns the declarations in
   * dependency order; with `pure`, the schemas are marked (./pure.ts).
   */
  finish(reserved: ReadonlySet<string>, pure = false, memo?: KeptDeclarations): SchemaDecl[] {
    const kept = memo?.schemas;
    const { order, same, sameNames } = this.nameAndOrder(reserved, memo);
    // Every type the same object with the same shape, named and ordered as before: the same declarations.
    const was = memo?.order?.decls;
    if (same && was?.pure === pure) return was.list;
    const emitted = new Set<string>();
    const typeName = (target: string): string => this.typeName(target);
    const decls = order.map((id) => {
      const shape = this.shape(id);
      // Kept (fw watch) while printed from the same resolved type, under the same names, and its references as lazy or not as then.
      const info = this.info(id);
      const was = kept?.get(id);
      // Under the same names and order, the same type with the same shape prints the same.
      if (sameNames && was && was.info === info && was.shape === shape && was.key.startsWith(`${pure} `)) {
        emitted.add(id);
        return was.decl;
      }
      const key = kept && `${pure} ${this.typeName(id)} ${this.refsOfId(id).map((r) => `${r}=${this.typeName(r)}${emitted.has(r) ? '' : '~'}`)}`;
      if (was && was.info === info && was.key === key) {
        emitted.add(id);
        return was.decl;
      }
      const ref = (target: string): string =>
        emitted.has(target) ? this.schemaName(target) : `${pure ? `${PURE} ` : ''}fwLazy(() => ${this.schemaName(target)})`;
      const tsType = printTs(shape, typeName);
      const printed: SchemaDecl = {
        id,
        typeName: this.typeName(id),
        schemaName: this.schemaName(id),
        doc: jsDoc(goDocToJsDoc(docWithoutDirective(info.decl.doc)), ''),
        zod: printZod(shape, ref, '', pure),
        tsType,
        tsDecl: tsDeclaration(this.typeName(id), shape, tsType),
      };
      // Printed again the same (its package changed, not it): the kept object, so that what is printed from the declarations can be kept too.
      const decl = was && sameDecl(was.decl, printed) ? was.decl : printed;
      emitted.add(id);
      kept?.set(id, { info, shape, key: key!, decl });
      return decl;
    });
    if (kept) for (const id of kept.keys()) if (!emitted.has(id)) kept.delete(id);
    if (memo?.order) memo.order.decls = { pure, list: decls };
    return decls;
  }

  /**
   * Names every collected type and returns their dependency order; with
   * `memo`, taken from it when decided from the same inputs (`same` when
   * every type is even the same object with the same shape).
   */
  private nameAndOrder(reserved: ReadonlySet<string>, memo?: KeptDeclarations): { order: string[]; same: boolean; sameNames: boolean } {
    if (!memo) {
      this.names = this.assignNames(reserved);
      return { order: dependencyOrder(this.usedIds(), (id) => this.refsOfId(id)).order, same: false, sameNames: false };
    }
    const was = memo.order;
    // The kept collection, decided from: the same types, uses and references; names and order are kept while the types mapped again keep their Go names.
    const reused = this.reusedCollection();
    if (reused && was?.collected === reused.from && sameSet(was.reserved, reserved) && reused.remapped.every((r) => goName(r.info) === goName(r.was))) {
      this.names = was.names;
      const same = reused.remapped.length === 0;
      // Its lists of resolved types and shapes are left as they were: they only make a later comparison fail.
      memo.order = { ...was, collected: this.collected(), decls: same ? was.decls : undefined };
      return { order: was.order, same, sameNames: true };
    }
    const ids = this.ids();
    const infos = ids.map((id) => this.info(id));
    const shapes = ids.map((id) => this.shape(id));
    const used = this.usedIds();
    const sameIds = was !== undefined && sameList(was.ids, ids);
    const sameUse = sameIds && sameList(was.used, used) && sameSet(was.reserved, reserved);
    if (sameUse && sameList(was.infos, infos) && sameList(was.shapes, shapes)) {
      this.names = was.names;
      memo.order = { ...was, collected: this.collected() };
      return { order: was.order, same: true, sameNames: true };
    }
    const goNames = infos.map((info, i) => (sameIds && was.infos[i] === info ? was.goNames[i]! : goName(info)));
    // A shape mapped again (its package changed) usually refers to the same types: its references are compared.
    const refs = ids.map((id) => this.refsOfId(id));
    if (sameUse && sameList(was.goNames, goNames) && refs.every((r, i) => r === was.refs[i] || sameList(r, was.refs[i]!))) {
      this.names = was.names;
      memo.order = { ...was, infos, goNames, shapes, refs, collected: this.collected(), decls: undefined };
      return { order: was.order, same: false, sameNames: true };
    }
    this.names = this.assignNames(reserved);
    const refsById = new Map(ids.map((id, i) => [id, refs[i]!]));
    const { order } = dependencyOrder(used, (id) => refsById.get(id) ?? this.refsOfId(id));
    memo.order = { ids, infos, goNames, shapes, refs, used, reserved, names: this.names, order, collected: this.collected() };
    return { order, same: false, sameNames: false };
  }
}

function goName(info: { name: string; pkg: { name: string } }): string {
  return `${info.pkg.name}.${info.name}`;
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a === b || (a.size === b.size && [...b].every((x) => a.has(x)));
}

function sameDecl(a: SchemaDecl, b: SchemaDecl): boolean {
  return (Object.keys(b) as (keyof SchemaDecl)[]).every((k) => a[k] === b[k]);
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Tarjan's strongly connected components, visiting roots and dependencies
 * in the order given: dependencies come before their users, and the result
 * is the same for the same input. `cyclic` holds the members of cycles
 * (including types that refer to themselves); `components` the strongly
 * connected components themselves, in `order`. Iterative (an explicit stack
 * of frames), since a chain of named types may be thousands long.
 */
export function dependencyOrder(
  roots: readonly string[],
  depsOf: (id: string) => readonly string[],
): { order: string[]; cyclic: Set<string>; components: string[][] } {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order: string[] = [];
  const cyclic = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  /** A visit in progress: the type, its dependencies, and how many of them were looked at. */
  interface Frame {
    id: string;
    deps: readonly string[];
    next: number;
  }
  const frames: Frame[] = [];
  const enter = (id: string): void => {
    index.set(id, counter);
    low.set(id, counter);
    counter++;
    stack.push(id);
    onStack.add(id);
    frames.push({ id, deps: depsOf(id), next: 0 });
  };
  const leave = ({ id, deps }: Frame): void => {
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    // Within a cycle, keep discovery order: the first type met is defined first.
    component.sort((a, b) => index.get(a)! - index.get(b)!);
    if (component.length > 1 || deps.includes(id)) for (const m of component) cyclic.add(m);
    order.push(...component);
    components.push(component);
  };
  for (const root of roots) {
    if (index.has(root)) continue;
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.next < frame.deps.length) {
        const dep = frame.deps[frame.next++]!;
        if (!index.has(dep)) enter(dep);
        else if (onStack.has(dep)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(dep)!));
        continue;
      }
      frames.pop();
      leave(frame);
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
    }
  }
  return { order, cyclic, components };
}
