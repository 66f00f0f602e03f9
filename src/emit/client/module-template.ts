import { templatesIn } from '../templates';
import type { SchemaDecl } from './schemas';

const render = templatesIn(__dirname);

/** What the client module's template prints around the operations and classes. */
export interface ModuleView {
  sources: string;
  zodModule: string;
  zodType: string;
  /** The helpers (./zod-facade.ts.hbs), printed after the module's text, those it uses (./runtime-helpers.ts). */
  facade: string;
  statusClasses: { name: string; lines: string[] }[];
  schemas: SchemaDecl[];
  factory: string;
}

/** Stands for the operations and classes in the rendered module, which is split there. */
const BODY_MARK = '\u0000fw:operations\u0000';

/** The module's text before and after its operations and classes. */
export function renderModule(view: ModuleView): { head: string; tail: string } {
  const [head, tail] = render('client.ts.hbs', { ...view, operations: BODY_MARK, classes: '' }).split(BODY_MARK);
  return { head: head!, tail: tail! };
}

/** One client class (client-class.ts.hbs). */
export function renderClass(view: object): string {
  return render('client-class.ts.hbs', view);
}

/** The `FwStatus<d>xx` type of a status class: its literals, ten per line. */
export function statusClassView(digit: number): { name: string; lines: string[] } {
  const lines: string[] = [];
  for (let start = digit * 100; start < digit * 100 + 100; start += 10) {
    lines.push(Array.from({ length: 10 }, (_, i) => String(start + i)).join(' | '));
  }
  lines[lines.length - 1] += ';';
  return { name: `${digit}xx`, lines };
}
