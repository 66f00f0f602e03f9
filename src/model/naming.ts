/** Naming rules shared by the model and the emitters. */

/** Go's rule: the first character is an upper-case letter (Unicode category Lu, as unicode.IsUpper). */
export function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/**
 * The identifier sanitizer: every name fw derives from a directory goes
 * through it. Any text → its words in PascalCase, where a word is a run of
 * letters and decimal digits (Unicode: what both Go and TypeScript accept in
 * identifiers) and everything else separates words: `admin/billing-v2` →
 * `AdminBillingV2`, `v3+x` → `V3X`, `über/straße` → `ÜberStraße`, `a\nb` →
 * `AB`. Callers check that the result is not empty and does not start with a
 * digit, and report clashes.
 */
export function pascalCasePath(text: string): string {
  return text
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter(Boolean)
    .map(upperFirst)
    .join('');
}

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function lowerFirst(s: string): string {
  // Keep initialisms readable: `URLs` → `urls`, `HTTPStatus` → `httpStatus`, `ID` → `id`.
  const plural = /^([A-Z]{2,})s(?![a-z])/.exec(s);
  if (plural) return plural[1]!.toLowerCase() + s.slice(plural[1]!.length);
  const m = /^[A-Z]+(?=[A-Z][a-z]|$|[^A-Za-z])/.exec(s);
  if (m && m[0].length > 1) return m[0].toLowerCase() + s.slice(m[0].length);
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * Group name of a handler type: the type name without a `Handler`
 * suffix, prefixed by the subfolder path in PascalCase: `UserHandler` →
 * `User`; in `admin`: `AdminUser`. The last subfolder segment is not repeated
 * when the name already starts with it as a whole word (followed by the end,
 * an upper-case letter or a digit): `pulls/PullsHandler` → `Pulls`,
 * `admin/AdminUserHandler` → `AdminUser`, but `admin/AdministratorHandler`
 * → `AdminAdministrator`.
 */
export function groupNameForType(typeName: string, relDir: string): string {
  const base = upperFirst(typeName.endsWith('Handler') && typeName.length > 'Handler'.length ? typeName.slice(0, -'Handler'.length) : typeName);
  const segments = relDir.split('/').filter(Boolean);
  const last = pascalCasePath(segments[segments.length - 1] ?? '');
  if (last !== '' && base.startsWith(last) && /^(?:$|[\p{Lu}\p{Nd}])/u.test(base.slice(last.length))) {
    return pascalCasePath(segments.slice(0, -1).join('/')) + base;
  }
  return pascalCasePath(relDir) + base;
}

/** Group name of package-level function handlers: `Root` in the root package, the subfolder path in PascalCase otherwise. */
export function groupNameForFunctions(relDir: string): string {
  return relDir === '' ? 'Root' : pascalCasePath(relDir);
}

/**
 * Import names for packages a generated file refers to: each package's own
 * name, with a number appended (`models2`) when it is taken by another
 * package or by a name the file reserves. Assigned in import path order, so
 * the result does not depend on the order packages were met.
 */
export function uniqueImportNames(packages: ReadonlyMap<string, string>, reserved: Iterable<string>): Map<string, string> {
  const taken = new Set(reserved);
  const names = new Map<string, string>();
  for (const importPath of [...packages.keys()].sort()) {
    const base = packages.get(importPath)!;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    names.set(importPath, name);
  }
  return names;
}
