import * as fs from 'node:fs';
import * as path from 'node:path';

/** The name fw is published under on npm (package.json `name`); README installs it under the alias `fw`. */
export const FW_NPM_NAME = 'fw-http-routes';

/** The package directory: two levels up from both src/nx and dist/nx. */
const PACKAGE_DIR = path.join(__dirname, '..', '..');

/** The alias README's install line gives fw (`npm i -D fw@npm:fw-http-routes`), so targets read `fw:router`. */
export const FW_ALIAS = 'fw';

let version: string | undefined;
let installedName: string | undefined;

/** fw's own version, read once from its package.json. */
export function fwVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/** The name implied by a package directory: the path below the last node_modules, or undefined outside node_modules. */
function nameFromDir(dir: string): string | undefined {
  const parts = path.resolve(dir).split(path.sep);
  const nm = parts.lastIndexOf('node_modules');
  if (nm < 0) return undefined;
  const below = parts.slice(nm + 1);
  if (below[0]?.startsWith('@') && below.length === 2) return `${below[0]}/${below[1]}`;
  return below.length === 1 ? below[0] : undefined;
}

function realFile(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The name under which fw is installed, as Nx resolves it: `fw` for
 * `npm i -D fw@npm:fw-http-routes`, `fw-http-routes` for a plain install.
 * Executors of the inferred targets (`<name>:router`) and the plugin entry in
 * nx.json use it, so both install styles work. Of the directory name and
 * the two usual names, the first that resolves from `from` (Nx runs in the
 * workspace root) to this very package wins: pnpm keeps an aliased package
 * under its real name and links the alias to it. Outside node_modules (this
 * repository's own tests) it is `fw`, the alias README installs fw under.
 */
export function fwInstalledName(dir: string = PACKAGE_DIR, from: string = process.cwd()): string {
  if (dir === PACKAGE_DIR && installedName) return installedName;
  const fromDir = nameFromDir(dir);
  const self = realFile(path.join(dir, 'package.json'));
  const resolves = (name: string): boolean => {
    try {
      return self !== undefined && realFile(require.resolve(`${name}/package.json`, { paths: [from] })) === self;
    } catch {
      return false;
    }
  };
  const candidates = [...(fromDir ? [fromDir] : []), FW_ALIAS, FW_NPM_NAME];
  const name = candidates.find(resolves) ?? fromDir ?? FW_ALIAS;
  if (dir === PACKAGE_DIR) installedName = name;
  return name;
}
