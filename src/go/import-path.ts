/**
 * Go's rule for import paths (golang.org/x/mod/module.CheckImportPath, which
 * `go build` applies): what a directory may be named for a generated file to
 * import it. test/e2e/hostile-names.e2e.test.ts compares this with `go list`.
 */

/** Windows device names: Go rejects them as a path element (before the first dot), in any case. */
const WINDOWS_RESERVED: ReadonlySet<string> = new Set([
  'CON',
  'PRN',
  'AUX',
  'NUL',
  'COM1',
  'COM2',
  'COM3',
  'COM4',
  'COM5',
  'COM6',
  'COM7',
  'COM8',
  'COM9',
  'LPT1',
  'LPT2',
  'LPT3',
  'LPT4',
  'LPT5',
  'LPT6',
  'LPT7',
  'LPT8',
  'LPT9',
]);

/** Why Go rejects `importPath`, in Go's words; undefined when it is valid. */
export function importPathProblem(importPath: string): string | undefined {
  if (importPath === '') return 'empty string';
  if (importPath.startsWith('/')) return 'leading slash';
  for (const elem of importPath.split('/')) {
    const problem = elementProblem(elem);
    if (problem) return problem;
  }
  return undefined;
}

function elementProblem(elem: string): string | undefined {
  if (elem === '') return 'double slash';
  if (elem === '.' || elem === '..') return `invalid path element "${elem}"`;
  for (const c of elem) {
    if (!/^[A-Za-z0-9\-._~+]$/.test(c)) return `invalid char '${JSON.stringify(c).slice(1, -1)}'`;
  }
  if (elem.endsWith('.')) return 'trailing dot in path element';
  const short = elem.includes('.') ? elem.slice(0, elem.indexOf('.')) : elem;
  if (WINDOWS_RESERVED.has(short.toUpperCase())) return `"${short}" disallowed as path element component on Windows`;
  const tilde = short.lastIndexOf('~');
  if (tilde >= 0 && tilde < short.length - 1 && /^[0-9]+$/.test(short.slice(tilde + 1))) return `trailing tilde and digits in path element`;
  return undefined;
}
