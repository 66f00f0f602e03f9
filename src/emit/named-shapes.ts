import { upperFirst } from '../model/naming';
import { sameObjects } from './emitter';
import type { NamedType } from '../go/resolved-types';
import { type JsonContext, type JsonShape, type JsonShapes, decoded, refsOf } from './json-shape';

/**
 * What a run collected, as `fw watch` keeps it for the next run (only from a
 * client that gave no diagnostics): the types `use`/`useIds` were given, in
 * the order first met, and every collected type's shape, references and
 * resolved type, in the order first met. That order (and so the names and
 * the declarations' order) is a function of the types used, in order, and
 * of each type's references: the same uses over the same references
 * collect the same types in the same order.
 */
export interface Collected {
  used: readonly string[];
  shapes: Map<string, JsonShape>;
  refs: Map<string, readonly string[]>;
  infos: Map<string, NamedType>;
}

/** This run's collection when it is the kept one: the kept run's, and its types mapped again (with their resolved types, old and new). */
export interface ReusedCollection {
  from: Collected;
  remapped: readonly Remapped[];
}

/** A kept type met again with a new resolved type (its package changed): mapped again, with its references. */
export interface Remapped {
  info: NamedType;
  /** The kept resolved type. */
  was: NamedType;
  shape: JsonShape;
  refs: readonly string[];
}

/**
 * The named Go types a generator reaches from the shapes it prints (and,
 * transitively, the types those refer to), each with the shape that
 * defines it, computed once. With `kept` (what an earlier run that gave no
 * diagnostics collected, so mapping its types again would give none), a
 * type still resolved to the same object is not mapped again, and while
 * the same types are used in the same order over the same references, the
 * kept collection is taken whole instead of walking every type again.
 */
export class NamedShapes {
  private shapes = new Map<string, JsonShape>();
  /** The ids each collected shape refers to (refsOf), by id. */
  private refs = new Map<string, readonly string[]>();
  /** The resolved type of each collected id (the mapper's `target`, which cuts the id apart, asked once per id). */
  private infos = new Map<string, NamedType>();
  private used = new Set<string>();
  /**
   * While every type used so far is the kept run's next one (in the order
   * first met), and the types met again with a new resolved type refer to
   * the ids they referred to, nothing is walked: the kept collection is
   * taken when the uses end (`settle`). The types a use reaches with a new
   * resolved type are mapped at once (as the walk would map them, so that a
   * mapping's diagnostics come while that operation is planned).
   */
  private replaying: boolean;
  private readonly remapped = new Map<string, Remapped>();
  /** Whether this run's collection is the kept one (after `settle`), and which of its types were mapped again. */
  private reused?: ReusedCollection;
  /** What `collected` gives (the same object until the next use). */
  private collection?: Collected;

  constructor(
    readonly mapper: JsonShapes,
    private readonly kept?: Collected,
  ) {
    this.replaying = kept !== undefined;
  }

  /** Records the named types a tree refers to (and, transitively, theirs). */
  use(shape: JsonShape): void {
    this.record(refsOf(shape), true);
  }

  /**
   * Records the named types `ids` (refsOf of a tree `use` was given in an
   * earlier run, whose types resolve to the same objects as then: fw watch
   * gives them for operations planned from the same objects, and a type
   * resolved to the same object reaches only such types) and,
   * transitively, theirs.
   */
  useIds(ids: readonly string[]): void {
    this.record(ids, false);
  }

  /** `planned`: `ids` come from a tree planned in this run, whose types may resolve to new objects. */
  private record(ids: readonly string[], planned: boolean): void {
    if (this.replaying) {
      if (this.replays(ids) && (!planned || this.remapIds(ids))) return;
      this.stopReplaying();
    }
    this.reused = undefined;
    this.collection = undefined;
    for (const id of ids) {
      this.used.add(id);
      this.collect(id);
    }
  }

  /** Whether each of `ids` not used yet is the kept run's next used type (each that is, is marked used). */
  private replays(ids: readonly string[]): boolean {
    const order = this.kept!.used;
    for (const id of ids) {
      if (this.used.has(id)) continue;
      if (order[this.used.size] !== id) return false;
      this.used.add(id);
    }
    return true;
  }

  /**
   * Maps again the types `ids` reach whose resolved type is not the kept
   * one (a type with the same resolved type reaches only such types: the
   * resolver makes a type again when a package it reaches changes); false
   * when one of them is new or refers to other ids than it did.
   */
  private remapIds(ids: readonly string[]): boolean {
    const kept = this.kept!;
    const todo = [...ids].reverse();
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (this.remapped.has(next)) continue;
      const info = this.mapper.target(next).info;
      const was = kept.infos.get(next);
      if (was === info) continue;
      if (was === undefined) return false;
      const shape = this.mapper.named(next);
      const refs = refsOf(shape);
      this.remapped.set(next, { info, was, shape, refs });
      if (!sameObjects(refs, kept.refs.get(next)!)) return false;
      for (let i = refs.length - 1; i >= 0; i--) todo.push(refs[i]!);
    }
    return true;
  }

  /** Walks the types used so far, as a run without replay would have. */
  private stopReplaying(): void {
    this.replaying = false;
    for (const id of this.used) this.collect(id);
  }

  /** Ends the uses: takes the kept collection when the same types were used in the same order. */
  private settle(): void {
    if (!this.replaying) return;
    const kept = this.kept!;
    if (this.used.size !== kept.used.length) {
      this.stopReplaying();
      return;
    }
    this.replaying = false;
    ({ shapes: this.shapes, refs: this.refs, infos: this.infos } = kept);
    for (const [id, { info, shape }] of this.remapped) {
      this.infos.set(id, info);
      this.shapes.set(id, shape);
    }
    this.reused = { from: kept, remapped: [...this.remapped.values()] };
  }

  /** Maps `id` and every named type it reaches; a worklist, since a chain of named types may be thousands long. */
  private collect(id: string): void {
    const todo = [id];
    const kept = this.kept;
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (this.shapes.has(next)) continue;
      const again = this.remapped.get(next);
      const info = again?.info ?? this.mapper.target(next).info;
      this.infos.set(next, info);
      const same = kept !== undefined && kept.infos.get(next) === info;
      const shape = again?.shape ?? (same ? kept.shapes.get(next)! : this.mapper.named(next));
      const refs = again?.refs ?? (same ? kept.refs.get(next)! : refsOf(shape));
      this.shapes.set(next, shape);
      this.refs.set(next, refs);
      for (let i = refs.length - 1; i >= 0; i--) todo.push(refs[i]!);
    }
  }

  /**
   * When this run's collection is the kept one (every call gave the same
   * ids over the same references): the kept run's, and the types whose
   * resolved type and shape are new.
   */
  reusedCollection(): ReusedCollection | undefined {
    this.settle();
    return this.reused;
  }

  /** The Go type a reference id stands for (in any context). */
  info(id: string): NamedType {
    this.settle();
    return this.infos.get(id) ?? this.mapper.target(id).info;
  }

  /** What this run collected, for a later run to keep. */
  collected(): Collected {
    this.settle();
    this.collection ??= { used: [...this.used], shapes: this.shapes, refs: this.refs, infos: this.infos };
    return this.collection;
  }

  /** A name for every collected id, unique and none of `reserved`. */
  assignNames(reserved: ReadonlySet<string>): Map<string, string> {
    return assignNames(this.ids(), (id) => this.mapper.target(id), reserved);
  }

  /** Every collected type, in the order first met. */
  ids(): string[] {
    this.settle();
    return [...this.shapes.keys()];
  }

  /** The types `use` was given directly, in the order first met. */
  usedIds(): string[] {
    this.settle();
    return [...this.used];
  }

  /** The ids a collected type's shape refers to (refsOf of its shape). */
  refsOfId(id: string): readonly string[] {
    this.settle();
    const refs = this.refs.get(id);
    if (!refs) throw new Error(`internal: named type ${id} was never collected`);
    return refs;
  }

  /** The shape that defines a collected type. */
  shape(id: string): JsonShape {
    this.settle();
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
