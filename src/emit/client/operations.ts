import { tsString } from './zod-schema';
import { tsTemplateText } from '../escape';
import type { RouteModel } from '../../model/model';

/** How the client prints an operation (../operation-plan.ts): its path builder and the TypeScript type of its statuses. */

/** `(p) => \`/users/${fwSegment(p['id'])}\``, or a plain string function for paths without wildcards. */
export function pathFunction(route: RouteModel): string {
  let dynamic = false;
  const parts = route.path.segments.map((s) => {
    switch (s.kind) {
      case 'static':
        return tsTemplateText(s.value);
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
