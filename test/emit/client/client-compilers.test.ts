import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';
import { COMPILERS, type CompilerVersion, goldenClients, tscBuild } from '../../support/tsc';

/**
 * Every golden client fw generates type-checks under each TypeScript
 * compiler it supports (5.9, 6.0 and 7.0, the registry's packages) with the
 * option sets applications use. The Vite and Next.js sets are read from the
 * templates their project creators ship (devDependencies `create-vite` and
 * `create-next-app`), less what needs the rest of the app. The clients are
 * copied into one ES module package with zod installed, as an app has them,
 * once per option set (a folder each, so that an error names its set); one
 * `tsc -b` per compiler checks every set, each a project of its own (the
 * projects share the parsed library and zod declarations: a fifth less CPU
 * than a tsc run per set).
 */
/** A project creator's tsconfig template (JSONC), its compilerOptions without `drop`. */
function templateOptions(file: string, drop: string[]): Record<string, unknown> {
  const options = (parseJsonc(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', file), 'utf8')) as { compilerOptions: Record<string, unknown> })
    .compilerOptions;
  for (const key of drop) delete options[key];
  return options;
}

const STRICTEST = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  types: [],
};

const OPTION_SETS: Record<string, Record<string, unknown>> = {
  'strict, bundler': { ...STRICTEST, module: 'ESNext', moduleResolution: 'Bundler' },
  'strict, nodenext': { ...STRICTEST, module: 'NodeNext', moduleResolution: 'NodeNext' },
  // vite/client's types need vite; the build info file needs the app.
  'create-vite react-ts (tsconfig.app.json)': {
    ...templateOptions('create-vite/template-react-ts/tsconfig.app.json', ['tsBuildInfoFile', 'types']),
    types: [],
  },
  // The next plugin and the paths alias need Next.js and the app.
  'create-next-app (tsconfig.json)': templateOptions('create-next-app/dist/templates/app/ts/tsconfig.json', ['plugins', 'paths', 'incremental']),
  'strict off': {
    strict: false,
    skipLibCheck: true,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    types: [],
  },
};

describe('golden TypeScript clients type-check under TypeScript 5.9, 6.0 and 7.0 with the option sets apps use', () => {
  const clients = goldenClients();
  let app: string;
  /** Per option set, its copies of the clients. */
  let projects: Record<string, { compilerOptions: Record<string, unknown>; files: string[] }>;

  beforeAll(() => {
    app = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-compilers-'));
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    fs.mkdirSync(path.join(app, 'node_modules'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules/zod'), path.join(app, 'node_modules/zod'), 'dir');
    projects = Object.fromEntries(
      Object.entries(OPTION_SETS).map(([set, compilerOptions]) => {
        const src = path.join(app, set.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, ''));
        fs.mkdirSync(src);
        const files = clients.map((client) => {
          const copy = path.join(src, client.replace(/^fixtures[/\\]/, '').replace(/[/\\]/g, '-'));
          fs.copyFileSync(path.join(REPO_ROOT, client), copy);
          return copy;
        });
        return [set, { compilerOptions, files }];
      }),
    );
  });
  afterAll(() => fs.rmSync(app, { recursive: true, force: true }));

  it('finds the golden clients of both zod flavours', () => {
    expect(clients.length).toBeGreaterThanOrEqual(9);
    expect(clients.filter((c) => c.endsWith('.mini.ts')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(Object.keys(COMPILERS) as CompilerVersion[])('the compilers are the versions named (%s)', (version) => {
    const { version: installed } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, COMPILERS[version], 'package.json'), 'utf8')) as { version: string };
    expect(installed.startsWith(`${version}.`)).toBe(true);
  });

  // One tsc -b of a JavaScript compiler takes 45 s of CPU here; on a loaded machine, many times that in wall time.
  it.each(Object.keys(COMPILERS) as CompilerVersion[])('TypeScript %s, every option set', { timeout: 900_000 }, (compiler) => {
    const errors = Object.fromEntries(
      Object.entries(tscBuild(projects, compiler)).map(([set, lines]) => [set, lines.map((line) => line.replace(`${app}${path.sep}`, ''))]),
    );
    expect(errors).toEqual(Object.fromEntries(Object.keys(OPTION_SETS).map((set) => [set, []])));
  });
});
