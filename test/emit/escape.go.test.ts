import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goLineComment, goString } from '../../src/emit/escape';
import { pascalCasePath } from '../../src/model/naming';
import { runGo } from '../support/go';
import { expectedValue, HOSTILE } from '../support/hostile-text';

/**
 * The Go escaping contexts of src/emit/escape.ts, fed hostile text, checked
 * by the real tools: the Go file must pass gofmt and go vet and, run, print
 * the very values (an escape would make its init panic).
 */
describe('escaping per target context (src/emit/escape.ts), Go', () => {
  it('Go line comments, string literals and sanitized identifiers pass gofmt and go vet, and keep their values', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-escape-go-'));
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
});
