import type { CodeOf } from '../diagnostics/codes';
import { error, formatDiagnostic } from '../diagnostics/diagnostics';

/**
 * A problem the Nx plugin, an executor or a generator finds in what the
 * user wrote (nx.json options, a generator's options, the workspace): thrown,
 * as Nx expects, with the message of a diagnostic with its FW8xxx code
 * (`fw: error: what (how to fix) [FW8007]`), and `details` on the lines below.
 */
export class FwNxError extends Error {
  constructor(code: CodeOf<'error'>, message: string, hint: string, details: readonly string[] = []) {
    super([formatDiagnostic(error(code, undefined, message, hint), process.cwd(), true), ...details].join('\n'));
    this.name = 'FwNxError';
  }
}
