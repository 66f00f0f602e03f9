import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layout of src/ shows the pipeline (docs/internals/pipeline-and-layout.md): each top-level folder is
 * a stage, and a stage imports only the stages below it. This test reads the
 * import graph of src/ and fails on an upward import, an import between two
 * generators, or an import cycle, so the layout stays true as code moves.
 */

const SRC = path.join(__dirname, '..', 'src');

/** Stages from the ground floor up. A module may import its own stage's modules and those of lower stages. */
const STAGES: readonly (readonly string[])[] = [
  ['diagnostics'],
  ['workspace'],
  ['go'],
  ['annotations'],
  ['model'],
  ['emit'],
  ['write'],
  ['generate.ts', 'runtime', 'turbo'],
  ['watch'],
  ['cli', 'nx'],
  ['index.ts'],
];

function stageOf(rel: string): { rank: number; unit: string } {
  const parts = rel.split('/');
  const top = parts[0]!;
  const rank = STAGES.findIndex((names) => names.includes(top));
  if (rank < 0)
    throw new Error(`src/${rel}: its top-level folder ${top} is not a stage of the layout (add it to STAGES and to docs/internals/pipeline-and-layout.md)`);
  if (top === 'watch') return watchStageOf(rel, rank);
  if (top !== 'emit') return { rank, unit: top };
  // Inside emit/: the shared helpers (emit/*.ts), above them one folder per
  // generator (which share code only through those helpers), and on top
  // emit/generators.ts, the list of every generator.
  if (parts.length > 2) return { rank: rank + 0.1, unit: `emit/${parts[1]}` };
  if (rel === 'emit/generators.ts') return { rank: rank + 0.2, unit: 'emit/generators.ts' };
  return { rank, unit: 'emit' };
}

/** watch/session.ts, the state generate.ts is handed, sits below generate.ts; the rest of watch/ (which calls generate.ts) above it. */
function watchStageOf(rel: string, rank: number): { rank: number; unit: string } {
  return rel === 'watch/session.ts'
    ? { rank: STAGES.findIndex((names) => names.includes('generate.ts')) - 0.5, unit: 'watch/session' }
    : { rank, unit: 'watch' };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'files' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports of a module (static, dynamic, require and type-only) that point into src/, resolved to files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    if (path.relative(SRC, base).startsWith('..')) return []; // package.json and the like: not a stage
    // A dynamic import names the compiled file (`./x.js`): its source is x.ts.
    const found = [`${base}.ts`, `${base}.d.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find((f) => fs.existsSync(f));
    if (!found) throw new Error(`${path.relative(SRC, file)}: import '${spec}' does not resolve`);
    return [found];
  });
}

/**
 * What in a module's top level of src/emit/ could hold state between runs (a
 * run's caches belong to objects made per run). Allowed: constants TypeScript
 * keeps from being changed (`as const`, a `Readonly…`/`readonly` type,
 * `Object.freeze` of literals), functions, regular expressions (used through replace,
 * which resets a /g one), and `templatesIn` renderers, whose compiled
 * templates are a pure function of files fw ships. Anything else that builds a
 * collection or calls something at load time is reported.
 */
function moduleState(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  for (const s of source.statements) {
    if (ts.isClassDeclaration(s)) {
      for (const m of s.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
        const has = (k: ts.SyntaxKind) => mods.some((x) => x.kind === k);
        if (!ts.isPropertyDeclaration(m) || !has(ts.SyntaxKind.StaticKeyword)) continue;
        if (!has(ts.SyntaxKind.ReadonlyKeyword)) at(m, 'a static field that is not readonly');
        else if (m.initializer && !isConstant(m.initializer, m.type)) at(m, `static ${m.name.getText()} is built at load time and can be changed`);
      }
    }
    // A statement run at load time (`cache.set(…)`, `globalThis.x = …`) can only be there to fill or change something.
    if (ts.isExpressionStatement(s)) at(s, 'a statement run at load time');
    if (!ts.isVariableStatement(s)) continue;
    if (!(s.declarationList.flags & ts.NodeFlags.Const)) {
      at(s, `a top-level let or var (${s.declarationList.declarations.map((d) => d.name.getText()).join(', ')})`);
      continue;
    }
    for (const d of s.declarationList.declarations) {
      if (d.initializer && !isConstant(d.initializer, d.type)) at(d, `${d.name.getText()} is built at load time and can be changed`);
    }
  }
  return found;
}

function isConstant(init: ts.Expression, type: ts.TypeNode | undefined): boolean {
  if (type && /^(Readonly|readonly )/.test(type.getText())) return true;
  if (ts.isAsExpression(init) && init.type.getText() === 'const') return true;
  if (ts.isCallExpression(init) && init.expression.getText() === 'templatesIn') return true;
  // Object.freeze freezes one level: what it freezes must be literals all the way down (a frozen Map still changes).
  if (ts.isCallExpression(init) && init.expression.getText() === 'Object.freeze') return init.arguments.every((a) => builds(a, true) === false);
  return builds(init, false) === false;
}

/** Whether `init` makes something at load time: a `new`, a call, or (unless `literals`) an array or object literal. */
function builds(init: ts.Node, literals: boolean): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return;
    if (ts.isNewExpression(n) || ts.isCallExpression(n)) found = true;
    else if (!literals && (ts.isArrayLiteralExpression(n) || ts.isObjectLiteralExpression(n))) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(init);
  return found;
}

/**
 * The state a module of src/ may keep for the whole process, each with why:
 * one-time set-ups and answers that cannot change while fw runs, and caches
 * with a bound. Anything else a run needs belongs to an object made per run
 * (a program, a resolver, a watch session).
 */
const PROCESS_STATE: readonly (readonly [file: string, name: string, why: string])[] = [
  ['go/interned.ts', 'names', 'one copy of each name, a Map that starts again past its bound'],
  ['go/struct-views.ts', 'jsonTagValues', 'struct tag values by text, a bounded TextMemo'],
  ['go/struct-views.ts', 'tagValues', 'struct tag values by text, a bounded TextMemo'],
  ['go/validate-tags.ts', 'parsed', 'validator tags by text, a bounded TextMemo'],
  ['go/struct-views.ts', 'anonymousKeys', 'a WeakMap: lives as long as the anonymous struct types it names'],
  ['go/struct-views.ts', 'anonymousCount', 'a counter that makes those names unique'],
  ['go/validate-tags.ts', 'parsed', 'validate and binding tags by text, a bounded TextMemo'],
  ['go/type-resolver.ts', 'BASIC_TYPES', 'one object per basic type: bounded by the kinds'],
  ['go/parser.ts', 'parser', 'the tree-sitter parser, loaded once per process'],
  ['go/parser.ts', 'initializing', 'the tree-sitter parser, loaded once per process'],
  ['go/parse-worker.ts', 'ready', "the worker thread's own parser"],
  ['go/parse-worker.ts', 'statement', 'the worker thread listens for jobs'],
  ['go/parse-workers.ts', 'WORKER_SCRIPT', 'a path'],
  ['go/parse-workers.ts', 'workers', 'the pool of parse workers, stopped once parsing ends'],
  ['go/parse-workers.ts', 'busy', 'a WeakMap over those workers'],
  ['go/parse-workers.ts', 'running', 'how many parses use the pool'],
  ['go/read-go-file.ts', 'salt', "fw's version and build, read once"],
  ['go/read-go-file.ts', 'readBuffer', 'the 64 KB buffer cache entries are read through, its contents used only within one synchronous read'],
  ['model/build-model.ts', 'annotations', 'a WeakMap: lives as long as the parsed comments'],
  ['model/handlers.ts', 'foundByFile', 'a WeakMap: lives as long as the parsed files'],
  ['model/path-bindings.ts', 'boundByDecl', 'a WeakMap: lives as long as the parsed declarations'],
];

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');

describe('layout of src/', () => {
  it('has every module in a stage folder', () => {
    for (const f of files) expect(() => stageOf(rel(f))).not.toThrow();
  });

  it('imports only from the same stage or lower ones, never across generators', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      const from = stageOf(rel(file));
      for (const dep of deps) {
        const to = stageOf(rel(dep));
        if (from.unit === to.unit) continue;
        if (to.rank > from.rank) wrong.push(`${rel(file)} imports ${rel(dep)}: a higher stage`);
        else if (to.rank === from.rank) wrong.push(`${rel(file)} imports ${rel(dep)}: a sibling (${to.unit}) of the same stage`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const dep of graph.get(f) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map(rel).join(' → '));
        else if (!state.has(dep)) visit(dep);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('keeps no state at the top level of the modules a run and fw watch go through (go/, model/, emit/) but the process-wide state listed here', () => {
    const stages = ['go', 'model', 'emit'].map((d) => path.join(SRC, d) + path.sep);
    const allowed = (where: string) => PROCESS_STATE.some(([file, name]) => where.startsWith(`${file}:`) && new RegExp(`\\b${name}\\b`).test(where));
    const found = files
      .filter((f) => stages.some((d) => f.startsWith(d)))
      .flatMap(moduleState)
      .filter((where) => !allowed(where));
    expect(found).toEqual([]);
  });

  it('reads the graph it checks: known edges are found and stages rank as documented', () => {
    const generate = path.join(SRC, 'generate.ts');
    expect(graph.get(generate)?.map(rel)).toContain('emit/generators.ts');
    expect(stageOf('emit/client/client.ts')).toEqual({ rank: 5.1, unit: 'emit/client' });
    expect(stageOf('emit/emitter.ts')).toEqual({ rank: 5, unit: 'emit' });
    expect(stageOf('go/parser.ts').rank).toBeLessThan(stageOf('model/model.ts').rank);
    expect(stageOf('watch/session.ts').rank).toBeLessThan(stageOf('generate.ts').rank);
    expect(stageOf('generate.ts').rank).toBeLessThan(stageOf('watch/watch.ts').rank);
    expect(stageOf('emit/generators.ts').rank).toBeLessThan(stageOf('watch/session.ts').rank);
  });

  it('gives emitters what they need as arguments: no module under emit/ looks up a type resolver by itself', () => {
    const global: string[] = [];
    for (const f of files.filter((file) => rel(file).startsWith('emit/'))) {
      const text = fs.readFileSync(f, 'utf8');
      // A resolver is made only by its owner (generate.ts, a watch session) and handed to emitters in EmitContext.
      if (/\bnew TypeResolver\b|\btypeResolverFor\b/.test(text)) global.push(rel(f));
    }
    expect(global).toEqual([]);
  });
});
