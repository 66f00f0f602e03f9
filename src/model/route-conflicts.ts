import { type Diagnostic, type Pos, error } from '../diagnostics/diagnostics';
import type { HttpMethod, RoutePath } from '../annotations/types';
import { patternSegmentBytes } from '../annotations/path-unescape';

/**
 * Go 1.22 net/http ServeMux conflict detection, so that fw reports what
 * `mux.HandleFunc` would otherwise panic on at start-up.
 *
 * The rules, as documented by net/http (ServeMux "Precedence") and defined in
 * its pattern.go: one pattern is more specific than another if it matches a
 * strict subset of the other's (method, path) requests. A pattern with a
 * method is more specific than one without; GET also matches HEAD, so
 * `HEAD /x` is more specific than `GET /x`. Two patterns conflict when some
 * request matches both and neither is more specific: either they match
 * exactly the same requests (`/users/{id}` and `/users/{name}`), or each
 * matches requests the other does not (`/{a}/b` and `/a/{b}`).
 *
 * Paths are compared segment by segment: a literal is more specific than a
 * `{name}`, which is more specific than a `{name...}` (or a trailing slash,
 * which is an anonymous `{...}`); `{$}` is a literal trailing slash that no
 * `{name}` matches.
 */

export interface RouteRegistration {
  method: HttpMethod;
  path: RoutePath;
  pos: Pos;
}

/** How the requests matched by pattern 1 relate to those matched by pattern 2. */
export type PatternRelationship =
  /** both match the same requests */
  | 'equivalent'
  /** 1 matches everything 2 does, and more */
  | 'moreGeneral'
  /** 2 matches everything 1 does, and more */
  | 'moreSpecific'
  /** no request matches both */
  | 'disjoint'
  /** some request matches both, and neither is more specific */
  | 'overlaps';

/** A path segment as ServeMux compares it. */
interface Segment {
  /** Literal text (unescaped, `/` for `{$}`), or the wildcard name. */
  s: string;
  wild: boolean;
  /** `{name...}` or a trailing slash. */
  multi: boolean;
}

/** ServeMux compares literal segments after %-unescaping them, byte for byte like Go strings. */
function pathUnescape(text: string): string {
  return text.includes('%') ? Buffer.from(patternSegmentBytes(text)).toString('latin1') : text;
}

function toSegments(path: RoutePath): Segment[] {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every segment kind, which tsc checks.
  return path.segments.map((seg, i): Segment => {
    switch (seg.kind) {
      case 'static':
        return seg.value === '' && i === path.segments.length - 1
          ? { s: '', wild: true, multi: true }
          : { s: pathUnescape(seg.value), wild: false, multi: false };
      case 'wildcard':
        return { s: seg.name, wild: true, multi: false };
      case 'remainder':
        return { s: seg.name, wild: true, multi: true };
      case 'end':
        return { s: '/', wild: false, multi: false };
    }
  });
}

function inverse(r: PatternRelationship): PatternRelationship {
  return r === 'moreGeneral' ? 'moreSpecific' : r === 'moreSpecific' ? 'moreGeneral' : r;
}

/** The relationship of two patterns given the relationships of two parts of them (e.g. method and path). */
function combine(r1: PatternRelationship, r2: PatternRelationship): PatternRelationship {
  switch (r1) {
    case 'equivalent':
      return r2;
    case 'disjoint':
      return 'disjoint';
    case 'overlaps':
      return r2 === 'disjoint' ? 'disjoint' : 'overlaps';
    case 'moreGeneral':
    case 'moreSpecific':
      if (r2 === 'equivalent') return r1;
      if (r2 === inverse(r1)) return 'overlaps';
      return r2;
  }
}

function compareMethods(m1: HttpMethod, m2: HttpMethod): PatternRelationship {
  if (m1 === m2) return 'equivalent';
  if (m1 === 'GET' && m2 === 'HEAD') return 'moreGeneral';
  if (m1 === 'HEAD' && m2 === 'GET') return 'moreSpecific';
  return 'disjoint';
}

function compareSegments(s1: Segment, s2: Segment): PatternRelationship {
  if (s1.multi && s2.multi) return 'equivalent';
  if (s1.multi) return 'moreGeneral';
  if (s2.multi) return 'moreSpecific';
  if (s1.wild && s2.wild) return 'equivalent';
  // A single-segment wildcard never matches the trailing slash of `{$}`.
  if (s1.wild) return s2.s === '/' ? 'disjoint' : 'moreGeneral';
  if (s2.wild) return s1.s === '/' ? 'disjoint' : 'moreSpecific';
  return s1.s === s2.s ? 'equivalent' : 'disjoint';
}

function endsInMulti(segs: readonly Segment[]): boolean {
  return segs[segs.length - 1]?.multi ?? false;
}

function comparePaths(p1: readonly Segment[], p2: readonly Segment[]): PatternRelationship {
  // Without a trailing multi, a pattern matches only paths with its number of segments.
  if (p1.length !== p2.length && !endsInMulti(p1) && !endsInMulti(p2)) return 'disjoint';
  let rel: PatternRelationship = 'equivalent';
  const common = Math.min(p1.length, p2.length);
  for (let i = 0; i < common; i++) {
    rel = combine(rel, compareSegments(p1[i]!, p2[i]!));
    if (rel === 'disjoint') return rel;
  }
  if (p1.length === p2.length) return rel;
  // Only the shorter pattern's final multi can match the longer one's remaining segments.
  if (p1.length < p2.length && endsInMulti(p1)) return combine(rel, 'moreGeneral');
  if (p2.length < p1.length && endsInMulti(p2)) return combine(rel, 'moreSpecific');
  return 'disjoint';
}

interface Entry {
  index: number;
  reg: RouteRegistration;
  segs: Segment[];
}

function relationship(m1: HttpMethod, p1: readonly Segment[], m2: HttpMethod, p2: readonly Segment[]): PatternRelationship {
  const methods = compareMethods(m1, m2);
  return methods === 'disjoint' ? 'disjoint' : combine(methods, comparePaths(p1, p2));
}

/** How the requests of registration `a` relate to those of `b`, as ServeMux sees it. */
export function compareRegistrations(a: Pick<RouteRegistration, 'method' | 'path'>, b: Pick<RouteRegistration, 'method' | 'path'>): PatternRelationship {
  return relationship(a.method, toSegments(a.path), b.method, toSegments(b.path));
}

/** A request path both patterns match (they are known not to be disjoint). */
function commonPath(p1: readonly Segment[], p2: readonly Segment[]): string {
  const write = (s: Segment): string => (s.multi || s.s === '/' ? '/' : `/${s.s}`);
  let out = '';
  const common = Math.min(p1.length, p2.length);
  for (let i = 0; i < common; i++) out += write(p1[i]!.wild ? p2[i]! : p1[i]!);
  for (const s of (p1.length > p2.length ? p1 : p2).slice(common)) out += write(s);
  return out;
}

function patternText(reg: RouteRegistration): string {
  return `${reg.method} ${reg.path.text}`;
}

function conflictDiagnostic(later: Entry, earlier: Entry, rel: PatternRelationship): Diagnostic {
  const head = `pattern "${patternText(later.reg)}" conflicts with "${patternText(earlier.reg)}"`;
  const related = [{ pos: earlier.reg.pos, message: `conflicting pattern "${patternText(earlier.reg)}" declared here` }];
  if (rel === 'equivalent') {
    return {
      ...error(
        'FW4050',
        later.reg.pos,
        `${head}: they match the same requests`,
        'net/http ServeMux panics on conflicting patterns; change the path or method of one route, or remove one',
      ),
      related,
    };
  }
  const method = later.reg.method === earlier.reg.method ? later.reg.method : 'HEAD';
  const example = `${method} ${commonPath(later.segs, earlier.segs)}`;
  const getAlsoHead = later.reg.method !== earlier.reg.method ? ' (a GET pattern also matches HEAD requests)' : '';
  return {
    ...error(
      'FW4051',
      later.reg.pos,
      `${head}: both match some requests, like "${example}", but neither is more specific than the other${getAlsoHead}`,
      "net/http ServeMux panics on conflicting patterns; make one pattern's requests a subset of the other's (e.g. use a literal segment where the other has a wildcard), or give the routes distinct literal segments",
    ),
    related,
  };
}

type Classified = { multi: Entry[]; ended: Entry[]; literal: Map<string, Entry[]>; wild: Entry[]; rest: Entry[] };

/** Sorts entries by their segment at `depth`; `rest` is everything but `multi`. */
function classify(entries: readonly Entry[], depth: number): Classified {
  const c: Classified = { multi: [], ended: [], literal: new Map(), wild: [], rest: [] };
  for (const e of entries) {
    const seg = e.segs[depth];
    if (seg?.multi) {
      c.multi.push(e);
      continue;
    }
    c.rest.push(e);
    if (!seg) c.ended.push(e);
    else if (seg.wild) c.wild.push(e);
    else {
      const group = c.literal.get(seg.s);
      if (group) group.push(e);
      else c.literal.set(seg.s, [e]);
    }
  }
  return c;
}

/**
 * Pair enumeration that skips pairs ServeMux's rules make disjoint (different
 * literals at the same depth; a pattern that ends before the other's segment
 * without a trailing multi), so that large route sets are not compared
 * all-pairs. Every pair it visits is decided by relationship().
 */
class PairWalker {
  constructor(private readonly visit: (a: Entry, b: Entry) => void) {}

  within(group: readonly Entry[], depth: number): void {
    if (group.length < 2) return;
    const c = classify(group, depth);
    this.allPairs(c.multi);
    this.product(c.multi, c.rest);
    this.allPairs(c.ended);
    for (const literal of c.literal.values()) {
      this.within(literal, depth + 1);
      this.across(literal, c.wild, depth + 1);
    }
    this.within(c.wild, depth + 1);
  }

  across(a: readonly Entry[], b: readonly Entry[], depth: number): void {
    if (a.length === 0 || b.length === 0) return;
    const ca = classify(a, depth);
    const cb = classify(b, depth);
    this.product(ca.multi, b);
    this.product(ca.rest, cb.multi);
    this.product(ca.ended, cb.ended);
    for (const [value, la] of ca.literal) {
      const lb = cb.literal.get(value);
      if (lb) this.across(la, lb, depth + 1);
      this.across(la, cb.wild, depth + 1);
    }
    for (const lb of cb.literal.values()) this.across(ca.wild, lb, depth + 1);
    this.across(ca.wild, cb.wild, depth + 1);
  }

  private allPairs(group: readonly Entry[]): void {
    group.forEach((a, i) => {
      for (const b of group.slice(i + 1)) this.visit(a, b);
    });
  }

  private product(a: readonly Entry[], b: readonly Entry[]): void {
    for (const x of a) for (const y of b) this.visit(x, y);
  }
}

/**
 * Conflicting pairs among one root's registrations (one per method of each
 * route), each reported at the later registration with `related` pointing at
 * the earlier one, ordered by the later registration.
 */
export function findRouteConflicts(registrations: readonly RouteRegistration[]): Diagnostic[] {
  const byMethod = new Map<HttpMethod, Entry[]>();
  registrations.forEach((reg, index) => {
    const entry = { index, reg, segs: toSegments(reg.path) };
    const list = byMethod.get(reg.method);
    if (list) list.push(entry);
    else byMethod.set(reg.method, [entry]);
  });
  const found: { later: Entry; earlier: Entry; rel: PatternRelationship }[] = [];
  const walker = new PairWalker((a, b) => {
    const [earlier, later] = a.index < b.index ? [a, b] : [b, a];
    const rel = relationship(later.reg.method, later.segs, earlier.reg.method, earlier.segs);
    if (rel === 'equivalent' || rel === 'overlaps') found.push({ later, earlier, rel });
  });
  for (const group of byMethod.values()) walker.within(group, 0);
  // GET also matches HEAD; every other pair of distinct methods is disjoint.
  walker.across(byMethod.get('GET') ?? [], byMethod.get('HEAD') ?? [], 0);
  found.sort((x, y) => x.later.index - y.later.index || x.earlier.index - y.earlier.index);
  return found.map(({ later, earlier, rel }) => conflictDiagnostic(later, earlier, rel));
}
