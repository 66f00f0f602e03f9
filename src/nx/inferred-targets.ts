import * as path from 'node:path';
import type { TargetConfiguration } from '@nx/devkit';
import type { GeneratorName } from '../generate';
import { outputFiles } from '../workspace/outputs';
import { GO_LOOKUP_ENV } from '../workspace/package-locator';
import { fwInstalledName } from './package-info';
import type { FwPluginOptions } from './plugin-options';
import type { ProjectAnalysis } from './project-analysis';

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
    throw new Error(
      `the "fw" plugin's ${option} ${JSON.stringify(clientFile)} points outside the workspace for project ${projectName} (use a path inside the workspace)`,
    );
  }
  return resolved;
}

/** The files each generator writes for these roots (workspace-relative), per DESIGN §4. */
function outputsOf(projectRoot: string, roots: readonly string[], clientFile: string, openapiFile?: string): Record<GeneratorName | 'all', string[]> {
  const outputs = outputFiles(projectRoot, roots, clientFile, openapiFile);
  return { ...outputs, all: [...outputs.router, ...outputs['url-helper'], ...outputs.client, ...outputs.openapi] };
}

/** The Go files fw generates for these roots (workspace-relative): what the inputs and the plugin's own cache leave out. */
export function generatedGoFiles(projectRoot: string, roots: readonly string[]): string[] {
  const outputs = outputsOf(projectRoot, roots, '');
  return [...outputs.router, ...outputs['url-helper']];
}

/** The environment variables that decide which Go files go build (and so fw) reads, and where it finds packages outside the workspace. */
const BUILD_TARGET_ENV = ['GOOS', 'GOARCH', 'CGO_ENABLED', ...GO_LOOKUP_ENV];

/**
 * The cache inputs shared by the three targets: the Go files generation
 * reads and fw.json beside the roots' go.mod, minus tests and minus every generated file (otherwise running one
 * target would invalidate the others' cache), plus the build target's
 * environment variables and fw's own version.
 */
function goInputs(projectRoot: string, analysis: ProjectAnalysis, outputs: Record<GeneratorName | 'all', string[]>): Input[] {
  const tok = (p: string) => tokenPath(projectRoot, p);
  const sources = analysis.precise ? analysis.goDirs.map((d) => `${tok(d)}/*.go`) : ['{projectRoot}/**/*.go'];
  const generated = [...outputs.router, ...outputs['url-helper']].map((f) => `!${tok(f)}`);
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

const descriptions: Record<GeneratorName | 'all', string> = {
  all: 'Generate router.go, registry.go, the Go URL helper and the TypeScript client from one read of the Go files',
  router: 'Generate router.go (net/http ServeMux) and registry.go from fw:http_route annotations',
  'url-helper': 'Generate the Go URL helper package (urlhelper/urlhelper.go) from fw:http_route annotations',
  client: 'Generate the Zod-validated TypeScript client from fw:http_route annotations',
  openapi: 'Generate the OpenAPI 3.1 document from fw:http_route annotations',
};

/**
 * The gen-router, gen-url-helper and gen-client targets (and gen-openapi when
 * the plugin options name its file) of a project holding root handler packages. Pure: everything it needs comes from the analysis.
 */
export function fwTargets(projectRoot: string, projectName: string, analysis: ProjectAnalysis, options: FwPluginOptions): Record<string, TargetConfiguration> {
  const clientFile = resolveClientFile(projectRoot, projectName, options.clientFile);
  const openapiFile = options.openapiFile ? resolveClientFile(projectRoot, projectName, options.openapiFile, 'openapiFile') : undefined;
  const outputs = outputsOf(projectRoot, analysis.roots, clientFile, openapiFile);
  const inputs = goInputs(projectRoot, analysis, outputs);
  const target = (generator: GeneratorName | 'all', executorOptions: Record<string, unknown>): TargetConfiguration => ({
    executor: `${fwInstalledName()}:${generator}`,
    options: executorOptions,
    cache: true,
    inputs,
    outputs: outputs[generator].map((f) => tokenPath(projectRoot, f)),
    metadata: { description: descriptions[generator], technologies: ['go'] },
  });
  const file = path.posix.relative(projectRoot, clientFile);
  // The client's options: its file, and zod/mini when asked (classic is the executors' default).
  const client = options.zod === 'mini' ? { file, zod: 'mini' } : { file };
  const targets: Record<string, TargetConfiguration> = {
    [options.routerTargetName]: target('router', {}),
    [options.urlHelperTargetName]: target('url-helper', {}),
    [options.clientTargetName]: target('client', client),
    [options.allTargetName]: target('all', {
      ...client,
      ...(openapiFile ? { openapi: path.posix.relative(projectRoot, openapiFile) } : {}),
    }),
    // Never cached: a check answered from the cache would pass without looking.
    [options.checkTargetName]: {
      executor: `${fwInstalledName()}:check`,
      options: client,
      cache: false,
      metadata: { description: 'Check, writing nothing, that the generated router, URL helper and client are up to date (the CI gate)', technologies: ['go'] },
    },
  };
  // The OpenAPI document is opt-in: only a project whose plugin options name its file gets the target.
  if (openapiFile) targets[options.openapiTargetName] = target('openapi', { file: path.posix.relative(projectRoot, openapiFile) });
  return targets;
}
