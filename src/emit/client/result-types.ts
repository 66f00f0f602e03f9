import { BODYLESS_STATUSES, type OperationPlan } from '../operation-plan';
import { statusType } from './operations';
import { printTs } from './zod-schema';

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
   * The variants of an operation's result type, one per line; without `refTs` (when only the classes are wanted) body types are left empty.
   * The status classes they use are added to `classes` (the module's by default).
   */
  variants(plan: OperationPlan, refTs?: (id: string) => string, classes: Set<number> = this.statusClasses): string[] {
    const variants = plan.responses.flatMap((r) => {
      const status = (statuses: readonly number[]) => `status: ${this.statusTypeOf(statuses, classes)}`;
      if (r.kind === 'redirect') return [`{ ${status(r.statuses)}; location: string | null; headers: Headers }`];
      if (plan.method === 'HEAD' || r.kind === 'none') return [`{ ${status(r.statuses)}; headers: Headers }`];
      if (r.kind === 'error') return [`{ ${status(r.statuses)}; body: FwErrorBody; text: string; headers: Headers }`];
      const { withBody, bodyless } = this.splitBodyless(r.statuses);
      const body = r.kind === 'json' && r.body ? (refTs ? printTs(r.body, refTs) : '') : 'unknown';
      return [
        ...(withBody.length > 0 ? [`{ ${status(withBody)}; body: ${body}; headers: Headers }`] : []),
        ...(bodyless.length > 0 ? [`{ ${status(bodyless)}; headers: Headers }`] : []),
      ];
    });
    variants[variants.length - 1] += ';';
    return variants;
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
