import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { goLineComment, goString, tsBlockCommentLine, tsKey, tsLineComment, tsString, tsTemplateText } from '../../src/emit/escape';
import { pascalCasePath } from '../../src/model/naming';
import { runGo } from '../support/go';
import { STRICT_NODE, tsc } from '../support/tsc';

/**
 * Every escaping context of src/emit/escape.ts, fed hostile text, checked by
 * the real tools: the Go file must pass gofmt and go vet and, run, print the
 * very values; the TypeScript must pass tsc --strict and, imported, hold the
 * very values and run nothing (the payloads would set globalThis.pwned or
 * make Go's init panic).
 */
export const HOSTILE = [
  'plain',
  'line\nglobalThis.pwned = 1; //',
  'cr\rglobalThis.pwned = 1; //',
  'ls\u2028globalThis.pwned = 1; //',
  'ps\u2029globalThis.pwned = 1; //',
  '*/ globalThis.pwned = 1; /*',
  `quotes ' " '' ""`,
  'backtick ` ${globalThis.pwned = 1} `',
  '${',
  'nul\0after',
  'nul digit \u00001',
  '\ufeffbom',
  'lone \ud800 high, lone \udc00 low',
  'back\\slash\\',
  '\\u0041 \\n',
  'café 日本 😀',
  'del\u007f c1\u0085 tab\t',
  '\nfunc init() { panic("pwned") }\n//',
  '</script><!--',
];

/** What a string literal holds after escaping: lone surrogates become U+FFFD (as Node would write them anyway). */
function expectedValue(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

describe('escaping per target context (src/emit/escape.ts)', () => {
  it('Go line comments, string literals and sanitized identifiers pass gofmt and go vet, and keep their values', () => {
    const dir = tempDir('fw-escape-go-');
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/escape\n\ngo 1.22\n');
    const lines = ['package main', '', 'import (', '\t"encoding/json"', '\t"os"', ')', ''];
    HOSTILE.forEach((s, i) => {
      lines.push(`// ${goLineComment(s)}`, `type X${pascalCasePath(s)}${i} struct{}`, '');
    });
    lines.push('var values = []string{', ...HOSTILE.map((s) => `\t${goString(s)},`), '}', '');
    lines.push('func main() {', '\t_ = json.NewEncoder(os.Stdout).Encode(values)', '}', '');
    fs.writeFileSync(path.join(dir, 'main.go'), lines.join('\n'));
    expect(runGo('gofmt', ['-l', '.'], dir)).toBe('');
    runGo('go', ['vet', '.'], dir);
    expect(JSON.parse(runGo('go', ['run', '.'], dir))).toEqual(HOSTILE.map(expectedValue));
  });

  it('TypeScript line and block comments, string and template literals, keys and sanitized identifiers pass tsc --strict and run nothing on import', async () => {
    const dir = tempDir('fw-escape-ts-');
    const lines: string[] = [];
    HOSTILE.forEach((s, i) => {
      lines.push(`// ${tsLineComment(s)}`, `/** ${tsBlockCommentLine(s)} */`, `export class X${pascalCasePath(s)}${i} {}`);
      lines.push(`export const s${i}: string = ${tsString(s)};`, `export const t${i}: string = \`${tsTemplateText(s)}\`;`);
      lines.push(`export const k${i} = { ${tsKey(s)}: ${i} };`, '');
    });
    const file = path.join(dir, 'escaped.ts');
    fs.writeFileSync(file, lines.join('\n'));
    expect(tsc(STRICT_NODE, [file])).toEqual([]);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    HOSTILE.forEach((s, i) => {
      expect(mod[`s${i}`]).toBe(expectedValue(s));
      expect(mod[`t${i}`]).toBe(expectedValue(s));
      expect(Object.keys(mod[`k${i}`] as object)).toEqual([expectedValue(s)]);
    });
  });

  it('the identifier sanitizer maps any text to letters and digits only', () => {
    expect(pascalCasePath('v3+x')).toBe('V3X');
    expect(pascalCasePath('admin/billing-v2')).toBe('AdminBillingV2');
    expect(pascalCasePath('über/straße')).toBe('ÜberStraße');
    expect(pascalCasePath('a\n\u2028*/`${x}\0')).toBe('AX');
    for (const s of HOSTILE) expect(pascalCasePath(s)).toMatch(/^[\p{L}\p{Nd}]*$/u);
  });
});

