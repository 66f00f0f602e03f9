import * as fs from 'node:fs';
import type { Pos } from '../diagnostics/diagnostics';

/**
 * Reads go.mod and go.work files: the directives that decide where the go
 * command finds a package (module, go, require, replace, use). Both files
 * share one syntax: a verb and its arguments per line, or a verb and a
 * parenthesised block of argument lines; `//` starts a comment.
 */

/** One statement: its verb, its arguments (quotes removed), the trailing comment, and where each argument starts. */
interface ModLine {
  verb: string;
  args: string[];
  argPos: Pos[];
  comment: string;
}

export interface ModuleVersion {
  path: string;
  /** Absent for a replacement by a directory, or a replace that applies to every version. */
  version?: string;
}

export interface Replace {
  old: ModuleVersion;
  /** A module at a version, or a directory (no version; starts with ./, ../ or /). */
  new: ModuleVersion;
  /** Where the replacement is written (its right-hand side). */
  pos: Pos;
}

export interface Require extends Required<ModuleVersion> {
  indirect: boolean;
  pos: Pos;
}

export interface ModFile {
  file: string;
  module?: string;
  /** The `go` line, e.g. `1.22` or `1.22.3`; absent when there is none. */
  go?: string;
  require: Require[];
  replace: Replace[];
  /** go.work only: the directories of `use` lines as written. */
  use: { dir: string; pos: Pos }[];
}

/** Splits a line into tokens: words and Go-quoted strings (interpreted or raw), with their columns. */
function tokens(line: string): { text: string; col: number }[] {
  const out: { text: string; col: number }[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|`([^`]*)`|([^\s"`]+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    let text = m[3] ?? m[2] ?? '';
    if (m[1] !== undefined) {
      try {
        text = JSON.parse(`"${m[1]}"`) as string;
      } catch {
        text = m[1];
      }
    }
    out.push({ text, col: m.index + 1 });
  }
  return out;
}

function parseLines(file: string, text: string): ModLine[] {
  const out: ModLine[] = [];
  let block: string | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const cut = commentStart(raw);
    const code = raw.slice(0, cut);
    const comment = cut < raw.length ? raw.slice(cut + 2).trim() : '';
    const toks = tokens(code);
    if (toks.length === 0) return;
    const pos = (t: { col: number }): Pos => ({ file, line: i + 1, col: t.col });
    if (block !== undefined) {
      if (toks.length === 1 && toks[0]!.text === ')') {
        block = undefined;
        return;
      }
      out.push({ verb: block, args: toks.map((t) => t.text), argPos: toks.map(pos), comment });
      return;
    }
    const [verb, ...rest] = toks;
    if (rest.length === 1 && rest[0]!.text === '(') {
      block = verb!.text;
      return;
    }
    out.push({ verb: verb!.text, args: rest.map((t) => t.text), argPos: rest.map(pos), comment });
  });
  return out;
}

/** Where a `//` comment starts outside quotes (the line's length when there is none). */
function commentStart(line: string): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') return i;
  }
  return line.length;
}

/** `old [v] => new [v]`; undefined when the line is not of that form. */
function parseReplace(line: ModLine): Replace | undefined {
  const arrow = line.args.indexOf('=>');
  if (arrow < 1 || arrow > 2 || line.args.length - arrow - 1 < 1 || line.args.length - arrow - 1 > 2) return undefined;
  const old: ModuleVersion = { path: line.args[0]! };
  if (arrow === 2) old.version = line.args[1]!;
  const repl: ModuleVersion = { path: line.args[arrow + 1]! };
  if (line.args.length - arrow - 1 === 2) repl.version = line.args[arrow + 2]!;
  return { old, new: repl, pos: line.argPos[arrow + 1]! };
}

export function parseModFile(file: string, text: string): ModFile {
  const mod: ModFile = { file, require: [], replace: [], use: [] };
  for (const line of parseLines(file, text)) {
    switch (line.verb) {
      case 'module':
        if (line.args[0]) mod.module = line.args[0];
        break;
      case 'go':
        if (line.args[0]) mod.go = line.args[0];
        break;
      case 'require':
        if (line.args.length === 2) {
          mod.require.push({ path: line.args[0]!, version: line.args[1]!, indirect: /^indirect\b/.test(line.comment), pos: line.argPos[0]! });
        }
        break;
      case 'replace': {
        const r = parseReplace(line);
        if (r) mod.replace.push(r);
        break;
      }
      case 'use':
        if (line.args[0]) mod.use.push({ dir: line.args[0], pos: line.argPos[0]! });
        break;
    }
  }
  return mod;
}

/** Reads and parses a go.mod or go.work file; undefined when it is not a readable regular file. */
export function readModFile(file: string): ModFile | undefined {
  try {
    if (!fs.statSync(file).isFile()) return undefined;
    return parseModFile(file, fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A replacement by a directory rather than a module version (Go's rule: a path starting with ./, ../ or /). */
export function isLocalReplacement(r: ModuleVersion): boolean {
  return r.version === undefined && (/^\.\.?([/\\]|$)/.test(r.path) || /^([/\\]|[A-Za-z]:[/\\])/.test(r.path));
}

/** Compares Go versions such as `1.14`, `1.21.3`, `1.22rc1` by their numbers (negative when a < b). */
export function compareGoVersions(a: string, b: string): number {
  const nums = (v: string) => v.split(/[.a-z]+/).map((n) => Number(n) || 0);
  const x = nums(a);
  const y = nums(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Orders module versions as semantic versions (`v1.2.3`, `v1.2.3-pre`, `+incompatible` ignored); negative when a < b. */
export function compareSemver(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([^+]*))?/.exec(v);
    return m ? { nums: [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)], pre: m[4] } : { nums: [0, 0, 0], pre: v };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i]! - y.nums[i]!;
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  const xs = x.pre.split('.');
  const ys = y.pre.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    const p = xs[i];
    const q = ys[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}
