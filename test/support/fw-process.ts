import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './golden';

/** The built command line (npm test builds it first). */
export const FW_BIN = path.join(REPO_ROOT, 'bin', 'fw');

export interface FwRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** True when the tests run as root, which no file permission stops: permission cases then run fw as `nobody`. */
const AS_ROOT = process.getuid?.() === 0;

/**
 * Runs the fw command line as a child process, bounded in time (a hang is a
 * failure with the output so far, never a stuck test). `unprivileged` runs
 * it as a user that file permissions apply to: as root, it drops to
 * nobody:nogroup with setpriv (util-linux); otherwise it runs as the caller.
 */
export function runFwProcess(args: string[], options: { unprivileged?: boolean; timeoutMs?: number; cwd?: string; env?: NodeJS.ProcessEnv } = {}): FwRun {
  const node = [process.execPath, FW_BIN, ...args];
  const [cmd, ...rest] = options.unprivileged && AS_ROOT ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', ...node] : node;
  const run = spawnSync(cmd!, rest, { encoding: 'utf8', timeout: options.timeoutMs ?? 60_000, killSignal: 'SIGKILL', cwd: options.cwd, env: options.env });
  if (run.error && (run.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') {
    throw new Error(
      `cannot run fw${options.unprivileged && AS_ROOT ? ' as nobody (setpriv from util-linux is needed when the tests run as root)' : ''}: ${run.error.message}`,
    );
  }
  return { code: run.status, signal: run.signal, stdout: run.stdout ?? '', stderr: run.stderr ?? '' };
}

/**
 * A workspace directory the unprivileged fw can use: below /tmp (the test
 * run's own TMPDIR is private to root), owned by nobody when the tests run as root.
 */
export function unprivilegedWorkspace(prefix: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join('/tmp', prefix));
  for (const [rel, contents] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), contents);
  }
  if (AS_ROOT) {
    const walk = (p: string) => {
      fs.lchownSync(p, 65534, 65534);
      if (fs.lstatSync(p).isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    };
    walk(dir);
  }
  return dir;
}
