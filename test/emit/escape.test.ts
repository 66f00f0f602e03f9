import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tsBlockCommentLine, tsKey, tsLineComment, tsString, tsTemplateText } from '../../src/emit/escape';
import { pascalCasePath } from '../../src/model/naming';
import { expectedValue, HOSTILE } from '../support/hostile-text';
import { STRICT_NODE, tsc } from '../support/tsc';

/**
 * Every TypeScript escaping context of src/emit/escape.ts, fed hostile text,
 * checked by the real tool: the TypeScript must pass tsc --strict and,
 * imported, hold the very values and run nothing (the payloads would set
 * globalThis.pwned). The Go contexts: escape.go.test.ts.
 */
function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

describe('escaping per target context (src/emit/escape.ts)', () => {
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
