/**
 * The import section of a Go file read lexically, without tree-sitter: the
 * package clause, then every import declaration (single or grouped, with an
 * alias, `_` or `.`), up to the first other declaration, as `go/build`'s
 * import reader does. Comments (line and general), raw and interpreted
 * strings (escapes decoded) and Go's semicolons (written, or implied at a
 * line end) are understood; what follows the imports is never looked at.
 * test/go/import-scan.go.test.ts compares it with go/parser.
 */

import { decodeInterpretedBody } from './go-string';

export type ImportSection =
  /** `names[i]`: the name the file uses for `imports[i]`, its alias (`_`, `.` too) or the path's last element, as ./parser.ts's GoImport.name. */
  { ok: true; packageName: string; imports: string[]; names: string[] } | { ok: false; problem: string; offset: number };

// biome-ignore lint/suspicious/noConstEnum: file-local, so esbuild inlines each code; a plain enum costs a lookup per byte.
const enum C {
  Tab = 0x09,
  Newline = 0x0a,
  Return = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  LParen = 0x28,
  RParen = 0x29,
  Star = 0x2a,
  Dot = 0x2e,
  Slash = 0x2f,
  Semicolon = 0x3b,
  Backslash = 0x5c,
  Backquote = 0x60,
}

type Token = { kind: 'ident'; text: string } | { kind: 'string'; value: string } | { kind: 'punct'; char: number } | { kind: 'eof' };

class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c >= 0x80;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A tokenizer for the few tokens a package clause and import declarations are made of (bytes ≥ 0x80 count as letters). */
class Lexer {
  pos = 0;
  /** Whether a line break (or a comment holding one) came before the last token: Go inserts a semicolon there. */
  newlineBefore = false;

  constructor(private readonly src: Buffer) {
    if (src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf) this.pos = 3;
  }

  next(): Token {
    this.newlineBefore = false;
    this.skipSpaceAndComments();
    const { src } = this;
    if (this.pos >= src.length) return { kind: 'eof' };
    const c = src[this.pos]!;
    if (isLetter(c)) {
      const start = this.pos;
      while (this.pos < src.length && (isLetter(src[this.pos]!) || isDigit(src[this.pos]!))) this.pos++;
      return { kind: 'ident', text: src.toString('utf8', start, this.pos) };
    }
    if (c === C.Quote) return { kind: 'string', value: this.interpreted() };
    if (c === C.Backquote) return { kind: 'string', value: this.raw() };
    this.pos++;
    return { kind: 'punct', char: c };
  }

  private skipSpaceAndComments(): void {
    const { src } = this;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      if (c === C.Space || c === C.Tab || c === C.Return) this.pos++;
      else if (c === C.Newline) {
        this.newlineBefore = true;
        this.pos++;
      } else if (c === C.Slash && src[this.pos + 1] === C.Slash) {
        const end = src.indexOf(C.Newline, this.pos);
        this.newlineBefore = true;
        this.pos = end < 0 ? src.length : end + 1;
      } else if (c === C.Slash && src[this.pos + 1] === C.Star) {
        const end = src.indexOf('*/', this.pos + 2);
        if (end < 0) throw new ScanError('comment not terminated', this.pos);
        if (src.subarray(this.pos, end).includes(C.Newline)) this.newlineBefore = true;
        this.pos = end + 2;
      } else return;
    }
  }

  /** A raw string: everything up to the next backquote, carriage returns dropped (as Go does). */
  private raw(): string {
    const start = this.pos;
    const end = this.src.indexOf(C.Backquote, start + 1);
    if (end < 0) throw new ScanError('raw string literal not terminated', start);
    this.pos = end + 1;
    return this.src.toString('utf8', start + 1, end).replaceAll('\r', '');
  }

  /** An interpreted string: one line, escapes decoded as strconv.Unquote does (./go-string.ts). */
  private interpreted(): string {
    const { src } = this;
    const start = this.pos;
    let end = start + 1;
    for (;;) {
      const c = src[end];
      if (c === undefined || c === C.Newline) throw new ScanError('string literal not terminated', start);
      if (c === C.Quote) break;
      end += c === C.Backslash ? 2 : 1;
    }
    const value = decodeInterpretedBody(src.subarray(start + 1, end));
    if (value === undefined) throw new ScanError('invalid escape sequence in string literal', start);
    this.pos = end + 1;
    return value;
  }
}

/** What may follow the import declarations at the top level. */
const DECLARATION_KEYWORDS: ReadonlySet<string> = new Set(['func', 'type', 'var', 'const']);

const isPunct = (tok: Token, char: number) => tok.kind === 'punct' && tok.char === char;

/** The package name and the import paths of a Go file's source, in order (duplicates kept); or where and why its import section is not well-formed. */
export function scanImports(source: Buffer | string): ImportSection {
  const lexer = new Lexer(typeof source === 'string' ? Buffer.from(source) : source);
  /** The token after a semicolon (written, or inserted at a line break) that must end a clause; `)` may end a spec inside a group. */
  const afterSemicolon = (inGroup = false): Token => {
    const tok = lexer.next();
    if (isPunct(tok, C.Semicolon)) return lexer.next();
    if (lexer.newlineBefore || tok.kind === 'eof' || (inGroup && isPunct(tok, C.RParen))) return tok;
    throw new ScanError("expected ';' or a new line", lexer.pos);
  };
  try {
    const pkg = lexer.next();
    if (pkg.kind !== 'ident' || pkg.text !== 'package') throw new ScanError('expected the package clause', lexer.pos);
    const name = lexer.next();
    if (name.kind !== 'ident') throw new ScanError('expected the package name', lexer.pos);
    const imports: string[] = [];
    const names: string[] = [];
    const add = (spec: { path: string; alias?: string }) => {
      imports.push(spec.path);
      names.push(spec.alias ?? spec.path.slice(spec.path.lastIndexOf('/') + 1));
    };
    let tok = afterSemicolon();
    while (tok.kind === 'ident' && tok.text === 'import') {
      tok = lexer.next();
      if (isPunct(tok, C.LParen)) {
        tok = lexer.next();
        while (!isPunct(tok, C.RParen)) {
          add(importSpec(tok, lexer));
          tok = afterSemicolon(true);
        }
      } else add(importSpec(tok, lexer));
      tok = afterSemicolon();
    }
    if (tok.kind !== 'eof' && !(tok.kind === 'ident' && DECLARATION_KEYWORDS.has(tok.text)))
      throw new ScanError('expected an import or a declaration', lexer.pos);
    return { ok: true, packageName: name.text, imports, names };
  } catch (e) {
    if (e instanceof ScanError) return { ok: false, problem: e.message, offset: e.offset };
    throw e;
  }
}

/** One ImportSpec starting at `tok`: an optional name (identifier, `_` or `.`), then the path. */
function importSpec(tok: Token, lexer: Lexer): { path: string; alias?: string } {
  let alias: string | undefined;
  if (tok.kind === 'ident' || isPunct(tok, C.Dot)) {
    const named = tok.kind === 'ident';
    alias = tok.kind === 'ident' ? tok.text : '.';
    tok = lexer.next();
    // After a name at the end of a line, Go inserts a semicolon: the path must be on the same line.
    if (named && lexer.newlineBefore) throw new ScanError("expected the import path on the name's line", lexer.pos);
  }
  if (tok.kind !== 'string') throw new ScanError(tok.kind === 'eof' ? 'unexpected end of file in an import declaration' : 'expected an import path', lexer.pos);
  // Whether the path is a valid one is for go build to say (go/parser does not check either).
  return alias === undefined ? { path: tok.value } : { path: tok.value, alias };
}
