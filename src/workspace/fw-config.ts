import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { type Diagnostic, error, type Pos, wholeFile } from '../diagnostics/diagnostics';
import { closestMatch } from '../diagnostics/suggest';
import { FORM_TYPES, formProblem, formValueProblem, type JsonForm } from './json-form';

/**
 * fw.json, the one config file beside go.mod: the JSON forms of foreign Go
 * types (import path + name) whose JSON only their own methods know
 * (docs/type-mapping-config.md). Read once per run for the modules of the
 * roots being generated; every problem is a positioned error.
 */

export const CONFIG_FILE = 'fw.json';

/** The mappings that apply to a run, from the fw.json of each root's module. */
export interface TypeMappings {
  /** Form by full Go type name (`github.com/shopspring/decimal.Decimal`). */
  readonly forms: ReadonlyMap<string, JsonForm>;
  /** The module directories whose own types take a `// fw:json` directive instead. */
  readonly moduleDirs: readonly string[];
  /** Identity of the mappings, to tell whether a kept program saw the same ones. */
  readonly key: string;
}

const TOP_KEYS = ['$schema', 'types'];

/** `<import path>.<Name>`: a path of non-blank elements, then a Go identifier after the last dot following the last slash. */
const TYPE_NAME = /^[^\s"]+\.[\p{L}_][\p{L}\p{Nd}_]*$/u;

/**
 * The mappings of the fw.json files beside the go.mod of `moduleDirs`, with
 * problems as errors. `builtIn` says whether fw already knows a name's form
 * (a mapping for it is an error: the built-in one is proved against Go).
 */
export function loadTypeMappings(moduleDirs: readonly string[], builtIn: (name: string) => boolean): { mappings: TypeMappings; diagnostics: Diagnostic[] } {
  const dirs = [...new Set(moduleDirs)].sort();
  const forms = new Map<string, JsonForm>();
  const where = new Map<string, Pos>();
  const diagnostics: Diagnostic[] = [];
  const contents: string[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, CONFIG_FILE);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        diagnostics.push(error('FW1010', wholeFile(file), `cannot read ${CONFIG_FILE}`, (e as Error).message));
      continue;
    }
    contents.push(`${file}\n${text}`);
    for (const entry of readConfig(file, text, diagnostics)) {
      if (builtIn(entry.name)) {
        diagnostics.push(error('FW1012', entry.pos, `fw knows the JSON form of ${entry.name} already`, 'remove this mapping'));
        continue;
      }
      const earlier = where.get(entry.name);
      if (earlier && JSON.stringify(forms.get(entry.name)) !== JSON.stringify(entry.form)) {
        diagnostics.push({
          ...error(
            'FW1013',
            entry.pos,
            `${entry.name} is mapped to another form in ${path.relative(dir, earlier.file) || earlier.file}`,
            'map it the same way in every fw.json, or in one',
          ),
          related: [{ pos: earlier, message: 'first mapped here' }],
        });
        continue;
      }
      forms.set(entry.name, entry.form);
      where.set(entry.name, entry.pos);
    }
  }
  return { mappings: { forms, moduleDirs: dirs, key: JSON.stringify([dirs, contents]) }, diagnostics };
}

/** The entries of one fw.json, reporting what is wrong in it. */
function readConfig(file: string, text: string, diagnostics: Diagnostic[]): { name: string; form: JsonForm; pos: Pos }[] {
  const lines = lineStarts(text);
  const posOf = (offset: number): Pos => {
    let line = 0;
    while (line + 1 < lines.length && lines[line + 1]! <= offset) line++;
    return { file, line: line + 1, col: Buffer.byteLength(text.slice(lines[line]!, offset), 'utf8') + 1 };
  };
  const fail = (node: Node | number, message: string, hint?: string) =>
    diagnostics.push(error('FW1011', posOf(typeof node === 'number' ? node : node.offset), message, hint));
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    fail(first?.offset ?? 0, `${CONFIG_FILE} is not valid JSON: ${first ? printParseErrorCode(first.error) : 'empty file'}`, 'fix the JSON syntax');
    return [];
  }
  if (root.type !== 'object') {
    fail(root, `${CONFIG_FILE} must hold a JSON object`, '{ "types": { "<import path>.<Type>": "string" } }');
    return [];
  }
  const out: { name: string; form: JsonForm; pos: Pos }[] = [];
  for (const [key, prop, value] of properties(root, fail)) {
    if (!TOP_KEYS.includes(key)) {
      const near = closestMatch(key, TOP_KEYS);
      fail(prop, `unknown key ${JSON.stringify(key)} in ${CONFIG_FILE}`, near ? `did you mean ${near}?` : `the keys are ${TOP_KEYS.join(', ')}`);
      continue;
    }
    if (key !== 'types') continue;
    if (value.type !== 'object') {
      fail(value, 'types must be an object', 'map each "<import path>.<Type>" to its JSON form');
      continue;
    }
    for (const [name, entry, formNode] of properties(value, fail)) {
      if (!TYPE_NAME.test(name)) {
        fail(
          entry,
          `${JSON.stringify(name)} is not a Go type's full name`,
          'write the import path, a dot and the type name: "github.com/shopspring/decimal.Decimal"',
        );
        continue;
      }
      const form = readForm(formNode, fail);
      if (form) out.push({ name, form, pos: posOf(entry.offset) });
    }
  }
  return out;
}

/** A form: a type name alone (`"string"`), or an object of type, format and nullable. */
function readForm(node: Node, fail: (node: Node, message: string, hint?: string) => void): JsonForm | undefined {
  if (node.type === 'string') {
    const problem = formValueProblem('type', node.value);
    if (problem) fail(node, problem);
    return problem ? undefined : { type: node.value as JsonForm['type'] };
  }
  if (node.type !== 'object') {
    fail(node, 'a JSON form must be a type name or an object', `"string", or { "type": "string", "format": "date-time" }; types: ${FORM_TYPES.join(', ')}`);
    return undefined;
  }
  const form: Record<string, unknown> = {};
  let ok = true;
  for (const [key, prop, value] of properties(node, fail)) {
    const problem = formValueProblem(key, value.value);
    if (problem) {
      fail(key === 'type' || key === 'format' || key === 'nullable' ? value : prop, problem);
      ok = false;
    } else form[key] = value.value;
  }
  if (!ok) return undefined;
  const problem = formProblem(form);
  if (problem) {
    fail(node, problem);
    return undefined;
  }
  return form as unknown as JsonForm;
}

/** An object node's properties as [key, property node, value node], reporting keys given twice. */
function properties(object: Node, fail: (node: Node, message: string, hint?: string) => void): [string, Node, Node][] {
  const seen = new Set<string>();
  const out: [string, Node, Node][] = [];
  for (const prop of object.children ?? []) {
    const [keyNode, value] = prop.children ?? [];
    if (!keyNode || !value) continue;
    const key = String(keyNode.value);
    if (seen.has(key)) {
      fail(keyNode, `${JSON.stringify(key)} is given twice`, 'keep one');
      continue;
    }
    seen.add(key);
    out.push([key, keyNode, value]);
  }
  return out;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}
