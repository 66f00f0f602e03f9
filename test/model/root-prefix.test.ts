import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { generate } from '../../src/generate';
import { GENERATED_HEADER } from '../../src/workspace/generated-header';
import { makeWorkspace, runFw } from '../support/workspace';

/**
 * `// fw:http_root prefix=/v2`: a root mounted below a prefix. Its routes'
 * full paths reach every output, so two roots with the same patterns under
 * different prefixes share one client and one OpenAPI document; a bad or
 * misplaced declaration is an error at its position and nothing is written.
 */

const stub = (pkg: string) => `${GENERATED_HEADER}\n\npackage ${pkg}\n`;
const handlers = (pkg: string) =>
  `package ${pkg}\n\nimport "net/http"\n\n// UserHandler serves users.\ntype UserHandler struct{}\n\n// GetUser returns a user.\n// fw:http_route path=/users/{id}\nfunc (h *UserHandler) GetUser() http.HandlerFunc { return nil }\n\n// Index is the root.\n// fw:http_route path=/{$}\nfunc Index() http.HandlerFunc { return nil }\n`;

/** Two roots, v1 and v2, with the same patterns; `v2doc` is v2's doc.go (and `extra` more files). */
function workspace(v2doc: string, extra: Record<string, string> = {}): string {
  return makeWorkspace({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'v1handler/router.go': stub('v1handler'),
    'v1handler/registry.go': stub('v1handler'),
    'v1handler/handler_users.go': handlers('v1handler'),
    'v2handler/router.go': stub('v2handler'),
    'v2handler/registry.go': stub('v2handler'),
    'v2handler/handler_users.go': handlers('v2handler'),
    'v2handler/doc.go': v2doc,
    ...extra,
  });
}

const DOC = '// Package v2handler is version 2.\n//\n// fw:http_root prefix=/v2\npackage v2handler\n';

async function diagnosticsOf(dir: string): Promise<string[]> {
  const result = await generate({ cwd: dir, generators: ['router'] });
  expect(result.files).toEqual([]);
  return result.diagnostics.map((d) => formatDiagnostic(d, dir));
}

describe('fw:http_root prefix=', () => {
  it('prefixes every route of the root in router, registry, URL helper, client and OpenAPI; the same patterns in two roots live in one client and one document', async () => {
    const dir = workspace(DOC);
    const result = await generate({
      cwd: dir,
      generators: ['router', 'url-helper', 'client', 'openapi'],
      options: { client: { file: 'client.ts' }, openapi: { file: 'openapi.json' } },
    });
    expect(result.diagnostics).toEqual([]);
    const file = (rel: string) => result.files.find((f) => f.path === path.join(dir, rel))!.contents;
    expect(file('v2handler/router.go')).toContain(
      'p.Mux.HandleFunc("GET /v2/users/{id}", p.UserHandler.GetUser())\n\tp.Mux.HandleFunc("GET /v2/{$}", Index())',
    );
    expect(file('v1handler/router.go')).toContain('p.Mux.HandleFunc("GET /users/{id}", p.UserHandler.GetUser())\n\tp.Mux.HandleFunc("GET /{$}", Index())');
    expect(file('v2handler/registry.go')).toContain('Pattern: "GET /v2/users/{id}", Path: "/v2/users/{id}"');
    expect(file('v2handler/urlhelper/urlhelper.go')).toContain('return u.base + "/v2/users/" + url.PathEscape(id), nil');
    expect(file('v2handler/urlhelper/urlhelper.go')).toContain('return u.base + "/v2/"');
    expect(file('client.ts')).toContain("pattern: '/v2/users/{id}'");
    expect(file('client.ts')).toContain("pattern: '/users/{id}'");
    const doc = JSON.parse(file('openapi.json')) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).sort()).toEqual(['/', '/users/{id}', '/v2/', '/v2/users/{id}']);
  });

  it('without the declaration, the same two roots are one OpenAPI document too many (the error it prevents)', async () => {
    const dir = workspace('package v2handler\n');
    const result = await generate({ cwd: dir, generators: ['openapi'], options: { openapi: { file: 'openapi.json' } } });
    expect(result.diagnostics.map((d) => d.message)).toContain(
      'route GetUser and route GetUser are both GET /users/{id} in one OpenAPI document (they come from different root packages)',
    );
  });

  it('a prefix that is not a clean path of literal segments is an error at its position', async () => {
    const cases: [string, string][] = [
      [
        '/v2/',
        'v2handler/doc.go:1:24: error: prefix /v2/ ends with "/" (write a path of literal segments that starts with "/" and does not end with one, e.g. prefix=/v2)',
      ],
      ['v2', 'v2handler/doc.go:1:24: error: path "v2" must start with "/" (write path=/v2)'],
      [
        '/a/../v2',
        'v2handler/doc.go:1:27: error: path contains a ".." segment (remove it: ServeMux resolves ".." in request paths, so this pattern could never match)',
      ],
      [
        '/{version}',
        'v2handler/doc.go:1:24: error: prefix /{version} has a wildcard (write a path of literal segments that starts with "/" and does not end with one, e.g. prefix=/v2)',
      ],
      ['/', 'v2handler/doc.go:1:24: error: prefix / mounts nothing (remove the fw:http_root line)'],
      [
        '/a//b',
        'v2handler/doc.go:1:27: error: path contains an empty segment ("//") (remove the extra "/": ServeMux cleans "//" to "/" in request paths, so this pattern could never match)',
      ],
    ];
    for (const [prefix, want] of cases) {
      expect(await diagnosticsOf(workspace(`// fw:http_root prefix=${prefix}\npackage v2handler\n`)), prefix).toEqual([want]);
    }
    expect(await diagnosticsOf(workspace('// fw:http_root path=/v2\npackage v2handler\n'))).toEqual([
      'v2handler/doc.go:1:17: error: unknown key "path" in fw:http_root (the only key is prefix, e.g. // fw:http_root prefix=/v2)',
    ]);
    expect(await diagnosticsOf(workspace('// fw:http_root\npackage v2handler\n'))).toEqual([
      'v2handler/doc.go:1:4: error: fw:http_root without prefix= (write a path of literal segments that starts with "/" and does not end with one, e.g. prefix=/v2)',
    ]);
  });

  it('a second declaration, and one in a subfolder, are errors with positions; fw exits 1 and writes nothing', async () => {
    const dir = workspace(DOC, {
      // In a function's doc comment, where it counts too.
      'v2handler/other.go': 'package v2handler\n\n// Other does nothing.\n// fw:http_root prefix=/v3\nfunc Other() {}\n',
      'v2handler/admin/handler_admin.go': '// fw:http_root prefix=/admin\npackage admin\n',
    });
    const printed = await diagnosticsOf(dir);
    expect(printed).toEqual([
      'v2handler/admin/handler_admin.go:1:1: error: fw:http_root in subfolder admin, which is not a root package (declare the prefix in a file of the root package v2handler, e.g. its doc.go)',
      'v2handler/other.go:4:4: error: root package v2handler declares fw:http_root a second time (keep one fw:http_root line per root package)\nv2handler/doc.go:3:4: note: first declared here',
    ]);
    const before = fs.readFileSync(path.join(dir, 'v2handler/router.go'), 'utf8');
    const run = await runFw(['g', 'router', '--cwd', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('v2handler/other.go:4:4: error: root package v2handler declares fw:http_root a second time');
    expect(fs.readFileSync(path.join(dir, 'v2handler/router.go'), 'utf8')).toBe(before);
  });
});
