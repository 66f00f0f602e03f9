import * as path from 'node:path';
import type { GoFile } from '../go/ast';
import type { GoPackage } from '../go/package';
import type { WorkspaceProgram } from '../go/program';
import { TypeResolver } from '../go/type-resolver';
import type { EmitResult } from '../emit/emitter';
import type { GeneratorName } from '../emit/generators';
import { type NamingMemo, newNamingMemo } from '../emit/operation-names';
import type { ModelMemo } from '../model/build-model';
import type { WorkspaceModel } from '../model/model';
import { type Discovery, isGoFile } from '../workspace/discover';
import { CONFIG_FILE } from '../workspace/fw-config';
import type { KeptPieces } from '../write/kept-pieces';

/** Per root directory, per generator: the files and diagnostics emitted for that root alone. */
export type RootOutputs = Map<string, Map<GeneratorName, EmitResult>>;

/**
 * Everything `fw watch` keeps between rebuilds, in one place: generate()
 * reads and fills it, and invalidate() forgets, before each rebuild, what
 * the changed paths can affect. Whatever it drops is built again from the
 * files, so a rebuild gives what a fresh run would.
 */
export class WatchSession {
  /** Go files parsed so far that have not changed since, by path. */
  readonly parsed = new Map<string, GoFile>();
  /**
   * What fw last wrote or found up to date, by path (a streamed file, the
   * client, by its pieces: ../write/kept-pieces.ts): compared with instead
   * of the disk, and so that its own writes start no rebuild.
   */
  readonly written = new Map<string, string | KeptPieces>();
  /** Discovery's answer, until a change can move a root (see invalidate's `structural`). */
  discovery?: Discovery;
  /** The program of the last run: its packages are valid until a change of their directory. */
  private program?: WorkspaceProgram;
  /** The program's type resolver: its answers are valid until a package they depend on changes. */
  private resolver?: TypeResolver;
  /** Each root's model and each handler package's part of it. */
  readonly models: ModelMemo = { roots: new Map() };
  /** The client's operation names of the last run, by group (../emit/operation-names.ts). */
  readonly naming: NamingMemo = newNamingMemo();
  /** What the per-root generators emitted for each root. */
  readonly rootOutputs: RootOutputs = new Map();
  /** What each generator derived from model objects (groups, plans, printed operations), kept while those objects live; by generator name. */
  private readonly memos = new Map<GeneratorName, unknown>();
  /** Of the last model: root directories, and those whose packages something outside them imports. */
  private roots: RootDeps = { dirs: [], imported: new Set() };

  /**
   * The program to read this run with: the kept one, unless it followed
   * other fw.json type mappings; else `create()`'s, and nothing built from
   * the old one is kept (discovery's answer is).
   */
  programFor(mappingsKey: string, create: () => WorkspaceProgram): WorkspaceProgram {
    const kept = this.program;
    if (kept && (kept.typeMappings === undefined || kept.typeMappings.key === mappingsKey)) return kept;
    this.forgetModel();
    return (this.program = create());
  }

  /** `generator`'s memo, made (newMemo) on first use. */
  memoOf<Memo>(generator: { name: GeneratorName; newMemo(): Memo }): Memo {
    if (!this.memos.has(generator.name)) this.memos.set(generator.name, generator.newMemo());
    return this.memos.get(generator.name) as Memo;
  }

  /** Before discovery: a program that met unreadable files, missing modules or bad go.mod lines is read again, and so is the workspace. */
  dropFailedProgram(): void {
    if (this.program && (this.program.readErrors.length > 0 || this.program.locateDiagnostics.length > 0)) {
      this.forgetModel();
      this.discovery = undefined;
    }
  }

  /** The type resolver of the session's program, kept with its answers across rebuilds. */
  resolverFor(program: WorkspaceProgram): TypeResolver {
    return program === this.program ? (this.resolver ??= new TypeResolver(program)) : new TypeResolver(program);
  }

  /** After a run: what invalidate needs of its model. */
  built(model: WorkspaceModel): void {
    this.roots = rootDeps(model);
  }

  /**
   * Forgets what a change of `paths` (files or directories) can affect: their
   * parsed files, the outputs and models of the roots rootsToForget names,
   * the packages of the changed directories and the types of those and of the
   * packages importing them; everything after a change of go.mod, go.work or
   * fw.json; discovery's answer when `structural` (the change may move a root).
   * `reread`: changed files read again already, kept as parsed.
   */
  invalidate(paths: readonly string[], structural: boolean, reread?: ReadonlyMap<string, GoFile>): void {
    for (const p of paths) {
      const fresh = reread?.get(p);
      if (fresh) this.parsed.set(p, fresh);
      else this.parsed.delete(p);
      // A directory added or removed: the files below it.
      if (!isGoFile(path.basename(p))) for (const file of this.parsed.keys()) if (file.startsWith(`${p}${path.sep}`)) this.parsed.delete(file);
    }
    const forget = rootsToForget(paths, this.roots);
    if (forget === 'all') this.rootOutputs.clear();
    else for (const dir of forget) this.rootOutputs.delete(dir);
    if (paths.some(isModuleFile)) {
      this.forgetModel();
      this.discovery = undefined;
      return;
    }
    if (structural) this.discovery = undefined;
    // A changed file's package, or a changed directory and everything below it, is loaded again, and the types
    // of those packages and of the packages that import them are resolved again.
    const program = this.program;
    if (program) {
      const forgotten = program.forget(paths.map((p) => (isGoFile(path.basename(p)) ? path.dirname(p) : p)));
      // Nothing forgotten (every changed file read the same): the resolver stays whole, its diagnostics with it.
      if (this.resolver && forgotten.size > 0 && !this.resolver.forget(program.dependents(forgotten))) this.resolver = undefined;
    }
    if (forget === 'all') this.models.roots.clear();
    else for (const dir of forget) this.models.roots.delete(dir);
  }

  /** Forgets the program, its types and every model built from it; the next run reads and builds everything again. */
  private forgetModel(): void {
    this.program = undefined;
    this.resolver = undefined;
    this.models.roots.clear();
    this.models.packages = undefined;
  }
}

/** go.mod, go.work, fw.json and vendor/modules.txt: a change may move any package (another module version, replacement or workspace module) or change type mappings, so everything is read again. */
export function isModuleFile(file: string): boolean {
  const base = path.basename(file);
  return base === 'go.mod' || base === 'go.work' || base === CONFIG_FILE || (base === 'modules.txt' && path.basename(path.dirname(file)) === 'vendor');
}

/** What rootsToForget needs of the last model. */
interface RootDeps {
  dirs: string[];
  /** Roots with a package in their tree that a package outside the tree imports (e.g. another root's request types). */
  imported: Set<string>;
}

const inTree = (file: string, dir: string) => file === dir || file.startsWith(`${dir}${path.sep}`);

/** Each package's import paths, each once, by package (a package read again is a new object): a rebuild lists only its changed packages' again. */
const importsOf = new WeakMap<GoPackage, readonly string[]>();

function packageImports(p: GoPackage): readonly string[] {
  let paths = importsOf.get(p);
  if (!paths) importsOf.set(p, (paths = [...new Set(p.files.flatMap((f) => f.imports.map((i) => i.path)))]));
  return paths;
}

function rootDeps(model: WorkspaceModel): RootDeps {
  const dirs = model.roots.map((r) => r.dir);
  const packages = [...model.program.loaded.values()];
  // The roots whose tree holds each package, by import path.
  const rootsOf = new Map<string, string[]>();
  for (const p of packages) {
    const owners = dirs.filter((d) => inTree(p.dir, d));
    if (owners.length > 0) rootsOf.set(p.importPath, owners);
  }
  const imported = new Set<string>();
  for (const q of packages) {
    for (const path of packageImports(q)) for (const dir of rootsOf.get(path) ?? []) if (!inTree(q.dir, dir)) imported.add(dir);
  }
  return { dirs, imported };
}

/**
 * The roots whose per-root outputs changed `paths` can affect: a path in a
 * root's tree affects that root; a path in no root's tree (a shared types
 * package, go.mod, a parent directory) or in a tree other packages import
 * from may affect every root, and so does a root unknown to the last model
 * (a root's outputs depend on its tree and the packages it reaches).
 */
function rootsToForget(paths: readonly string[], roots: RootDeps): Iterable<string> | 'all' {
  const out = new Set<string>();
  for (const p of paths) {
    const owners = roots.dirs.filter((d) => inTree(p, d));
    if (owners.length === 0 || isModuleFile(p) || owners.some((d) => roots.imported.has(d))) return 'all';
    for (const d of owners) out.add(d);
  }
  return out;
}
