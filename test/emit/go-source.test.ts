import { describe, expect, it } from 'vitest';
import { alignColumns, goString, importBlock } from '../../src/emit/go-source';

describe('goString', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    ['GET /users/{id}', '"GET /users/{id}"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['back\\slash', '"back\\\\slash"'],
    ['line\nbreak\ttab\rcr', '"line\\nbreak\\ttab\\rcr"'],
    ['\u0001\u001f', '"\\u0001\\u001f"'],
    ['über 日本 😀', '"über 日本 😀"'],
    ['a\u2028b\u2029c', '"a\\u2028b\\u2029c"'],
    ['<tag> & co', '"<tag> & co"'],
    ['`raw`', '"`raw`"'],
  ])('%j → %s', (input, out) => {
    expect(goString(input)).toBe(out);
  });
});

describe('alignColumns', () => {
  it.each<[string, [string, string][], string[]]>([
    ['no rows', [], []],
    ['one row', [['Mux', '*http.ServeMux']], ['Mux *http.ServeMux']],
    [
      'pads to the widest name plus one',
      [
        ['Mux', '*http.ServeMux'],
        ['UserHandler', '*UserHandler'],
        ['AdminUserHandler', '*admin.UserHandler'],
      ],
      ['Mux              *http.ServeMux', 'UserHandler      *UserHandler', 'AdminUserHandler *admin.UserHandler'],
    ],
    [
      'counts characters, not UTF-16 units or bytes (as gofmt does)',
      [
        ['Größe', 'int'],
        ['😀x', 'int'],
        ['ab', 'int'],
      ],
      ['Größe int', '😀x    int', 'ab    int'],
    ],
    ['empty first column', [['', 'x']], [' x']],
  ])('%s', (_label, rows, out) => {
    expect(alignColumns(rows)).toEqual(out);
  });
});

describe('importBlock', () => {
  it('prints nothing for no imports', () => {
    expect(importBlock([])).toBe('');
  });

  it.each<[string, { path: string; name: string }[], string]>([
    ['one standard import', [{ path: 'net/http', name: 'http' }], 'import (\n\t"net/http"\n)\n'],
    [
      'standard library first, then the rest, each sorted by path',
      [
        { path: 'example.com/shop/internal/v1handler/admin', name: 'admin' },
        { path: 'reflect', name: 'reflect' },
        { path: 'encoding/json', name: 'json' },
        { path: 'example.com/shop/internal/models', name: 'models' },
        { path: 'net/http', name: 'http' },
      ],
      'import (\n\t"encoding/json"\n\t"net/http"\n\t"reflect"\n\n\t"example.com/shop/internal/models"\n\t"example.com/shop/internal/v1handler/admin"\n)\n',
    ],
    [
      'only non-standard imports: no blank line',
      [
        { path: 'example.com/a', name: 'a' },
        { path: 'example.com/b', name: 'b' },
      ],
      'import (\n\t"example.com/a"\n\t"example.com/b"\n)\n',
    ],
    [
      'prints a name only when it differs from the last path element',
      [
        { path: 'example.com/a/models', name: 'models' },
        { path: 'example.com/b/models', name: 'models2' },
        { path: 'example.com/x/v2', name: 'x' },
        { path: 'net/http', name: 'nethttp' },
      ],
      'import (\n\tnethttp "net/http"\n\n\t"example.com/a/models"\n\tmodels2 "example.com/b/models"\n\tx "example.com/x/v2"\n)\n',
    ],
    [
      'blank and dot names',
      [
        { path: 'embed', name: '_' },
        { path: 'fmt', name: '.' },
      ],
      'import (\n\t_ "embed"\n\t. "fmt"\n)\n',
    ],
    [
      'a module path without a dot counts as standard',
      [
        { path: 'example.com/a', name: 'a' },
        { path: 'local/pkg', name: 'pkg' },
      ],
      'import (\n\t"local/pkg"\n\n\t"example.com/a"\n)\n',
    ],
  ])('%s', (_label, imports, out) => {
    expect(importBlock(imports)).toBe(out);
  });

  it('does not reorder its input', () => {
    const imports = [
      { path: 'b', name: 'b' },
      { path: 'a', name: 'a' },
    ];
    importBlock(imports);
    expect(imports.map((i) => i.path)).toEqual(['b', 'a']);
  });
});
