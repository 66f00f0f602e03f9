import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { goEnv, runGo } from './go';

/**
 * Real modules from the Go module proxy, downloaded once per machine into
 * the usual module cache (`go mod download`; later runs find them there).
 * Small on purpose: uuid and decimal are the types real services use, toml
 * has an upper-case module path (case-encoded in the cache), uuid v1.5.0 is
 * "another version" for replace directives.
 */
export const REAL_MODULES = {
  uuid: { path: 'github.com/google/uuid', version: 'v1.6.0' },
  uuidOld: { path: 'github.com/google/uuid', version: 'v1.5.0' },
  decimal: { path: 'github.com/shopspring/decimal', version: 'v1.4.0' },
  toml: { path: 'github.com/BurntSushi/toml', version: 'v1.4.0' },
} as const;

let downloaded = false;

/** Downloads REAL_MODULES into the module cache (a no-op when they are there). */
export function downloadRealModules(): void {
  if (downloaded) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-gomods-'));
  try {
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/download\n\ngo 1.22\n');
    runGo('go', ['mod', 'download', ...Object.values(REAL_MODULES).map((m) => `${m.path}@${m.version}`)], dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  downloaded = true;
}

/** The environment for go and fw in the module tests: the proxy off (everything needed is in the cache), GOWORK/GOFLAGS as given. */
export function moduleEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...goEnv(), GOPROXY: 'off', GOFLAGS: '', GOWORK: undefined, ...extra };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env;
}

export interface ListedPackage {
  ImportPath: string;
  Dir?: string;
  Standard?: boolean;
  Error?: { Err: string };
  DepsErrors?: { Err: string }[];
}

/** `go list -e -deps -json <patterns>` in `cwd`: every package the build reaches, with the directory Go compiles. */
export function goListDeps(cwd: string, env: NodeJS.ProcessEnv, patterns: string[] = ['./...']): ListedPackage[] {
  const out = execFileSync('go', ['list', '-e', '-deps', '-json', ...patterns], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  return JSON.parse(`[${out.replace(/}\n{/g, '},\n{')}]`) as ListedPackage[];
}
