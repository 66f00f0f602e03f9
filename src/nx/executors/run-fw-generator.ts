import * as path from 'node:path';
import { type ExecutorContext, logger } from '@nx/devkit';
import { type Diagnostic, formatDiagnostic } from '../../diagnostics/diagnostics';
import { generateAndWrite } from '../../generate';
import type { GeneratorName } from '../../generate';
import { defaultCacheDir } from '../../workspace/cache-dir';

/** The options every fw executor shares; they mirror the CLI's flags. Paths are relative to the project root. */
export interface FwExecutorOptions {
  /** Root handler packages to generate for (directory base name or path relative to the project root); all when empty. */
  packages?: string[];
  /** Compare only: write nothing and fail when a generated file is missing or out of date. */
  check?: boolean;
  /** Overwrite files that do not carry the generated header. */
  force?: boolean;
  /** The output file of the TypeScript client or the OpenAPI document, relative to the project root (client and openapi only). */
  file?: string;
  /** all only: the output file of the OpenAPI document, relative to the project root (none without it). */
  openapi?: string;
  /** openapi and all: `info.title`, `info.version`, `servers[].url` of the document. */
  title?: string;
  version?: string;
  servers?: string[];
}

export interface FwExecutorResult {
  success: boolean;
}

function projectRootOf(context: ExecutorContext): string {
  const name = context.projectName;
  const project = name ? context.projectsConfigurations.projects[name] : undefined;
  if (!project) throw new Error(`fw: the executor must run as a target of a project (got project ${JSON.stringify(name)})`);
  return project.root;
}

/** Prints diagnostics as the CLI does, with paths relative to the workspace root (where `nx` was run from). */
function printDiagnostics(diagnostics: readonly Diagnostic[], workspaceRoot: string): void {
  for (const d of diagnostics) {
    const text = formatDiagnostic(d, workspaceRoot);
    if (d.severity === 'error') logger.error(text);
    else logger.warn(text);
  }
}

function relativePaths(files: readonly string[], workspaceRoot: string): string {
  return files.map((f) => path.relative(workspaceRoot, f).split(path.sep).join('/')).join(', ');
}

/**
 * The body of the router, url-helper, client, openapi and all executors: one
 * in-process generate() for the project's root handler packages (the parse
 * cache under the workspace's node_modules/.cache/fw), then the shared
 * writer. `all` is the router and the URL helper, the client when `file`
 * is given and the OpenAPI document when `openapi` is. Any error diagnostic, refusal or (with `check`) stale file fails the target.
 */
export async function runFwGenerator(
  generator: GeneratorName | 'all',
  options: FwExecutorOptions,
  context: ExecutorContext,
): Promise<FwExecutorResult> {
  const cwd = path.join(context.root, projectRootOf(context));
  const generators: GeneratorName[] = generator !== 'all' ? [generator] : ['router', 'url-helper'];
  if (generator === 'all' && options.file) generators.push('client');
  if (generator === 'all' && options.openapi) generators.push('openapi');
  const openapiFile = generator === 'openapi' ? options.file : generator === 'all' ? options.openapi : undefined;
  const { report, diagnostics, failure } = await generateAndWrite(
    {
      cwd,
      generators,
      packages: options.packages ?? [],
      clientFile: generators.includes('client') ? options.file : undefined,
      openapi: openapiFile ? { file: openapiFile, title: options.title, version: options.version, servers: options.servers } : undefined,
      cacheDir: defaultCacheDir(context.root),
    },
    { check: options.check, force: options.force },
  );
  printDiagnostics(diagnostics, context.root);
  if (failure === 'errors' || failure === 'refused') return { success: false };
  if (failure === 'stale') {
    logger.error(`fw ${generator}: out of date: ${relativePaths(report.stale, context.root)} (run the target without --check to regenerate)`);
    return { success: false };
  }
  if (options.check) {
    logger.info(`fw ${generator}: ${report.unchanged.length} file(s) up to date`);
    return { success: true };
  }
  logger.info(`fw ${generator}: ${report.written.length} written, ${report.unchanged.length} unchanged`);
  return { success: true };
}
