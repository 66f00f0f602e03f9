import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics';
import type { GoProgram } from '../go/package';
import { isSkippedDir } from '../workspace/discover';
import { findGoRoot } from '../workspace/go-root';
import { moduleCacheDir } from '../workspace/module-cache';

/**
 * What `fw watch` watches besides the directory it runs in: every input of
 * the last build that the watch of that tree does not see. The go.mod,
 * go.work and vendor/modules.txt files the build lists were read from
 * (those that were looked for and do not exist too, so that a go.work that
 * appears is seen), and the directories of packages read from other
 * modules (go.work `use`, `replace` by a directory, inside or outside the
 * watched directory's parents), but not the module cache nor GOROOT:
 * nothing changes a version there in place.
 */
export function inputsToWatch(cwd: string, program: Pick<GoProgram, 'moduleInputFiles' | 'searchedDirs'>, env: NodeJS.ProcessEnv): string[] {
  const fixed = [moduleCacheDir(env), findGoRoot(env)].filter((d): d is string => d !== undefined).map((d) => path.resolve(d));
  const out = new Set<string>();
  for (const p of [...program.moduleInputFiles, ...program.searchedDirs]) {
    const abs = path.resolve(p);
    if (fixed.some((d) => inTree(abs, d))) continue;
    if (inTree(abs, cwd) && !inSkippedDir(cwd, abs)) continue;
    out.add(abs);
  }
  return [...out].sort();
}

/** What a build's diagnostics say fw cannot watch, for `fw watch` to say at start: modules missing from the module cache. */
export function unwatchedNotice(diagnostics: readonly Diagnostic[]): string | undefined {
  if (!diagnostics.some((d) => d.code === 'FW1023')) return undefined;
  return 'modules missing from the module cache are not watched: after `go mod download`, save go.mod (or any Go file) to rebuild';
}

function inTree(p: string, dir: string): boolean {
  return p === dir || p.startsWith(`${dir}${path.sep}`);
}

/** Whether `p` (below `cwd`) is inside a directory the watch of `cwd` skips (vendor, testdata, node_modules, .x, _x). */
function inSkippedDir(cwd: string, p: string): boolean {
  return path
    .relative(cwd, path.dirname(p))
    .split(path.sep)
    .some((part) => part !== '' && isSkippedDir(part));
}
