import { sameObjects } from '../emitter';

/**
 * A split client's module as `fw watch` keeps it (./client-modules.ts): its
 * text, what it was printed from (by identity: the kept declarations,
 * operation texts and class text are the same objects while unchanged), and
 * the module each type it imports was taken from.
 */
export interface KeptModule {
  sources: readonly unknown[];
  /** The named types it imports, each with the module it imported it from. */
  imported: readonly (readonly [id: string, module: string])[];
  text: string;
}

/** A module's text and the types it imports from other modules, as printing it gave them. */
export interface PrintedModule {
  text: string;
  imported: readonly (readonly [id: string, module: string])[];
}

/**
 * The modules' texts, each kept from `kept` (by file) while printed from the
 * same objects and while every type it imports is declared in the module it
 * was imported from (an operation moved to another group, or a type now
 * reached by a second group, moves declarations between modules); else
 * printed. Without `kept` (not fw watch), always printed.
 */
export class ModuleTexts {
  constructor(
    private readonly kept: Map<string, KeptModule> | undefined,
    private readonly moduleOf: ReadonlyMap<string, string>,
  ) {}

  /** Forgets the modules a client no longer has. */
  keepOnly(files: ReadonlySet<string>): void {
    if (this.kept) for (const file of this.kept.keys()) if (!files.has(file)) this.kept.delete(file);
  }

  text(file: string, sources: readonly unknown[], print: () => PrintedModule): string {
    const was = this.kept?.get(file);
    if (was && sameObjects(was.sources, sources) && was.imported.every(([id, module]) => this.moduleOf.get(id) === module)) return was.text;
    const printed = print();
    this.kept?.set(file, { sources, ...printed });
    return printed.text;
  }
}
