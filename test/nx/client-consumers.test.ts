import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type CreateDependenciesContext, type ProjectConfiguration, validateDependency } from '@nx/devkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientConsumerDependencies } from '../../src/nx/client-consumers';
import { importSpecifiers } from '../../src/nx/import-specifiers';

/** A workspace on disk (the specifiers are read from the files) and the context Nx would pass createDependencies for it. */
describe('client consumers (createDependencies)', () => {
  let ws: string;
  let cacheFile: string;
  beforeEach(() => {
    ws = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-consumers-'));
    cacheFile = path.join(ws, '.nx', 'workspace-data', 'fw-imports.json');
  });
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }));

  const projects: Record<string, ProjectConfiguration> = {
    api: { root: 'apps/api', targets: { 'gen-client': { executor: 'fw:client', options: { file: 'client/client.ts' } } } },
    admin: { root: 'services/admin', targets: { 'gen-all': { executor: 'fw:all', options: { file: '../../libs/clients/src/admin.ts' } } } },
    web: { root: 'apps/web', targets: { typecheck: { command: 'tsc --noEmit' } } },
    shop: { root: 'apps/shop' },
    clients: { root: 'libs/clients' },
    docs: { root: 'apps/docs' },
  };
  function context(files: Record<string, string>): CreateDependenciesContext {
    const projectFileMap: Record<string, { file: string; hash: string }[]> = Object.fromEntries(Object.keys(projects).map((p) => [p, []]));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
      fs.writeFileSync(path.join(ws, file), text);
      const owner = Object.entries(projects).find(([, p]) => file.startsWith(`${p.root}/`))?.[0];
      projectFileMap[owner!]!.push({ file, hash: String(text.length) + text.slice(0, 40) });
    }
    return {
      projects,
      workspaceRoot: ws,
      nxJsonConfiguration: {},
      externalNodes: {},
      fileMap: { projectFileMap, nonProjectFiles: [] },
      filesToProcess: { projectFileMap: {}, nonProjectFiles: [] },
    };
  }
  const files = {
    'apps/api/package.json': JSON.stringify({ name: '@shop/api' }),
    'apps/api/main.go': 'package main\n',
    'apps/web/src/main.ts': "import { UsersClient } from '../../api/client/client';\nexport const c = UsersClient;\n",
    'apps/web/src/other.ts': "import { x } from './util.js';\n",
    'apps/shop/src/app.tsx': "import type { User } from '@shop/api/client/client';\n",
    'apps/docs/src/index.ts': "import { z } from 'zod';\nimport '../../api/main';\n",
  };

  it('gives an edge to the Go project from each project that imports its client (relative path, package name) or holds it, and Nx accepts each', () => {
    const ctx = context(files);
    const edges = clientConsumerDependencies(ctx, cacheFile);
    for (const edge of edges) validateDependency(edge, ctx);
    expect(edges.map((e) => [e.source, '->', e.target, e.type, 'sourceFile' in e ? e.sourceFile : ''].join(' ').trim()).sort()).toEqual([
      'clients -> admin implicit',
      'shop -> api static apps/shop/src/app.tsx',
      'web -> api static apps/web/src/main.ts',
    ]);
  });

  it('reads a file again only when its hash changed, and forgets files that are gone', () => {
    clientConsumerDependencies(context(files), cacheFile);
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, { hash: string; specifiers: string[] }>;
    expect(cached['apps/web/src/main.ts']?.specifiers).toEqual(['../../api/client/client']);
    // Same hash, other text: the remembered specifiers are used (Nx's hash is the file's identity).
    const ctx = context(files);
    fs.writeFileSync(path.join(ws, 'apps/web/src/main.ts'), 'export {};\n');
    expect(clientConsumerDependencies(ctx, cacheFile).some((e) => e.source === 'web')).toBe(true);
    // A new hash: read again, and the edge is gone.
    const { 'apps/shop/src/app.tsx': _, ...rest } = files;
    const edges = clientConsumerDependencies(context({ ...rest, 'apps/web/src/main.ts': 'export const none = 1;\n' }), cacheFile);
    expect(edges.map((e) => e.source)).toEqual(['clients']);
    expect(Object.keys(JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as object)).not.toContain('apps/shop/src/app.tsx');
  });

  it('reads import, export, side-effect, dynamic import and require specifiers', () => {
    const text = [
      "import a from 'a';",
      'import type { B } from "b";',
      "export * from './c.js';",
      "import './d';",
      "const e = await import('e');",
      "const f = require('f');",
      "export { g } from '../g';",
      'const notAnImport = "from";',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['../g', './c.js', './d', 'a', 'b', 'e', 'f']);
  });
});
