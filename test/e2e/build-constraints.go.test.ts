import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTarget } from '../../src/go/build-constraints';
import { initGoParser } from '../../src/go/parser';
import { WorkspaceProgram } from '../../src/go/program';
import { generateAndWrite } from '../../src/generate';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { goEnv, runGo } from '../support/go';
import { makeWorkspace, runFw, snapshotTree } from '../support/workspace';

/**
 * Which Go files make up a package (issue 11 item 6): fw's selection must be
 * exactly `go list`'s (GoFiles + CgoFiles built, IgnoredGoFiles left out)
 * for a table of files covering every rule, under several GOOS / GOARCH /
 * CGO_ENABLED / -tags combinations; and a router generated for a target
 * must compile with `go build` for that target.
 */

const HEAD = 'package p\n';
/** One file per rule; the name says what it tests. */
const FILES: Record<string, string> = {
  'plain.go': HEAD,
  'linux.go': HEAD, // a bare GOOS name is not a suffix (Go ≥ 1.4)
  'h_linux.go': HEAD,
  'h_windows.go': HEAD,
  'h_darwin.go': HEAD,
  'h_ios.go': HEAD,
  'h_android.go': HEAD,
  'h_illumos.go': HEAD,
  'h_solaris.go': HEAD,
  'h_js.go': HEAD,
  'h_amd64.go': HEAD,
  'h_arm64.go': HEAD,
  'h_wasm.go': HEAD,
  'h_amd64p32.go': HEAD, // a known GOARCH no one builds for
  'h_linux_amd64.go': HEAD,
  'h_windows_arm64.go': HEAD,
  'h_linux_foo.go': HEAD, // the last element is not a GOOS/GOARCH: always built
  'h_unknownos.go': HEAD,
  'x_linux.y_windows.go': HEAD, // the name is cut at the first dot
  'h_linux_test_x.go': HEAD,
  'h_amd64_linux.go': HEAD, // GOARCH_GOOS order: only the last element counts
  'h_windows_foo.go': HEAD,
  'h_windows_test.go': HEAD, // a test file: go list and fw both leave it out of the package
  '_hidden.go': HEAD, // never a Go source
  '.dot.go': HEAD,
  'b_ignore.go': '//go:build ignore\n\npackage p\n',
  'b_foo.go': '//go:build foo\n\npackage p\n',
  'b_not_foo.go': '//go:build !foo\n\npackage p\n',
  'b_unix.go': '//go:build unix\n\npackage p\n',
  'b_cgo.go': '//go:build cgo\n\npackage p\n',
  'b_not_cgo.go': '//go:build !cgo\n\npackage p\n',
  'b_go1_1.go': '//go:build go1.1\n\npackage p\n',
  'b_go1_999.go': '//go:build go1.999\n\npackage p\n',
  'b_gc.go': '//go:build gc\n\npackage p\n',
  'b_gccgo.go': '//go:build gccgo\n\npackage p\n',
  'b_amd64_v1.go': '//go:build amd64.v1\n\npackage p\n',
  'b_complex.go': '// Copyright notice.\n\n//go:build (linux || darwin) && !386 && (foo || !ignore)\n\npackage p\n',
  'b_tabs.go': '//go:build\tlinux\n\npackage p\n',
  'b_not_build.go': '//go:buildx ignore\n\npackage p\n', // not a //go:build line
  'b_doc.go': '//go:build ignore\npackage p\n', // in the doc comment: still the file's constraint
  'b_after_block.go': '/* a block comment */\n//go:build ignore\n\npackage p\n',
  'b_in_block.go': '/*\n//go:build ignore\n*/\n\npackage p\n',
  'b_both.go': '//go:build linux\n// +build windows\n\npackage p\n', // //go:build wins
  'b_wins_over_name.go': HEAD,
  'b_windows_ok.go': '//go:build linux\n\npackage p\n', // both the suffix and the line must hold
  'p_plus.go': '// +build linux,amd64 windows\n\npackage p\n',
  'p_plus_ignore.go': '// +build ignore\n\npackage p\n',
  'p_plus_doc.go': '// +build ignore\npackage p\n', // no blank line after it: package documentation, not a constraint
  'p_plus_two.go': '// +build linux darwin\n// +build !arm64\n\npackage p\n', // lines AND together
  'p_plus_bad.go': '// +build !!linux\n\npackage p\n', // `!!` is `ignore`
  'p_plus_space.go': '//+build ignore\n\npackage p\n',
  'c_cgo.go': 'package p\n\nimport "C"\n',
  'c_cgo_linux.go': 'package p\n\n// #include <stdio.h>\nimport "C"\n',
  'c_not_cgo.go': 'package p\n\nimport "Cx"\n',
};

interface Combo {
  name: string;
  env: Record<string, string>;
  tags: string[];
}

const COMBOS: Combo[] = [
  { name: 'this machine, nothing set', env: {}, tags: [] },
  { name: 'linux/amd64, CGO_ENABLED=1', env: { GOOS: 'linux', GOARCH: 'amd64', CGO_ENABLED: '1' }, tags: [] },
  { name: 'linux/amd64, CGO_ENABLED=0, -tags foo', env: { GOOS: 'linux', GOARCH: 'amd64', CGO_ENABLED: '0' }, tags: ['foo'] },
  { name: 'windows/arm64 (cross: cgo off)', env: { GOOS: 'windows', GOARCH: 'arm64' }, tags: [] },
  { name: 'darwin/amd64, -tags foo,ignore', env: { GOOS: 'darwin', GOARCH: 'amd64' }, tags: ['foo', 'ignore'] },
  { name: 'android/arm64 (linux files too)', env: { GOOS: 'android', GOARCH: 'arm64' }, tags: [] },
  { name: 'ios/arm64 (darwin files too)', env: { GOOS: 'ios', GOARCH: 'arm64' }, tags: [] },
  { name: 'illumos/amd64 (solaris files too)', env: { GOOS: 'illumos', GOARCH: 'amd64', GOAMD64: 'v3' }, tags: [] },
  { name: 'js/wasm', env: { GOOS: 'js', GOARCH: 'wasm' }, tags: [] },
  { name: 'linux/386', env: { GOOS: 'linux', GOARCH: '386' }, tags: ['gccgo'] },
];

/** The environment of one combination: Go's own settings removed, then the combination's. */
function comboEnv(combo: Combo): NodeJS.ProcessEnv {
  const env = goEnv();
  for (const k of ['GOOS', 'GOARCH', 'CGO_ENABLED', 'GOAMD64', 'GOARM64', 'GO386']) delete env[k];
  return { ...env, ...combo.env };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
beforeAll(() => initGoParser());

describe('fw selects the files go list selects', () => {
  let ws: string;
  beforeAll(() => {
    ws = makeWorkspace({ 'go.mod': 'module example.com/bc\n\ngo 1.22\n', ...Object.fromEntries(Object.entries(FILES).map(([n, c]) => [`p/${n}`, c])) });
    made.push(ws);
  });

  for (const combo of COMBOS) {
    it(combo.name, () => {
      const env = comboEnv(combo);
      const args = ['list', '-json', ...(combo.tags.length > 0 ? ['-tags', combo.tags.join(',')] : []), './p'];
      const listed = JSON.parse(runGo('go', args, ws, { env })) as { GoFiles?: string[]; CgoFiles?: string[]; IgnoredGoFiles?: string[] };
      const pkg = new WorkspaceProgram(buildTarget(env, combo.tags)).packageAt(path.join(ws, 'p'))!;
      const names = (files: { path: string }[]) => files.map((f) => path.basename(f.path)).sort();
      expect({ built: names(pkg.files), left: names(pkg.excluded.map((e) => e.file)) }).toEqual({
        built: [...(listed.GoFiles ?? []), ...(listed.CgoFiles ?? [])].sort(),
        // fw never reads tests; go list lists a test file that a constraint excludes among the ignored ones.
        left: (listed.IgnoredGoFiles ?? []).filter((f) => !f.endsWith('_test.go')).sort(),
      });
    });
  }
});

const MOD = 'module example.com/plat\n\ngo 1.22\n';
const GENERATED = '// Code generated by fw. DO NOT EDIT.\n\npackage api\n';
const handler = (constraint: string, body: string) => `${constraint}package api\n\nimport "net/http"\n\n${body}`;

/** A root whose handlers differ by platform; before issue 11 item 6 its router did not compile anywhere. */
function platformWorkspace(): string {
  const ws = makeWorkspace({
    'go.mod': MOD,
    'api/router.go': GENERATED,
    'api/registry.go': GENERATED,
    'api/handler.go': handler('', 'type H struct{}\n\n// fw:http_route path=/ping\nfunc (h *H) Ping() http.HandlerFunc { return nil }\n'),
    // One handler, declared once per platform: not a duplicate.
    'api/handler_linux.go': handler('', '// fw:http_route path=/os\nfunc (h *H) OS() http.HandlerFunc { return nil }\n'),
    'api/handler_windows.go': handler('', '// fw:http_route path=/os\nfunc (h *H) OS() http.HandlerFunc { return nil }\n'),
    'api/handler_other.go': handler('//go:build !linux && !windows\n\n', '// fw:http_route path=/os\nfunc (h *H) OS() http.HandlerFunc { return nil }\n'),
    // Only on linux: registered there, with a warning.
    'api/proc_linux.go': handler('', '// fw:http_route path=/proc\nfunc (h *H) Proc() http.HandlerFunc { return nil }\n'),
    // A tool that is never built, in package main.
    'api/gen.go': handler('//go:build ignore\n\n', '// fw:http_route path=/tool\nfunc Tool() http.HandlerFunc { return nil }\n\nfunc main() {}\n').replace(
      'package api',
      'package main',
    ),
    // Built only with cgo.
    'api/native.go':
      'package api\n\n// #include <stdlib.h>\nimport "C"\n\nimport "net/http"\n\n// fw:http_route path=/native\nfunc (h *H) Native() http.HandlerFunc { return nil }\n',
  });
  made.push(ws);
  return ws;
}

async function generateFor(ws: string, env: NodeJS.ProcessEnv): Promise<{ errors: string[]; warnings: string[] }> {
  const out = await generateAndWrite({ cwd: ws, generators: ['router', 'url-helper'], env }, { check: false, force: false });
  const lines = (sev: string) => out.diagnostics.filter((d) => d.severity === sev).map((d) => formatDiagnostic(d, ws));
  return { errors: lines('error'), warnings: lines('warning') };
}

describe('a router generated for a target compiles for it with go build', () => {
  const targets = [
    { GOOS: 'linux', GOARCH: 'amd64', CGO_ENABLED: '0' },
    { GOOS: 'linux', GOARCH: 'amd64', CGO_ENABLED: '1' },
    // Cross-compiling builds the standard library once for that target (cached by Go afterwards): one is enough.
    { GOOS: 'windows', GOARCH: 'amd64', CGO_ENABLED: '0' },
  ];
  for (const t of targets) {
    it(`GOOS=${t.GOOS} GOARCH=${t.GOARCH} CGO_ENABLED=${t.CGO_ENABLED}`, async () => {
      const ws = platformWorkspace();
      const env = { ...comboEnv({ name: '', env: {}, tags: [] }), ...t };
      const { errors, warnings } = await generateFor(ws, env);
      expect(errors).toEqual([]);
      runGo('go', ['build', './...'], ws, { env });
      const router = fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8');
      expect(router).toContain('"GET /os"');
      expect(router).not.toContain('Tool()');
      expect(router.includes('Native()')).toBe(t.CGO_ENABLED === '1');
      expect(router.includes('Proc()')).toBe(t.GOOS === 'linux');
      // Routes that differ by platform are reported; the handler declared for every target is not.
      expect(warnings.some((w) => w.includes('handler H.OS'))).toBe(false);
      expect(warnings.find((w) => w.includes('handler H.Proc'))).toMatch(
        t.GOOS === 'linux'
          ? /^api\/proc_linux\.go:5:1: warning: handler H\.Proc is registered, but only targets that build proc_linux\.go have it \(the file-name suffix _linux\)/
          : /^api\/proc_linux\.go:5:1: warning: handler H\.Proc is left out: go build does not build proc_linux\.go for GOOS=windows GOARCH=amd64 CGO_ENABLED=0 \(the file-name suffix _linux\)/,
      );
      expect(warnings.find((w) => w.includes('handler Tool'))).toMatch(/^api\/gen\.go:7:1: warning: handler Tool is left out: .*\(\/\/go:build ignore\)/);
      expect(warnings.find((w) => w.includes('handler H.Native'))).toMatch(
        /^api\/native\.go:8:1: warning: handler H\.Native is (registered|left out).*\(import "C"\)/,
      );
    });
  }

  it('the router fw wrote before (every file read) does not compile: go build is the oracle for the rule', async () => {
    const ws = platformWorkspace();
    const env = { ...comboEnv({ name: '', env: {}, tags: [] }), GOOS: 'linux', GOARCH: 'amd64', CGO_ENABLED: '0' };
    // Reading every file (the target that satisfies every constraint does not exist): the duplicate OS is an
    // error, so without it the router registers Tool, Native, Proc together, which no target builds.
    fs.rmSync(path.join(ws, 'api/handler_windows.go'));
    fs.rmSync(path.join(ws, 'api/handler_other.go'));
    for (const f of ['gen.go', 'native.go']) {
      const file = path.join(ws, 'api', f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('//go:build ignore\n\n', '').replace('package main', 'package api'));
    }
    await generateFor(ws, env);
    const router = fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8');
    const all = platformWorkspace();
    fs.writeFileSync(path.join(all, 'api/router.go'), router);
    fs.writeFileSync(path.join(all, 'api/registry.go'), fs.readFileSync(path.join(ws, 'api/registry.go'), 'utf8'));
    expect(() => runGo('go', ['build', './...'], all, { env })).toThrow(/undefined: Tool|has no field or method Native/);
  });

  it('--tags selects files as go build -tags does', async () => {
    const ws = makeWorkspace({
      'go.mod': MOD,
      'api/router.go': GENERATED,
      'api/registry.go': GENERATED,
      'api/handler.go': 'package api\n\ntype H struct{}\n',
      'api/pro.go': handler('//go:build pro && !free\n\n', '// fw:http_route path=/pro\nfunc (h *H) Pro() http.HandlerFunc { return nil }\n'),
    });
    made.push(ws);
    expect((await runFw(['g', 'router', '--cwd', ws, '-q', '--tags', 'pro,extra'])).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8')).toContain('"GET /pro"');
    runGo('go', ['build', '-tags', 'pro,extra', './...'], ws);
    expect((await runFw(['g', 'router', '--cwd', ws, '-q', '--tags', 'pro free'])).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'api/router.go'), 'utf8')).not.toContain('"GET /pro"');
    runGo('go', ['build', '-tags', 'pro,free', './...'], ws);
  });

  it('a //go:build line Go cannot parse is an error at that line, and nothing is written', async () => {
    const ws = makeWorkspace({
      'go.mod': MOD,
      'api/router.go': GENERATED,
      'api/registry.go': GENERATED,
      'api/handler.go': handler('// Copyright.\n\n//go:build linux &&\n\n', 'type H struct{}\n'),
      'api/two.go': '//go:build linux\n//go:build amd64\n\npackage api\n',
    });
    made.push(ws);
    const before = snapshotTree(ws);
    const { code, stderr } = await runFw(['g', 'router', '--cwd', ws]);
    expect(code).toBe(1);
    expect(stderr).toContain('api/handler.go:3:1: error: cannot parse the //go:build line: unexpected end of expression');
    expect(stderr).toContain('api/two.go:2:1: error: multiple //go:build lines');
    expect(snapshotTree(ws)).toEqual(before);
    // Go rejects both as well.
    expect(() => runGo('go', ['list', './...'], ws)).toThrow(/go:build/);
  });
});
