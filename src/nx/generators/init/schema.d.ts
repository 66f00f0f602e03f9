/** Options of `nx g fw:init` (see schema.json). */
export interface InitGeneratorOptions {
  /** Do not add fw to the root package.json's devDependencies. */
  skipPackageJson?: boolean;
  /** Also scaffold the fwhttp Go runtime package into a Go project (as `fw init` does). */
  runtime?: boolean;
  /** With --runtime: the Go project; default the only one, else asked for. */
  project?: string;
  /** With --runtime: directory of the package, relative to the project root. */
  runtimeDirectory?: string;
  skipFormat?: boolean;
}
