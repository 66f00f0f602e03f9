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

/**
 * The name under which fw is installed, as Nx resolves it: the directory
 * below node_modules (`fw` for `npm i -D fw@npm:fw-http-routes`,
 * `fw-http-routes` for a plain install, `@scope/name` too). Executors of the
 * inferred targets (`<name>:router`) and the plugin entry in nx.json use it,
 * so both install styles work. Outside node_modules (this repository's own
 * tests) it is `fw`, the alias README installs fw under.
 */
export function fwInstalledName(dir: string = PACKAGE_DIR): string {
  if (dir === PACKAGE_DIR && installedName) return installedName;
  const parts = path.resolve(dir).split(path.sep);
  const nm = parts.lastIndexOf('node_modules');
  const below = nm < 0 ? [] : parts.slice(nm + 1);
  const name = below[0]?.startsWith('@') && below.length === 2 ? `${below[0]}/${below[1]}` : below.length === 1 ? below[0]! : FW_ALIAS;
  if (dir === PACKAGE_DIR) installedName = name;
  return name;
}
