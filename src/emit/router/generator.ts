import * as path from 'node:path';
import { ROOT_MARKER_FILES } from '../../workspace/discover';
import type { Generator } from '../generator';
import { RouterMemo } from './root-imports';
import { emitRouter } from './router';

/** `fw g router`: router.go (ServeMux registrations) and registry.go (the route table) in every root handler package. */
export const routerGenerator: Readonly<Generator<object, RouterMemo>> = {
  name: 'router',
  summary: 'generate router.go and registry.go of each root handler package',
  help: `Writes router.go (ServeMux registrations) and registry.go (route table) into
every root handler package (a directory holding router.go and registry.go),
or only into the named ones (directory base name or path from --cwd).`,
  perRoot: true,
  options: [],
  outputs: (base, roots) => roots.flatMap((r) => ROOT_MARKER_FILES.map((f) => path.posix.join(base, r, f))),
  newMemo: () => new RouterMemo(),
  emit: (model, ctx) => emitRouter(model, ctx, undefined),
};
