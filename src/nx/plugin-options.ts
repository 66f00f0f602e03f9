import * as path from 'node:path';
import type { PluginConfiguration } from '@nx/devkit';
import { z } from 'zod';
import { fwInstalledName } from './package-info';

/** Target names are used on the command line (`nx run api:gen-router`), so keep them to what a shell and Nx accept unquoted. */
const targetName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_:-]*$/, 'must be a target name: letters, digits, "-", "_" or ":", starting with a letter or digit');

const clientFile = z
  .string()
  .min(1)
  .refine((f) => f.endsWith('.ts'), 'must be a path ending in .ts')
  .refine((f) => !path.posix.isAbsolute(f) && !path.win32.isAbsolute(f), 'must be relative to the project root, or start with {workspaceRoot}/');

/** The `options` of `{ "plugin": "fw" }` in nx.json. */
export const pluginOptionsSchema = z.strictObject({
  routerTargetName: targetName.default('gen-router'),
  urlHelperTargetName: targetName.default('gen-url-helper'),
  clientTargetName: targetName.default('gen-client'),
  /** The CI gate: checks all three outputs, never cached. */
  checkTargetName: targetName.default('check-generated'),
  /** The target that runs all three generators from one read of the Go files. */
  allTargetName: targetName.default('gen-all'),
  /**
   * Where gen-client writes the TypeScript client: relative to the project
   * root, or `{workspaceRoot}/...`; `{projectName}` is replaced by the
   * project's name (handy for one shared client library).
   */
  clientFile: clientFile.default('client/client.ts'),
  /** The zod the client imports: `classic` (zod) or `mini` (zod/mini, smaller bundles). */
  zod: z.enum(['classic', 'mini']).default('classic'),
  openapiTargetName: targetName.default('gen-openapi'),
  /**
   * Where gen-openapi writes the OpenAPI document (`.json`, `.yaml` or
   * `.yml`), with the same placeholders as clientFile; without it there is
   * no gen-openapi target.
   */
  openapiFile: z
    .string()
    .min(1)
    .refine((f) => /\.(json|ya?ml)$/.test(f), 'must be a path ending in .json, .yaml or .yml')
    .refine((f) => !path.posix.isAbsolute(f) && !path.win32.isAbsolute(f), 'must be relative to the project root, or start with {workspaceRoot}/')
    .optional(),
});

export type FwPluginOptions = z.output<typeof pluginOptionsSchema>;
export type FwPluginOptionsInput = z.input<typeof pluginOptionsSchema>;

/** Defaults applied and checked; throws one error that lists every problem, as nx prints it under the plugin's name. */
export function normalizePluginOptions(raw: unknown): FwPluginOptions {
  const result = pluginOptionsSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  throw new Error(`invalid options for the "fw" plugin in nx.json:\n${z.prettifyError(result.error)}`);
}

/** nx.json's registration of the fw plugin (a string or an object entry), if any. */
export function findFwPlugin(plugins: readonly PluginConfiguration[] | undefined): PluginConfiguration | undefined {
  return plugins?.find((p) => (typeof p === 'string' ? p : p.plugin) === fwInstalledName());
}
