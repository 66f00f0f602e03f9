import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
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
  const out = execFileSync('go', ['list', '-e', '-deps', '-json', ...patterns], {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
  return JSON.parse(`[${out.replace(/}\n{/g, '},\n{')}]`) as ListedPackage[];
}

/** A zip archive of `files` (name → text), stored without compression: what a module proxy serves as `<version>.zip`. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A module proxy in a directory (GOPROXY=file://…), serving `modules`
 * (path → version → files, go.mod included): for module setups the public
 * proxy has no small example of, such as a go 1.16 dependency graph.
 */
export function fileProxy(dir: string, modules: Record<string, Record<string, Record<string, string>>>): string {
  for (const [modPath, versions] of Object.entries(modules)) {
    const at = path.join(dir, ...modPath.split('/'), '@v');
    fs.mkdirSync(at, { recursive: true });
    fs.writeFileSync(path.join(at, 'list'), `${Object.keys(versions).join('\n')}\n`);
    for (const [version, files] of Object.entries(versions)) {
      fs.writeFileSync(path.join(at, `${version}.info`), JSON.stringify({ Version: version, Time: '2020-01-01T00:00:00Z' }));
      fs.writeFileSync(path.join(at, `${version}.mod`), files['go.mod'] ?? `module ${modPath}\n`);
      const prefixed = Object.fromEntries(Object.entries(files).map(([name, text]) => [`${modPath}@${version}/${name}`, text]));
      fs.writeFileSync(path.join(at, `${version}.zip`), storedZip(prefixed));
    }
  }
  return `file://${dir}`;
}
