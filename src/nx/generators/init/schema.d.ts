/** Options of `nx g fw:init` (see schema.json). */
export interface InitGeneratorOptions {
  /** Do not add fw to the root package.json's devDependencies. */
  skipPackageJson?: boolean;
  skipFormat?: boolean;
}
