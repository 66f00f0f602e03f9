import { type Diagnostic, error } from '../../diagnostics/diagnostics';

/** The runtime's import of zod (client-runtime.ts.hbs): which flavour it was written for. */
const ZOD_IMPORT = /^import \* as z from '([^'\n]+)';$/m;

/**
 * Why a shared runtime (`--runtime`) written for one zod flavour must not be
 * replaced by the runtime of a client of the other: the clients that share
 * it would be left importing helpers of the other flavour. Returns the
 * refusal for `existing` (the file's text at `file`), or undefined when it
 * was written for `zodModule` too (or its flavour cannot be read).
 */
export function otherFlavourRefusal(file: string, zodModule: string, existing: string): Diagnostic | undefined {
  const found = ZOD_IMPORT.exec(existing);
  if (!found || found[1] === zodModule) return undefined;
  const line = existing.slice(0, found.index).split('\n').length;
  return error(
    'FW6008',
    { file, line, col: 1, end: { line, col: found[0].length + 1 } },
    `the shared runtime module serves clients that import ${found[1]}, and this client imports ${zodModule}`,
    'give every client that shares it the same --zod, or this one a --runtime of its own; to change the flavour of all of them, delete it and generate each again',
  );
}
