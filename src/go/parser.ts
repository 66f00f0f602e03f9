import * as fs from 'node:fs';
import * as path from 'node:path';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { ANNOTATION_MARKER, ROOT_MARKER } from './annotation-comment';
import { readFileConstraints } from './build-constraints';
import { unquoteGoString } from './go-string';
import { interned, ownText } from './interned';
import { type PackedPos, packPos } from './packed-pos';
import { topLevelPieces } from './top-level-pieces';
import type { Pos } from '../diagnostics/diagnostics';
import {
  emptyGoFile,
  type GoComment,
  type GoConstDecl,
  type GoField,
  type GoFile,
  type GoFuncDecl,
  type GoImport,
  type GoTypeDecl,
  type GoTypeExpr,
  NO_LINES,
} from './ast';

/**
 * The Go grammar: the tree-sitter-go.wasm the build copies beside this module
 * (fw ships the wasm alone, so installing fw builds no native addon), else the
 * one of the tree-sitter-go package (running from src/, in fw's own tests).
 */
function goGrammarFile(): string {
  const shipped = path.join(__dirname, 'tree-sitter-go.wasm');
  return fs.existsSync(shipped) ? shipped : require.resolve('tree-sitter-go/tree-sitter-go.wasm');
}

/**
 * Reads Go source with tree-sitter (web-tree-sitter + tree-sitter-go's wasm
 * grammar). The language is loaded once per
 * process and one Parser is reused; every tree is freed after extraction.
 * Only top-level declarations are visited: fw never needs function bodies.
 * Every property of a tree-sitter node (`type`, `text`, `endPosition`, a
 * child) is a call into wasm, so each is read once per node here.
 */

let parser: Parser | undefined;
let initializing: Promise<void> | undefined;

/** Loads the wasm runtime and the Go grammar; safe to call many times. */
export function initGoParser(): Promise<void> {
  initializing ??= (async () => {
    await Parser.init();
    const go = await Language.load(goGrammarFile());
    const p = new Parser();
    p.setLanguage(go);
    parser = p;
  })();
  return initializing;
}

/**
 * The deepest nesting of one type expression fw reads (`[][]…T`, `struct{ A struct{ … } }`,
 * `G[G[…]]`, counted per level). Real code stays below ten; the limit keeps every later
 * recursive walk far from the JavaScript stack's end. Named types do not count: each starts at 0.
 */
export const MAX_TYPE_NESTING = 100;

const GENERATED_LINE = /^\/\/ Code generated .* DO NOT EDIT\.$/;

/**
 * A file longer than this is parsed in pieces of about this many characters
 * (./top-level-pieces.ts): a 3 MB models.go parsed whole grows a thread's
 * tree-sitter memory by about 100 MB, for good.
 */
export const PIECE_CHARS = 64 * 1024;

/**
 * Parses one Go file, a large one in pieces cut between top-level
 * declarations (`pieceChars`: their size; positions stay the whole file's).
 * A file with a syntax error is parsed whole again, so that its errors are
 * found as in one parse. `initGoParser()` must have completed.
 */
export function parseGoFile(file: string, text: string, pieceChars = PIECE_CHARS): GoFile {
  const starts = text.length > pieceChars ? topLevelPieces(text, pieceChars) : [0];
  if (starts.length > 1) {
    const reader = new FileReader(file, text);
    let row = 0;
    let parsed: GoFile | undefined;
    for (const [i, start] of starts.entries()) {
      const end = starts[i + 1] ?? text.length;
      parsed = withTree(file, text.slice(start, end), (root) => (root.hasError ? undefined : reader.read(root, row)));
      if (!parsed) break;
      row += linesIn(text, start, end);
    }
    if (parsed) return parsed;
  }
  return withTree(file, text, (root) => new FileReader(file, text).read(root, 0));
}

/** What `read` makes of the tree of `text` (freed after). */
function withTree<T>(file: string, text: string, read: (root: Node) => T): T {
  if (!parser) throw new Error('parseGoFile called before initGoParser() finished');
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for ${file}`);
  try {
    return read(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** How many newlines `text` has from `start` to `end`. */
function linesIn(text: string, start: number, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Turns top-level nodes of one file into GoFile declarations. */
class FileReader {
  private lineStarts: number[] | undefined;
  private readonly ascii: boolean;
  private readonly out: GoFile;
  /** How many type expressions enclose the one being read. */
  private typeDepth = 0;
  /** One `ident` expression per type name of the file (`string`, `User`): the most frequent node, read-only like the rest. */
  private readonly idents = new Map<string, GoTypeExpr>();
  /** Whether the package clause was read (in an earlier piece, too). */
  private seenPackage = false;
  /** The line of the file where the piece being read starts (tree-sitter's rows count from it). */
  private rowOffset = 0;

  constructor(
    private readonly file: string,
    private readonly text: string,
  ) {
    // Every character past U+007F takes two or more bytes: a length test, several times faster than a regular expression's scan.
    this.ascii = Buffer.byteLength(text, 'utf8') === text.length;
    this.out = emptyGoFile(file, '', false, readFileConstraints(text));
  }

  /** Reads the tree of the file, or of its piece starting at line `rowOffset` (pieces in order); returns the file read so far. */
  read(root: Node, rowOffset: number): GoFile {
    this.rowOffset = rowOffset;
    const comments: CommentNode[] = [];
    /** Last row of the previous non-comment top-level node: a comment starting there trails it. */
    let prevEndRow = -1;
    for (const node of root.namedChildren) {
      if (!node) continue;
      const type = node.type;
      if (type === 'comment') {
        const comment: CommentNode = { node, text: ownText(node.text), endRow: node.endPosition.row };
        if (!this.seenPackage && GENERATED_LINE.test(comment.text.trimEnd())) this.out.generated = true;
        comments.push(comment);
        continue;
      }
      const previousEnd = prevEndRow;
      prevEndRow = node.endPosition.row;
      switch (type) {
        case 'package_clause':
          this.seenPackage = true;
          this.out.packageName = interned(node.namedChildren[0]?.text ?? '');
          break;
        case 'import_declaration':
          this.readImports(node);
          break;
        case 'method_declaration':
        case 'function_declaration': {
          const doc = docAbove(node, comments, previousEnd);
          this.out.funcs.push(this.readFunc(node, type === 'method_declaration', doc));
          this.noteStrayAnnotations(comments.filter((c) => !doc.includes(c)));
          // A root's directive counts in any top-level comment, a function's doc comment too.
          this.noteStrayAnnotations(doc.filter((c) => !c.text.includes(ANNOTATION_MARKER)));
          comments.length = 0;
          continue;
        }
        case 'type_declaration':
          this.readTypes(node, docAbove(node, comments, previousEnd));
          break;
        case 'const_declaration':
          this.readConsts(node);
          break;
        default:
          break;
      }
      this.noteStrayAnnotations(comments);
      comments.length = 0;
    }
    this.noteStrayAnnotations(comments);
    if (root.hasError) this.collectSyntaxErrors(root);
    return this.out;
  }

  private noteStrayAnnotations(comments: CommentNode[]): void {
    for (const c of comments) {
      if (c.text.includes(ANNOTATION_MARKER)) this.out.strayAnnotations.push({ text: c.text, pos: this.pos(c.node) });
      else if (c.text.includes(ROOT_MARKER)) this.out.rootDirectives.push({ text: c.text, pos: this.pos(c.node) });
    }
  }

  pos(node: Node): Pos {
    const { row: pieceRow, column } = node.startPosition;
    const row = pieceRow + this.rowOffset;
    return { file: this.file, line: row + 1, col: this.byteColumn(row, column) + 1 };
  }

  /** `pos(node)` packed, without the file. */
  at(node: Node): PackedPos {
    const { row: pieceRow, column } = node.startPosition;
    const row = pieceRow + this.rowOffset;
    return packPos(row + 1, this.byteColumn(row, column) + 1);
  }

  /** tree-sitter columns count UTF-16 units here; Go's tools count bytes. */
  private byteColumn(row: number, column: number): number {
    if (this.ascii) return column;
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
    const start = this.lineStarts[row] ?? 0;
    return Buffer.byteLength(this.text.slice(start, start + column), 'utf8');
  }

  private readImports(node: Node): void {
    for (const spec of node.descendantsOfType('import_spec')) {
      if (!spec) continue;
      const pathNode = spec.childForFieldName('path');
      if (!pathNode) continue;
      const importPath = interned(unquote(pathNode.text));
      const aliasNode = spec.childForFieldName('name');
      const alias = aliasNode ? interned(aliasNode.text) : undefined;
      const imp: GoImport = { path: importPath, name: alias ?? importPath.slice(importPath.lastIndexOf('/') + 1) };
      if (alias !== undefined) imp.alias = alias;
      this.out.imports.push(imp);
    }
  }

  private readFunc(node: Node, isMethod: boolean, doc: CommentNode[]): GoFuncDecl {
    const nameNode = node.childForFieldName('name');
    const params = node.childForFieldName('parameters');
    const result = node.childForFieldName('result');
    let paramCount = 0;
    for (const p of params?.namedChildren ?? []) {
      if (!p || p.type === 'comment') continue;
      const names = p.namedChildren.filter((c) => c?.type === 'identifier').length;
      paramCount += Math.max(names, 1);
    }
    const results: GoTypeExpr[] = [];
    const resultType = result?.type;
    if (result && resultType === 'parameter_list') {
      for (const p of result.namedChildren) {
        const t = p?.childForFieldName('type');
        if (!p || !t) continue;
        const names = p.namedChildren.filter((c) => c?.type === 'identifier').length;
        for (let i = 0; i < Math.max(names, 1); i++) results.push(this.typeExpr(t));
      }
    } else if (result) results.push(this.typeExpr(result, resultType));
    const decl: GoFuncDecl = {
      name: ownText(nameNode?.text ?? ''),
      paramCount,
      results: results.slice(),
      doc: doc.map((c): GoComment => ({ text: c.text, pos: this.pos(c.node) })),
      pos: this.pos(node),
      namePos: nameNode ? this.pos(nameNode) : this.pos(node),
    };
    if (isMethod) {
      const recvType = node
        .childForFieldName('receiver')
        ?.namedChildren.find((c) => c?.type === 'parameter_declaration')
        ?.childForFieldName('type');
      if (recvType) {
        const pointer = recvType.type === 'pointer_type';
        let base: Node | null = pointer ? (recvType.namedChildren[0] ?? null) : recvType;
        if (base?.type === 'generic_type') base = base.childForFieldName('type');
        decl.receiver = { typeName: interned(base?.text ?? ''), pointer };
      }
    }
    return decl;
  }

  private readTypes(node: Node, doc: CommentNode[]): void {
    const children = node.namedChildren.filter((c): c is Node => c !== null);
    const specs: { spec: Node; alias: boolean; index: number }[] = [];
    for (const [index, c] of children.entries()) {
      if (c.type === 'type_spec' || c.type === 'type_alias') specs.push({ spec: c, alias: c.type === 'type_alias', index });
    }
    const grouped = node.children.some((c) => c?.type === '(');
    for (const { spec, alias, index } of specs) {
      const nameNode = spec.childForFieldName('name');
      const typeNode = spec.childForFieldName('type');
      if (!nameNode || !typeNode) continue;
      const typeParams = spec.childForFieldName('type_parameters');
      const decl: GoTypeDecl = {
        name: interned(nameNode.text),
        alias,
        type: this.typeExpr(typeNode),
        typeParams: typeParams ? typeParams.descendantsOfType('identifier').flatMap((n) => (n ? [interned(n.text)] : [])) : NO_LINES,
        doc: this.typeDoc(grouped ? siblingDoc(children, index, false) : NO_LINES, doc),
        at: this.at(nameNode),
      };
      this.out.types.push(decl);
    }
  }

  /** As go/doc: a type in a `type ( ... )` block has the comment above it, else the block's. */
  private typeDoc(own: readonly string[], block: CommentNode[]): readonly string[] {
    return own.length > 0 || block.length === 0 ? own : block.map((c) => stripComment(c.text));
  }

  private readConsts(node: Node): void {
    let typeName: string | undefined;
    let values: string[] = [];
    let iota = 0;
    for (const spec of node.namedChildren) {
      if (spec?.type !== 'const_spec') continue;
      // The grammar puts the whole comma-separated list under the `name` field, commas included.
      const names = spec.childrenForFieldName('name').filter((n): n is Node => n?.type === 'identifier');
      const typeNode = spec.childForFieldName('type');
      const valueNode = spec.childForFieldName('value');
      if (valueNode) {
        // A spec with a value resets the inherited type and expression list (Go spec, "Constant declarations").
        typeName = typeNode ? interned(typeNode.text) : undefined;
        values = valueNode.namedChildren.flatMap((v) => (v && v.type !== 'comment' ? [ownText(v.text)] : []));
      }
      names.forEach((n, i) => {
        const c: GoConstDecl = { name: interned(n.text), iota, at: this.at(n) };
        if (typeName !== undefined) c.typeName = typeName;
        const value = values[i];
        if (value !== undefined) c.value = value;
        this.out.consts.push(c);
      });
      iota++;
    }
  }

  /**
   * `type` is `node.type`, when the caller has read it already. Nesting
   * deeper than MAX_TYPE_NESTING is cut off here (the rest of fw walks type
   * expressions recursively): the cut is an `unsupported` node carrying its
   * position, which the resolver reports as an error where the type is used.
   */
  typeExpr(node: Node, type = node.type): GoTypeExpr {
    if (this.typeDepth >= MAX_TYPE_NESTING) {
      return { kind: 'unsupported', text: `a type nested more than ${MAX_TYPE_NESTING} levels deep`, tooDeep: this.pos(node) };
    }
    this.typeDepth++;
    try {
      return this.typeExprBelowLimit(node, type);
    } finally {
      this.typeDepth--;
    }
  }

  private typeExprBelowLimit(node: Node, type: string): GoTypeExpr {
    switch (type) {
      case 'type_identifier': {
        const name = node.text;
        let ident = this.idents.get(name);
        if (!ident) this.idents.set(name, (ident = { kind: 'ident', name: interned(name) }));
        return ident;
      }
      case 'qualified_type':
        return { kind: 'qualified', pkg: interned(node.childForFieldName('package')?.text ?? ''), name: interned(node.childForFieldName('name')?.text ?? '') };
      case 'pointer_type':
        return { kind: 'pointer', elem: this.child(node, 0) };
      case 'slice_type':
        return { kind: 'slice', elem: this.field(node, 'element') };
      case 'array_type':
        return { kind: 'array', length: ownText(node.childForFieldName('length')?.text ?? ''), elem: this.field(node, 'element') };
      case 'implicit_length_array_type':
        return { kind: 'array', length: '...', elem: this.field(node, 'element') };
      case 'map_type':
        return { kind: 'map', key: this.field(node, 'key'), value: this.field(node, 'value') };
      case 'struct_type':
        return { kind: 'struct', fields: this.fields(node) };
      case 'interface_type':
        return { kind: 'interface', empty: node.namedChildren.every((c) => c?.type === 'comment') };
      case 'generic_type': {
        const args = node.childForFieldName('type_arguments')?.namedChildren ?? [];
        return {
          kind: 'generic',
          base: this.field(node, 'type'),
          args: args.flatMap((a) => (a && a.type !== 'comment' ? [this.typeElem(a)] : [])),
        };
      }
      case 'parenthesized_type':
        return this.child(node, 0);
      case 'function_type':
        return { kind: 'func' };
      case 'channel_type':
        return { kind: 'chan' };
      default:
        return { kind: 'unsupported', text: ownText(node.text) };
    }
  }

  /** Type arguments are wrapped in `type_elem` nodes by newer grammars. */
  private typeElem(node: Node): GoTypeExpr {
    const type = node.type;
    return type === 'type_elem' && node.namedChildCount === 1 ? this.child(node, 0) : this.typeExpr(node, type);
  }

  private child(node: Node, index: number): GoTypeExpr {
    const c = node.namedChildren[index];
    return c ? this.typeExpr(c) : { kind: 'unsupported', text: ownText(node.text) };
  }

  private field(node: Node, name: string): GoTypeExpr {
    const c = node.childForFieldName(name);
    return c ? this.typeExpr(c) : { kind: 'unsupported', text: ownText(node.text) };
  }

  private fields(structNode: Node): GoField[] {
    const list = structNode.namedChildren.find((c) => c?.type === 'field_declaration_list');
    const out: GoField[] = [];
    const children = (list?.namedChildren ?? []).filter((c): c is Node => c !== null);
    for (const [i, decl] of children.entries()) {
      if (decl.type !== 'field_declaration') continue;
      const typeNode = decl.childForFieldName('type');
      if (!typeNode) continue;
      const tagNode = decl.childForFieldName('tag');
      const tag = tagNode ? interned(unquote(tagNode.text)) : '';
      const doc = siblingDoc(children, i);
      const names = decl.childrenForFieldName('name').filter((n): n is Node => n !== null);
      let type = this.typeExpr(typeNode);
      if (names.length === 0) {
        // Embedded field: `*T` is spelled as an anonymous `*` token before the type.
        if (decl.child(0)?.type === '*') type = { kind: 'pointer', elem: type };
        out.push({ type, tag, doc, at: this.at(decl) });
      } else for (const n of names) out.push({ name: interned(n.text), type, tag, doc, at: this.at(n) });
    }
    return out.slice();
  }

  private collectSyntaxErrors(root: Node): void {
    const stack: Node[] = [root];
    while (stack.length > 0 && this.out.syntaxErrors.length < 5) {
      const n = stack.pop()!;
      if (n.isError || n.isMissing) {
        this.out.syntaxErrors.push(this.pos(n));
        continue;
      }
      if (!n.hasError) continue;
      for (let i = n.childCount - 1; i >= 0; i--) {
        const c = n.child(i);
        if (c) stack.push(c);
      }
    }
  }
}

/**
 * The comment group directly above `node`: consecutive comment lines with no
 * blank line between them and the declaration. A comment on the last line of
 * the previous declaration (`prevEndRow`) trails that declaration, as in go/parser.
 */
function docAbove(node: Node, comments: CommentNode[], prevEndRow: number): CommentNode[] {
  const group: CommentNode[] = [];
  let nextRow = node.startPosition.row;
  for (let i = comments.length - 1; i >= 0; i--) {
    const c = comments[i]!;
    if (c.endRow !== nextRow - 1 || !c.text.startsWith('//') || c.node.startPosition.row === prevEndRow) break;
    group.unshift(c);
    nextRow = c.node.startPosition.row;
  }
  return group;
}

/**
 * The comment lines of the struct field or grouped type spec
 * `children[index]`: the `//` lines directly above it (not trailing the
 * sibling before), then (`withLineComment`) a `//` comment on its own last
 * line, as go/ast's Doc and Comment.
 */
function siblingDoc(children: readonly Node[], index: number, withLineComment = true): readonly string[] {
  const decl = children[index]!;
  const above: string[] = [];
  let nextRow = decl.startPosition.row;
  let prevEnd = -1;
  for (let i = index - 1; i >= 0 && prevEnd < 0; i--) if (children[i]!.type !== 'comment') prevEnd = children[i]!.endPosition.row;
  for (let i = index - 1; i >= 0; i--) {
    const c = children[i]!;
    if (c.type !== 'comment' || c.endPosition.row !== nextRow - 1 || !c.text.startsWith('//') || c.startPosition.row === prevEnd) break;
    above.unshift(stripComment(ownText(c.text)));
    nextRow = c.startPosition.row;
  }
  const after = children[index + 1];
  const trailing =
    withLineComment && after?.type === 'comment' && after.text.startsWith('//') && after.startPosition.row === decl.endPosition.row
      ? [stripComment(ownText(after.text))]
      : [];
  if (trailing.length === 0) return above.length === 0 ? NO_LINES : above;
  return [...above, ...trailing];
}

/** A top-level comment with the properties every later step reads, each read from tree-sitter once. */
interface CommentNode {
  node: Node;
  text: string;
  endRow: number;
}

export function stripComment(text: string): string {
  return text.replace(/^\/\/ ?/, '').trimEnd();
}

/** Go string literal (raw or interpreted) → its value. */
function unquote(literal: string): string {
  return unquoteGoString(literal) ?? literal.slice(1, -1);
}
