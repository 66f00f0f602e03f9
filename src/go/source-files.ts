import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, fileError } from '../diagnostics/diagnostics';
import { isGoSourceFile, isGoTestFile } from '../workspace/discover';

/**
 * The Go source files of `dir` (absolute paths, sorted by name): regular
 * files, or symbolic links to them; undefined when `dir` cannot be read
 * (reported to `problems` unless it does not exist). `accept` picks the
 * names: sources (default) or test files.
 */
export function goSourceFiles(dir: string, problems: Diagnostic[], accept: (name: string) => boolean = isGoSourceFile): string[] | undefined {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => accept(e.name) && (e.isFile() || (e.isSymbolicLink() && isRegularFile(path.join(dir, e.name)))))
      .map((e) => e.name)
      .sort()
      .map((name) => path.join(dir, name));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') problems.push(fileError('FW1001', dir, 'cannot read', e));
    return undefined;
  }
}

function isRegularFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The test files (`x_test.go`) of `dir`, as goSourceFiles lists sources; none when `dir` cannot be read. */
export function goTestFiles(dir: string): string[] {
  return goSourceFiles(dir, [], isGoTestFile) ?? [];
}
