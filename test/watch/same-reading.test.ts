import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate';
import { withoutPaths, withPaths } from '../../src/go/file-positions';
import { initGoParser, parseGoFile } from '../../src/go/parser';
import type { WorkspaceProgram } from '../../src/go/program';
import { sameReading } from '../../src/watch/same-reading';
import { WatchSession } from '../../src/watch/session';
import { copyFixture } from '../support/workspace';

/**
 * sameReading decides that fw watch keeps everything built from a changed
 * file: a false "same" is a stale output, so each part fw reads is changed
 * alone here (the watch tests check the outputs against a fresh run).
 */

const TYPES = `// Package models holds types.
package models

import "net/http"

// Role is a role.
type Role string

const RoleAdmin Role = "admin"

// User is a user.
type User struct {
	// Name is shown.
	Name string \`json:"name" validate:"max=9"\`
}

func (r Role) MarshalText() ([]byte, error) { return []byte(r), nil }

func helper() http.Header { return nil }
`;

const parse = (text: string, file = '/ws/internal/models/models.go') => parseGoFile(file, text);
const same = (edited: string, file?: string) => sameReading(parse(TYPES, file), parse(edited, file));

beforeAll(async () => {
  await initGoParser();
});

describe('sameReading', () => {
  it('is true for edits fw reads nothing of: a plain function appended or removed, a comment or blank lines at the end, a method body changed on its lines', () => {
    expect(same(TYPES)).toBe(true);
    expect(same(`${TYPES}\nfunc other(n int) int { return n }\n`)).toBe(true);
    expect(same(TYPES.replace('func helper() http.Header { return nil }\n', ''))).toBe(true);
    expect(same(`${TYPES}\n// The end.\n\n`)).toBe(true);
    expect(same(TYPES.replace('return []byte(r), nil', 'return []byte(string(r)), nil'))).toBe(true);
  });

  it('is true for a kept reading that went through JSON (a parse worker, the parse cache)', () => {
    const kept = withPaths(JSON.parse(JSON.stringify(withoutPaths(parse(TYPES)))));
    expect(sameReading(kept, parse(`${TYPES}\nfunc other() {}\n`))).toBe(true);
  });

  it('is false for every part fw reads: docs, tags, validate tags, const values, positions, methods, imports, package name, build lines', () => {
    expect(same(TYPES.replace('// Name is shown.', '// Name is the name.'))).toBe(false);
    expect(same(TYPES.replace('// User is a user.', '// User is a person.'))).toBe(false);
    expect(same(TYPES.replace('json:"name"', 'json:"nick"'))).toBe(false);
    expect(same(TYPES.replace('max=9', 'max=8'))).toBe(false);
    expect(same(TYPES.replace('"admin"', '"root"'))).toBe(false);
    expect(same(TYPES.replace('// Role is a role.', '\n// Role is a role.'))).toBe(false);
    expect(same(`// A line.\n${TYPES}`)).toBe(false);
    expect(same(TYPES.replace('MarshalText', 'marshalText'))).toBe(false);
    expect(same(TYPES.replace('"net/http"', 'h "net/http"'))).toBe(false);
    expect(same(TYPES.replace('package models', 'package model'))).toBe(false);
    expect(same(`//go:build linux\n\n${TYPES}`)).toBe(false);
  });

  it('is false for the functions fw reads: one carrying fw:http_route, one named like a declaration the router writes, any in a URL helper directory', () => {
    expect(same(`${TYPES}\n// fw:http_route path=/x\nfunc X() http.HandlerFunc { return nil }\n`)).toBe(false);
    expect(same(`${TYPES}\nfunc Router() {}\n`)).toBe(false);
    expect(same(`${TYPES}\nfunc other() {}\n`, '/ws/api/urlhelper/mine.go')).toBe(false);
  });
});

describe('WatchSession.invalidate with nothing to forget', () => {
  it('keeps the type resolver, whose diagnostics (given once, as a type is resolved) the next build gives again', async () => {
    const ws = copyFixture('example');
    const models = path.join(ws, 'internal/models/models.go');
    fs.writeFileSync(models, `${fs.readFileSync(models, 'utf8').replace('\tTags ', '\tPipe      Pipe      `json:"pipe"`\n\tTags ')}\ntype Pipe chan int\n`);
    const session = new WatchSession();
    const build = () => generate({ cwd: ws, generators: ['client'], options: { client: { file: 'client.ts' } }, session });
    const first = await build();
    expect(first.diagnostics.map((d) => d.code)).toContain('FW2103');
    const resolver = session.resolverFor(first.model!.program as WorkspaceProgram);
    session.invalidate([], false);
    const second = await build();
    expect(session.resolverFor(second.model!.program as WorkspaceProgram)).toBe(resolver);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });
});
