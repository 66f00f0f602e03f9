import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES, REPO_ROOT } from '../../support/golden';
import { goEnv, requireGo } from '../../support/go';
import { tsc } from '../../support/tsc';
import { anchors, findLinks, splitFences, type Fence } from './markdown';

/**
 * The docs conventions (CONTRIBUTING.md › Docs), one function per check.
 * Each takes a root directory and pages relative to it, and returns its
 * findings as `page:line: what` — empty when the pages keep the rules. The
 * tests run them over this repository's pages and over small sample pages
 * that break each rule once.
 */

/** The pages the conventions cover, relative to `root`: README, CONTRIBUTING, CHANGELOG, SECURITY and docs/**, those that exist. */
export function docPages(root: string): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'SECURITY.md'].filter((f) => fs.existsSync(path.join(root, f)));
  const docs = fs.existsSync(path.join(root, 'docs'))
    ? (fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }) as string[])
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.posix.join('docs', f.split(path.sep).join('/')))
        .sort()
    : [];
  return [...top, ...docs];
}

const read = (root: string, page: string) => fs.readFileSync(path.join(root, page), 'utf8');

/** The info strings the conventions know; anything else on a checked language is a typo that would skip a check. */
const FLAGS: Record<string, RegExp> = { sh: /^(no-run|exit=\d+)$/, ts: /^no-check$/, go: /^no-check$/ };
/** Languages that would escape the checks under another name. */
const ALIASES: Record<string, string> = { bash: 'sh', shell: 'sh', console: 'sh', zsh: 'sh', typescript: 'ts', golang: 'go' };

/** Fences whose info string the conventions do not allow: an alias of a checked language, or an unknown flag. */
export function checkFenceInfo(root: string, pages: string[]): string[] {
  const findings: string[] = [];
  for (const page of pages) {
    for (const f of splitFences(read(root, page)).fences) {
      const alias = ALIASES[f.lang.toLowerCase()];
      if (alias)
        findings.push(`${page}:${f.line}: a \`${f.lang}\` fence is not checked: write \`${alias}\` (or \`${alias} no-${alias === 'sh' ? 'run' : 'check'}\`)`);
      const allowed = FLAGS[f.lang];
      for (const flag of allowed ? f.flags.filter((x) => !allowed.test(x)) : []) {
        findings.push(`${page}:${f.line}: unknown flag \`${flag}\` on a \`${f.lang}\` fence (allowed: ${allowed!.source.replace(/[\^$()]/g, '')})`);
      }
    }
  }
  return findings;
}

/** `json` fences that do not parse. */
export function checkJson(root: string, pages: string[]): string[] {
  const findings: string[] = [];
  for (const page of pages) {
    for (const f of splitFences(read(root, page)).fences.filter((x) => x.lang === 'json')) {
      try {
        JSON.parse(f.body);
      } catch (e) {
        findings.push(`${page}:${f.line}: json block does not parse: ${(e as Error).message} (fix it, or use a jsonc/text fence for a fragment)`);
      }
    }
  }
  return findings;
}

/** fw's package as the README installs it: under the alias `fw` (`npm install --save-dev fw@npm:fw-http-routes`). */
const FW_PACKAGES = ['fw', 'fw-http-routes'];

/**
 * Paths into fw's installed package (`node_modules/fw/schemas/fw.schema.json`)
 * that do not exist in `install`, a directory whose node_modules holds fw as the
 * README installs it (only the alias `fw`): a page must name the files a
 * user following the README has. A trailing `/` or `…` names a directory.
 */
export function checkInstalledPaths(root: string, pages: string[], install: string): string[] {
  const findings: string[] = [];
  const mention = /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\/([\w./-]*)/g;
  for (const page of pages) {
    read(root, page)
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(mention)) {
          if (!FW_PACKAGES.includes(m[1]!)) continue;
          const rest = m[2]!.replace(/\.+$/, '');
          if (!fs.existsSync(path.join(install, 'node_modules', m[1]!, rest))) {
            findings.push(`${page}:${i + 1}: node_modules/${m[1]}/${rest} does not exist where the README installs fw (node_modules/fw/…)`);
          }
        }
      });
  }
  return findings;
}

/**
 * Links that do not resolve inside `root`: a scheme (http, https, mailto, …:
 * nothing may link outside the repository, so no external address is
 * allowed), an absolute path, a path escaping the root, a missing file, or an
 * #anchor that is not a heading of the target page (GitHub's slugs).
 */
export function checkLinks(root: string, pages: string[]): string[] {
  const findings: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchors(fs.readFileSync(file, 'utf8')));
    return anchorCache.get(file)!;
  };
  for (const page of pages) {
    for (const { line, target } of findLinks(read(root, page))) {
      const at = `${page}:${line}: link ${target}`;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || /^www\./i.test(target) || target.startsWith('//')) {
        findings.push(`${at} leaves the repository (no external links: describe it in words, or link a page of this repository)`);
        continue;
      }
      const hash = target.indexOf('#');
      const filePart = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      if (filePart.startsWith('/')) {
        findings.push(`${at} is absolute: write it relative to ${page}`);
        continue;
      }
      const file = filePart === '' ? path.join(root, page) : path.resolve(root, path.dirname(page), decodeURIComponent(filePart));
      const rel = path.relative(root, file);
      if (rel.startsWith('..') || path.isAbsolute(rel)) {
        findings.push(`${at} leaves the repository (it resolves to ${path.relative(root, file) || '.'} outside the root)`);
        continue;
      }
      if (!fs.existsSync(file)) {
        findings.push(`${at}: ${rel.split(path.sep).join('/')} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (file.endsWith('.md')) {
        if (!anchorsOf(file).has(anchor)) findings.push(`${at}: ${rel.split(path.sep).join('/')} has no heading with the anchor #${anchor}`);
      } else if (!fs.statSync(file).isFile() || !/^L\d+(-L\d+)?$/.test(anchor)) {
        findings.push(`${at}: #${anchor} is not a line anchor (#L12 or #L12-L20) of a file`);
      }
    }
  }
  return findings;
}

/** A fence of `lang` that the conventions check (no `no-check`/`no-run`), with its page. */
function checkedFences(root: string, pages: string[], lang: string, skip: string): { page: string; fence: Fence }[] {
  return pages.flatMap((page) =>
    splitFences(read(root, page))
      .fences.filter((f) => f.lang === lang && !f.flags.includes(skip))
      .map((fence) => ({ page, fence })),
  );
}

/** Rewrites `<dir>/bN.<ext>:L` and `<dir>/bN.<ext>(L,C)` in a tool's output as `page:line` of the block's source. */
function mapBack(output: string, file: (n: number) => string, blocks: { page: string; fence: Fence }[]): string[] {
  const lines: string[] = [];
  for (const raw of output.split('\n')) {
    if (!raw.trim()) continue;
    let mapped = raw;
    blocks.forEach((b, n) => {
      const name = file(n);
      const at = mapped.indexOf(name);
      if (at === -1) return;
      const rest = mapped.slice(at + name.length);
      const m = /^(?:\((\d+),(\d+)\)|:(\d+)(?::(\d+))?)/.exec(rest);
      if (!m) return;
      const line = Number(m[1] ?? m[3]);
      mapped = `${b.page}:${b.fence.line + line}: ${rest.slice(m[0].length).replace(/^:?\s*/, '')}`;
    });
    lines.push(mapped);
  }
  return lines;
}

/** The options of `tsc --strict --noEmit --exactOptionalPropertyTypes --noUncheckedIndexedAccess`, for modules that import './client' and zod. */
const TS_OPTIONS = {
  strict: true,
  noEmit: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  skipLibCheck: true,
  baseUrl: REPO_ROOT,
  paths: { zod: ['node_modules/zod'], 'zod/mini': ['node_modules/zod/mini'] },
};

/**
 * Type-checks every `ts` fence (not `no-check`) of `pages` in one tsc run,
 * each as a module beside a copy of `client` (importable as './client'; its
 * `--zod mini` twin as './client.mini').
 */
export function checkTypeScript(root: string, pages: string[], client = path.join(FIXTURES, 'example/web/src/api/client.ts')): string[] {
  const blocks = checkedFences(root, pages, 'ts', 'no-check');
  if (blocks.length === 0) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-docs-ts-'));
  try {
    fs.copyFileSync(client, path.join(dir, 'client.ts'));
    // Its zod/mini twin, when there is one, as './client.mini'.
    const mini = client.replace(/\.ts$/, '.mini.ts');
    if (fs.existsSync(mini)) fs.copyFileSync(mini, path.join(dir, 'client.mini.ts'));
    const files = blocks.map(({ fence }, n) => {
      const file = path.join(dir, `b${n}.ts`);
      // `export {}` on a line of its own keeps each snippet a module (its own scope) without moving its lines.
      fs.writeFileSync(file, `${fence.body}\nexport {};\n`);
      return file;
    });
    return mapBack(tsc(TS_OPTIONS, files).join('\n'), (n) => `${path.join(dir, `b${n}.ts`)}`, blocks);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Copies fixtures/example (or `example`) into a fresh temporary directory. */
function copyExample(example: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-docs-example-'));
  fs.cpSync(example, dir, { recursive: true });
  return dir;
}

/** Go without a network: the module cache only, and no go.work from outside. */
function offlineGoEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...goEnv(), GOPROXY: 'off', GOFLAGS: '-mod=mod', npm_config_offline: 'true', ...extra };
}

/**
 * Vets every `go` fence (not `no-check`) of `pages` as a new package of a
 * copy of the example module, in one `go vet` run. A checked block must be a
 * whole file: comments, then `package`.
 */
export function checkGo(root: string, pages: string[], example = path.join(FIXTURES, 'example')): string[] {
  const blocks = checkedFences(root, pages, 'go', 'no-check');
  const findings: string[] = [];
  const whole = blocks.filter(({ page, fence }) => {
    const code = fence.body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    if (/^\s*package\s+\w+/.test(code)) return true;
    findings.push(`${page}:${fence.line}: go block is not a whole file starting with \`package\` (complete it, or mark the fence \`go no-check\`)`);
    return false;
  });
  if (whole.length === 0) return findings;
  requireGo();
  const dir = copyExample(example);
  try {
    whole.forEach(({ fence }, n) => {
      fs.mkdirSync(path.join(dir, 'fwdocs', `b${n}`), { recursive: true });
      fs.writeFileSync(path.join(dir, 'fwdocs', `b${n}`, 'doc.go'), `${fence.body}\n`);
    });
    const run = spawnSync('go', ['vet', './fwdocs/...'], { cwd: dir, env: offlineGoEnv(), encoding: 'utf8' });
    if (run.status !== 0) {
      const output = `${run.stdout}${run.stderr}`
        .split('\n')
        .filter((l) => !l.startsWith('# '))
        .join('\n');
      // go prints paths as fwdocs/bN/doc.go or ./fwdocs/bN/doc.go; the `/doc.go` suffix makes b1 and b10 distinct.
      findings.push(...mapBack(output, (n) => `fwdocs/b${n}/doc.go`, whole));
      if (findings.length === 0) findings.push(`go vet failed without naming a block: ${output}`);
    }
    return findings;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the `sh` fences (not `no-run`) of one page, in order, in one fresh
 * copy of the example workspace, with this repository's bin/fw first on PATH
 * as `fw`; each must exit 0, or N with `exit=N` in its info string.
 */
export function runShellBlocks(root: string, page: string, example = path.join(FIXTURES, 'example')): string[] {
  const blocks = checkedFences(root, [page], 'sh', 'no-run');
  if (blocks.length === 0) return [];
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist/cli/main.js'))) return [`${page}: bin/fw needs dist/ (run npm run build first)`];
  requireGo();
  const dir = copyExample(example);
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-docs-bin-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'bin/fw'), path.join(bin, 'fw'));
  const findings: string[] = [];
  try {
    for (const { fence } of blocks) {
      const expected = Number(/^exit=(\d+)$/.exec(fence.flags.find((f) => f.startsWith('exit=')) ?? '')?.[1] ?? 0);
      const env = offlineGoEnv({ PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` });
      const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', fence.body], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
      if (run.status !== expected) {
        const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
        findings.push(
          `${page}:${fence.line}: sh block exited ${run.status ?? run.signal}, expected ${expected} (mark it \`sh no-run\` if it cannot run on the example):\n${output}`,
        );
      }
    }
    return findings;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(bin, { recursive: true, force: true });
  }
}
