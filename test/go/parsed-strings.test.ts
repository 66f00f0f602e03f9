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
const FILE_POSITIONS = path.join(__dirname, '../../dist/go/file-positions.js');

const CHILD = `
const crypto = require('node:crypto');
const v8 = require('node:v8');
const { initGoParser, parseGoFile } = require(process.argv[1]);
const { withPaths, withoutPaths } = require(process.argv[2]);
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
// Sliced strings (views) whose parent string holds a text of the file: each costs a view and a parent string
// besides the text itself (on five GitHub descriptions, 92,000 views and 4.7 MB of parents).
function viewsOfParsedText(snapshot) {
  const m = snapshot.snapshot.meta;
  const nf = m.node_fields.length, ef = m.edge_fields.length, types = m.node_types[0];
  const [iType, iName, iEdges] = ['type', 'name', 'edge_count'].map((f) => m.node_fields.indexOf(f));
  const parentName = snapshot.strings.indexOf('parent');
  let views = 0;
  for (let n = 0, e = 0; n < snapshot.nodes.length; n += nf) {
    const edges = snapshot.nodes[n + iEdges];
    if (types[snapshot.nodes[n + iType]] === 'sliced string')
      for (let k = e; k < e + edges * ef; k += ef)
        if (snapshot.edges[k + 1] === parentName && /Long|long|fw:http_route/.test(snapshot.strings[snapshot.nodes[snapshot.edges[k + 2] + iName]])) views++;
    e += edges * ef;
  }
  return views;
}
(async () => {
  await initGoParser();
  let text = source();
  const parsed = parseGoFile('/x/long.go', text);
  // Two more copies of the file, read back from JSON as a parse worker's batches are: each JSON.parse makes new strings.
  const readBack = [1, 2].map(() => withPaths(JSON.parse(JSON.stringify(withoutPaths(parseGoFile('/x/long.go', text))))));
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
  // How many strings hold each name, constant, doc line the three copies share. The texts are made after the
  // snapshot, from literals with a '|' (this code's literals are strings in the heap too).
  const copies = {};
  const stringType = snapshot.snapshot.meta.node_types[0].indexOf('string');
  const texts = ['LongConstant|NameOne', 'LongConstant|TypeName', '"a long constant| value"', 'LongTypeName|WithDoc', 'LongFunction|Name', 'LongQualified|Name', 'longalias|name', 'LongTypeNameWithDoc has| a doc.', 'LongFieldNameWithDoc has a doc line of |' + token];
  for (const t of texts.map((t) => t.replace('|', ''))) {
    const at = snapshot.strings.indexOf(t);
    let n = 0;
    for (let i = 0; i < snapshot.nodes.length; i += snapshot.snapshot.meta.node_fields.length) if (snapshot.nodes[i] === stringType && snapshot.nodes[i + 1] === at) n++;
    copies[t.slice(0, 30)] = n;
  }
  console.log(JSON.stringify({ kept, views: viewsOfParsedText(snapshot), copies, readBack: readBack.length, types: parsed.types.length, funcs: parsed.funcs.length, consts: parsed.consts.length }));
})();
`;

describe('parsed files', () => {
  it('keep no view into their source text nor into any longer string, and share equal texts (V8 heap snapshot)', () => {
    if (!fs.existsSync(PARSER)) throw new Error(`${PARSER} is missing: run \`npm run build\` first (npm test does)`);
    const r = spawnSync(process.execPath, ['-e', CHILD, PARSER, FILE_POSITIONS], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const answer = JSON.parse(r.stdout.trim()) as { kept: number; views: number; copies: Record<string, number> };
    // The file was read (what it holds is alive while the snapshot is taken), no string holds its whole source,
    // and every text kept is a string of its own, not a view into a longer one.
    expect(answer).toMatchObject({ kept: 0, views: 0, readBack: 2, types: 2, funcs: 2, consts: 2 });
    // The file parsed and its two copies read back from JSON hold one string of each text between them
    // (five GitHub descriptions held 11.5 MB of equal strings: names, constants, doc lines of every version).
    expect(Object.entries(answer.copies).filter(([, n]) => n !== 1)).toEqual([]);
  });
});
