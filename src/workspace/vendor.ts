import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Diagnostic, error, wholeFile } from '../diagnostics/diagnostics';
import { compareGoVersions, isLocalReplacement, type ModFile } from './go-mod';

/**
 * vendor/modules.txt, written by `go mod vendor`: which module versions the
 * vendor directory holds, which the main module requires explicitly, and
 * their replacements. Go compares it with go.mod before it builds from
 * vendor/, and so does fw.
 */
export interface VendoredModule {
  path: string;
  version?: string;
  /** The replacement as written after `=>` (`../x`, `example.com/y v1.0.0`). */
  replacement?: string;
  explicit: boolean;
}

export function parseModulesTxt(text: string): VendoredModule[] {
  const out: VendoredModule[] = [];
  let current: VendoredModule | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('# ')) {
      const [left, right] = line.slice(2).split(' => ');
      const [p, version] = left!.trim().split(/\s+/);
      current = { path: p!, explicit: false };
      if (version) current.version = version;
      if (right !== undefined) current.replacement = right.trim();
      out.push(current);
    } else if (line.startsWith('## ') && current) {
      if (
        line
          .slice(3)
          .split(';')
          .some((s) => s.trim() === 'explicit')
      )
        current.explicit = true;
    }
  }
  return out;
}

/** Go's rule: with no -mod flag, a main module at go 1.14 or later builds from its vendor directory when it has one (no go line counts as 1.16). */
export function usesVendor(mod: ModFile, dir: string, modFlag: string | undefined): boolean {
  if (modFlag !== undefined) return modFlag === 'vendor';
  if (compareGoVersions(mod.go ?? '1.16', '1.14') < 0) return false;
  try {
    return fs.statSync(path.join(dir, 'vendor')).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The differences Go reports as "inconsistent vendoring" between go.mod and
 * vendor/modules.txt (each at the go.mod line or the modules.txt it concerns),
 * with Go's wording; empty when they agree.
 */
export function vendorInconsistencies(mod: ModFile, modulesTxt: string): Diagnostic[] {
  const file = path.join(path.dirname(mod.file), 'vendor', 'modules.txt');
  let text: string;
  try {
    text = fs.readFileSync(modulesTxt, 'utf8');
  } catch {
    text = '';
  }
  const vendored = parseModulesTxt(text);
  const hint = 'to sync the vendor directory, run `go mod vendor`; to ignore it, use -mod=readonly or -mod=mod';
  const problem = (pos: Parameters<typeof error>[1], what: string) => error('FW1027', pos, `inconsistent vendoring: ${what}`, hint);
  const out: Diagnostic[] = [];
  // Before go 1.17 modules.txt need not mark requirements explicit; Go then checks the versions only.
  const pre117 = compareGoVersions(mod.go ?? '1.16', '1.17') < 0;
  for (const r of mod.require) {
    const v = vendored.find((m) => m.path === r.path && m.version === r.version);
    if (v ? !v.explicit && !pre117 : !pre117 || vendored.some((m) => m.path === r.path)) {
      out.push(problem(r.pos, `${r.path}@${r.version}: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt`));
    }
  }
  for (const rep of mod.replace) {
    const want = isLocalReplacement(rep.new) ? rep.new.path : `${rep.new.path} ${rep.new.version}`;
    const v = vendored.find((m) => m.path === rep.old.path && (rep.old.version === undefined || m.version === rep.old.version) && m.replacement !== undefined);
    const required = mod.require.some((r) => r.path === rep.old.path);
    const label = rep.old.version ? `${rep.old.path}@${rep.old.version}` : rep.old.path;
    if (!v && required) out.push(problem(rep.pos, `${label}: is replaced in go.mod, but not marked as replaced in vendor/modules.txt`));
    else if (v && v.replacement !== want)
      out.push(problem(rep.pos, `${label}: is replaced by ${want} in go.mod, but marked as replaced by ${v.replacement} in vendor/modules.txt`));
  }
  for (const v of vendored) {
    if (v.explicit && !mod.require.some((r) => r.path === v.path && r.version === v.version)) {
      out.push(problem(wholeFile(file), `${v.path}@${v.version ?? ''}: is marked as explicit in vendor/modules.txt, but not explicitly required in go.mod`));
    }
  }
  return out;
}
