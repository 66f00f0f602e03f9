import * as path from 'node:path';
import type { WorkspaceModel } from '../../model/model';
import type { TypeResolver } from '../../go/type-resolver';
import { type EmitResult, type GeneratedFile, streamedFile } from '../emitter';
import { classTexts, classView, operationView, plannedClient } from './assemble';
import type { ClientPlan } from './client-plan';
import type { ClientMemo } from './client-memo';
import type { SharedPlans } from '../shared-plans';
import { type ModuleView, renderClass, renderEntry, renderModule, renderPart, renderRuntime, statusClassView } from './module-template';
import type { Operation } from './client-plan';
import { ModuleTexts, type PrintedModule } from './module-memo';
import { memoizedTexts } from './operation-memo';
import { printOperation } from './operations';
import { exportingAll, topLevelDeclarations } from './runtime-names';
import type { SchemaDecl } from './schemas';
import { otherFlavourRefusal } from './shared-runtime';
import { keptSplitLayout } from './layout-memo';
import { directRefs, splitLayout } from './split-layout';
import type { ZodFacadeOptions } from './zod-facade';

/**
 * The client as several modules (`fw g client --split`, `--runtime`): the
 * runtime in a module of its own (`<folder>/runtime.ts`, or the shared file
 * `--runtime` names, the same text for every client of one zod flavour, so
 * that the clients of an app share one copy and one `FwHttpError`), and
 * with `split` the declarations in the modules ./split-layout.ts decides,
 * under a folder named after the entry (`client.ts` → `client/`). The entry
 * at `--file` exports exactly the names the one-file client exports.
 */
export interface ClientModulesOptions {
  /** The entry (absolute). */
  file: string;
  split: boolean;
  /** The shared runtime module (absolute); `<folder>/runtime.ts` when absent. */
  runtime?: string;
  zod: ZodFacadeOptions;
  /** What fw watch kept: operations planned from the same objects are not planned again, kept schemas not printed again. */
  memo?: ClientMemo;
  /** The run's shared plans (names, JSON shapes), when another generator made them. */
  plans?: SharedPlans;
}

/** The folder of a split client's modules: the entry's path without its extension. */
export function clientFolder(file: string): string {
  return file.replace(/\.[cm]?tsx?$/, '');
}

export function emitClientModules(model: WorkspaceModel, resolver: TypeResolver, options: ClientModulesOptions): EmitResult {
  const { memo } = options;
  const { plan, view, diagnostics } = plannedClient(model, resolver, options.zod, memo, options.plans, options.split);
  const folder = clientFolder(options.file);
  const runtime = runtimeModule(view, options.runtime ?? path.join(folder, 'runtime.ts'));
  const shared = options.runtime !== undefined;
  const files: GeneratedFile[] = [
    {
      path: runtime.file,
      contents: runtime.text,
      ...(shared && { refuseReplacing: (existing: string) => otherFlavourRefusal(runtime.file, view.zodModule, existing) }),
    },
  ];
  const modules = new ModuleImports(plan, view, runtime, folder);
  const print = (op: Operation) => printOperation(operationView(op, plan.planner.plan(op.route, op.method, []), plan));
  // fw watch keeps each operation's text while its inputs and the names it refers to are the same (as the one file does).
  const printOps = (ops: readonly Operation[]) => (memo ? [...memoizedTexts(ops, memo.operations, plan.registry, print)] : ops.map(print));
  const entryImports = ['FwClientConfig', 'FwTransport'];
  const entry = { sources: view.sources, zodType: view.zodType, factory: view.factory };
  if (!options.split) {
    const body = printOps(plan.classes.flatMap((c) => c.operations)).join('') + plan.classes.map((c) => renderClass(classView(c))).join('');
    const imports = modules.importsOf(options.file, `${body} ${entryImports.join(' ')}`, view.schemas, [], true).text;
    const reexports = modules.runtimeExports(options.file);
    files.unshift({
      path: options.file,
      contents: renderEntry({
        ...entry,
        layout: `The runtime is ${specifier(options.file, runtime.file)}.`,
        imports: `${imports}\n${reexports}`,
        schemas: view.schemas,
        body,
      }),
    });
    return { files, diagnostics, ownedDirs: [] };
  }
  // fw watch keeps the layout while decided from the same inputs; a class planned whole lists the types its operations refer to directly.
  const layout = memo
    ? keptSplitLayout(plan, view.schemas, (cls) => memo.plannedClasses.get(cls.className)?.refs ?? directRefs(cls), memo)
    : splitLayout(plan, view.schemas);
  modules.moduleOf = layout.moduleOf;
  const entryName = `./${path.basename(options.file)}`;
  // fw watch keeps each module's text while printed from the same objects (./module-memo.ts).
  const texts = new ModuleTexts(memo?.modules, layout.moduleOf);
  texts.keepOnly(new Set([...layout.types, ...layout.groups].map((m) => path.join(folder, m.file))));
  const runtimeText = memo?.runtimeText === runtime.text ? memo.runtimeText : runtime.text;
  if (memo) memo.runtimeText = runtimeText;
  const common = [view.sources, view.zodType, view.zodModule, entryName, runtimeText, plan.registry.allNames];
  const part = (what: string, schemas: SchemaDecl[], body: string, imports: Imports): PrintedModule => ({
    text: renderPart({ sources: view.sources, what, entry: entryName, imports: imports.text, zodType: view.zodType, schemas, body }),
    imported: imports.imported,
  });
  for (const m of layout.types) {
    const file = path.join(folder, m.file);
    files.push(
      streamedFile(file, () => {
        const what = `The named types several groups use, of Go package ${plan.registry.info(m.schemas[0]!.id).pkg.name}`;
        return [texts.text(file, [...common, what, ...m.schemas], () => part(what, m.schemas, '', modules.importsOf(file, '', m.schemas, [], false)))];
      }),
    );
  }
  const classText = classTexts(plan.classes, memo);
  for (const g of layout.groups) {
    const file = path.join(folder, g.file);
    files.push(
      streamedFile(file, () => {
        const ops = g.cls.operations;
        let pieces: string[] | undefined;
        const body = () => (pieces ??= [...printOps(ops), classText(g.cls)]);
        const own = [...common, g.cls.className, g.cls.key, g.schemas.length, ...g.schemas];
        // A class planned whole from its kept planning (./class-memo.ts): the same operations' entries, so under the same
        // names (in common) the same operations' and class's texts; its operations are not looked at one by one.
        const planned = memo?.plannedClasses.get(g.cls.className);
        const sources = planned ? [...own, planned] : [...own, ops.length, ...ops.map((op) => op.refs), ...body()];
        return [
          texts.text(file, sources, () => {
            const text = body().join('');
            return part(`The routes of ${g.cls.className}`, g.schemas, text, modules.importsOf(file, text, g.schemas, ops, false));
          }),
        ];
      }),
    );
  }
  const classImports = layout.groups.map((g) => `import { ${g.cls.className} } from '${specifier(options.file, path.join(folder, g.file))}';`);
  const starExports = [...layout.types, ...layout.groups].map((m) => `export * from '${specifier(options.file, path.join(folder, m.file))}';`);
  const imports = [
    modules.importsOf(options.file, entryImports.join(' '), [], [], false).text,
    ...classImports,
    '',
    modules.runtimeExports(options.file),
    ...starExports,
  ];
  files.unshift({
    path: options.file,
    contents: renderEntry({
      ...entry,
      layout: `Its modules (one per handler group, and the named types groups share) are in ${specifier(options.file, folder)}/.`,
      imports: imports.join('\n'),
      schemas: [],
      body: '',
    }),
  });
  return { files, diagnostics, ownedDirs: [folder] };
}

/** The runtime module: its file, its text (every declaration exported), and its declarations by name (whether each is a type). */
interface RuntimeModule {
  file: string;
  text: string;
  names: Map<string, boolean>;
}

/** The runtime with every status class and every helper: the same text for every client of one zod flavour. */
function runtimeModule(view: ModuleView, file: string): RuntimeModule {
  // Every helper of the facade too: the modules that import them are not known here (a shared runtime serves several clients).
  const text = exportingAll(`${renderRuntime({ ...view, statusClasses: [1, 2, 3, 4, 5].map(statusClassView) })}\n${view.facade.trim()}\n`);
  return { file, text, names: new Map(topLevelDeclarations(text).map((d) => [d.name, d.type])) };
}

/** A module's import declarations, and the named types they import with the module each comes from. */
interface Imports {
  text: string;
  imported: readonly (readonly [id: string, module: string])[];
}

/** Identifiers a module may take from the runtime: every runtime name starts with fw, Fw or FW_. */
const RUNTIME_NAME = /\b(?:fw|Fw|FW_)[\w$]*/g;

/** The import declarations of the client's modules. */
class ModuleImports {
  /** The module of each named type (split only). */
  moduleOf = new Map<string, string>();

  constructor(
    private readonly plan: ClientPlan,
    private readonly view: ModuleView,
    private readonly runtime: RuntimeModule,
    private readonly folder: string,
  ) {}

  /**
   * The imports of the module at `file` whose text (besides its schemas) is
   * `body`: zod, the runtime names its text uses, and the named types its
   * schemas and operations refer to that are declared elsewhere.
   */
  importsOf(file: string, body: string, schemas: readonly SchemaDecl[], operations: readonly Operation[], zodAlways: boolean): Imports {
    const text = schemas.map((s) => `${s.tsDecl} ${s.zod} fwSchema ${this.plan.zodType}`).join('\n') + body;
    const lines: string[] = [];
    if (zodAlways || /\bz\./.test(text)) lines.push(`import * as z from '${this.view.zodModule}';`);
    const used = new Set([...text.matchAll(RUNTIME_NAME)].map((m) => m[0]).filter((n) => this.runtime.names.has(n)));
    if (used.size > 0) lines.push(`import { ${this.named([...used])} } from '${specifier(file, this.runtime.file)}';`);
    const own = new Set(schemas.map((s) => s.id));
    const byModule = new Map<string, Set<string>>();
    const refs = [...schemas.flatMap((s) => this.plan.registry.refsOfId(s.id)), ...operations.flatMap((op) => op.refs ?? [])];
    for (const id of refs) {
      if (own.has(id)) continue;
      const module = this.moduleOf.get(id)!;
      if (!byModule.has(module)) byModule.set(module, new Set());
      byModule.get(module)!.add(id);
    }
    const imported: [string, string][] = [];
    for (const [module, ids] of [...byModule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const names = [...ids].flatMap((id) => [`type ${this.plan.registry.typeName(id)}`, this.plan.registry.schemaName(id)]);
      lines.push(`import { ${sortNames(names).join(', ')} } from '${specifier(file, path.join(this.folder, module))}';`);
      for (const id of ids) imported.push([id, module]);
    }
    return { text: lines.length > 0 ? `\n${lines.join('\n')}` : '', imported };
  }

  /** `export { … } from '<runtime>'`: the runtime names the one-file client exports. */
  runtimeExports(file: string): string {
    const single = topLevelDeclarations(renderModule({ ...this.view, schemas: [] }).head).filter((d) => d.exported);
    return `export { ${this.named(single.map((d) => d.name))} } from '${specifier(file, this.runtime.file)}';`;
  }

  private named(names: readonly string[]): string {
    return sortNames(names.map((n) => (this.runtime.names.get(n) ? `type ${n}` : n))).join(', ');
  }
}

/** Names in a stable order, `type X` sorted as X. */
function sortNames(names: readonly string[]): string[] {
  const keyed = names.map((n) => ({ n, bare: n.startsWith('type ') ? n.slice('type '.length) : n }));
  return keyed.sort((a, b) => (a.bare < b.bare ? -1 : a.bare > b.bare ? 1 : 0)).map((k) => k.n);
}

/** The relative specifier of module `target` from the module `from`, as ESM resolves it (`./client/runtime.js` for `client/runtime.ts`). */
export function specifier(from: string, target: string): string {
  const rel = path.relative(path.dirname(from), target).split(path.sep).join('/');
  const js = rel.replace(/\.([cm]?)tsx?$/, '.$1js');
  return js.startsWith('.') ? js : `./${js}`;
}
