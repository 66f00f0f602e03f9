import type { RootModel, RouteModel, RouteResponse } from '../../model/model';
import { alignColumns, goString, importBlock } from '../go-source';
import { packageRuns, RootImports, type RouterMemo } from './root-imports';
import { templatesIn } from '../templates';
import type { StatusMatch } from '../../annotations/types';
import type { TypeRef } from '../../go/package';

const render = templatesIn(__dirname);

/** Inclusive status bounds and the declared text of a status match. */
export function statusBounds(match: StatusMatch): { label: string; min: number; max: number } {
  switch (match.kind) {
    case 'exact':
      return { label: String(match.status), min: match.status, max: match.status };
    case 'range':
      return { label: `${match.from}-${match.to}`, min: match.from, max: match.to };
    case 'class':
      return { label: `${match.digit}xx`, min: match.digit * 100, max: match.digit * 100 + 99 };
  }
}

function goStringList(values: readonly string[]): string {
  return `[]string{${values.map(goString).join(', ')}}`;
}

/** registry.go of one root: the route table, usable at run time (docs/router.md); `memo` keeps each handler package's entries (see RootImports.derived). */
export function emitRegistry(root: RootModel, memo?: RouterMemo): string {
  const imports = new RootImports(root);
  const typeOf = (t: TypeRef) => {
    imports.std('reflect');
    return `reflect.TypeFor[${imports.qualifier(t.pkg)}${t.name}]()`;
  };
  const response = (r: RouteResponse): string => {
    const { label, min, max } = statusBounds(r.match);
    const parts = [`Status: ${goString(label)}`, `Min: ${min}`, `Max: ${max}`, `Kind: ${goString(r.kind)}`];
    if (r.type) parts.push(`Type: ${typeOf(r.type)}`);
    return `{${parts.join(', ')}}`;
  };
  const handlerName = (route: RouteModel) =>
    route.handler.kind === 'method'
      ? `${route.handler.handlerType.pkg.isRoot ? '' : `${route.handler.handlerType.pkg.pkg.name}.`}${route.handler.handlerType.typeName}.${route.handler.method}`
      : `${route.handler.pkg.isRoot ? '' : `${route.handler.pkg.pkg.name}.`}${route.handler.func}`;
  const entries = (route: RouteModel) =>
    route.methods.map((method) => {
      const parts = [
        `Name: ${goString(route.name)}`,
        `Group: ${goString(route.groupName)}`,
        `Method: ${goString(method)}`,
        `Pattern: ${goString(`${method} ${route.path.text}`)}`,
        `Path: ${goString(route.path.text)}`,
        `Handler: ${goString(handlerName(route))}`,
      ];
      if (route.requiredHeaders.length > 0) parts.push(`RequiredHeaders: ${goStringList(route.requiredHeaders)}`);
      if (route.request) parts.push(`Request: ${typeOf(route.request)}`);
      if (route.responses.length > 0) parts.push(`Responses: []RouteResponse{${route.responses.map(response).join(', ')}}`);
      return `{${parts.join(', ')}}`;
    });
  const routes = packageRuns(root).flatMap((run) => imports.derived(memo?.entries, run.hp, run.routes, '', () => run.routes.flatMap(entries)));
  imports.std('reflect');
  return render('registry.go.hbs', {
    pkgName: root.pkg.pkg.name,
    imports: importBlock(imports.lines()),
    routeFields: alignColumns([
      ['Name', 'string'],
      ['Group', 'string'],
      ['Method', 'string'],
      ['Pattern', 'string'],
      ['Path', 'string'],
      ['Handler', 'string'],
      ['RequiredHeaders', '[]string'],
      ['Request', 'reflect.Type'],
      ['Responses', '[]RouteResponse'],
    ]),
    responseFields: alignColumns([
      ['Status', 'string'],
      ['Min', 'int'],
      ['Max', 'int'],
      ['Kind', 'string'],
      ['Type', 'reflect.Type'],
    ]),
    routes,
  });
}
