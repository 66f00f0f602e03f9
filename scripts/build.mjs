// Compiles src/ to dist/ with tsc, then copies the non-TypeScript assets
// (handlebars templates, tree-sitter queries, schema.json files, Go sources
// shipped as templates) next to the compiled modules that load them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');
// Hand-written declaration files (the Nx executors' and generators' schema.d.ts)
// are not emitted by tsc, but the emitted .d.ts files import them.
const assetPattern = /\.(hbs|scm|json|go|tmpl)$|\.d\.ts$/;

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});

let copied = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (assetPattern.test(name)) {
      cpSync(full, join(dist, relative(src, full)));
      copied++;
    }
  }
};
walk(src);
// The Go grammar, from the tree-sitter-go devDependency: fw ships its wasm
// alone (with the grammar's license), so installing fw runs no install script
// and builds no native addon (src/go/parser.ts loads it from here).
const grammar = join(root, 'node_modules', 'tree-sitter-go');
cpSync(join(grammar, 'tree-sitter-go.wasm'), join(dist, 'go', 'tree-sitter-go.wasm'));
cpSync(join(grammar, 'LICENSE'), join(dist, 'go', 'tree-sitter-go.LICENSE'));
copied += 2;
// The build's identity, part of the parse cache's and run record's key
// (src/go/read-go-file.ts): another build of the same version never reuses
// what this one recorded.
const hash = createHash('sha256');
const files = [];
const list = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) list(full);
    else files.push(relative(dist, full).split('\\').join('/'));
  }
};
list(dist);
for (const file of files.sort())
  hash
    .update(file)
    .update('\0')
    .update(readFileSync(join(dist, file)))
    .update('\0');
writeFileSync(join(dist, 'build-id.txt'), `${hash.digest('hex')}\n`);
console.log(`build: compiled src/ to dist/ and copied ${copied} asset file(s)`);
