import * as path from 'node:path';
import { URL_HELPER_DIR } from '../../workspace/discover';
import type { Generator } from '../generator';
import { emitUrlHelper, UrlHelperMemo } from './url-helper';

/** `fw g url-helper`: `<root>/urlhelper/urlhelper.go`, type-safe Go URL builders, for every root handler package. */
export const urlHelperGenerator: Readonly<Generator<object, UrlHelperMemo>> = {
  name: 'url-helper',
  summary: 'generate type-safe Go URL builders (<root>/urlhelper/urlhelper.go)',
  help: `Writes <root>/urlhelper/urlhelper.go for every root handler package, or only
for the named ones.`,
  perRoot: true,
  options: [],
  outputs: (base, roots) => roots.map((r) => path.posix.join(base, r, `${URL_HELPER_DIR}/urlhelper.go`)),
  newMemo: () => new UrlHelperMemo(),
  emit: (model, ctx) => emitUrlHelper(model, ctx, undefined),
};
