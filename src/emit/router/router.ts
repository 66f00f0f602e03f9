import * as path from 'node:path';
import type { RootModel, RouteModel } from '../../model/model';
import { type Emitter, streamedFile } from '../emitter';
import { alignColumns, goString, importBlock } from '../go-source';
import { packageRuns, type Registration, RootImports, type RouterMemo } from './root-imports';
import { templatesIn } from '../templates';
import { emitRegistry } from './registry';
import { importPathDiagnostics } from '../../model/import-paths';

const render = templatesIn(__dirname);

/** router.go of one root (docs/router.md); `memo` keeps each handler package's registrations (see RootImports.derived). */
export function emitRouterFile(root: RootModel, memo?: RouterMemo): string {
  const imports = new RootImports(root);
  imports.std('net/http');
  const pkgName = root.pkg.pkg.name;
  const fields = alignColumns([
    ['Mux', '*http.ServeMux'],
    ...root.handlerTypes.map((ht): [string, string] => [ht.fieldName, `*${imports.qualifier(ht.pkg.pkg)}${ht.typeName}`]),
  ]);
  const nilChecks = [{ field: 'Mux' }, ...root.handlerTypes.map((ht) => ({ field: ht.fieldName }))].map(({ field }) => ({
    field,
    message: goString(`${pkgName}.Router: RouterParams.${field} is nil`),
  }));
  const handlerExpr = (route: RouteModel): string =>
    route.handler.kind === 'method'
      ? `p.${route.handler.handlerType.fieldName}.${route.handler.method}()`
      : `${imports.qualifier(route.handler.pkg.pkg)}${route.handler.func}()`;
  const registration = (route: RouteModel) =>
    route.methods.map((method): Registration => {
      const h = handlerExpr(route);
      const headers = route.requiredHeaders.map(goString).join(', ');
      return { pattern: goString(`${method} ${route.path.text}`), handler: headers ? `fwRequireHeaders(${h}, ${headers})` : h };
    });
  const registrations = packageRuns(root).flatMap((run) => {
    // Handler expressions name the RouterParams fields of the package's handler types.
    const fields = new Set(run.routes.map((r) => (r.handler.kind === 'method' ? r.handler.handlerType.fieldName : '')));
    return imports.derived(memo?.registrations, run.hp, run.routes, [...fields].join(' '), () => run.routes.flatMap(registration));
  });
  const requireHeaders = root.routes.some((r) => r.requiredHeaders.length > 0);
  if (requireHeaders) imports.std('encoding/json');
  return render('router.go.hbs', { pkgName, imports: importBlock(imports.lines()), fields, nilChecks, registrations, requireHeaders });
}

// Printed only when written (streamed files, ../emitter.ts): until then the model holds all they need.
export const emitRouter: Emitter<RouterMemo> = (model, ctx) => ({
  files: model.roots.flatMap((root) => [
    streamedFile(path.join(root.dir, 'router.go'), () => [emitRouterFile(root, ctx.memo)]),
    streamedFile(path.join(root.dir, 'registry.go'), () => [emitRegistry(root, ctx.memo)]),
  ]),
  diagnostics: model.roots.flatMap(importPathDiagnostics),
});
