import { upperFirst } from '../model/naming';
import type { NamedType } from '../go/resolved-types';
import { type JsonContext, type JsonShape, type JsonShapes, decoded, refsOf } from './json-shape';

/**
 * A named type's shape as `fw watch` keeps it between runs, with the
 * resolved type it was mapped from (by identity): the resolver makes that
 * type again when its package or a package it imports changes, and a
 * shape depends only on the types it reaches, which are in those packages.
 */
export interface KeptShape {
  info: NamedType;
  shape: JsonShape;
  /** refsOf(shape), computed once. */
  refs: readonly string[];
}

/**
 * The named Go types a generator reaches from the shapes it prints (and,
 * transitively, the types those refer to), each with the shape that
 * defines it, computed once. With `kept` (the shapes of an earlier run
 * that gave no diagnostics, so mapping them again would give none), a type
 * still resolved to the same object is not mapped again.
 */
export class NamedShapes {
  private readonly shapes = new Map<string, JsonShape>();
  /** The ids each collected shape refers to (refsOf), by id. */
  private readonly refs = new Map<string, readonly string[]>();
  /** The resolved type of each collected id (the mapper's `target`, which cuts the id apart, asked once per id). */
  private readonly infos = new Map<string, NamedType>();
  private readonly used = new Set<string>();

  constructor(
    readonly mapper: JsonShapes,
    private readonly kept?: ReadonlyMap<string, KeptShape>,
  ) {}

  /** Records the named types a tree refers to (and, transitively, theirs). */
  use(shape: JsonShape): void {
    this.useIds(refsOf(shape));
  }

  /** Records the named types `ids` (refsOf of a tree `use` was given in an earlier run) and, transitively, theirs. */
  useIds(ids: readonly string[]): void {
    for (const id of ids) {
      this.used.add(id);
      this.collect(id);
    }
  }

  /** Maps `id` and every named type it reaches; a worklist, since a chain of named types may be thousands long. */
  private collect(id: string): void {
    const todo = [id];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (this.shapes.has(next)) continue;
      const info = this.mapper.target(next).info;
      this.infos.set(next, info);
      const was = this.kept?.get(next);
      const same = was !== undefined && was.info === info;
      const shape = same ? was.shape : this.mapper.named(next);
      const refs = same ? was.refs : refsOf(shape);
      this.shapes.set(next, shape);
      this.refs.set(next, refs);
      for (let i = refs.length - 1; i >= 0; i--) todo.push(refs[i]!);
    }
  }

  /** The Go type a reference id stands for (in any context). */
  info(id: string): NamedType {
    return this.infos.get(id) ?? this.mapper.target(id).info;
  }

  /** Every collected type's shape with the resolved type it was mapped from, for a later run to keep. */
  keptShapes(): Map<string, KeptShape> {
    return new Map([...this.shapes].map(([id, shape]) => [id, { info: this.info(id), shape, refs: this.refs.get(id)! }]));
  }

  /** A name for every collected id, unique and none of `reserved`. */
  assignNames(reserved: ReadonlySet<string>): Map<string, string> {
    return assignNames(this.ids(), (id) => this.mapper.target(id), reserved);
  }

  /** Every collected type, in the order first met. */
  ids(): string[] {
    return [...this.shapes.keys()];
  }

  /** The types `use` was given directly, in the order first met. */
  usedIds(): string[] {
    return [...this.used];
  }

  /** The shape that defines a collected type. */
  /** The ids a collected type's shape refers to (refsOf of its shape). */
  refsOfId(id: string): readonly string[] {
    const refs = this.refs.get(id);
    if (!refs) throw new Error(`internal: named type ${id} was never collected`);
    return refs;
  }

  shape(id: string): JsonShape {
    const shape = this.shapes.get(id);
    if (!shape) throw new Error(`internal: named type ${id} was never collected`);
    return shape;
  }
}

/** What a type seen in another context is called after its name: `User` read by the decoder is `UserInput`. */
const CONTEXT_SUFFIX: Readonly<Record<JsonContext, string>> = { out: '', addr: 'Addressable', in: 'Input', checked: 'Input' };

/**
 * Go names, made unique: on a clash (with each other or with `reserved`),
 * the package name goes in front, then a number. A type's other contexts
 * (ids with `#`) take its name plus a suffix, except a type only requests
 * use (only its `#in` or `#checked` id is collected), which keeps its name.
 * A type read both where the validator judges its fields and where it does
 * not (a list element without `dive`) calls the second `…Unchecked`.
 */
function assignNames(ids: string[], target: (id: string) => { info: NamedType; ctx: JsonContext }, reserved: ReadonlySet<string>): Map<string, string> {
  const types = new Map<string, NamedType>();
  const written = new Set<string>();
  const checked = new Set<string>();
  for (const id of ids) {
    const { info, ctx } = target(id);
    types.set(info.id, info);
    if (ctx === 'checked') checked.add(info.id);
    else if (ctx !== 'in') written.add(info.id);
  }
  const out = assignTypeNames([...types.values()], reserved);
  const taken = new Set([...reserved, ...out.values()]);
  for (const id of [...ids].sort()) {
    const { info, ctx } = target(id);
    if (ctx === 'out') continue;
    const both = ctx === 'in' && checked.has(info.id);
    if (decoded(ctx) && !written.has(info.id) && !both) {
      out.set(id, out.get(info.id)!);
      continue;
    }
    const base = `${out.get(info.id)!}${written.has(info.id) ? CONTEXT_SUFFIX[ctx] : ''}${both ? 'Unchecked' : ''}`;
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
