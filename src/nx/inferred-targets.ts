import * as path from 'node:path';
import type { TargetConfiguration } from '@nx/devkit';
import { type AnyGenerator, fileOption } from '../emit/generator';
import { GENERATORS, type GeneratorName, type GeneratorOptions, outputFilesOf, perRootGenerators, sharedName } from '../emit/generators';
import { BUILD_TARGET_ENV } from '../workspace/package-locator';
import { fwInstalledName } from './package-info';
import { type FwPluginOptions, targetNameOption } from './plugin-options';
import type { ProjectAnalysis } from './project-analysis';
import { FwNxError } from './nx-error';

type Input = NonNullable<TargetConfiguration['inputs']>[number];

/** `{projectRoot}/…` for a workspace-relative path inside the project, `{workspaceRoot}/…` otherwise. */
function tokenPath(projectRoot: string, wsPath: string): string {
  const rel = projectRoot === '.' ? wsPath : path.posix.relative(projectRoot, wsPath);
  const [token, rest] = rel === '..' || rel.startsWith('../') ? ['{workspaceRoot}', wsPath] : ['{projectRoot}', rel];
  return rest === '' || rest === '.' ? token : `${token}/${rest}`;
}

/** Where gen-client (or gen-openapi) writes, relative to the workspace root, from the `clientFile` (`openapiFile`) plugin option. */
export function resolveClientFile(projectRoot: string, projectName: string, clientFile: string, option = 'clientFile'): string {
  const named = clientFile.replaceAll('{projectName}', projectName);
  const resolved = named.startsWith('{workspaceRoot}/')
    ? path.posix.normalize(named.slice('{workspaceRoot}/'.length))
    : path.posix.join(projectRoot, named.replace(/^\{projectRoot\}\//, ''));
  if (resolved === '..' || resolved.startsWith('../')) {
    throw new FwNxError(
      'FW8008',
      `the "fw" plugin's ${option} ${JSON.stringify(clientFile)} points outside the workspace for project ${projectName}`,
      'use a path inside the workspace',
    );
  }
  return resolved;
}

/** The Go files fw generates for these roots (workspace-relative): what the inputs and the plugin's own cache leave out. */
export function generatedGoFiles(projectRoot: string, roots: readonly string[]): string[] {
  const outputs = outputFilesOf(projectRoot, roots, {}, perRootGenerators());
  return Object.values(outputs).flat();
}

/**
 * The cache inputs shared by the three targets: the Go files generation
 * reads and fw.json beside the roots' go.mod, minus tests and minus every generated file (otherwise running one
 * target would invalidate the others' cache), plus the build target's
 * environment variables and fw's own version.
 */
function goInputs(projectRoot: string, analysis: ProjectAnalysis): Input[] {
  const tok = (p: string) => tokenPath(projectRoot, p);
  const sources = analysis.precise ? analysis.goDirs.map((d) => `${tok(d)}/*.go`) : ['{projectRoot}/**/*.go'];
  const generated = generatedGoFiles(projectRoot, analysis.roots).map((f) => `!${tok(f)}`);
  // fw's own version is not named as an externalDependency: without a lock
  // file (or with an alias Nx does not resolve) Nx fails on a missing external
  // node. Left out, Nx hashes every external dependency, fw's version included.
  return [
    ...sources,
    ...analysis.goModFiles.map(tok),
    // Named whether it exists or not: adding it changes the hash too.
    ...analysis.configFiles.map(tok),
    // go.sum, go.work, go.work.sum, vendor/modules.txt: which versions of dependencies are read.
    ...analysis.moduleFiles.map(tok),
    '!{projectRoot}/**/*_test.go',
    ...generated,
    // The target files are selected for (docs/annotations.md, build constraints), and packages found (docs/type-mapping.md).
    ...BUILD_TARGET_ENV.map((env) => ({ env })),
    // The standard library read is the installed Go's ("none" without Go, so that hashing never fails).
    { runtime: 'go env GOVERSION || echo none' },
  ];
}

/** A generator's summary as a target's description ('Generate router.go and …'). */
function describe(generator: AnyGenerator): string {
  return generator.summary.charAt(0).toUpperCase() + generator.summary.slice(1);
}

/**
 * The targets of a project holding root handler packages: one per generator
 * (gen-router, gen-url-helper, gen-client, and gen-openapi when the plugin
 * options name its file: a generator with an output file gets a target when
 * its file is known), gen-all and the never-cached check-generated. Pure:
 * everything it needs comes from the analysis.
 */
export function fwTargets(
  projectRoot: string,
  projectName: string,
  analysis: ProjectAnalysis,
  options: FwPluginOptions,
  list: readonly AnyGenerator[] = GENERATORS,
): Record<string, TargetConfiguration> {
  const plugin = options as Record<string, unknown>;
  // Each generator's options from the plugin options: output files workspace-relative (resolved), then relative to the project for its executor.
  const selected: AnyGenerator[] = [];
  const files: Record<GeneratorName, Record<string, unknown>> = {};
  const executorOptions: Record<GeneratorName, Record<string, unknown>> = {};
  for (const generator of list) {
    const own: Record<string, unknown> = {};
    const forExecutor: Record<string, unknown> = {};
    for (const o of generator.options) {
      const value = o.plugin ? plugin[o.plugin] : undefined;
      if (value === undefined) continue;
      if (o.kind === 'file') {
        own[o.name] = resolveClientFile(projectRoot, projectName, value as string, o.plugin);
        forExecutor[o.name] = path.posix.relative(projectRoot, own[o.name] as string);
      } else if (value !== o.default) {
        own[o.name] = forExecutor[o.name] = value;
      }
    }
    const file = fileOption(generator);
    if (file && own[file.name] === undefined) continue;
    selected.push(generator);
    files[generator.name] = own;
    executorOptions[generator.name] = forExecutor;
  }
  const outputs = outputFilesOf(projectRoot, analysis.roots, files as GeneratorOptions, list);
  const inputs = goInputs(projectRoot, analysis);
  const target = (executor: string, outputs: string[], description: string, executorOptions: Record<string, unknown>): TargetConfiguration => ({
    executor: `${fwInstalledName()}:${executor}`,
    options: executorOptions,
    cache: true,
    inputs,
    outputs: outputs.map((f) => tokenPath(projectRoot, f)),
    metadata: { description, technologies: ['go'] },
  });
  // fw:all and fw:check take every generator's options by their shared names (fw:all's `openapi`).
  const shared = Object.fromEntries(
    selected.flatMap((g) =>
      g.options.filter((o) => executorOptions[g.name]![o.name] !== undefined).map((o) => [sharedName(o), executorOptions[g.name]![o.name]]),
    ),
  );
  const targets: Record<string, TargetConfiguration> = {};
  for (const g of selected) targets[targetNameOption(plugin, g.name)] = target(g.name, outputs[g.name]!, describe(g), executorOptions[g.name]!);
  targets[targetNameOption(plugin, 'all')] = target(
    'all',
    selected.flatMap((g) => outputs[g.name]!),
    `Generate ${selected.map((g) => g.name).join(', ')} from one read of the Go files`,
    shared,
  );
  // Never cached: a check answered from the cache would pass without looking.
  targets[targetNameOption(plugin, 'check')] = {
    executor: `${fwInstalledName()}:check`,
    options: shared,
    cache: false,
    metadata: {
      description: `Check, writing nothing, that the files of ${selected.map((g) => g.name).join(', ')} are up to date (the CI gate)`,
      technologies: ['go'],
    },
  };
  return targets;
}
