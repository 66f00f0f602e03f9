import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A parsed file must not keep its source text alive: V8 keeps a substring
 * of 13 characters or more as a view into the string it was cut from, so
 * one name or comment taken from tree-sitter's `node.text` as it is would
 * hold the whole file (on a workspace of five GitHub descriptions, 413
 * sources, 31 MB of live heap). The oracle is V8's own heap snapshot: in a
 * fresh Node process (small, so the snapshot is quick), a file is parsed
 * with every kind of text fw keeps (names of 13 characters and more, docs,
 * tags, imports, constants, type parameters, build lines, unsupported
 * types), its source dropped, and the snapshot searched for a string
 * holding the source. Runs the compiled parser (npm test builds it).
 */
const PARSER = path.join(__dirname, '../../dist/go/parser.js');

const CHILD = `
const crypto = require('node:crypto');
const v8 = require('node:v8');
const { initGoParser, parseGoFile } = require(process.argv[1]);
const token = crypto.randomUUID();
function source() {
  return [
    '//go:build linux || darwin_' + token.slice(0, 4),
    '',
    '// Package longpackagename is the doc of ' + token,
    'package longpackagename',
    '',
    'import (',
    '\\tlongaliasname "example.com/a/very/long/import/path"',
    '\\t"example.com/another/long/import/path"',
    ')',
    '',
    '// LongFunctionName is a function of ' + token,
    'func LongFunctionName() (LongResultTypeName, error) { return LongResultTypeName{}, nil }',
    '',
    '// LongMethodName is a method.',
    'func (h *LongReceiverTypeName) LongMethodName() {}',
    '',
    '// LongTypeNameWithDoc has a doc.',
    'type LongTypeNameWithDoc[LongTypeParameter any] struct {',
    '\\t// LongFieldNameWithDoc has a doc line of ' + token,
    '\\tLongFieldNameWithDoc string \`json:"long_field_name_with_doc,omitempty"\`',
    '\\tLongArrayFieldName [LongArrayLengthConstant]longaliasname.LongQualifiedName // trailing comment of ' + token,
    '\\tLongUnsupportedField chan<- struct{ A int }',
    '}',
    '',
    'type (',
    '\\t// LongGroupedTypeName is grouped.',
    '\\tLongGroupedTypeName = LongTypeNameWithDoc[int]',
    ')',
    '',
    'const (',
    '\\tLongConstantNameOne LongConstantTypeName = "a long constant value"',
    '\\tLongConstantNameTwo',
    ')',
    '',
    '// fw:http_route GET /a-stray-annotation-of-some-length',
    '// end of ' + token,
    '',
  ].join('\\n');
}
(async () => {
  await initGoParser();
  let text = source();
  const parsed = parseGoFile('/x/long.go', text);
  text = undefined;
  const snapshot = await new Promise((resolve) => {
    let out = '';
    const stream = v8.getHeapSnapshot();
    stream.setEncoding('utf8');
    stream.on('data', (d) => (out += d));
    stream.on('end', () => resolve(JSON.parse(out)));
  });
  // The snapshot gives a string's first 1,024 characters: the source is the one with the build line, a doc and the package clause.
  const kept = snapshot.strings.filter((s) => s.includes(token) && s.includes('\\npackage longpackagename\\n')).length;
  console.log(JSON.stringify({ kept, types: parsed.types.length, funcs: parsed.funcs.length, consts: parsed.consts.length }));
})();
`;

describe('parsed files', () => {
  it('keep no view into their source text (V8 heap snapshot)', () => {
    if (!fs.existsSync(PARSER)) throw new Error(`${PARSER} is missing: run \`npm run build\` first (npm test does)`);
    const r = spawnSync(process.execPath, ['-e', CHILD, PARSER], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const answer = JSON.parse(r.stdout.trim()) as { kept: number; types: number; funcs: number; consts: number };
    // The file was read (what it holds is alive while the snapshot is taken), and no string holds its whole source.
    expect(answer).toEqual({ kept: 0, types: 2, funcs: 2, consts: 2 });
  });
});
