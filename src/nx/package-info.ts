import * as fs from 'node:fs';
import * as path from 'node:path';

/** The npm package name users install and Nx resolves `fw:<executor>` and the plugin by. */
export const FW_PACKAGE_NAME = 'fw';

let version: string | undefined;

/** fw's own version, read once from its package.json (two levels up from both src/nx and dist/nx). */
export function fwVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
