import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Finds the Go installation whose standard library fw reads: `GOROOT`, else
 * what `go env GOROOT` says when `go` is on PATH (asked once per process),
 * else the usual install locations. Undefined without a Go installation.
 */
export function findGoRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.GOROOT) return env.GOROOT;
  const key = env.PATH ?? '';
  if (!goEnvRoots.has(key)) goEnvRoots.set(key, askGo(env) ?? installedGoRoot());
  return goEnvRoots.get(key);
}

const goEnvRoots = new Map<string, string | undefined>();

function askGo(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const out = execFileSync('go', ['env', 'GOROOT'], {
      encoding: 'utf8',
      env: { ...env, GOTOOLCHAIN: 'local' },
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}

function installedGoRoot(): string | undefined {
  const candidates =
    os.platform() === 'win32'
      ? ['C:\\Program Files\\Go', 'C:\\Go']
      : ['/usr/local/go', '/usr/lib/go', '/opt/homebrew/opt/go/libexec', '/usr/local/opt/go/libexec', path.join(os.homedir(), 'go-sdk'), '/snap/go/current'];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'src', 'runtime')));
}

/** The Go version of a GOROOT (`go1.22.3`, the first line of its VERSION file); undefined when it has none. */
export function goRootVersion(goRoot: string): string | undefined {
  try {
    return fs.readFileSync(path.join(goRoot, 'VERSION'), 'utf8').split('\n')[0]!.trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The go command PATH finds (its real path), or undefined: what decides which
 * Go installation findGoRoot asks when GOROOT is unset. A run's record is keyed
 * by it rather than by PATH itself, which package managers change on every
 * run (Yarn prepends a fresh temporary folder of shims).
 */
export function goCommandOnPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const name = os.platform() === 'win32' ? 'go.exe' : 'go';
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    try {
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile()) return fs.realpathSync(file);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
