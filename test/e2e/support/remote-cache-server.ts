import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/golden';
import { toolEnv } from './packed-workspace';

export interface RemoteCacheServer {
  /** Base URL for turbo's --api. */
  url: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * Starts the open-source turborepo-remote-cache server (a devDependency) on
 * 127.0.0.1 with an ephemeral port and local-disk storage, and resolves once
 * it reported the address it listens on.
 */
export function startRemoteCacheServer(storageDir: string): Promise<RemoteCacheServer> {
  fs.mkdirSync(storageDir, { recursive: true });
  const token = `fw-e2e-${process.pid}-${Date.now()}`;
  const cli = path.join(REPO_ROOT, 'node_modules', 'turborepo-remote-cache', 'dist', 'cli.js');
  const child: ChildProcess = spawn(process.execPath, [cli], {
    env: toolEnv({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      STORAGE_PROVIDER: 'local',
      STORAGE_PATH: storageDir,
      STORAGE_PATH_USE_TMP_FOLDER: 'false',
      TURBO_TOKEN: token,
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`turborepo-remote-cache did not start within 30 s:\n${log}`));
    }, 30_000);
    const onData = (d: Buffer) => {
      log += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], token, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`turborepo-remote-cache exited with ${code} before listening:\n${log}`));
    });
  });
}
