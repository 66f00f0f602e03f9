import * as path from 'node:path';
import type { PluginConfiguration } from '@nx/devkit';
import { z } from 'zod';
import type { ZodFlavour } from '../emit/client/zod-facade';
import type { AnyGenerator, GeneratorOption } from '../emit/generator';
import { GENERATORS } from '../emit/generators';
import { fwInstalledName } from './package-info';
import { FwNxError } from './nx-error';

/** Target names are used on the command line (`nx run api:gen-router`), so keep them to what a shell and Nx accept unquoted. */
const targetName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_:-]*$/, 'must be a target name: letters, digits, "-", "_" or ":", starting with a letter or digit');

/** An output path as the plugin takes it: relative to the project root or `{workspaceRoot}/…`, with one of the generator's extensions. */
function outputFile(option: GeneratorOption) {
  const extensions = option.extensions ?? [];
  const list = extensions.length > 1 ? `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}` : extensions.join('');
  return z
    .string()
    .min(1)
    .refine((f) => extensions.length === 0 || extensions.some((e) => f.endsWith(e)), `must be a path ending in ${list}`)
    .refine((f) => !path.posix.isAbsolute(f) && !path.win32.isAbsolute(f), 'must be relative to the project root, or start with {workspaceRoot}/');
}

/** The plugin option that names the target of `name` (a generator, `all` or `check`): `routerTargetName`, `urlHelperTargetName`… */
function targetNameKey(name: string): string {
  return `${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}TargetName`;
}

/** The name of the target of `name` (a generator, `all` or `check`) in these (normalized) plugin options; `gen-<name>` for a generator they do not know. */
export function targetNameOption(options: Record<string, unknown>, name: string): string {
  const named = options[targetNameKey(name)];
  return typeof named === 'string' ? named : `gen-${name}`;
}

/**
 * The plugin options each generator declares (its options with a `plugin`
 * name: the file of its target, say), and the name of its target.
 * Without a default, a file leaves the generator without a target.
 */
function generatorPluginOptions(list: readonly AnyGenerator[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const g of list) {
    // A companion (the query helpers) has no target of its own: its generator's target writes it.
    if (!g.companionOf) shape[targetNameKey(g.name)] = targetName.default(`gen-${g.name}`);
    for (const o of g.options) {
      if (!o.plugin) continue;
      const base: z.ZodType =
        o.kind === 'file' ? outputFile(o) : o.kind === 'boolean' ? z.boolean() : o.choices ? z.enum(o.choices as [string, ...string[]]) : z.string();
      const value = o.pluginDefault ?? o.default;
      shape[o.plugin] = value === undefined ? base.optional() : base.default(value);
    }
  }
  return shape;
}

/**
 * The `options` of `{ "plugin": "fw" }` in nx.json: each generator's target
 * name and options (see generatorPluginOptions: `clientFile`, `zod`,
 * `openapiFile`…), and the names of the gen-all and check-generated
 * targets. `{projectName}` in a file is replaced by the project's name
 * (handy for one shared client library).
 */
export const pluginOptionsSchema = z.strictObject({
  ...generatorPluginOptions(GENERATORS),
  /** The CI gate: checks every output, never cached. */
  checkTargetName: targetName.default('check-generated'),
  /** The target that runs every generator from one read of the Go files. */
  allTargetName: targetName.default('gen-all'),
});

/** The plugin options, normalized: target names, and each generator's plugin options. */
export interface FwPluginOptions {
  routerTargetName: string;
  urlHelperTargetName: string;
  clientTargetName: string;
  openapiTargetName: string;
  checkTargetName: string;
  allTargetName: string;
  clientFile: string;
  zod: ZodFlavour;
  openapiFile?: string;
  /** TanStack Query helpers beside the client (gen-client also writes `<client>.query.ts`). */
  query?: boolean;
  [option: string]: unknown;
}

/** The plugin options as nx.json may give them (every one optional). */
export type FwPluginOptionsInput = Partial<FwPluginOptions>;

/** Defaults applied and checked; throws one error that lists every problem, as nx prints it under the plugin's name. */
export function normalizePluginOptions(raw: unknown): FwPluginOptions {
  const result = pluginOptionsSchema.safeParse(raw ?? {});
  if (result.success) return result.data as FwPluginOptions;
  throw new FwNxError('FW8007', 'invalid options for the "fw" plugin in nx.json', 'fix each problem listed below', z.prettifyError(result.error).split('\n'));
}
/** nx.json's registration of the fw plugin (a string or an object entry), if any. */
export function findFwPlugin(plugins: readonly PluginConfiguration[] | undefined): PluginConfiguration | undefined {
  return plugins?.find((p) => (typeof p === 'string' ? p : p.plugin) === fwInstalledName());
}

/** The name of the target of `name` as nx.json's registration of the fw plugin sets it (the default when its options are invalid). */
export function registeredTargetName(plugins: readonly PluginConfiguration[] | undefined, name: string): string {
  const entry = findFwPlugin(plugins);
  const options = pluginOptionsSchema.safeParse(typeof entry === 'object' ? (entry.options ?? {}) : {});
  return targetNameOption(options.success ? options.data : pluginOptionsSchema.parse({}), name);
}
