import { tsString } from './zod-schema';
import { tsTemplateText } from '../escape';
import type { RouteModel } from '../../model/model';
import { staticSegmentUrl } from '../url-escape';

/**
 * How the client prints an operation (../operation-plan.ts): its path
 * builder, the TypeScript type of its statuses, and its declarations.
 */

/** What the client prints for one operation, every piece decided (./client.ts operationView). */
export interface OperationView {
  className: string;
  methodName: string;
  functionName: string;
  /** The JSDoc block of the function ('' for none). */
  doc: string;
  requestSchemaName: string;
  requestTypeName: string;
  requestOptional: boolean;
  resultTypeName: string;
  /** `interface …` or `type … = …;`, without `export`. */
  requestType: string;
  /** The request's schema expression, marked pure. */
  requestSchema: string;
  /** The result type's union members, one per line, the last ending with `;`. */
  variants: string[];
  /** `z.ZodType` or `z.ZodMiniType`. */
  zodType: string;
  method: string;
  /** The pattern as a string literal. */
  pattern: string;
  pathFn: string;
  bodyKind: string;
  /** The response specs, one object literal each. */
  responses: string[];
}

/**
 * An operation's declarations: its request type and schema, its result
 * type, and its standalone function, starting with a blank line. Printed
 * here rather than by a handlebars template: the client has one per
 * operation (10k in a large API), and the template engine's property
 * lookups cost more than the rest of the printing; the module around them
 * is ./client.ts.hbs. The route is built inside the function, not in a
 * module constant: tsc then looks the schemas up from inside a function
 * (from a module constant it walks back over every declaration in between,
 * the cost of a large client), and a bundler drops it with the function.
 */
export function printOperation(v: OperationView): string {
  const uses = `\`${v.functionName}()\` and \`${v.className}.${v.methodName}()\``;
  return `
/** The request argument of ${uses}. */
export ${v.requestType}
export const ${v.requestSchemaName}: ${v.zodType}<${v.requestTypeName}, ${v.requestTypeName}> = /*#__PURE__*/ fwSchema<${v.requestTypeName}>()(${v.requestSchema});

/** The result of ${uses}, by status. */
export type ${v.resultTypeName} =
${v.variants.map((line) => `  | ${line}\n`).join('')}
${v.doc}
export function ${v.functionName}(transport: FwTransport, request: ${v.requestTypeName}${v.requestOptional ? ' = {}' : ''}, options?: FwCallOptions): Promise<${v.resultTypeName}> {
  return transport.send(
    {
      method: '${v.method}',
      pattern: ${v.pattern},
      path: ${v.pathFn},
      request: ${v.requestSchemaName},
      body: '${v.bodyKind}',
      responses: [
${v.responses.map((line) => `        ${line},\n`).join('')}      ],
    },
    request,
    options,
  ) as Promise<${v.resultTypeName}>;
}
`;
}

/** `(p) => \`/users/${fwSegment(p['id'])}\``, or a plain string function for paths without wildcards. */
export function pathFunction(route: RouteModel): string {
  let dynamic = false;
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every segment kind, which tsc checks.
  const parts = route.path.segments.map((s) => {
    switch (s.kind) {
      case 'static':
        return tsTemplateText(staticSegmentUrl(s.value));
      case 'wildcard':
        dynamic = true;
        return `\${fwSegment(p[${tsString(s.name)}])}`;
      case 'remainder':
        dynamic = true;
        return `\${fwSegments(p[${tsString(s.name)}])}`;
      case 'end':
        return '';
    }
  });
  const text = `/${parts.join('/')}`;
  return dynamic ? `(p) => \`${text}\`` : `() => ${tsString(text)}`;
}

/**
 * A TypeScript type for a set of statuses: whole classes by name
 * (`FwStatus4xx`), mostly-whole classes as `Exclude<FwStatus4xx, 401>`,
 * the rest as literals. `classes` collects the class digits used.
 */
export function statusType(statuses: readonly number[], classes: Set<number>): string {
  // Linear: a class of the 1xx-5xx ranges holds up to 100 statuses, and a route's 4xx/5xx catch-alls give hundreds per operation.
  const byClass = new Map<number, number[]>();
  for (const s of statuses) {
    const digit = Math.floor(s / 100);
    const list = byClass.get(digit);
    if (list) list.push(s);
    else byClass.set(digit, [s]);
  }
  const parts: string[] = [];
  for (const digit of [...byClass.keys()].sort((a, b) => a - b)) {
    const list = byClass.get(digit)!;
    if (list.length < 50) {
      for (const s of list) parts.push(String(s));
      continue;
    }
    classes.add(digit);
    const present = new Set(list);
    const missing: number[] = [];
    for (let s = digit * 100; s < digit * 100 + 100; s++) if (!present.has(s)) missing.push(s);
    parts.push(missing.length === 0 ? `FwStatus${digit}xx` : `Exclude<FwStatus${digit}xx, ${missing.join(' | ')}>`);
  }
  return parts.join(' | ');
}
