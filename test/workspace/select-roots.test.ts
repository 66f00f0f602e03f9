import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostics';
import type { RootLocation } from '../../src/workspace/discover';
import { selectRoots } from '../../src/workspace/select-roots';

const CWD = path.resolve('/ws');

function loc(relDir: string): RootLocation {
  return { dir: path.join(CWD, relDir), relDir, name: path.posix.basename(relDir === '.' ? CWD : relDir), subDirs: [], otherModuleDirs: [] };
}

const ROOTS = [loc('internal/v1handler'), loc('internal/v2handler'), loc('services/a/api'), loc('services/b/api')];

function select(names: string[], roots: RootLocation[] = ROOTS): { selected: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const selected = selectRoots(CWD, roots, names, diagnostics).map((r) => r.relDir);
  return { selected, diagnostics };
}

describe('selectRoots', () => {
  it.each<[string, string[], string[]]>([
    ['no names selects every root', [], ['internal/v1handler', 'internal/v2handler', 'services/a/api', 'services/b/api']],
    ['by base name', ['v2handler'], ['internal/v2handler']],
    ['by relative path', ['internal/v1handler'], ['internal/v1handler']],
    ['with ./ prefix', ['./internal/v1handler'], ['internal/v1handler']],
    ['with a trailing slash', ['internal/v1handler/'], ['internal/v1handler']],
    ['with ./ and trailing slashes', ['./services/a/api//'], ['services/a/api']],
    ['with backslashes', ['internal\\v2handler'], ['internal/v2handler']],
    ['by absolute path', [path.join(CWD, 'services', 'b', 'api')], ['services/b/api']],
    ['by a path that resolves to the root', ['internal/../internal/v1handler'], ['internal/v1handler']],
    ['an ambiguous base name named by path', ['services/a/api'], ['services/a/api']],
    ['keeps discovery order, not argument order', ['v2handler', 'v1handler'], ['internal/v1handler', 'internal/v2handler']],
    ['the same root twice is selected once', ['v1handler', 'internal/v1handler'], ['internal/v1handler']],
  ])('%s', (_label, names, selected) => {
    expect(select(names)).toEqual({ selected, diagnostics: [] });
  });

  it('prefers a path match over a base-name match', () => {
    const roots = [loc('api'), loc('x/api')];
    expect(select(['api'], roots)).toEqual({ selected: ['api'], diagnostics: [] });
  });

  it('selects the workspace itself by "."', () => {
    expect(select(['.'], [loc('.')])).toEqual({ selected: ['.'], diagnostics: [] });
    expect(select(['./'], [loc('.')])).toEqual({ selected: ['.'], diagnostics: [] });
  });

  it('reports an unknown name and lists the roots found', () => {
    const { selected, diagnostics } = select(['v3handler', 'v1handler']);
    expect(selected).toEqual(['internal/v1handler']);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'FW1004',
        pos: undefined,
        message: 'unknown package "v3handler"',
        hint: 'the root handler packages found are: v1handler (internal/v1handler), v2handler (internal/v2handler), api (services/a/api), api (services/b/api)',
      },
    ]);
  });

  it('reports an ambiguous base name with the paths to use instead', () => {
    const { selected, diagnostics } = select(['api']);
    expect(selected).toEqual([]);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'FW1005',
        pos: undefined,
        message: 'package name "api" is ambiguous',
        hint: 'name it by path: services/a/api, services/b/api',
      },
    ]);
  });

  it('reports every bad name at once', () => {
    expect(select(['x', 'api', 'y']).diagnostics.map((d) => d.message)).toEqual([
      'unknown package "x"',
      'package name "api" is ambiguous',
      'unknown package "y"',
    ]);
  });

  it.each([[[]], [['v1handler']]])('reports that no roots exist (names %j)', (names) => {
    const { selected, diagnostics } = select(names, []);
    expect(selected).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message: `no root handler packages found under ${CWD}` });
    expect(diagnostics[0]!.hint).toContain('router.go and registry.go');
  });
});
