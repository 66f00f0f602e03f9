import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runtimeFileState } from '../../src/runtime/scaffold';
import { runFw, snapshotTree } from '../support/workspace';

const shipped = fs
  .readdirSync(path.join(__dirname, '../../src/runtime/fwhttp'))
  .filter((n) => n.endsWith('.go'))
  .sort();

let cwd: string;
beforeEach(() => {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-init-'));
  fs.writeFileSync(path.join(cwd, 'go.mod'), 'module example.com/app\n\ngo 1.22\n');
});

describe('fw init', () => {
  it('scaffolds fwhttp into internal/fwhttp and says how to import it (exit 0)', async () => {
    const run = await runFw(['init', '--cwd', cwd]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      ...shipped.map((n) => `wrote internal/fwhttp/${n}`),
      `fw init: package fwhttp (import "example.com/app/internal/fwhttp"); ${shipped.length} written, 0 unchanged`,
    ]);
    for (const n of shipped) expect(runtimeFileState(fs.readFileSync(path.join(cwd, 'internal/fwhttp', n), 'utf8'))).toBe('pristine');
  });

  it('takes --dir and writes nothing on a second run', async () => {
    expect((await runFw(['init', '--cwd', cwd, '--dir', 'pkg/web'])).code).toBe(0);
    const before = snapshotTree(cwd);
    const run = await runFw(['init', '--cwd', cwd, '--dir', 'pkg/web']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`fw init: package fwhttp (import "example.com/app/pkg/web"); 0 written, ${shipped.length} unchanged`);
    expect(snapshotTree(cwd)).toEqual(before);
  });

  it('refuses an edited file (exit 1, nothing written) and replaces it with --force', async () => {
    await runFw(['init', '--cwd', cwd]);
    const bind = path.join(cwd, 'internal/fwhttp/bind.go');
    fs.appendFileSync(bind, '// my change\n');
    fs.rmSync(path.join(cwd, 'internal/fwhttp/wrap.go'));
    const before = snapshotTree(cwd);
    const refused = await runFw(['init', '--cwd', cwd]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      "internal/fwhttp/bind.go:1:1: error: refusing to replace a file of the fwhttp package that was edited after fw init scaffolded it (pass --force to replace it with fw's version, or delete its first two lines to keep it as your own code) [FW7004]\nfw: nothing was written",
    );
    expect(snapshotTree(cwd)).toEqual(before);

    const forced = await runFw(['init', '--cwd', cwd, '--force', '-q']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe('');
    expect(fs.readFileSync(bind, 'utf8')).not.toContain('my change');
    expect(fs.existsSync(path.join(cwd, 'internal/fwhttp/wrap.go'))).toBe(true);
  });

  it('leaves a file the user took over alone with a warning (exit 0)', async () => {
    await runFw(['init', '--cwd', cwd]);
    const wrap = path.join(cwd, 'internal/fwhttp/wrap.go');
    fs.writeFileSync(wrap, 'package fwhttp\n');
    const run = await runFw(['init', '--cwd', cwd]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('internal/fwhttp/wrap.go:1:1: warning: left as it is');
    expect(fs.readFileSync(wrap, 'utf8')).toBe('package fwhttp\n');
  });

  it('answers usage errors with exit 2 and --help with the usage', async () => {
    const extra = await runFw(['init', 'internal/x', '--cwd', cwd]);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('fw init takes no arguments');
    const unknown = await runFw(['init', '--out', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: fw init');
    const help = await runFw(['init', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: fw init [--dir <dir>]');
    const overview = await runFw(['--help']);
    expect(overview.stdout).toMatch(/fw init\s+scaffold the Go runtime package fwhttp/);
    expect(fs.readdirSync(cwd)).toEqual(['go.mod']);
  });
});
