import * as path from 'node:path';
import { type Emitter, streamedFile } from '../emitter';
import { tsLineComment, tsString } from '../escape';
import { templatesIn } from '../templates';
import { planQueries, type QueryOperation } from './query-plan';

const render = templatesIn(__dirname);

/** What `fw g client --query` is told. */
export interface QueryOptions {
  /** The client's file (absolute when the emitter gets it); the helpers go beside it. */
  file: string;
  query: boolean;
}

/**
 * TanStack Query helpers (`fw g client --query`): `<client>.query.ts` beside
 * the client, importing it and, as types only, `@tanstack/query-core`. The
 * operations are named and typed in ./query-plan.ts; the template prints them.
 */
export const emitQuery: Emitter<undefined, QueryOptions> = (model, ctx, options) => {
  const clientFile = options.file;
  const operations = planQueries(ctx.plans);
  const view = {
    sources: tsLineComment(model.roots.map((r) => r.relDir || r.name).join(', ') || 'no root packages'),
    clientModule: `./${path.basename(clientFile)}`,
    clientImport: tsString(clientImportOf(clientFile)),
    imports: clientImports(operations),
    paged: operations.some((op) => op.page !== undefined),
    operations,
  };
  return { files: [streamedFile(queryFileOf(clientFile), () => [render('query.ts.hbs', view)])], diagnostics: [] };
};

const TS_EXTENSIONS: Readonly<Record<string, string>> = { '.ts': '.js', '.mts': '.mjs', '.cts': '.cjs', '.tsx': '.js' };

/** `client.ts` → `client.query.ts`: `.query` before the extension. */
export function queryFileOf(clientFile: string): string {
  const ext = path.extname(clientFile);
  return `${clientFile.slice(0, clientFile.length - ext.length)}.query${ext}`;
}

/** How the query module imports the client: `./client.js` for `client.ts` (what Node and bundlers resolve). */
function clientImportOf(clientFile: string): string {
  const ext = path.extname(clientFile);
  const base = path.basename(clientFile, ext);
  return `./${base}${TS_EXTENSIONS[ext] ?? ext}`;
}

/** The client's names the module uses, sorted: runtime classes and types, then each operation's function and types. */
function clientImports(operations: readonly QueryOperation[]): string[] {
  const names = new Set(['type FwCallOptions', 'type FwError', 'FwHttpError']);
  if (operations.length > 0) names.add('type FwTransport');
  for (const op of operations) {
    names.add(op.fn);
    names.add(`type ${op.requestType}`);
    names.add(`type ${op.resultType}`);
  }
  const bare = (n: string) => n.replace(/^type /, '');
  return [...names].sort((a, b) => (bare(a) < bare(b) ? -1 : bare(a) > bare(b) ? 1 : 0));
}
