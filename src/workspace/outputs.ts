import * as path from 'node:path';
import { ROOT_MARKER_FILES, URL_HELPER_DIR } from './discover';

/** The generators fw has; each writes the files outputFiles lists for it. */
export type OutputGenerator = 'router' | 'url-helper' | 'client' | 'openapi';

/**
 * The files each generator writes for these roots (paths joined onto `base`
 * with POSIX separators), per DESIGN §4: what build caches declare as outputs
 * and leave out of their inputs. Roots are relative to `base` ('.' for base itself);
 * the OpenAPI document is optional.
 */
export function outputFiles(base: string, roots: readonly string[], clientFile: string, openapiFile?: string): Record<OutputGenerator, string[]> {
  const inRoot = (root: string, file: string) => path.posix.join(base, root, file);
  return {
    router: roots.flatMap((r) => ROOT_MARKER_FILES.map((f) => inRoot(r, f))),
    'url-helper': roots.map((r) => inRoot(r, `${URL_HELPER_DIR}/urlhelper.go`)),
    client: [clientFile],
    openapi: openapiFile ? [openapiFile] : [],
  };
}
