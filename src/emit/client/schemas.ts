import { upperFirst } from '../../model/naming';
import { printTs, printZod } from './zod-schema';
import { type JsonContext, type JsonShape, type JsonShapes, refsOf } from '../json-shape';
import { jsDoc } from '../ts-source';
import type { NamedType } from '../../go/resolved-types';

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
  /** The written-out type of a recursive schema (zod cannot infer through z.lazy); '' otherwise. */
  tsType: string;
}

/**
 * The named Go types a client reaches, each emitted once: collected from
 * the schema trees of requests and responses, named (Go name; on a clash
 * the package name is put in front), and ordered so that every schema
 * comes after the schemas it uses. Types in a cycle refer to each other
 * through `z.lazy` and get a written-out TypeScript type.
 */
export class SchemaRegistry {
  private readonly shapes = new Map<string, JsonShape>();
  private readonly roots = new Set<string>();
  private names = new Map<string, string>();

  constructor(private readonly mapper: JsonShapes) {}

  /** Records the named types a tree refers to (and, transitively, theirs). */
  use(shape: JsonShape): void {
    for (const id of refsOf(shape)) {
      this.roots.add(id);
      this.collect(id);
    }
  }

  private collect(id: string): void {
    if (this.shapes.has(id)) return;
    const shape = this.mapper.named(id);
    this.shapes.set(id, shape);
    for (const dep of refsOf(shape)) this.collect(dep);
  }

  private info(id: string): NamedType {
    return this.mapper.target(id).info;
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
   * dependency order.
   */
  finish(reserved: ReadonlySet<string>): SchemaDecl[] {
    this.names = assignNames([...this.shapes.keys()], (id) => this.mapper.target(id), reserved);
    const { order, cyclic } = dependencyOrder([...this.roots], (id) => refsOf(this.shapes.get(id)!));
    const emitted = new Set<string>();
    return order.map((id) => {
      const shape = this.shapes.get(id)!;
      const ref = (target: string): string =>
        emitted.has(target) ? this.schemaName(target) : `z.lazy(() => ${this.schemaName(target)})`;
      const info = this.info(id);
      const decl: SchemaDecl = {
        id,
        typeName: this.typeName(id),
        schemaName: this.schemaName(id),
        doc: jsDoc(info.decl.doc, ''),
        zod: printZod(shape, ref),
        tsType: cyclic.has(id) ? printTs(shape, (target) => this.typeName(target)) : '',
      };
      emitted.add(id);
      return decl;
    });
  }
}

/** What a type seen in another context is called after its name: `User` read by the decoder is `UserInput`. */
const CONTEXT_SUFFIX: Readonly<Record<JsonContext, string>> = { out: '', addr: 'Addressable', in: 'Input' };

/**
 * Go names, made unique: on a clash (with each other or with `reserved`),
 * the package name goes in front, then a number. A type's other contexts
 * (ids with `#`) take its name plus a suffix.
 */
function assignNames(ids: string[], target: (id: string) => { info: NamedType; ctx: JsonContext }, reserved: ReadonlySet<string>): Map<string, string> {
  const types = new Map<string, NamedType>();
  for (const id of ids) {
    const { info } = target(id);
    types.set(info.id, info);
  }
  const out = assignTypeNames([...types.values()], reserved);
  const taken = new Set([...reserved, ...out.values()]);
  for (const id of [...ids].sort()) {
    const { info, ctx } = target(id);
    if (ctx === 'out') continue;
    const base = `${out.get(info.id)!}${CONTEXT_SUFFIX[ctx]}`;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    out.set(id, name);
    taken.add(name);
  }
  return out;
}

function assignTypeNames(types: NamedType[], reserved: ReadonlySet<string>): Map<string, string> {
  const byName = new Map<string, NamedType[]>();
  for (const t of [...types].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const list = byName.get(t.name) ?? [];
    list.push(t);
    byName.set(t.name, list);
  }
  const taken = new Set(reserved);
  const out = new Map<string, string>();
  const clashing: NamedType[] = [];
  for (const [name, list] of byName) {
    if (list.length === 1 && !reserved.has(name)) {
      out.set(list[0]!.id, name);
      taken.add(name);
    } else clashing.push(...list);
  }
  for (const t of clashing) {
    const base = upperFirst(t.pkg.name.replace(/[^A-Za-z0-9_$]/g, '')) + t.name;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    out.set(t.id, name);
    taken.add(name);
  }
  return out;
}

/**
 * Tarjan's strongly connected components, visiting roots and dependencies
 * in the order given: dependencies come before their users, and the result
 * is the same for the same input. `cyclic` holds the members of cycles
 * (including types that refer to themselves).
 */
export function dependencyOrder(roots: readonly string[], depsOf: (id: string) => readonly string[]): { order: string[]; cyclic: Set<string> } {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order: string[] = [];
  const cyclic = new Set<string>();
  let counter = 0;
  const visit = (id: string): void => {
    index.set(id, counter);
    low.set(id, counter);
    counter++;
    stack.push(id);
    onStack.add(id);
    const deps = depsOf(id);
    for (const dep of deps) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(id, Math.min(low.get(id)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(id, Math.min(low.get(id)!, index.get(dep)!));
      }
    }
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
  };
  for (const root of roots) if (!index.has(root)) visit(root);
  return { order, cyclic };
}
