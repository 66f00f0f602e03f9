import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goEnv, runGo } from '../support/go';
import { REPO_ROOT } from '../support/golden';
import { STRICT_NODE, tsc, verifyingCopy } from '../support/tsc';
import { runFw, snapshotTree } from '../support/workspace';

/**
 * Issue 11, the property test. fast-check generates workspaces with random
 * directory names (root paths and subfolders, hostile characters included),
 * handler file names, annotation values and Go request/response type shapes.
 * For each of the three generators fw must either exit 0 with output that
 * `go vet` and `tsc --strict` accept, or exit 1 with a positioned diagnostic
 * and no file changed; never 70, never a hang. The Go and TypeScript checks
 * run once for all cases (one go.work, one tsc), so the default run costs
 * seconds. Seeded: FUZZ_SEED picks another seed, FUZZ_RUNS the number of
 * workspaces (default 8).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || 8;
const SEED = Number(process.env.FUZZ_SEED ?? 0) || 20261123;
/** Per fw run: a hang is a failure, not a stuck suite. */
const RUN_LIMIT_MS = 60_000;

/** Mostly `usual`, sometimes `hostile`: so that both outcomes, output and diagnostics, occur often. */
function mostly<T>(usual: readonly T[], hostile: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 20 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });
}

const nameChars = mostly('abcxyz019-_.+~'.split(''), [' ', "'", '"', '`', '$', '*', '\n', '\r', '\t', '\u2028', '\u2029', 'é', '数', '${', '*', '..']);
/** A directory name: starts with a letter (so discovery does not skip it), then anything Linux allows in a name. */
const dirName = fc.tuple(fc.constantFrom('a', 'v', 'x', 'R'), fc.array(nameChars, { maxLength: 5 })).map(([first, rest]) => first + rest.join(''));

const fieldType = fc.letrec<{ t: string }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('string', 'int', 'int64', 'uint8', 'bool', 'float64', 'any', 'time.Time', '[]byte', 'json.RawMessage'),
    tie('t').map((t) => `[]${t}`),
    tie('t').map((t) => `*${t}`),
    tie('t').map((t) => `map[string]${t}`),
    fc.array(tie('t'), { minLength: 1, maxLength: 2 }).map((ts) => `struct { ${ts.map((t, i) => `F${i} ${t}`).join('; ')} }`),
  ),
})).t;

/** A struct tag value: JSON names and query keys with characters a Go raw string may hold. */
const tagName = fc
  .array(mostly('abxy_'.split(''), ['-', ' ', '.', '$', "'", '\\"', 'é', '${', '*/', '\u2028', '`']), { minLength: 1, maxLength: 4 })
  .map((p) => p.join(''))
  .filter((t) => !t.includes('`'));

const field = fc.record({
  type: fieldType,
  json: fc.option(tagName, { nil: undefined }),
  omitempty: fc.boolean(),
  query: fc.option(tagName, { nil: undefined }),
});

const segment = mostly(['users', 'a-b', 'x.y', '{id}', 'é', '%41', 'x~y'], ['{rest...}', '{$}', "it's", 'a b', '${x}', '*/', '`', '\u2028', '{id}']);
const annotation = fc.record({
  segments: fc.array(segment, { maxLength: 3 }),
  method: mostly(['', ' method=POST', ' method=[PUT, PATCH]'], [' method=get', ' method=[GET, GET]']),
  name: mostly(['', ''], [' name=2x', ' name=con\u2028x', ' name=`x`', ' name=Route0']),
  response: mostly(
    ['', ' response=200:Resp', ' response=404:Error', ' response=Resp response=4xx:Error', ' response=302:Redirect'],
    [' response=200:Missing', ' response=99:Resp'],
  ),
  header: mostly(['', ' required_header=Authorization', ' required_header=X-Trace'], [' required_header="x"', ' required_header=a\u2028b']),
  request: fc.boolean(),
});

const handlerPackage = fc.record({
  file: mostly(['handler.go', 'handler_users.go'], ['h_é.go', 'a b.go', "it's.go", 'x\u2028.go', 'x\ny.go', 'ü.go']),
  fields: fc.array(field, { maxLength: 3 }),
  respFields: fc.array(field, { maxLength: 3 }),
  annotations: fc.array(annotation, { minLength: 1, maxLength: 2 }),
});

const workspaceShape = fc.record({
  above: dirName, // the directory holding go.mod: any name, even one Go cannot build in
  roots: fc.uniqueArray(
    fc.tuple(fc.array(dirName, { minLength: 1, maxLength: 2 }), handlerPackage, fc.option(fc.tuple(dirName, handlerPackage), { nil: undefined })),
    {
      minLength: 1,
      maxLength: 2,
      selector: ([dirs]) => dirs.join('/').toLowerCase(),
    },
  ),
});

type Shape = fc.TypeOf<typeof workspaceShape>;
type Pkg = fc.TypeOf<typeof handlerPackage>;

/** The i-th field's tag; JSON names get the index appended, so that go vet finds no repeated name in the handler code. */
function tag(f: fc.TypeOf<typeof field>, i: number): string {
  const parts: string[] = [];
  if (f.json !== undefined) parts.push(`json:"${f.json}${i}${f.omitempty ? ',omitempty' : ''}"`);
  if (f.query !== undefined) parts.push(`query:"${f.query}"`);
  return parts.length > 0 ? ` \`${parts.join(' ')}\`` : '';
}

function goFile(pkg: string, p: Pkg, typePrefix: string): string {
  const fields = (fs_: Pkg['fields']) => fs_.map((f, i) => `\tF${i} ${f.type}${tag(f, i)}`).join('\n');
  const lines = [`package ${pkg}`, '', 'import (', '\t"encoding/json"', '\t"net/http"', '\t"time"', ')', '', 'var _ json.RawMessage', 'var _ time.Time', ''];
  lines.push(
    `type ${typePrefix}Handler struct{}`,
    '',
    `type Req struct {\n\tID string \`path:"id"\`\n${fields(p.fields)}\n}`,
    '',
    `type Resp struct {\n${fields(p.respFields)}\n}`,
    '',
  );
  p.annotations.forEach((a, i) => {
    const route = `/${[pkg, String(i), ...a.segments].join('/')}`;
    lines.push(`// Route${i} is a route; its doc holds hostile text: */ \${x} \`x\` '' "q".`);
    lines.push(`// fw:http_route path=${route}${a.method}${a.name}${a.response}${a.header}${a.request ? ' request=Req' : ''}`);
    lines.push(`func (h *${typePrefix}Handler) Route${i}() http.HandlerFunc { return nil }`, '');
  });
  return lines.join('\n');
}

/** Writes the workspace of `shape` into `dir/<above>`; returns the module directory. */
function writeShape(dir: string, index: number, shape: Shape): string {
  const mod = path.join(dir, shape.above);
  const files: Record<string, string> = { 'go.mod': `module example.com/p${index}\n\ngo 1.22\n` };
  shape.roots.forEach(([dirs, pkg, sub], r) => {
    const root = dirs.join('/');
    const name = `r${r}`;
    files[`${root}/router.go`] = `// Code generated by fw. DO NOT EDIT.\n\npackage ${name}\n`;
    files[`${root}/registry.go`] = `// Code generated by fw. DO NOT EDIT.\n\npackage ${name}\n`;
    files[`${root}/${pkg.file}`] = goFile(name, pkg, 'User');
    if (sub) files[`${root}/${sub[0]}/${sub[1].file}`] = goFile(`s${r}`, sub[1], 'Item');
  });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(mod, rel)), { recursive: true });
    fs.writeFileSync(path.join(mod, rel), text);
  }
  return mod;
}

async function bounded<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${RUN_LIMIT_MS} ms`)), RUN_LIMIT_MS);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** `file:line:col: error:` or `file: error:` (a whole file), never a position-less error. */
const POSITIONED_ERROR = /^(?!fw: )[^\n]+?(?::\d+:\d+)?: error: /m;

describe('property: hostile workspaces never crash, hang, inject or half-write (issue 11)', () => {
  it(`${RUNS} random workspaces (seed ${SEED}): exit 0 with output go vet and tsc --strict accept, or exit 1 with a positioned diagnostic and nothing changed`, async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-prop-'));
    const batch = path.join(base, 'batch');
    fs.mkdirSync(batch);
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(base, 'node_modules'));
    const shapes = fc.sample(workspaceShape, { seed: SEED, numRuns: RUNS });
    const goModules: string[] = [];
    const clients: string[] = [];
    const tally = { ok: 0, diagnosed: 0 };
    for (const [i, shape] of shapes.entries()) {
      const caseDir = path.join(base, `case${i}`);
      const mod = writeShape(caseDir, i, shape);
      const goOk: boolean[] = [];
      for (const args of [
        ['g', 'router'],
        ['g', 'url-helper'],
        ['g', 'client', '--file', path.join(caseDir, 'client.ts')],
      ]) {
        const before = snapshotTree(caseDir);
        const run = await bounded(`fw ${args.join(' ')} on case ${i}`, runFw([...args, '--cwd', caseDir, '-q']));
        const where = `case ${i} (${JSON.stringify(shape)}): fw ${args.slice(0, 2).join(' ')}\n${run.stderr}`;
        expect([0, 1], where).toContain(run.code);
        if (run.code === 1) {
          tally.diagnosed++;
          expect(run.stderr, where).toMatch(POSITIONED_ERROR);
          expect(snapshotTree(caseDir), where).toEqual(before);
        } else tally.ok++;
        if (args[1] !== 'client') goOk.push(run.code === 0);
        else if (run.code === 0) clients.push(path.join(caseDir, 'client.ts'));
      }
      if (goOk.every(Boolean)) {
        // Go refuses to build below a directory name holding a newline: the module is checked from a copy.
        const copy = path.join(batch, `m${i}`);
        fs.cpSync(mod, copy, { recursive: true });
        goModules.push(copy);
      }
    }
    if (goModules.length > 0) {
      fs.writeFileSync(path.join(batch, 'go.work'), `go 1.22\n\nuse (\n${goModules.map((m) => `\t./${path.basename(m)}`).join('\n')}\n)\n`);
      const env = { ...goEnv(), GOWORK: path.join(batch, 'go.work'), GOFLAGS: '' };
      const patterns = goModules.map((m) => `example.com/p${path.basename(m).slice(1)}/...`);
      const outputs = fs.readdirSync(batch, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)(router|registry|urlhelper)\.go$/.test(f));
      expect(runGo('gofmt', ['-l', ...outputs], batch)).toBe('');
      runGo('go', ['vet', ...patterns], batch, { env });
    }
    // Each client also with its verifying zod facade: tsc checks every schema against its TypeScript type.
    if (clients.length > 0) expect(tsc(STRICT_NODE, [...clients, ...clients.map(verifyingCopy)])).toEqual([]);
    if (process.env.FUZZ_DEBUG) console.log({ ...tally, goModules: goModules.length, clients: clients.length });
    // Both outcomes must occur, or the generators are not being exercised.
    expect(tally.ok, 'runs that exited 0').toBeGreaterThan(0);
    expect(tally.diagnosed, 'runs that exited 1').toBeGreaterThan(0);
    fs.rmSync(base, { recursive: true, force: true });
  });
});
