import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { TypeResolver } from '../../go/type-resolver';
import type { RootModel, RouteModel, WorkspaceModel } from '../../model/model';
import type { HttpMethod } from '../../annotations/types';
import { lowerFirst, upperFirst } from '../../model/naming';
import { tsString } from '../escape';
import { JsonShapes } from '../json-shape';
import { type OperationPlan, OperationPlanner } from '../operation-plan';
import { rootPrefixes } from '../root-prefixes';
import { goDocToJsDoc, jsDoc } from '../ts-source';
import { pageParameter } from './paging';

/** What the query module prints for one operation of the client: every name and type decided. */
export interface QueryOperation {
  /** The client's standalone function (`v1UserGetUser`) and the names the helpers take from it. */
  fn: string;
  requestType: string;
  resultType: string;
  /** ` = {}` when the request argument may be left out, else ''. */
  requestDefault: string;
  /** The JSDoc lines' text: the handler's doc, then the method and pattern. */
  doc: string;
  /** The key's first elements as TypeScript literals: root, group, operation. */
  key: string;
  method: string;
  pattern: string;
  /** `FwData<…Result>` or, with several success answers, `FwAnswers<…Result>`. */
  dataType: string;
  /** Whether `data` holds each success answer's status (several success answers are declared). */
  answers: boolean;
  /** GET and HEAD: a query; other methods: a mutation. */
  query: boolean;
  /** The page parameter of a paginated list (./paging.ts), as a string literal. */
  page?: string;
}

/**
 * The query module's operations, in the client's order, named as the client
 * names them (a standalone function `<root prefix><Group><Route>[<Method>]`
 * in lowerCamelCase, types after it); the client reports any clash, and a run
 * with an error writes neither module.
 */
export function planQueries(model: WorkspaceModel, resolver: TypeResolver): QueryOperation[] {
  const ignored: Diagnostic[] = [];
  const planner = new OperationPlanner(resolver, new JsonShapes(resolver));
  const prefixes = rootPrefixes(model.roots, ignored);
  return model.roots.flatMap((root) => {
    const prefix = prefixes.get(root) ?? '';
    return root.groups.flatMap((group) =>
      group.routes.flatMap((route) =>
        route.methods.map((method) => queryOperation(planner.plan(route, method, ignored), rootKey(root, prefix), prefix, group.name, route, method)),
      ),
    );
  });
}

/** The key's root element: the root's name in createClient (`v1`), or its package name when it is the only root. */
function rootKey(root: RootModel, prefix: string): string {
  return prefix === '' ? root.name : lowerFirst(prefix);
}

function queryOperation(plan: OperationPlan, root: string, prefix: string, group: string, route: RouteModel, method: HttpMethod): QueryOperation {
  const suffix = route.methods.length > 1 ? upperFirst(method.toLowerCase()) : '';
  const baseName = `${prefix}${group}${upperFirst(route.name)}${suffix}`;
  const successes = plan.responses.filter((r) => r.statuses.some((s) => s >= 200 && s < 300)).length;
  const answers = successes > 1;
  const page = pageParameter(plan);
  return {
    fn: lowerFirst(baseName),
    requestType: `${baseName}Request`,
    resultType: `${baseName}Result`,
    requestDefault: plan.requestOptional ? ' = {}' : '',
    doc: jsDoc(goDocToJsDoc(route.description, [`\`${method} ${route.path.text}\``]), ''),
    key: [root, lowerFirst(group), lowerFirst(route.name) + suffix].map(tsString).join(', '),
    method,
    pattern: tsString(route.path.text),
    dataType: `${answers ? 'FwAnswers' : 'FwData'}<${baseName}Result>`,
    answers,
    query: method === 'GET' || method === 'HEAD',
    ...(page !== undefined ? { page: tsString(page) } : {}),
  };
}
