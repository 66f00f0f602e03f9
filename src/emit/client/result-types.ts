import { BODYLESS_STATUSES, type OperationPlan } from '../operation-plan';
import { statusType } from './operations';
import { printTs } from './zod-schema';
import type { JsonShape } from '../json-shape';

/** One variant of a result type (ResultTypes.variantsOf). */
interface Variant {
  kind: 'redirect' | 'error' | 'bare' | 'body';
  statuses: readonly number[];
  body?: JsonShape;
}

interface BodylessSplit {
  withBody: readonly number[];
  bodyless: readonly number[];
}

/**
 * The result types of one run's operations, and the status classes they use
 * (printed once, in the module's head). Plans share their lists of statuses
 * (../operation-plan.ts) and a 4xx catch-all holds a hundred, so each list's
 * text is made once per run.
 */
export class ResultTypes {
  readonly statusClasses = new Set<number>();
  private readonly splits = new WeakMap<readonly number[], BodylessSplit>();
  private readonly texts = new WeakMap<readonly number[], { text: string; classes: number[] }>();

  /**
   * The variants of an operation's result type, one per line.
   * The status classes they use are added to `classes` (the module's by default).
   */
  variants(plan: OperationPlan, refTs: (id: string) => string, classes: Set<number> = this.statusClasses): string[] {
    const variants = this.variantsOf(plan).map((v) => {
      const status = `status: ${this.statusTypeOf(v.statuses, classes)}`;
      if (v.kind === 'redirect') return `{ ${status}; location: string | null; headers: Headers }`;
      if (v.kind === 'error') return `{ ${status}; body: FwErrorBody; text: string; headers: Headers }`;
      if (v.kind === 'bare') return `{ ${status}; headers: Headers }`;
      return `{ ${status}; body: ${v.body ? printTs(v.body, refTs) : 'unknown'}; headers: Headers }`;
    });
    variants[variants.length - 1] += ';';
    return variants;
  }

  /** Adds the status classes the variants of `plan` use to `classes`, printing nothing (planning needs only these). */
  addStatusClasses(plan: OperationPlan, classes: Set<number>): void {
    for (const v of this.variantsOf(plan)) this.statusTypeOf(v.statuses, classes);
  }

  /** The variants of `plan`'s result type: each with the statuses it answers, and the body it reads (`body` kind: undefined reads `unknown`). */
  private variantsOf(plan: OperationPlan): Variant[] {
    return plan.responses.flatMap((r): Variant[] => {
      if (r.kind === 'redirect') return [{ kind: 'redirect', statuses: r.statuses }];
      if (plan.method === 'HEAD' || r.kind === 'none') return [{ kind: 'bare', statuses: r.statuses }];
      if (r.kind === 'error') return [{ kind: 'error', statuses: r.statuses }];
      const { withBody, bodyless } = this.splitBodyless(r.statuses);
      const body = r.kind === 'json' ? r.body : undefined;
      return [
        ...(withBody.length > 0 ? [{ kind: 'body' as const, statuses: withBody, body }] : []),
        ...(bodyless.length > 0 ? [{ kind: 'bare' as const, statuses: bodyless }] : []),
      ];
    });
  }

  /** The statuses with a body and 204, 205 and 304, which have none whatever the route declares; shared lists, so that statusTypeOf finds them. */
  private splitBodyless(statuses: readonly number[]): BodylessSplit {
    let split = this.splits.get(statuses);
    if (!split) {
      split = statuses.some((s) => BODYLESS_STATUSES.has(s))
        ? { withBody: statuses.filter((s) => !BODYLESS_STATUSES.has(s)), bodyless: statuses.filter((s) => BODYLESS_STATUSES.has(s)) }
        : { withBody: statuses, bodyless: [] };
      this.splits.set(statuses, split);
    }
    return split;
  }

  private statusTypeOf(statuses: readonly number[], classes: Set<number>): string {
    let known = this.texts.get(statuses);
    if (!known) {
      const used = new Set<number>();
      known = { text: statusType(statuses, used), classes: [...used] };
      this.texts.set(statuses, known);
    }
    for (const digit of known.classes) classes.add(digit);
    return known.text;
  }
}
