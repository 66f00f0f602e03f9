/** Options of `nx g fw:handler-package` (see schema.json). */
export interface HandlerPackageGeneratorOptions {
  /** Package name without the `handler` suffix (`v2` → `v2handler`); a name ending in `handler` is used as it is. */
  name: string;
  /** The Nx project to add the package to; asked for (or required) when the workspace has several Go projects. */
  project?: string;
  /** Directory under the project root that holds handler packages. */
  directory?: string;
  /** Directory under the project root of the fwhttp runtime package; scaffolded when it holds no Go files. */
  runtimeDirectory?: string;
  skipFormat?: boolean;
}
