import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ownText } from './interned';

/**
 * Which Go files `go build` compiles for a target (docs/annotations.md): the
 * rules of go/build, written again for fw. A file is left out when its name
 * ends in `_GOOS`, `_GOARCH` or `_GOOS_GOARCH` of another target, when its
 * `//go:build` line (or, without one, a `// +build` line) is false, and
 * when it imports "C" while cgo is off. Names starting with `_` or `.` are
 * never Go sources (../workspace/discover.ts leaves them out).
 */

/** GOOS values Go knows (internal/syslist.KnownOS): only these count as file-name suffixes. */
export const KNOWN_OS: ReadonlySet<string> = new Set([
  'aix',
  'android',
  'darwin',
  'dragonfly',
  'freebsd',
  'hurd',
  'illumos',
  'ios',
  'js',
  'linux',
  'nacl',
  'netbsd',
  'openbsd',
  'plan9',
  'solaris',
  'wasip1',
  'windows',
  'zos',
]);

/** The GOOS values for which the `unix` tag holds (internal/syslist.UnixOS). */
export const UNIX_OS: ReadonlySet<string> = new Set([
  'aix',
  'android',
  'darwin',
  'dragonfly',
  'freebsd',
  'hurd',
  'illumos',
  'ios',
  'linux',
  'netbsd',
  'openbsd',
  'solaris',
]);

/** GOARCH values Go knows (internal/syslist.KnownArch). */
export const KNOWN_ARCH: ReadonlySet<string> = new Set([
  '386',
  'amd64',
  'amd64p32',
  'arm',
  'armbe',
  'arm64',
  'arm64be',
  'loong64',
  'mips',
  'mipsle',
  'mips64',
  'mips64le',
  'mips64p32',
  'mips64p32le',
  'ppc',
  'ppc64',
  'ppc64le',
  'riscv',
  'riscv64',
  's390',
  's390x',
  'sparc',
  'sparc64',
  'wasm',
]);

/** The newest Go release fw knows: the release tags go1.1 … go1.<this> hold. */
export const LATEST_GO_MINOR = 26;

/** The target files are selected for. */
export interface BuildTarget {
  goos: string;
  goarch: string;
  cgo: boolean;
  /** `--tags` (go build -tags). */
  tags: readonly string[];
  /** The architecture feature tags of the target (`amd64.v1`). */
  toolTags: readonly string[];
}

/** A parsed build expression. */
export type BuildExpr = { kind: 'tag'; name: string } | { kind: 'not'; x: BuildExpr } | { kind: 'and' | 'or'; x: BuildExpr; y: BuildExpr };

/** The build lines of a file's header, as go/build finds them (parseFileHeader). */
export interface FileConstraints {
  /** The `//go:build` line and its 1-based line number. */
  goBuild?: { text: string; line: number };
  /** `// +build` lines before the last blank line of the header (read only when there is no //go:build line). */
  plusBuild: { text: string; line: number }[];
  /** Line of a second `//go:build` line: Go rejects the file. */
  duplicateGoBuild?: number;
}

const HOST_OS: Readonly<Record<string, string>> = { win32: 'windows', sunos: 'solaris' };
const HOST_ARCH: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', mipsel: 'mipsle', ppc64: 'ppc64', loong64: 'loong64' };
/** The compiler fw assumes C code is built with on each host OS when CC is unset (cmd/go's DefaultCC). */
const DEFAULT_CC: Readonly<Record<string, string>> = { darwin: 'clang', ios: 'clang', freebsd: 'clang', openbsd: 'clang' };

/** This machine's GOOS/GOARCH, in Go's names. */
export function hostTarget(): { goos: string; goarch: string } {
  let goarch = HOST_ARCH[process.arch] ?? process.arch;
  if (goarch === 'ppc64' && os.endianness() === 'LE') goarch = 'ppc64le';
  return { goos: HOST_OS[process.platform] ?? process.platform, goarch };
}

/**
 * The target as `go build` sees it in this environment: GOOS and GOARCH
 * from the environment, else the host's; CGO_ENABLED from the environment
 * ("1"/"0"), else on only when building for the host and a C compiler is
 * found ($CC, else gcc — clang on darwin, ios, freebsd, openbsd — on PATH),
 * as cmd/go decides it; `tags` as `go build -tags` takes them.
 */
export function buildTarget(env: NodeJS.ProcessEnv, tags: readonly string[] = []): BuildTarget {
  const host = hostTarget();
  const goos = env.GOOS || host.goos;
  const goarch = env.GOARCH || host.goarch;
  let cgo: boolean;
  if (env.CGO_ENABLED === '1' || env.CGO_ENABLED === '0') cgo = env.CGO_ENABLED === '1';
  else cgo = goos === host.goos && goarch === host.goarch && (Boolean(env.CC) || onPath(DEFAULT_CC[goos] ?? 'gcc', env.PATH ?? ''));
  return { goos, goarch, cgo, tags, toolTags: featureTags(goarch, env) };
}

/** internal/buildcfg's architecture tags for the levels most code is built for (amd64, arm64, 386); other feature levels are not modelled. */
function featureTags(goarch: string, env: NodeJS.ProcessEnv): string[] {
  if (goarch === 'amd64') {
    const level = /^v([1-4])$/.exec(env.GOAMD64 ?? '')?.[1] ?? '1';
    return Array.from({ length: Number(level) }, (_, i) => `amd64.v${i + 1}`);
  }
  if (goarch === 'arm64') {
    const m = /^v(8|9)\.(\d)/.exec(env.GOARM64 ?? '') ?? ['', '8', '0'];
    const out = Array.from({ length: Number(m[2]) + 1 }, (_, i) => `arm64.v${m[1]}.${i}`);
    if (m[1] === '9') for (let i = 0; i <= Math.min(Number(m[2]) + 5, 9); i++) out.push(`arm64.v8.${i}`);
    return out;
  }
  if (goarch === '386') return [`386.${env.GO386 === 'softfloat' ? 'softfloat' : 'sse2'}`];
  return [];
}

function onPath(command: string, pathList: string): boolean {
  return pathList.split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether a build tag holds for the target (go/build's matchTag, with the gc compiler). */
export function matchTag(name: string, target: BuildTarget): boolean {
  if (name === 'cgo') return target.cgo;
  if (name === target.goos || name === target.goarch || name === 'gc') return true;
  if (name === 'linux' && target.goos === 'android') return true;
  if (name === 'solaris' && target.goos === 'illumos') return true;
  if (name === 'darwin' && target.goos === 'ios') return true;
  if (name === 'unix') return UNIX_OS.has(target.goos);
  const release = /^go1\.(\d+)$/.exec(name);
  if (release && Number(release[1]) >= 1 && Number(release[1]) <= LATEST_GO_MINOR) return true;
  const tag = name === 'boringcrypto' ? 'goexperiment.boringcrypto' : name;
  return target.tags.includes(tag) || target.toolTags.includes(tag);
}

/** go/build's goodOSArchFile: false when the file name carries another target's GOOS/GOARCH suffix. */
export function matchFileName(name: string, target: BuildTarget): boolean {
  let base = name.split('.')[0]!;
  const i = base.indexOf('_');
  if (i < 0) return true;
  base = base.slice(i);
  const l = base.split('_');
  if (l.at(-1) === 'test') l.pop();
  const n = l.length;
  if (n >= 2 && KNOWN_OS.has(l[n - 2]!) && KNOWN_ARCH.has(l[n - 1]!)) return matchTag(l[n - 1]!, target) && matchTag(l[n - 2]!, target);
  if (n >= 1 && (KNOWN_OS.has(l[n - 1]!) || KNOWN_ARCH.has(l[n - 1]!))) return matchTag(l[n - 1]!, target);
  return true;
}

/** True when the file name carries a GOOS/GOARCH suffix at all. */
export function hasTargetSuffix(name: string): boolean {
  const any: BuildTarget = { goos: '', goarch: '', cgo: false, tags: [], toolTags: [] };
  return !matchFileName(name, any);
}

function isGoBuildLine(line: string): boolean {
  if (!line.startsWith('//go:build')) return false;
  const rest = line.slice('//go:build'.length);
  return rest.length === 0 || rest.trim().length < rest.length;
}

/** The expression of a `// +build` line (also `//+build`), or undefined when the line is not one. */
function plusBuildText(line: string): string | undefined {
  if (!line.startsWith('//')) return undefined;
  const rest = line.slice(2).trim();
  if (!rest.startsWith('+build')) return undefined;
  const after = rest.slice('+build'.length);
  const trimmed = after.trim();
  return after.length === trimmed.length && after !== '' ? undefined : trimmed;
}

/** go/build's parseFileHeader: the constraint lines of a file's leading comments. */
export function readFileConstraints(text: string): FileConstraints {
  const out: FileConstraints = { plusBuild: [] };
  const candidates: { text: string; line: number }[] = [];
  /** Lines before the most recent blank line of the header: only there do `// +build` lines count. */
  let headerEnd = 0;
  let ended = false;
  let inSlashStar = false;
  // Line by line from the top, without splitting the whole file: the header ends at the package clause.
  let start = 0;
  scan: for (let n = 0; start < text.length; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '' && !ended) {
      headerEnd = n + 1;
      continue;
    }
    if (!line.startsWith('//')) ended = true;
    if (!inSlashStar && isGoBuildLine(line)) {
      if (out.goBuild) {
        out.duplicateGoBuild = n + 1;
        break;
      }
      out.goBuild = { text: ownText(line.slice('//go:build'.length).trim()), line: n + 1 };
    }
    if (!inSlashStar && !ended) {
      const plus = plusBuildText(line);
      if (plus !== undefined) candidates.push({ text: ownText(plus), line: n + 1 });
    }
    while (line.length > 0) {
      if (inSlashStar) {
        const i = line.indexOf('*/');
        if (i < 0) continue scan;
        inSlashStar = false;
        line = line.slice(i + 2).trim();
        continue;
      }
      if (line.startsWith('//')) continue scan;
      if (line.startsWith('/*')) {
        inSlashStar = true;
        line = line.slice(2).trim();
        continue;
      }
      break scan;
    }
  }
  out.plusBuild = candidates.filter((c) => c.line <= headerEnd);
  return out;
}

/** A syntax error in a build expression: what, and at which character of the expression. */
export class BuildExprError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_EXPR_SIZE = 1000;

/** Parses a `//go:build` expression (go/build/constraint's grammar: `||`, `&&`, `!`, parentheses, tags); throws BuildExprError. */
export function parseBuildExpr(text: string): BuildExpr {
  let i = 0;
  let tok = '';
  let pos = 0;
  let isTag = false;
  let size = 0;
  const fail = (message: string, at: number): never => {
    throw new BuildExprError(message, at);
  };
  const lex = (): void => {
    isTag = false;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    pos = i;
    if (i >= text.length) {
      tok = '';
      return;
    }
    const c = text[i]!;
    if (c === '(' || c === ')' || c === '!') {
      tok = c;
      i++;
      return;
    }
    if (c === '&' || c === '|') {
      if (text[i + 1] !== c) fail(`invalid syntax at ${c}`, i);
      tok = c + c;
      i += 2;
      return;
    }
    const m = /^[\p{L}\p{Nd}_.]+/u.exec(text.slice(i));
    if (!m) fail(`invalid syntax at ${String.fromCodePoint(text.codePointAt(i)!)}`, i);
    tok = m![0];
    i += tok.length;
    isTag = true;
  };
  const or = (): BuildExpr => {
    let x = and();
    while (tok === '||') x = { kind: 'or', x, y: and() };
    return x;
  };
  const and = (): BuildExpr => {
    let x = not();
    while (tok === '&&') x = { kind: 'and', x, y: not() };
    return x;
  };
  const not = (): BuildExpr => {
    if (++size > MAX_EXPR_SIZE) fail('build expression too large', pos);
    lex();
    if (tok === '!') {
      lex();
      if (tok === '!') fail('double negation not allowed', pos);
      return { kind: 'not', x: atom() };
    }
    return atom();
  };
  const atom = (): BuildExpr => {
    if (tok === '(') {
      const open = pos;
      let x: BuildExpr;
      try {
        x = or();
      } catch (e) {
        if (e instanceof BuildExprError && e.message === 'unexpected end of expression') throw new BuildExprError('missing close paren', e.offset);
        throw e;
      }
      if ((tok as string) !== ')') fail('missing close paren', open);
      lex();
      return x;
    }
    if (!isTag) fail(tok === '' ? 'unexpected end of expression' : `unexpected token ${tok}`, pos);
    const name = tok;
    lex();
    return { kind: 'tag', name };
  };
  const x = or();
  if (tok !== '') fail(`unexpected token ${tok}`, pos);
  return x;
}

/** A `// +build` expression: space-separated options (any holds), each a comma-separated list (all hold) of `tag` or `!tag`. */
export function parsePlusBuildExpr(text: string): BuildExpr | undefined {
  let x: BuildExpr | undefined;
  let size = 0;
  for (const clause of text.split(/\s+/).filter(Boolean)) {
    let y: BuildExpr | undefined;
    for (let lit of clause.split(',')) {
      let z: BuildExpr;
      if (lit.startsWith('!!') || lit === '!') z = { kind: 'tag', name: 'ignore' };
      else {
        const neg = lit.startsWith('!');
        if (neg) lit = lit.slice(1);
        z = { kind: 'tag', name: /^[\p{L}\p{Nd}_.]+$/u.test(lit) ? lit : 'ignore' };
        if (neg) z = { kind: 'not', x: z };
      }
      if (y && ++size > 100) return undefined;
      y = y ? { kind: 'and', x: y, y: z } : z;
    }
    if (x && ++size > 100) return undefined;
    x = x ? { kind: 'or', x, y: y! } : y;
  }
  return x ?? { kind: 'tag', name: 'ignore' };
}

export function evalBuildExpr(x: BuildExpr, target: BuildTarget): boolean {
  switch (x.kind) {
    case 'tag':
      return matchTag(x.name, target);
    case 'not':
      return !evalBuildExpr(x.x, target);
    case 'and':
      return evalBuildExpr(x.x, target) && evalBuildExpr(x.y, target);
    case 'or':
      return evalBuildExpr(x.x, target) || evalBuildExpr(x.y, target);
  }
}

/** The verdict on one file: built or not, or a problem Go reports (an unparsable or second //go:build line). */
export type FileVerdict = { build: boolean; problem?: undefined } | { build: false; problem: { line: number; col: number; message: string } };

/**
 * go/build's decision for one file: its name, then its //go:build line (or
 * its +build lines), then cgo.
 */
export function shouldBuild(name: string, constraints: FileConstraints, importsC: boolean, target: BuildTarget): FileVerdict {
  if (constraints.duplicateGoBuild !== undefined)
    return { build: false, problem: { line: constraints.duplicateGoBuild, col: 1, message: 'multiple //go:build lines' } };
  if (!matchFileName(name, target)) return { build: false };
  const { goBuild } = constraints;
  if (goBuild) {
    let x: BuildExpr;
    try {
      x = parseBuildExpr(goBuild.text);
    } catch (e) {
      if (!(e instanceof BuildExprError)) throw e;
      return { build: false, problem: { line: goBuild.line, col: 1, message: `cannot parse the //go:build line: ${e.message}` } };
    }
    if (!evalBuildExpr(x, target)) return { build: false };
  } else {
    for (const plus of constraints.plusBuild) {
      const x = parsePlusBuildExpr(plus.text);
      if (x && !evalBuildExpr(x, target)) return { build: false };
    }
  }
  return { build: !importsC || target.cgo };
}

/**
 * What makes a file built for some targets only, for messages (`//go:build linux`,
 * `the file-name suffix _windows`, `import "C"`); undefined when every target builds it.
 */
export function constraintSummary(name: string, constraints: FileConstraints, importsC: boolean): string | undefined {
  const parts: string[] = [];
  if (hasTargetSuffix(name)) parts.push(`the file-name suffix ${name.slice(name.indexOf('_')).replace(/\..*$/, '')}`);
  if (constraints.goBuild) parts.push(`//go:build ${constraints.goBuild.text}`);
  else for (const p of constraints.plusBuild) parts.push(`// +build ${p.text}`);
  if (importsC) parts.push('import "C"');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** `GOOS=linux GOARCH=amd64 CGO_ENABLED=1 tags=a,b`, for messages. */
export function describeTarget(target: BuildTarget): string {
  return `GOOS=${target.goos} GOARCH=${target.goarch} CGO_ENABLED=${target.cgo ? 1 : 0}${target.tags.length > 0 ? ` --tags ${target.tags.join(',')}` : ''}`;
}
