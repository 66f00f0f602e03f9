import { type ChildProcess, execFileSync, type ExecFileSyncOptions, spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

let checked = false;

/**
 * Fails the calling test with a clear message when Go ≥ 1.22 is not on PATH.
 * End-to-end tests call this first: a missing Go must be a red test, never a skip.
 */
export function requireGo(): void {
  if (checked) return;
  let out: string;
  try {
    out = execFileSync('go', ['version'], { encoding: 'utf8' });
  } catch {
    throw new Error('Go >= 1.22 is required by the end-to-end tests but `go` is not on PATH: install Go (https://go.dev/dl) and re-run');
  }
  const m = /go(\d+)\.(\d+)/.exec(out);
  if (!m || Number(m[1]) < 1 || (Number(m[1]) === 1 && Number(m[2]) < 22)) throw new Error(`Go >= 1.22 is required, found: ${out.trim()}`);
  checked = true;
}

/** The environment Go commands run with: the caller's, without a go.work that could pull in other modules. */
export function goEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GOWORK: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
}

/** Runs a Go tool (go, gofmt) in `cwd`; throws with its output when it fails. */
export function runGo(tool: 'go' | 'gofmt', args: string[], cwd: string, options: ExecFileSyncOptions = {}): string {
  requireGo();
  try {
    return execFileSync(tool, args, { cwd, env: goEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }) as string;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed in ${cwd}:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

/** Starts `binary` and resolves with its base URL once it prints "listening on http://<addr>". */
export function startServer(binary: string, args: string[]): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env: goEnv() });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 20s; stdout: ${out} stderr: ${err}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, baseUrl: m[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening; stderr: ${err}`));
    });
  });
}

/** Builds the example server (./cmd/server) of the workspace `work` and starts it on 127.0.0.1 with an ephemeral port. */
export function startExampleServer(work: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const binary = path.join(work, os.platform() === 'win32' ? 'server.exe' : 'server');
  runGo('go', ['build', '-o', binary, './cmd/server'], work);
  return startServer(binary, ['-addr', '127.0.0.1:0', '-files', 'https://files.example.com/store']);
}
