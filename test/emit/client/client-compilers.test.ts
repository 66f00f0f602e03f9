import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';
import { COMPILERS, type CompilerVersion, goldenClients, tsc } from '../../support/tsc';

/**
 * Every golden client fw generates type-checks under each TypeScript
 * compiler it supports (5.9, 6.0 and 7.0, the registry's packages) with the
 * option sets applications use. The Vite and Next.js sets are read from the
 * templates their project creators ship (devDependencies `create-vite` and
 * `create-next-app`), less what needs the rest of the app. The clients are
 * copied into one ES module package with zod installed, as an app has them;
 * one tsc run per compiler and option set checks all of them.
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
  let copies: string[];

  beforeAll(() => {
    app = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-compilers-'));
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    fs.mkdirSync(path.join(app, 'node_modules'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules/zod'), path.join(app, 'node_modules/zod'), 'dir');
    fs.mkdirSync(path.join(app, 'src'));
    copies = clients.map((client) => {
      const copy = path.join(app, 'src', `${client.replace(/^fixtures[/\\]/, '').replace(/[/\\]/g, '-')}`);
      fs.copyFileSync(path.join(REPO_ROOT, client), copy);
      return copy;
    });
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

  const cases = (Object.keys(COMPILERS) as CompilerVersion[]).flatMap((compiler) => Object.keys(OPTION_SETS).map((set) => [compiler, set] as const));
  // A JavaScript tsc takes 10 s of CPU here; on a loaded machine, many times that.
  it.each(cases)('TypeScript %s, %s', { timeout: 600_000 }, (compiler, set) => {
    const errors = tsc(OPTION_SETS[set]!, copies, compiler).map((line) => line.replace(`${app}${path.sep}src${path.sep}`, ''));
    expect(errors).toEqual([]);
  });
});
