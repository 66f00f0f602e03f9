// Compiles src/ to dist/ with tsc, then copies the non-TypeScript assets
// (handlebars templates, tree-sitter queries, schema.json files, Go sources
// shipped as templates) next to the compiled modules that load them.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
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
console.log(`build: compiled src/ to dist/ and copied ${copied} asset file(s)`);
