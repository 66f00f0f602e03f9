import { type Diagnostic, hasErrors } from './diagnostics';
import { generate, type GenerateOptions, type GenerateResult } from './pipeline';
import { type WriteOptions, type WriteReport, writeGeneratedFiles } from './writer';

/**
 * Either generation found errors (nothing was written), or the writer ran
 * and may have refused an overwrite or (with check) found stale files.
 * `diagnostics` holds generation's, then the writer's refusals.
 */
export type GenerateAndWriteOutcome =
  | { result: GenerateResult; diagnostics: Diagnostic[]; failure: 'errors'; report?: undefined }
  | { result: GenerateResult; diagnostics: Diagnostic[]; failure: 'refused' | 'stale' | undefined; report: WriteReport };

/** generate() then the writer: what the CLI and the Nx executors both do; they only print differently. */
export async function generateAndWrite(options: GenerateOptions, write: WriteOptions): Promise<GenerateAndWriteOutcome> {
  const result = await generate(options);
  if (hasErrors(result.diagnostics)) return { result, diagnostics: result.diagnostics, failure: 'errors' };
  const report = writeGeneratedFiles(result.files, write);
  const failure = report.diagnostics.length > 0 ? 'refused' : write.check && report.stale.length > 0 ? 'stale' : undefined;
  return { result, report, diagnostics: [...result.diagnostics, ...report.diagnostics], failure };
}
