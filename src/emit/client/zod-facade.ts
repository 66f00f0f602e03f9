import { BROKEN_RULE_BODY } from '../rule-check';
import { templatesIn } from '../templates';
import { helperDeclarations } from './runtime-helpers';

const render = templatesIn(__dirname);

/** Which zod the client imports: `zod` (classic, methods on schemas) or `zod/mini` (functions only, smaller bundles). */
export type ZodFlavour = 'classic' | 'mini';

/** How the client's schemas are built and typed. */
export interface ZodFacadeOptions {
  zod: ZodFlavour;
  /**
   * fw's own tests only: the facade functions become generic pass-throughs
   * to zod and `fwSchema<T>()` checks each schema against its TypeScript
   * type both ways. The schemas' text stays the same.
   */
  verifySchemaTypes?: boolean;
}

/** The module zod is imported from. */
export function zodModule(zod: ZodFlavour): string {
  return zod === 'mini' ? 'zod/mini' : 'zod';
}

/** The type of a schema: `z.ZodType` or `z.ZodMiniType` (with `<Output, Input>` after it). */
export function zodSchemaType(zod: ZodFlavour): string {
  return zod === 'mini' ? 'z.ZodMiniType' : 'z.ZodType';
}

/**
 * The functions every printed schema calls (`fwObject`, `fwOptional`,
 * `fwInt`, … see ./zod-schema.ts), declared in the client module. By
 * default they are typed without generics (a schema in, `FwZ` out): tsc
 * then infers nothing per schema, which is what makes the client cheap to
 * type-check. They must stay function declarations: a reference to a
 * top-level `const` makes tsc walk the module's control flow back to it.
 */
export function zodFacade(options: ZodFacadeOptions): string {
  const verify = options.verifySchemaTypes === true;
  return render('zod-facade.ts.hbs', {
    verify,
    mini: options.zod === 'mini',
    zodType: zodSchemaType(options.zod),
    ret: verify ? '' : ': FwZ',
    brokenRuleBody: BROKEN_RULE_BODY,
  }).trim();
}

/**
 * The same client with the verifying facade (`verifySchemaTypes`) in place of
 * the default one: for fw's tests, which type-check both from one file.
 */
export function withVerifyingFacade(client: string): string {
  const zod: ZodFlavour = client.includes(`from '${zodModule('mini')}';`) ? 'mini' : 'classic';
  // The client holds the helpers it uses (./runtime-helpers.ts): each is replaced by its verifying twin.
  const verifying = new Map(helperDeclarations(zodFacade({ zod, verifySchemaTypes: true })).map((d) => [d.name, d.text]));
  let out = client;
  let replaced = 0;
  for (const { name, text } of helperDeclarations(zodFacade({ zod }))) {
    const at = out.indexOf(text);
    if (at < 0) continue;
    if (out.indexOf(text, at + 1) >= 0 || !verifying.has(name))
      throw new Error(`internal: the client does not hold the helper ${name} once, or it has no verifying twin`);
    out = out.slice(0, at) + verifying.get(name)! + out.slice(at + text.length);
    replaced++;
  }
  if (replaced === 0) throw new Error('internal: the client holds none of the default zod facade');
  return out;
}
