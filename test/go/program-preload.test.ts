import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGoFile, initGoParser } from '../../src/go/parser';
import { WorkspaceProgram } from '../../src/go/program';
import { importsInSource, routeTypeImportsInSource, routeTypeImportsOf } from '../../src/go/route-type-imports';

const HANDLER = `package api

import (
\t"net/http"

\tm "example.com/app/models"
\t"example.com/app/services"
\t"example.com/app/other"
)

// fw:http_route path=/users/{id} method=GET response=200:m.User response=404:other.Problem
func (h *H) GetUser() http.HandlerFunc { services.Do(); return nil }

// Not an annotation: services.Thing is only called.
func (h *H) helper() {}
`;

let dir: string;
beforeAll(async () => {
  await initGoParser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-preload-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('go.mod', 'module example.com/app\n\ngo 1.22\n');
  write('api/handlers.go', HANDLER);
  write('models/models.go', 'package models\n\nimport "example.com/app/money"\n\ntype User struct{ Balance money.Amount }\n');
  write('money/money.go', 'package money\n\nimport "example.com/app/units"\n\ntype Amount int64\n');
  write('units/units.go', 'package units\n\ntype Unit int\n');
  write('other/other.go', 'package other\n\ntype Problem struct{}\n');
  write('services/services.go', 'package services\n\nfunc Do() {}\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('route type imports', () => {
  it('are the imports named on annotation lines, the same read lexically and from the parsed file', () => {
    const want = ['example.com/app/models', 'example.com/app/other'];
    expect(routeTypeImportsInSource(Buffer.from(HANDLER))).toEqual(want);
    expect(routeTypeImportsOf(parseGoFile('/x/handlers.go', HANDLER))).toEqual(want);
    expect(importsInSource(Buffer.from(HANDLER))).toEqual(['net/http', 'example.com/app/models', 'example.com/app/services', 'example.com/app/other']);
  });
});

describe('WorkspaceProgram.preload', () => {
  /** Which packages preload read ahead: their files are parsed already, so an edit after preload does not show when they load. */
  async function readAhead(): Promise<string[]> {
    const program = new WorkspaceProgram();
    await program.preload([path.join(dir, 'api')]);
    const marked: string[] = [];
    for (const pkg of ['models', 'money', 'units', 'other', 'services']) {
      const file = path.join(dir, pkg, `${pkg}.go`);
      const before = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, `${before}\ntype Edited int\n`);
      try {
        program.addModule({ dir, path: 'example.com/app' });
        if (!program.package(`example.com/app/${pkg}`)!.types.has('Edited')) marked.push(pkg);
      } finally {
        fs.writeFileSync(file, before);
      }
    }
    return marked;
  }

  it('reads the handler packages, the packages their annotations name and what those import, not the packages handlers only call', async () => {
    expect(await readAhead()).toEqual(['models', 'money', 'other']);
  });

  it('does not keep, for a later run, files it read ahead that were never loaded (they may have changed)', async () => {
    const program = new WorkspaceProgram();
    await program.preload([path.join(dir, 'api')]);
    await program.preload([]);
    const file = path.join(dir, 'other/other.go');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${before}\ntype Edited int\n`);
    try {
      program.addModule({ dir, path: 'example.com/app' });
      expect(program.package('example.com/app/other')!.types.has('Edited')).toBe(true);
    } finally {
      fs.writeFileSync(file, before);
    }
  });
});
