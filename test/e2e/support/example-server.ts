import { type ChildProcess, spawn } from 'node:child_process';
import { goEnv } from '../../support/go';

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
