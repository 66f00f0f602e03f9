import type { JsonShape, JsonProperty } from '../json-shape';
import type { OperationPlan } from '../operation-plan';

/**
 * How fw recognises a paginated list (docs/query.md "Paginated lists"): a
 * GET route whose request has a query parameter with one of these names (as
 * sent, case-sensitive), holding one number or string. The first such
 * parameter of the request, in field order, is the page parameter; its value
 * comes from TanStack's `pageParam`.
 */
export const PAGE_PARAMETERS: readonly string[] = ['page', 'cursor', 'offset', 'after', 'page_token', 'pageToken', 'skip'];

/** The page parameter of an operation, or undefined when it is not a paginated list. */
export function pageParameter(plan: OperationPlan): string | undefined {
  if (plan.method !== 'GET') return undefined;
  const query = plan.request.props.find((p) => p.name === 'query');
  if (query?.shape.kind !== 'object') return undefined;
  return query.shape.props.find(isPageParameter)?.name;
}

function isPageParameter(p: JsonProperty): boolean {
  return PAGE_PARAMETERS.includes(p.name) && isScalar(p.shape);
}

function isScalar(shape: JsonShape): boolean {
  if (shape.kind === 'nullable') return isScalar(shape.inner);
  return shape.kind === 'integer' || shape.kind === 'number' || (shape.kind === 'string' && shape.format === undefined);
}
