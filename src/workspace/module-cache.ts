import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The module cache, where `go mod download` puts each module version
 * (read only: fw never downloads). Paths are case-encoded as Go stores them
 * (`github.com/BurntSushi` → `github.com/!burnt!sushi`), so that they are
 * unique on case-insensitive file systems.
 */
export function moduleCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GOMODCACHE) return env.GOMODCACHE;
  const gopath = (env.GOPATH ?? '').split(path.delimiter).find((p) => p !== '');
  return path.join(gopath ?? path.join(os.homedir(), 'go'), 'pkg', 'mod');
}

/** Go's case encoding of a module path or version: each upper-case letter becomes `!` and the letter in lower case. */
export function escapeModulePath(p: string): string {
  return p.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

/** The directory of a module version in the cache. */
export function moduleVersionDir(cache: string, modulePath: string, version: string): string {
  return path.join(cache, ...`${escapeModulePath(modulePath)}@${escapeModulePath(version)}`.split('/'));
}

/** The go.mod of a module version as downloaded (present even for modules without one: Go writes a synthesized file). */
export function cachedGoModFile(cache: string, modulePath: string, version: string): string {
  return path.join(cache, 'cache', 'download', ...escapeModulePath(modulePath).split('/'), '@v', `${escapeModulePath(version)}.mod`);
}
