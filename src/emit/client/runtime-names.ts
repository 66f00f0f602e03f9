import { renderModule, statusClassView } from './module-template';
import { type ZodFlavour, zodFacade, zodModule, zodSchemaType } from './zod-facade';

/** Globals the client module uses: a Go type of the same name would shadow them. */
export const GLOBALS_USED: readonly string[] = [
  'AbortSignal',
  'Array',
  'Blob',
  'Date',
  'Error',
  'Exclude',
  'Extract',
  'File',
  'FormData',
  'Headers',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Record',
  'RegExp',
  'Request',
  'RequestInit',
  'Response',
  'ReturnType',
  'String',
  'URL',
  'URLSearchParams',
  'clearTimeout',
  'encodeURIComponent',
  'globalThis',
  'setTimeout',
];

const FLAVOURS: readonly ZodFlavour[] = ['classic', 'mini'];

/** A top-level declaration or import of the rendered module: templates indent everything nested. */
const DECLARATION = /^(?:export )?(?:async )?(?:function\*?|class|interface|type|const|let|var|enum|import \* as) +([A-Za-z_$][\w$]*)/gm;

/**
 * The names the client module declares itself (read from the module its
 * templates render without operations, with either zod flavour, every
 * status class and every helper) and the globals it uses: Go types must not take them.
 */
export function runtimeNames(): Set<string> {
  const names = new Set(GLOBALS_USED);
  for (const zod of FLAVOURS) {
    const facade = zodFacade({ zod });
    const { head, tail } = renderModule({
      sources: '',
      zodModule: zodModule(zod),
      zodType: zodSchemaType(zod),
      facade,
      statusClasses: [1, 2, 3, 4, 5].map(statusClassView),
      schemas: [],
      factory: '{}',
    });
    // Every helper, whether a module prints it or not (./runtime-helpers.ts).
    for (const m of `${head}${tail}\n${facade}`.matchAll(DECLARATION)) names.add(m[1]!);
  }
  return names;
}
