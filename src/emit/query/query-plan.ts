import type { Diagnostic } from '../../diagnostics/diagnostics';
import type { RootModel } from '../../model/model';
import { lowerFirst } from '../../model/naming';
import { tsString } from '../escape';
import { functionName, type NamedOperation } from '../operation-names';
import type { OperationPlan } from '../operation-plan';
import type { SharedPlans } from '../shared-plans';
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
 * The query module's operations, in the client's order and with the client's
 * names (the shared plans: ../operation-names.ts); the client reports any
 * clash, and a run with an error writes neither module.
 */
export function planQueries(plans: SharedPlans): QueryOperation[] {
  const prefixes = plans.rootPrefixes();
  const planner = plans.operationPlanner();
  // The client reports what planning finds.
  const reported: Diagnostic[] = [];
  return plans
    .operationNames()
    .flatMap((cls) =>
      cls.operations.map((op) => queryOperation(planner.plan(op.route, op.method, reported), rootKey(cls.root, prefixes.get(cls.root) ?? ''), cls.key, op)),
    );
}

/** The key's root element: the root's name in createClient (`v1`), or its package name when it is the only root. */
function rootKey(root: RootModel, prefix: string): string {
  return prefix === '' ? root.name : lowerFirst(prefix);
}

function queryOperation(plan: OperationPlan, root: string, group: string, op: NamedOperation): QueryOperation {
  const { route, method, baseName } = op;
  const successes = plan.responses.filter((r) => r.statuses.some((s) => s >= 200 && s < 300)).length;
  const answers = successes > 1;
  const page = pageParameter(plan);
  return {
    fn: functionName(op),
    requestType: `${baseName}Request`,
    resultType: `${baseName}Result`,
    requestDefault: plan.requestOptional ? ' = {}' : '',
    doc: jsDoc(goDocToJsDoc(route.description, [`\`${method} ${route.path.text}\``]), ''),
    key: [root, group, op.methodName].map(tsString).join(', '),
    method,
    pattern: tsString(route.path.text),
    dataType: `${answers ? 'FwAnswers' : 'FwData'}<${baseName}Result>`,
    answers,
    query: method === 'GET' || method === 'HEAD',
    ...(page !== undefined ? { page: tsString(page) } : {}),
  };
}
