import type { RootModel } from '../../model/model';
import type { GoImportLine } from '../go-source';
import type { GoPackage } from '../../go/package';

/** What RootImports.derived kept of one derivation: its value, valid for `key`, and the imports it used. */
interface Derived {
  /** The root's import names (RootImports.names) it was derived with. */
  names: string;
  key: string;
  value: unknown;
  imports: GoImportLine[];
}

/** Collects the imports one generated file of a root needs, under the root's agreed import names. */
export class RootImports {
  private readonly used = new Map<string, GoImportLine>();
  /** The imports used since the innermost derived() call began. */
  private recording?: GoImportLine[];
  private names?: string;

  constructor(private readonly root: RootModel) {}

  /** Adds a standard-library import. */
  std(importPath: string): void {
    this.use({ path: importPath, name: importPath.slice(importPath.lastIndexOf('/') + 1) });
  }

  /** The qualifier for `pkg` in root code ('' for the root package itself), importing it. */
  qualifier(pkg: GoPackage): string {
    if (pkg.importPath === this.root.pkg.pkg.importPath) return '';
    const name = this.root.importNames.get(pkg.importPath) ?? pkg.name;
    this.use({ path: pkg.importPath, name });
    return `${name}.`;
  }

  lines(): GoImportLine[] {
    return [...this.used.values()];
  }

  /**
   * What `derive` (printing code of the model object `of`, a route say, with
   * these imports) gives: kept in `memo` under `slot`, and taken from there
   * again while the root's import names and `key` (whatever else it depends
   * on) are as they were. The imports it used count as used either way.
   */
  derived<T>(memo: WeakMap<object, unknown> | undefined, of: object, slot: string, key: string, derive: () => T): T {
    if (!memo) return derive();
    this.names ??= JSON.stringify([this.root.pkg.pkg.importPath, ...this.root.importNames]);
    let slots = memo.get(of) as Map<string, Derived> | undefined;
    const kept = slots?.get(slot);
    if (kept?.names === this.names && kept.key === key) {
      // The same text, now also the same string: the entries kept with it then compare equal without reading it again.
      this.names = kept.names;
      for (const line of kept.imports) this.use(line);
      return kept.value as T;
    }
    const outer = this.recording;
    const imports: GoImportLine[] = (this.recording = []);
    try {
      const value = derive();
      if (!slots) memo.set(of, (slots = new Map()));
      slots.set(slot, { names: this.names, key, value, imports });
      return value;
    } finally {
      this.recording = outer;
      outer?.push(...imports);
    }
  }

  private use(line: GoImportLine): void {
    this.used.set(line.path, line);
    this.recording?.push(line);
  }
}
