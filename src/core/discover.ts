// Contract only; implementation in progress (see DESIGN §2).
export interface GoModule {
  /** The `module` line of go.mod. */
  path: string;
  /** Absolute directory holding go.mod. */
  dir: string;
}

export interface RootLocation {
  /** Absolute directory of the root handler package (holds router.go and registry.go). */
  dir: string;
  /** Relative to the workspace, POSIX separators. */
  relDir: string;
  /** Directory base name, e.g. `v1handler`. */
  name: string;
  /** Absolute directories of the subfolder packages below the root, sorted. */
  subDirs: string[];
  /** The nearest go.mod at or above the root; undefined when there is none. */
  module?: GoModule;
}

export function discoverRoots(_cwd: string): RootLocation[] {
  throw new Error('discoverRoots: not implemented yet');
}
