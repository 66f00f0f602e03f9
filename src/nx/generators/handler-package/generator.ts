import * as fs from 'node:fs';
import * as path from 'node:path';
import { type GeneratorCallback, type Tree, formatFiles, joinPathFragments, logger, readNxJson } from '@nx/devkit';
import Handlebars from 'handlebars';
import { DEFAULT_RUNTIME_DIR } from '../../../runtime/scaffold';
import { registeredTargetName } from '../../plugin-options';
import { checkDirectory, chooseGoProject } from '../go-projects';
import { ensureRuntimeInTree } from '../runtime-in-tree';
import type { HandlerPackageGeneratorOptions } from './schema';
import { FwNxError } from '../../nx-error';

/** The files of a new root handler package, rendered from ./files/<name>.hbs. */
const PACKAGE_FILES = ['router.go', 'registry.go', 'handler_health.go'] as const;

interface PackageView {
  /** Go package and directory name, e.g. `v2handler`. */
  pkgName: string;
  /** Path of the example route, e.g. `/v2/health`. */
  healthPath: string;
}

interface FilesView extends PackageView {
  /** Import path of the fwhttp runtime package, e.g. `example.com/api/internal/fwhttp`. */
  runtimeImport: string;
}

function render(file: string, view: FilesView): string {
  const source = fs.readFileSync(path.join(__dirname, 'files', `${file}.hbs`), 'utf8');
  return Handlebars.compile(source, { noEscape: true, strict: true })(view);
}

/** `v2` → v2handler serving /v2/health; `adminhandler` stays as it is and serves /admin/health. */
export function packageView(name: string): PackageView {
  if (!/^[a-z][a-z0-9]*$/.test(name)) {
    throw new FwNxError('FW8009', `invalid handler package name ${JSON.stringify(name)}`, 'use lower-case letters and digits, starting with a letter, e.g. v2');
  }
  const base = name.endsWith('handler') ? name.slice(0, -'handler'.length) : name;
  return { pkgName: `${base}handler`, healthPath: base ? `/${base}/health` : '/health' };
}

/** The router target's name as the workspace's fw plugin options set it. */
function routerTargetName(tree: Tree): string {
  return registeredTargetName(readNxJson(tree)?.plugins, 'router');
}

/**
 * `nx g fw:handler-package v2 --project api`: creates
 * `<projectRoot>/internal/v2handler/` with router.go and registry.go exactly
 * as `fw g router` generates them for the example handler (so the package
 * compiles at once), and the annotated example handler_health.go, which uses
 * the fwhttp runtime (scaffolded into the project when it is missing).
 */
export async function handlerPackageGenerator(tree: Tree, options: HandlerPackageGeneratorOptions): Promise<GeneratorCallback> {
  const view = packageView(options.name);
  const project = await chooseGoProject(tree, options.project, 'Which Go project should get the handler package?');
  const dir = joinPathFragments(project.root, checkDirectory('directory', options.directory ?? 'internal'), view.pkgName);
  if (tree.exists(dir)) {
    throw new FwNxError('FW8010', `${dir} already exists; refusing to overwrite a handler package`, 'pick another name or remove it first');
  }
  const runtimeDirectory = checkDirectory('runtimeDirectory', options.runtimeDirectory ?? DEFAULT_RUNTIME_DIR);
  const runtimeImport = ensureRuntimeInTree(tree, project.root, runtimeDirectory);
  for (const file of PACKAGE_FILES) tree.write(joinPathFragments(dir, file), render(file, { ...view, runtimeImport }));
  if (!options.skipFormat) await formatFiles(tree);
  return () => {
    logger.info(`fw: created ${dir}; add handlers there, then run: nx run ${project.name}:${routerTargetName(tree)}`);
  };
}

export default handlerPackageGenerator;
