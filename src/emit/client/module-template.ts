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

/** Schema declarations per piece of moduleHeadPieces: tens of kilobytes. */
const SCHEMAS_PER_PIECE = 64;

/**
 * renderModule's head as pieces, for a module written as it is rendered:
 * its text before the schemas, then the schemas (which end the head) a few
 * at a time; returns the tail. The head holds every schema (2.7 MB at 10k
 * routes, 7.7 MB with five GitHub descriptions): rendered whole, it lived as
 * one string, with the rendering's copies, while the whole module was written.
 */
export function* moduleHeadPieces(view: ModuleView): Generator<string, string> {
  const { head, tail } = renderModule({ ...view, schemas: [] });
  yield head;
  for (let i = 0; i < view.schemas.length; i += SCHEMAS_PER_PIECE) {
    yield render('_client-schemas.hbs', { schemas: view.schemas.slice(i, i + SCHEMAS_PER_PIECE), zodType: view.zodType });
  }
  return tail;
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

/** The client's runtime as a module of its own (client-runtime.ts.hbs), as rendered: only what the one-file client exports is exported yet. */
export function renderRuntime(view: ModuleView): string {
  return render('client-runtime.ts.hbs', view);
}

/** What a module of a split client prints (client-part.ts.hbs). */
export interface PartView {
  sources: string;
  /** What the module holds, as a phrase (`The routes of UserClient`). */
  what: string;
  /** The entry module, as the part's header names it. */
  entry: string;
  /** The import declarations, each on its line after a blank one ('' for none). */
  imports: string;
  zodType: string;
  schemas: SchemaDecl[];
  /** Operations and classes, printed. */
  body: string;
}

export function renderPart(view: PartView): string {
  return render('client-part.ts.hbs', view);
}

/** What the entry of a client with modules prints (client-entry.ts.hbs): a part with the factory, and no `what`/`entry`. */
export interface EntryView extends Omit<PartView, 'what' | 'entry'> {
  /** A sentence on where the rest of the client is. */
  layout: string;
  factory: string;
}

export function renderEntry(view: EntryView): string {
  return render('client-entry.ts.hbs', view);
}
