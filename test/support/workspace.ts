import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main';
import { FIXTURES } from './golden';

/** Copies fixtures/<name> into a fresh temporary directory and returns its path. */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fw-${name.replace(/[\\/]/g, '-')}-`));
  fs.cpSync(path.join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** Runs the fw CLI in-process; returns exit status and output lines. */
export async function runFw(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  // As `cd <--cwd> && fw …` runs: paths print relative to the workspace (test/cli/report-paths.test.ts runs fw from elsewhere).
  const at = args.indexOf('--cwd');
  const cwd = at >= 0 && args[at + 1] ? path.resolve(args[at + 1]!) : undefined;
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), cwd });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** Path → contents and mtime of every file under `dir`, to prove that nothing changed. */
export function snapshotTree(dir: string): Map<string, { contents: string; mtimeMs: number }> {
  const out = new Map<string, { contents: string; mtimeMs: number }>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(path.relative(dir, full), { contents: fs.readFileSync(full, 'utf8'), mtimeMs: fs.statSync(full).mtimeMs });
    }
  };
  walk(dir);
  return out;
}

/**
 * Creates a fresh temporary directory holding `files` (relative POSIX path →
 * contents; a path ending in `/` makes an empty directory) and returns its path.
 */
export function makeWorkspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-ws-'));
  for (const [rel, contents] of Object.entries(files)) {
    const full = path.join(dir, ...rel.split('/'));
    if (rel.endsWith('/')) fs.mkdirSync(full, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, contents);
    }
  }
  return dir;
}
