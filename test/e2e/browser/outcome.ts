/**
 * What a call in the page came to, as JSON the test reads back: a result
 * (status, body, location) or an error (its class name, and what it says).
 */
export interface Outcome {
  status?: number;
  body?: unknown;
  location?: string | null;
  error?: string;
  code?: string;
  /** Issue paths of an FwRequestValidationError (`path.name`). */
  issues?: string[];
}

export async function outcome(call: () => Promise<{ status: number; body?: unknown; location?: string | null }>): Promise<Outcome> {
  try {
    const r = await call();
    const out: Outcome = { status: r.status };
    if ('body' in r) out.body = r.body;
    if ('location' in r) out.location = r.location ?? null;
    return out;
  } catch (e) {
    const error = e as { name: string; status?: number; code?: string; issues?: { path: PropertyKey[] }[] };
    const out: Outcome = { error: error.name };
    if (error.status !== undefined) out.status = error.status;
    if (error.code !== undefined) out.code = error.code;
    if (error.issues) out.issues = error.issues.map((i) => i.path.map(String).join('.'));
    return out;
  }
}
