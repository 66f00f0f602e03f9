import { describe, expect, it } from 'vitest';
import { compareRegistrations, findRouteConflicts } from '../../src/model/route-conflicts';
import { CONFLICT_CASES, registration } from './route-conflict-cases';

describe('findRouteConflicts: pairs (the table test/e2e checks against Go)', () => {
  it.each(CONFLICT_CASES)('$a | $b → conflict=$conflict ($why)', ({ a, b, conflict }) => {
    expect(findRouteConflicts([registration(a, 1), registration(b, 2)]).length > 0).toBe(conflict);
    // Order of registration does not change whether two patterns conflict.
    expect(findRouteConflicts([registration(b, 1), registration(a, 2)]).length > 0).toBe(conflict);
  });
});

describe('compareRegistrations', () => {
  const rel = (a: string, b: string) => compareRegistrations(registration(a, 1), registration(b, 2));
  it.each([
    ['GET /users/{id}', 'GET /users/{name}', 'equivalent'],
    ['GET /users/{id}', 'GET /users/me', 'moreGeneral'],
    ['GET /users/me', 'GET /users/{id}', 'moreSpecific'],
    ['GET /{a}/b', 'GET /a/{b}', 'overlaps'],
    ['GET /x', 'POST /x', 'disjoint'],
    ['GET /x', 'HEAD /x', 'moreGeneral'],
    ['HEAD /x', 'GET /x', 'moreSpecific'],
    ['HEAD /{a}', 'GET /a', 'overlaps'],
    ['GET /a/', 'GET /a/b/c', 'moreGeneral'],
    ['GET /a', 'GET /a/', 'disjoint'],
    ['GET /{$}', 'GET /{x}', 'disjoint'],
    ['GET /a/{x...}', 'GET /a/{$}', 'moreGeneral'],
    ['GET /', 'GET /{x...}', 'equivalent'],
  ] as const)('%s vs %s → %s', (a, b, expected) => {
    expect(rel(a, b)).toBe(expected);
  });
});

describe('findRouteConflicts: diagnostics', () => {
  it('reports identical-modulo-names at the later registration, related to the earlier one', () => {
    const [d, ...rest] = findRouteConflicts([registration('GET /users/{id}', 3), registration('GET /users/{name}', 9, 'other.go')]);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      severity: 'error',
      pos: { file: 'other.go', line: 9, col: 1 },
      message: 'pattern "GET /users/{name}" conflicts with "GET /users/{id}": they match the same requests',
      related: [{ pos: { file: 'handler.go', line: 3, col: 1 }, message: 'conflicting pattern "GET /users/{id}" declared here' }],
    });
    expect(d?.hint).toContain('ServeMux panics on conflicting patterns');
  });

  it('explains an overlap with a request both match', () => {
    const [d] = findRouteConflicts([registration('GET /{a}/b', 1), registration('GET /a/{b}', 2)]);
    expect(d?.message).toBe(
      'pattern "GET /a/{b}" conflicts with "GET /{a}/b": both match some requests, like "GET /a/b", but neither is more specific than the other',
    );
    expect(d?.hint).toContain('make one pattern');
  });

  it('explains GET/HEAD overlaps with a HEAD request and the GET-serves-HEAD rule', () => {
    const [d] = findRouteConflicts([registration('GET /a', 1), registration('HEAD /{x}', 2)]);
    expect(d?.message).toBe(
      'pattern "HEAD /{x}" conflicts with "GET /a": both match some requests, like "HEAD /a", but neither is more specific than the other (a GET pattern also matches HEAD requests)',
    );
  });

  it('example path for remainders and trailing slashes', () => {
    const [d] = findRouteConflicts([registration('GET /a/b/{c...}', 1), registration('GET /a/{b}/c/', 2)]);
    expect(d?.message).toContain('like "GET /a/b/c/"');
  });

  it('reports every conflicting pair, ordered by the later registration', () => {
    const regs = [
      registration('GET /users/{id}', 1),
      registration('POST /users/{id}', 2),
      registration('GET /users/{name}', 3),
      registration('GET /users/me', 4),
      registration('GET /users/{uid}', 5),
      registration('HEAD /{kind}/me', 6),
    ];
    const found = findRouteConflicts(regs).map((d) => [d.pos?.line, d.related?.[0]?.pos.line]);
    // 3~1, 5~1, 5~3: identical modulo names. 6 (HEAD, more specific method) overlaps every GET:
    // its path is more general than /users/me and overlaps /users/{id} (/{kind}/me vs /users/{id}).
    expect(found).toEqual([
      [3, 1],
      [5, 1],
      [5, 3],
      [6, 1],
      [6, 3],
      [6, 4],
      [6, 5],
    ]);
  });

  it('no conflicts among distinct routes of a typical API', () => {
    const api = [
      'GET /users',
      'POST /users',
      'GET /users/{id}',
      'PUT /users/{id}',
      'DELETE /users/{id}',
      'GET /users/{id}/posts',
      'GET /users/me',
      'GET /files/{path...}',
      'GET /{$}',
      'HEAD /users',
      'GET /static/',
    ];
    expect(findRouteConflicts(api.map((p, i) => registration(p, i + 1)))).toEqual([]);
  });

  it('agrees with an all-pairs comparison on a large generated set (the pair walker prunes only disjoint pairs)', () => {
    const shapes = ['/a', '/{x}', '/b/', '/{r...}', '/a/{y}', '/{z}/c', '/a/c', '/{$}', '/a/{$}', '/b/{w}/{v...}', '/{p}/{q}/', '/a/b/c'];
    const methods = ['GET', 'HEAD', 'POST'];
    const regs = methods.flatMap((m) => shapes.map((s) => `${m} ${s}`)).map((p, i) => registration(p, i + 1));
    const expected: [number, number][] = [];
    regs.forEach((later, j) => {
      regs.slice(0, j).forEach((earlier, i) => {
        const r = compareRegistrations(later, earlier);
        if (r === 'equivalent' || r === 'overlaps') expected.push([j + 1, i + 1]);
      });
    });
    const found = findRouteConflicts(regs).map((d) => [d.pos?.line, d.related?.[0]?.pos.line]);
    expect(found).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
  });

  it('handles 10,000 registrations quickly', () => {
    const regs = Array.from({ length: 5000 }, (_, i) => [
      registration(`GET /r${i % 50}/items${i}/{id}`, 2 * i + 1),
      registration(`POST /r${i % 50}/items${i}`, 2 * i + 2),
    ]).flat();
    const start = performance.now();
    expect(findRouteConflicts(regs)).toEqual([]);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
