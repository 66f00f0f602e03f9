import type { RootModel } from '../../model/model';
import type { GoImportLine } from '../go-source';
import type { GoPackage } from '../../go/package';

/** Collects the imports one generated file of a root needs, under the root's agreed import names. */
export class RootImports {
  private readonly used = new Map<string, GoImportLine>();

  constructor(private readonly root: RootModel) {}

  /** Adds a standard-library import. */
  std(importPath: string): void {
    this.used.set(importPath, { path: importPath, name: importPath.slice(importPath.lastIndexOf('/') + 1) });
  }

  /** The qualifier for `pkg` in root code ('' for the root package itself), importing it. */
  qualifier(pkg: GoPackage): string {
    if (pkg.importPath === this.root.pkg.pkg.importPath) return '';
    const name = this.root.importNames.get(pkg.importPath) ?? pkg.name;
    this.used.set(pkg.importPath, { path: pkg.importPath, name });
    return `${name}.`;
  }

  lines(): GoImportLine[] {
    return [...this.used.values()];
  }
}
