import { handlerPackageOf } from '../../model/build-model';
import type { HandlerPackage, RootModel, RouteModel } from '../../model/model';
import type { GoImportLine } from '../go-source';
import { sameObjects } from '../emitter';
import type { GoPackage } from '../../go/package';

/** What RootImports.derived kept of one derivation: its value, valid for what it was derived from, and the imports it used. */
interface Derived<T> {
  /** The root's import names (RootImports.names) it was derived with. */
  names: string;
  key: string;
  from: readonly object[];
  value: T;
  imports: GoImportLine[];
}

/** One `mux.Handle` line of router.go: its pattern and handler expression, printed. */
export interface Registration {
  pattern: string;
  handler: string;
}

/** What the router kept of earlier runs (`fw watch`): each handler package's registrations and registry entries. */
export class RouterMemo {
  readonly registrations = new WeakMap<HandlerPackage, Derived<Registration[]>>();
  readonly entries = new WeakMap<HandlerPackage, Derived<string[]>>();
}

/** The routes of `root` by handler package, in order: build-model.ts adds a package's routes one after the other. */
export function packageRuns(root: RootModel): { hp: HandlerPackage; routes: RouteModel[] }[] {
  const runs: { hp: HandlerPackage; routes: RouteModel[] }[] = [];
  for (const route of root.routes) {
    const hp = handlerPackageOf(route);
    const last = runs[runs.length - 1];
    if (last?.hp === hp) last.routes.push(route);
    else runs.push({ hp, routes: [route] });
  }
  return runs;
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
   * What `derive` (printing code of the model objects `from`, a package's
   * routes say, with these imports) gives: kept in `memo` by `of`, and
   * taken from there again while `from` are the same objects and
   * the root's import names and `key` (whatever else it depends on) are as
   * they were. The imports it used count as used either way.
   */
  derived<T>(memo: WeakMap<HandlerPackage, Derived<T>> | undefined, of: HandlerPackage, from: readonly object[], key: string, derive: () => T): T {
    if (!memo) return derive();
    this.names ??= JSON.stringify([this.root.pkg.pkg.importPath, ...this.root.importNames]);
    const kept = memo.get(of);
    if (kept && kept.names === this.names && kept.key === key && sameObjects(kept.from, from)) {
      for (const line of kept.imports) this.use(line);
      return kept.value;
    }
    const outer = this.recording;
    const imports: GoImportLine[] = (this.recording = []);
    try {
      const value = derive();
      memo.set(of, { names: this.names, key, from, value, imports: [...new Map(imports.map((l) => [l.path, l])).values()] });
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
