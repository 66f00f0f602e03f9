import type { OutputFormat } from '../../diagnostics/run-report';
import type { ZodFlavour } from '../../emit/client/zod-facade';

/**
 * The types of the executors' options, which each executor's schema.d.ts
 * picks from (test/nx/executor-schemas.test.ts checks that every schema.d.ts
 * declares exactly what its schema.json does).
 */

/** The options every fw executor shares; they mirror the CLI's flags. Paths are relative to the project root. */
export interface FwExecutorOptions {
  /** Root handler packages to generate for (directory base name or path relative to the project root); all when empty. */
  packages?: string[];
  /** Compare only: write nothing and fail when a generated file is missing or out of date. */
  check?: boolean;
  /** Overwrite files that do not carry the generated header. */
  force?: boolean;
  /** The output file of the TypeScript client or the OpenAPI document, relative to the project root (client and openapi only). */
  file?: string;
  /** client, all and check: the zod the client imports (`classic` by default, or `mini`). */
  zod?: ZodFlavour;
  /** all only: the output file of the OpenAPI document, relative to the project root (none without it). */
  openapi?: string;
  /** openapi and all: `info.title`, `info.version`, `info.license` (an SPDX expression), `servers[].url` of the document. */
  title?: string;
  version?: string;
  license?: string;
  servers?: string[];
  /** How diagnostics and the summary are printed (text, json, github), as the CLI's --format. */
  format?: OutputFormat;
  /** List every warning, not one line per repeated kind. */
  verbose?: boolean;
  /** Fail when there are more warnings than this (the files are written). */
  maxWarnings?: number;
  /** Fail when there is any warning (the files are written). */
  warningsAsErrors?: boolean;
}

/** The options of every generating executor (all but fw:check, which takes neither check nor force). */
export type CommonExecutorOptions = Pick<FwExecutorOptions, 'packages' | 'check' | 'force' | 'format' | 'verbose' | 'maxWarnings' | 'warningsAsErrors'>;

/** The OpenAPI document's `info` and `servers` (fw:openapi, fw:all, fw:check). */
export type OpenApiInfoOptions = Pick<FwExecutorOptions, 'title' | 'version' | 'license' | 'servers'>;
