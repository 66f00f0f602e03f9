import { type Diagnostic, error } from '../diagnostics/diagnostics';
import { stripComment } from '../go/parser';
import type { GoComment, GoFile, GoFuncDecl, GoTypeExpr } from '../go/ast';
import { isAnnotationComment } from '../go/annotation-comment';

/** A function or method that carries at least one `fw:http_route` line. */
export interface AnnotatedHandler {
  file: GoFile;
  func: GoFuncDecl;
  /** The annotation lines, in source order. */
  annotations: GoComment[];
  /** The other lines of the doc comment group, `//` removed and indentation kept: the route description. */
  description: string[];
}

type Found = { handlers: AnnotatedHandler[]; diagnostics: Diagnostic[] };

/** Answers by file: a parsed file does not change (`fw watch` parses a changed file into a new one), so `fw watch` asks again only for the files of changed packages. */
const foundByFile = new WeakMap<GoFile, Found>();

/** Finds annotated handlers in one file and checks their signatures (docs/handlers.md). */
export function findAnnotatedHandlers(file: GoFile): Found {
  let found = foundByFile.get(file);
  if (!found) foundByFile.set(file, (found = findInFile(file)));
  return found;
}

function findInFile(file: GoFile): Found {
  const handlers: AnnotatedHandler[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const func of file.funcs) {
    const annotations = func.doc.filter((c) => isAnnotationComment(c.text));
    if (annotations.length === 0) continue;
    const problem = signatureProblem(file, func);
    if (problem) {
      diagnostics.push(error('FW4001', func.namePos, `${describe(func)} carries fw:http_route but ${problem}`, signatureHint(file, func)));
      continue;
    }
    const description = func.doc.filter((c) => !isAnnotationComment(c.text)).map((c) => stripComment(c.text)); // indentation kept: Go's preformatted lines
    while (description[0] === '') description.shift();
    while (description.at(-1) === '') description.pop();
    handlers.push({ file, func, annotations: annotations.slice(), description });
  }
  for (const stray of file.strayAnnotations) {
    if (!isAnnotationComment(stray.text)) continue;
    diagnostics.push(
      error(
        'FW4002',
        stray.pos,
        'fw:http_route is not directly above a handler method',
        'move the line into the comment right above a method that returns http.HandlerFunc, with no blank line between',
      ),
    );
  }
  return { handlers, diagnostics };
}

function describe(func: GoFuncDecl): string {
  return func.receiver ? `method ${func.receiver.typeName}.${func.name}` : `function ${func.name}`;
}

/** The names under which this file can refer to net/http's HandlerFunc. */
function handlerFuncSpellings(file: GoFile): { qualified: Set<string>; dotImported: boolean } {
  const qualified = new Set<string>();
  let dotImported = false;
  for (const imp of file.imports) {
    if (imp.path !== 'net/http') continue;
    if (imp.alias === '.') dotImported = true;
    else if (imp.alias !== '_') qualified.add(imp.name);
  }
  return { qualified, dotImported };
}

function isHandlerFunc(file: GoFile, t: GoTypeExpr): boolean {
  const { qualified, dotImported } = handlerFuncSpellings(file);
  if (t.kind === 'qualified') return t.name === 'HandlerFunc' && qualified.has(t.pkg);
  return t.kind === 'ident' && t.name === 'HandlerFunc' && dotImported;
}

function signatureProblem(file: GoFile, func: GoFuncDecl): string | undefined {
  if (func.paramCount > 0) return `takes ${func.paramCount} parameter${func.paramCount === 1 ? '' : 's'}`;
  if (func.results.length !== 1 || !isHandlerFunc(file, func.results[0]!)) return 'does not return http.HandlerFunc';
  if (func.name === '_') return 'has a blank name';
  return undefined;
}

function signatureHint(file: GoFile, func: GoFuncDecl): string {
  const http = [...handlerFuncSpellings(file).qualified][0] ?? 'http';
  const recv = func.receiver ? `(h ${func.receiver.pointer ? '*' : ''}${func.receiver.typeName}) ` : '';
  return `a handler is declared as func ${recv}${func.name}() ${http}.HandlerFunc`;
}
