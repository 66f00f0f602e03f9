import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { runtimeFileState, scaffoldRuntime, withRuntimeHash } from '../../src/runtime/scaffold';
import { writeGeneratedFiles } from '../../src/write/writer';
import { GENERATED_HEADER } from '../../src/workspace/generated-header';

const SOURCES = path.join(__dirname, '../../src/runtime/fwhttp');
const shipped = fs
  .readdirSync(SOURCES)
  .filter((n) => n.endsWith('.go'))
  .sort();

let cwd: string;
beforeEach(() => {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-runtime-'));
  fs.writeFileSync(path.join(cwd, 'go.mod'), 'module example.com/app\n\ngo 1.22\n');
});

const pkgDir = () => path.join(cwd, 'internal/fwhttp');
const pkgFile = (name: string) => path.join(pkgDir(), name);
const messages = (r: { diagnostics: Parameters<typeof formatDiagnostic>[0][] }) => r.diagnostics.map((d) => formatDiagnostic(d, cwd));

function scaffoldAndWrite(force = false) {
  const result = scaffoldRuntime({ cwd, force });
  const report = writeGeneratedFiles(result.files, { force });
  return { result, report };
}

describe('scaffoldRuntime', () => {
  it('writes every shipped Go file, tests included, into internal/fwhttp of a fresh module', () => {
    const { result, report } = scaffoldAndWrite();
    expect(messages(result)).toEqual([]);
    expect(shipped).toContain('bind.go');
    expect(shipped).toContain('bind_test.go');
    expect(result.files.map((f) => path.basename(f.path))).toEqual(shipped);
    expect(report.written.map((f) => path.relative(cwd, f))).toEqual(shipped.map((n) => `internal/fwhttp/${n}`));
    expect(result.importPath).toBe('example.com/app/internal/fwhttp');
    expect(result.dir).toBe(pkgDir());
    for (const name of shipped) {
      const text = fs.readFileSync(pkgFile(name), 'utf8');
      const lines = text.split('\n');
      expect(lines[0]).toBe(GENERATED_HEADER);
      expect(lines[1]).toMatch(/^\/\/ fw:runtime-hash sha256:[0-9a-f]{64}$/);
      expect(text).toMatch(/^package fwhttp$/m);
      // Apart from the hash line, the file is the shipped source byte for byte.
      expect([lines[0], ...lines.slice(2)].join('\n')).toBe(fs.readFileSync(path.join(SOURCES, name), 'utf8'));
      expect(runtimeFileState(text)).toBe('pristine');
    }
  });

  it('writes nothing on a second run (idempotent, mtimes kept)', () => {
    scaffoldAndWrite();
    const mtime = fs.statSync(pkgFile('wrap.go')).mtimeMs;
    const { result, report } = scaffoldAndWrite();
    expect(messages(result)).toEqual([]);
    expect(report.written).toEqual([]);
    expect(report.unchanged).toHaveLength(shipped.length);
    expect(fs.statSync(pkgFile('wrap.go')).mtimeMs).toBe(mtime);
  });

  it('upgrades a file that an older fw scaffolded and nobody edited', () => {
    scaffoldAndWrite();
    const older = withRuntimeHash(`${GENERATED_HEADER}\n\npackage fwhttp\n\n// an older version\n`);
    fs.writeFileSync(pkgFile('wrap.go'), older);
    expect(runtimeFileState(older)).toBe('pristine');
    const { result, report } = scaffoldAndWrite();
    expect(messages(result)).toEqual([]);
    expect(report.written).toEqual([pkgFile('wrap.go')]);
    expect(fs.readFileSync(pkgFile('wrap.go'), 'utf8')).not.toContain('an older version');
  });

  it('treats a CRLF checkout of an unchanged file as unchanged', () => {
    scaffoldAndWrite();
    const crlf = fs.readFileSync(pkgFile('error.go'), 'utf8').replace(/\n/g, '\r\n');
    expect(runtimeFileState(crlf)).toBe('pristine');
  });

  it('refuses an edited file with a diagnostic and writes nothing at all', () => {
    scaffoldAndWrite();
    const edited = fs.readFileSync(pkgFile('limits.go'), 'utf8').replace('MaxJSONBytes int64 = 1 << 20', 'MaxJSONBytes int64 = 4 << 20');
    fs.writeFileSync(pkgFile('limits.go'), edited);
    fs.writeFileSync(pkgFile('wrap.go'), withRuntimeHash(`${GENERATED_HEADER}\n\npackage fwhttp\n`)); // an upgradable file
    expect(runtimeFileState(edited)).toBe('edited');
    const result = scaffoldRuntime({ cwd });
    expect(result.files).toEqual([]);
    expect(messages(result)).toEqual([
      "internal/fwhttp/limits.go:1:1: error: refusing to replace a file of the fwhttp package that was edited after fw init scaffolded it (pass --force to replace it with fw's version, or delete its first two lines to keep it as your own code)",
    ]);
  });

  it('counts a removed or altered hash line as an edit', () => {
    scaffoldAndWrite();
    const lines = fs.readFileSync(pkgFile('doc.go'), 'utf8').split('\n');
    expect(runtimeFileState([lines[0], ...lines.slice(2)].join('\n'))).toBe('edited');
    expect(runtimeFileState([lines[0], `// fw:runtime-hash sha256:${'0'.repeat(64)}`, ...lines.slice(2)].join('\n'))).toBe('edited');
  });

  it('leaves a file whose header a person removed alone, with a warning', () => {
    scaffoldAndWrite();
    const mine = 'package fwhttp\n\n// my own Wrap\n';
    fs.writeFileSync(pkgFile('wrap.go'), mine);
    expect(runtimeFileState(mine)).toBe('owned');
    const { result, report } = scaffoldAndWrite();
    expect(messages(result)).toEqual([
      "internal/fwhttp/wrap.go:1:1: warning: left as it is: it has no fw header, so it is your code (pass --force to replace it with fw's version)",
    ]);
    expect(result.files.map((f) => path.basename(f.path))).not.toContain('wrap.go');
    expect(report.diagnostics).toEqual([]);
    expect(fs.readFileSync(pkgFile('wrap.go'), 'utf8')).toBe(mine);
  });

  it('replaces edited and owned files with --force', () => {
    scaffoldAndWrite();
    fs.writeFileSync(pkgFile('bind.go'), `${fs.readFileSync(pkgFile('bind.go'), 'utf8')}\n// edited\n`);
    fs.writeFileSync(pkgFile('wrap.go'), 'package fwhttp\n');
    const { result, report } = scaffoldAndWrite(true);
    expect(messages(result)).toEqual([]);
    expect(report.written.sort()).toEqual([pkgFile('bind.go'), pkgFile('wrap.go')]);
    expect(runtimeFileState(fs.readFileSync(pkgFile('bind.go'), 'utf8'))).toBe('pristine');
    expect(runtimeFileState(fs.readFileSync(pkgFile('wrap.go'), 'utf8'))).toBe('pristine');
  });

  it('takes another directory, relative or absolute, and keeps the package name fwhttp', () => {
    const rel = scaffoldRuntime({ cwd, dir: 'pkg/httpx' });
    expect(rel.dir).toBe(path.join(cwd, 'pkg/httpx'));
    expect(rel.importPath).toBe('example.com/app/pkg/httpx');
    expect(rel.files[0]?.contents).toMatch(/^package fwhttp$/m);
    const abs = scaffoldRuntime({ cwd: os.tmpdir(), dir: path.join(cwd, 'lib') });
    expect(abs.importPath).toBe('example.com/app/lib');
  });

  it('warns when there is no go.mod or it asks for a Go older than 1.22', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-runtime-bare-'));
    const none = scaffoldRuntime({ cwd: bare });
    expect(none.files).toHaveLength(shipped.length);
    expect(none.importPath).toBeUndefined();
    expect(none.diagnostics.map((d) => d.severity)).toEqual(['warning']);
    expect(none.diagnostics[0]?.message).toContain('no go.mod');

    fs.writeFileSync(path.join(cwd, 'go.mod'), 'module example.com/old\n\ngo 1.21\n');
    const old = scaffoldRuntime({ cwd });
    expect(messages(old)).toEqual([
      'go.mod:3:1: warning: fwhttp needs Go 1.22 or newer (Request.PathValue) but go.mod says go 1.21 (change the line to "go 1.22" or newer)',
    ]);
    expect(old.files).toHaveLength(shipped.length);
  });

  it('reads existing files through readFile when given one (Nx passes its Tree)', () => {
    const virtual = new Map<string, string>([[path.join(cwd, 'go.mod'), 'module example.com/virtual\ngo 1.23\n']]);
    const first = scaffoldRuntime({ cwd: path.join(cwd, 'nowhere'), dir: path.join(cwd, 'internal/fwhttp'), readFile: (f) => virtual.get(f) });
    expect(first.importPath).toBe('example.com/virtual/internal/fwhttp');
    for (const f of first.files) virtual.set(f.path, f.contents);
    virtual.set(pkgFile('error.go'), `${virtual.get(pkgFile('error.go'))}// edited\n`);
    const second = scaffoldRuntime({ cwd, readFile: (f) => virtual.get(f) });
    expect(second.files).toEqual([]);
    expect(second.diagnostics.map((d) => d.pos?.file)).toEqual([pkgFile('error.go')]);
  });

  it("keeps the example workspace's copy (fixtures/example/internal/fwhttp) equal to what fw init writes", () => {
    const example = path.join(__dirname, '../../fixtures/example');
    const result = scaffoldRuntime({ cwd: example });
    expect(messages(result)).toEqual([]);
    expect(result.importPath).toBe('example.com/shop/internal/fwhttp');
    for (const f of result.files) {
      expect(
        fs.readFileSync(f.path, 'utf8'),
        `${path.relative(example, f.path)} is stale: run \`npm run build && node bin/fw init --cwd fixtures/example\``,
      ).toBe(f.contents);
    }
  });
});
