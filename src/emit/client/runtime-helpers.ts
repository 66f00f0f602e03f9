/**
 * The client module's helpers (the zod facade of ./zod-facade.ts.hbs: the
 * schema builders, value checks and path segment escapes) are printed at
 * its end, only those its code uses: an application's tsconfig with
 * `noUnusedLocals` refuses a module that declares a function nothing calls
 * (TS6133). Function declarations are hoisted, so the schemas above may call
 * them while the module loads.
 */

/** One top-level declaration of the helpers' text, with its doc comment, and the other helpers it names. */
export interface HelperDeclaration {
  name: string;
  text: string;
  uses: string[];
}

/** The name of a top-level declaration: templates indent everything nested, doc comment lines start with a space. */
const DECLARED = /^(?:function|type|const|interface) +([A-Za-z_$][\w$]*)/m;

/** What may name a helper: `fwObject(`, `FwZ`, `FwRuleSet`. */
const HELPER_REF = /\b[fF]w[A-Z]\w*\b/g;
const HELPER_NAME = /^[fF]w[A-Z]\w*$/;

/** A whole word that is one of `decls`' names not in `named` (and of HELPER_REF's form); undefined when there is none. */
function unnamedHelpers(decls: readonly HelperDeclaration[], named: ReadonlySet<string>): RegExp | undefined {
  const left = decls.filter((d) => !named.has(d.name) && HELPER_NAME.test(d.name)).map((d) => d.name);
  return left.length === 0 ? undefined : new RegExp(`\\b(?:${left.join('|')})\\b`, 'g');
}

/** The helpers' text as declarations, in its order: each starts after a blank line, at the first column. */
export function helperDeclarations(helpers: string): HelperDeclaration[] {
  const decls = helpers
    .trim()
    .split(/\n\n(?=\S)/)
    .map((text) => {
      const name = DECLARED.exec(text)?.[1];
      if (name === undefined) throw new Error(`internal: a client helper without a declaration: ${text.slice(0, 80)}`);
      return { name, text, uses: [] as string[] };
    });
  const names = new Set(decls.map((d) => d.name));
  for (const d of decls) d.uses = [...new Set(d.text.match(HELPER_REF) ?? [])].filter((n) => n !== d.name && names.has(n));
  return decls;
}

/** Collects the helpers a module's text names, then prints the declarations it needs (those, and the helpers they use). */
export class HelperUse {
  readonly #decls: HelperDeclaration[];
  readonly #named = new Set<string>();
  /**
   * A word that is one of the helpers not named yet (undefined once all are):
   * a text is searched for these names only, so the module's 26 MB at 10k
   * routes are scanned without a match object for each call of a helper
   * already seen. Made again each time a helper is first seen.
   */
  #unnamed: RegExp | undefined;

  constructor(helpers: string) {
    this.#decls = helperDeclarations(helpers);
    this.#unnamed = unnamedHelpers(this.#decls, this.#named);
  }

  /** Notes the helpers `text` names; returns `text`. */
  see(text: string): string {
    let re = this.#unnamed;
    if (re === undefined) return text;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      this.#named.add(m[0]);
      const from = re.lastIndex;
      re = this.#unnamed = unnamedHelpers(this.#decls, this.#named);
      if (re === undefined) break;
      re.lastIndex = from;
    }
    return text;
  }

  /** The declarations of the helpers seen and of those they use, in the helpers' order, after a blank line ('' for none). */
  text(): string {
    const needed = new Set<string>();
    const byName = new Map(this.#decls.map((d) => [d.name, d]));
    const add = (name: string): void => {
      if (needed.has(name)) return;
      needed.add(name);
      for (const used of byName.get(name)!.uses) add(used);
    };
    for (const name of this.#named) add(name);
    const kept = this.#decls.filter((d) => needed.has(d.name));
    return kept.length === 0 ? '' : `\n${kept.map((d) => d.text).join('\n\n')}\n`;
  }
}
