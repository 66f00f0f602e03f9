import { jsonTag, tagName } from './struct-tags';
import type { JsonField, ResolvedField, ResolvedStruct, ResolvedType } from './resolved-types';
import { TextMemo } from './interned';

/**
 * encoding/json's typeFields, for any tag key: which fields of a struct
 * (and of the structs it embeds) make up its JSON object, or its `query:`
 * parameters, and so on. Unexported and `-` fields are skipped, untagged
 * embedded structs (and pointers to them) are flattened breadth first,
 * name clashes are settled by depth then by tag, and equal contenders are
 * all dropped. For keys other than json, untagged plain fields are not
 * part of the view. The result is in field index order.
 */

/** What flattenStruct needs from the resolver. */
export interface FlattenHooks {
  /** The struct a type stands for (through named types), if any. */
  structOf(t: ResolvedType): ResolvedStruct | undefined;
  /** An untagged embedded field of a type fw cannot look into (time.Time, an external type): it is left out. */
  leftOut(f: ResolvedField, message: string): void;
  /** A field the view includes. */
  included(f: ResolvedField): void;
}

export function flattenStruct(t: ResolvedType, key: string, hooks: FlattenHooks): ViewField[] {
  return flatten(t, key, hooks, viewField);
}

/**
 * flattenStruct for `json`, each field made a JsonField at once (no copy of
 * each view field): `quoted` says only that the tag has `,string`, the
 * caller checks the type it applies to (encoding/json ignores it on others).
 */
export function flattenJson(t: ResolvedType, hooks: FlattenHooks): JsonField[] {
  return flatten(t, 'json', hooks, jsonField);
}

/** What flatten needs of a field it makes, to settle names and order them. */
interface Flattened {
  name: string;
  tagged: boolean;
  index: number[];
}

/** A field of a view, made from a struct field `f`, its tag, where it sits and the name it takes (the tag's, else the Go name). */
type MakeField<F> = (f: ResolvedField, tag: TagValue, name: string, index: number[], viaPointer: boolean) => F;

const viewField: MakeField<ViewField> = (f, tag, name, index, viaPointer) => ({
  name,
  tagged: tag.name !== undefined,
  options: tag.options,
  type: f.type,
  index,
  viaPointer,
  field: f,
});

const jsonField: MakeField<JsonField> = (f, tag, name, index, viaPointer) => ({
  name,
  type: f.type,
  omitempty: tag.omitempty,
  omitzero: tag.omitzero,
  quoted: tag.string,
  tagged: tag.name !== undefined,
  index,
  viaPointer,
  field: f,
});

function flatten<F extends Flattened>(t: ResolvedType, key: string, hooks: FlattenHooks, make: MakeField<F>): F[] {
  const top = hooks.structOf(t);
  if (!top) return [];
  const isJson = key === 'json';
  const topId = typeKey(t);
  let next: Level[] = [{ struct: top, id: topId, index: NO_INDEX, viaPointer: false }];
  // Most structs embed nothing: the counts and the visited set of deeper levels are made only when one does.
  let nextCount: Map<string, number> | undefined;
  let visited: Set<string> | undefined;
  let depth = 0;
  const found: F[] = [];
  while (next.length > 0) {
    const current = next;
    const count = nextCount;
    next = [];
    nextCount = undefined;
    if (depth++ === 1) visited = new Set([topId]);
    for (const level of current) {
      if (visited) {
        if (visited.has(level.id)) continue;
        visited.add(level.id);
      }
      const fields = level.struct.fields;
      const twice = (count?.get(level.id) ?? 0) > 1;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i]!;
        let ft = f.type;
        if (ft.kind === 'pointer') ft = ft.elem;
        const embeddedStruct = f.embedded ? hooks.structOf(ft) : undefined;
        if (f.embedded) {
          if (!f.exported && !embeddedStruct) continue;
        } else if (!f.exported) continue;
        const raw = f.tags.get(key);
        const tag = raw === undefined ? NO_TAG : isJson ? jsonTagValue(raw) : tagValue(raw);
        if (tag.skip) continue;
        const name = tag.name;
        if (name !== undefined || !f.embedded || !embeddedStruct) {
          if (f.embedded && name === undefined && isLeafStruct(ft)) {
            // Go would flatten the (unexported) fields of time.Time or an external struct: nothing fw can describe.
            hooks.leftOut(f, `embedded field ${f.name} of ${f.owner} cannot be flattened by fw (${describeLeaf(ft)}); it is left out`);
            continue;
          }
          if (!isJson && name === undefined) continue;
          const view = make(f, tag, name ?? f.name, indexOf(level.index, i), level.viaPointer);
          found.push(view);
          if (twice) found.push(view);
          hooks.included(f);
          continue;
        }
        const id = typeKey(ft);
        nextCount ??= new Map();
        const n = (nextCount.get(id) ?? 0) + 1;
        nextCount.set(id, n);
        const viaPointer = level.viaPointer || f.type.kind === 'pointer';
        if (n === 1) next.push({ struct: embeddedStruct, id, index: indexOf(level.index, i), viaPointer });
      }
    }
  }
  // One level and no name twice (most structs): nothing to settle, and `found` is in field order already.
  if (depth === 1 && !hasDuplicateName(found)) return found;
  found.sort(
    (a, b) => compareStrings(a.name, b.name) || a.index.length - b.index.length || Number(b.tagged) - Number(a.tagged) || compareIndex(a.index, b.index),
  );
  const out: F[] = [];
  for (let i = 0; i < found.length; ) {
    let j = i + 1;
    while (j < found.length && found[j]!.name === found[i]!.name) j++;
    const first = found[i]!;
    const second = found[i + 1];
    // Two contenders at the shallowest depth, both tagged or both untagged: encoding/json drops the name.
    const ambiguous = j - i > 1 && second !== undefined && second.index.length === first.index.length && second.tagged === first.tagged;
    if (!ambiguous) out.push(first);
    i = j;
  }
  return out.sort((a, b) => compareIndex(a.index, b.index));
}

/** The index path of field `i` of the struct at `parent`. */
function indexOf(parent: readonly number[], i: number): number[] {
  if (parent.length === 0) return [i];
  const index = parent.slice();
  index.push(i);
  return index;
}

/** The index path of the top struct (never changed: `indexOf` copies). */
const NO_INDEX: readonly number[] = Object.freeze([]);

function hasDuplicateName(found: readonly Flattened[]): boolean {
  // Small views (most) are compared pair by pair, without a set.
  if (found.length <= 12) {
    for (let i = 1; i < found.length; i++) for (let j = 0; j < i; j++) if (found[i]!.name === found[j]!.name) return true;
    return false;
  }
  const names = new Set<string>();
  for (const f of found) {
    if (names.has(f.name)) return true;
    names.add(f.name);
  }
  return false;
}

/** A field's tag value for one key, as a view reads it: `skip` (`-`), the name it gives (if any), the options after the name. */
interface TagValue {
  skip: boolean;
  name?: string;
  options: readonly string[];
  /** The options json reads: `omitempty`, `omitzero`, `string`. */
  omitempty: boolean;
  omitzero: boolean;
  string: boolean;
}

const NO_TAG: Readonly<TagValue> = Object.freeze({ skip: false, options: Object.freeze([]), omitempty: false, omitzero: false, string: false });

/** Tag values read once per distinct text (a struct's tags repeat across the many views of it and across structs), up to this many texts. */
const MAX_TAG_TEXTS = 50_000;
const jsonTagValues = new TextMemo<TagValue>(MAX_TAG_TEXTS);
const tagValues = new TextMemo<TagValue>(MAX_TAG_TEXTS);

function jsonTagValue(raw: string): TagValue {
  return jsonTagValues.get(raw, () => tagValueOf(raw, jsonTag(new Map([['json', raw]]))));
}

function tagValue(raw: string): TagValue {
  return tagValues.get(raw, () => (raw === '-' ? { ...NO_TAG, skip: true } : tagValueOf(raw, { skip: false, name: tagName(new Map([['k', raw]]), 'k') })));
}

function tagValueOf(raw: string, tag: { skip: boolean; name?: string }): TagValue {
  const options = raw.split(',').slice(1);
  const v: TagValue = {
    skip: tag.skip,
    options: Object.freeze(options),
    omitempty: options.includes('omitempty'),
    omitzero: options.includes('omitzero'),
    string: options.includes('string'),
  };
  if (tag.name !== undefined) v.name = tag.name;
  return Object.freeze(v);
}

interface Level {
  struct: ResolvedStruct;
  /** Identity of the struct type, for encoding/json's visited and duplicate counts. */
  id: string;
  index: readonly number[];
  viaPointer: boolean;
}

/**
 * One field of a view: its name in the tag (or the Go name), whether the tag
 * named it, the tag options, its type, where it sits. A TaggedField as it is
 * (the views of request types are taken often: no copy of each).
 */
export interface ViewField {
  name: string;
  tagged: boolean;
  options: readonly string[];
  type: ResolvedType;
  index: number[];
  viaPointer: boolean;
  field: ResolvedField;
}

const anonymousKeys = new WeakMap<object, string>();
let anonymousCount = 0;

/** Identity of a struct type for encoding/json's visited set: the id of a named type, else the object itself (only named types can be embedded). */
function typeKey(t: ResolvedType): string {
  if (t.kind === 'named') return t.id;
  let key = anonymousKeys.get(t);
  if (key === undefined) {
    key = `#anonymous${anonymousCount++}`;
    anonymousKeys.set(t, key);
  }
  return key;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders field index paths as reflect does (depth-first field order). */
export function compareIndex(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Types Go sees as structs but fw describes as a whole (or cannot see into);
 * the built-in types whose methods have a pointer receiver are all structs.
 */
function isLeafStruct(t: ResolvedType): boolean {
  return t.kind === 'time' || t.kind === 'file' || t.kind === 'unknown' || (t.kind === 'mapped' && t.receiver === 'pointer');
}

function describeLeaf(t: ResolvedType): string {
  if (t.kind === 'mapped') return `${t.name} marshals itself`;
  return t.kind === 'unknown' ? t.reason : t.kind === 'time' ? 'time.Time marshals itself' : 'multipart.FileHeader has no JSON form';
}
