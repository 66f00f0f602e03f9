import { type ChildProcess, spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { goEnv, runGo } from './go';

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
