import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goString } from '../../src/emit/escape';
import { runGo } from '../support/go';
import { HEADER_NAME_CHARS, headersAccept } from '../support/header-names';

/**
 * The header names fw refuses in `header:"..."` tags are those Node's
 * Headers refuses (./header-tags.test.ts); Go's net/textproto must agree,
 * or a name the client sends would not be read by the server. textproto
 * returns a name with a byte it does not take unchanged, and canonicalizes
 * any other (`x-a` becomes `X-A`).
 */
describe('header names: Go and the Fetch Headers class agree', () => {
  it('textproto.CanonicalMIMEHeaderKey leaves exactly the names Headers refuses as they are', () => {
    const names = HEADER_NAME_CHARS.map((c) => `x${c}y`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-header-names-go-'));
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/headernames\n\ngo 1.22\n');
    const main = [
      'package main',
      '',
      'import (',
      '\t"encoding/json"',
      '\t"net/textproto"',
      '\t"os"',
      ')',
      '',
      'var names = []string{',
      ...names.map((n) => `\t${goString(n)},`),
      '}',
      '',
      'func main() {',
      '\tvalid := make([]bool, len(names))',
      '\tfor i, n := range names {',
      '\t\tvalid[i] = textproto.CanonicalMIMEHeaderKey(n) != n',
      '\t}',
      '\t_ = json.NewEncoder(os.Stdout).Encode(valid)',
      '}',
      '',
    ];
    fs.writeFileSync(path.join(dir, 'main.go'), main.join('\n'));
    const goValid = JSON.parse(runGo('go', ['run', '.'], dir)) as boolean[];
    expect(names.filter((_, i) => goValid[i])).toEqual(names.filter((n) => headersAccept(n)));
  });
});
