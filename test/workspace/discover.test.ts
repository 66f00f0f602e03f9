import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRoots, isGoSourceFile, isSkippedDir, ModuleFinder, readModulePath } from '../../src/workspace/discover';
import { makeWorkspace } from '../support/workspace';

const GO_MOD = 'module example.com/shop\n\ngo 1.22\n';

/** A root handler package at `dir` (relative), with one handler file. */
function root(dir: string): Record<string, string> {
  const pkg = path.posix.basename(dir === '.' ? 'p' : dir);
  const prefix = dir === '.' ? '' : `${dir}/`;
  return {
    [`${prefix}router.go`]: `package ${pkg}\n`,
    [`${prefix}registry.go`]: `package ${pkg}\n`,
    [`${prefix}handler.go`]: `package ${pkg}\n`,
  };
}

/** Roots as `relDir → subDirs relative to the root`. */
function summary(cwd: string): Record<string, string[]> {
  return Object.fromEntries(discoverRoots(cwd).map((r) => [r.relDir, r.subDirs.map((d) => path.relative(r.dir, d).split(path.sep).join('/'))]));
}

describe('discoverRoots', () => {
  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ['a root needs both router.go and registry.go', { 'a/router.go': 'package a\n', 'b/registry.go': 'package b\n', ...root('c') }, { c: [] }],
    ['marker files must be files, not directories', { 'a/router.go/': '', 'a/registry.go': 'package a\n' }, {}],
    ['roots are sorted by relative path', { ...root('z/v1'), ...root('a/v2'), ...root('m') }, { 'a/v2': [], m: [], 'z/v1': [] }],
    [
      'subfolders at any depth with non-test .go files',
      { ...root('v1'), 'v1/admin/a.go': 'package admin\n', 'v1/empty/x/y/deep.go': 'package y\n', 'v1/empty/readme.md': '' },
      { v1: ['admin', 'empty/x/y'] },
    ],
    [
      'a nested root is a separate root, excluded with its subfolders from its parent',
      { ...root('v1'), ...root('v1/inner'), 'v1/inner/sub/s.go': 'package sub\n', 'v1/other/o.go': 'package other\n' },
      { v1: ['other'], 'v1/inner': ['sub'] },
    ],
    [
      'a subfolder below a non-Go directory below a nested root stays with the nested root',
      { ...root('v1'), ...root('v1/a/inner'), 'v1/a/inner/x/y/z.go': 'package y\n' },
      { v1: [], 'v1/a/inner': ['x/y'] },
    ],
    [
      'vendor, testdata, node_modules, hidden and underscore directories are skipped',
      {
        ...root('v1'),
        'v1/vendor/v.go': 'package v\n',
        'v1/testdata/t.go': 'package t\n',
        'v1/node_modules/n.go': 'package n\n',
        'v1/.hidden/h.go': 'package h\n',
        'v1/_skip/s.go': 'package s\n',
        'v1/ok/ok.go': 'package ok\n',
        'v1/ok/vendor/deeper.go': 'package deeper\n',
        'v1/ok/testdata/d/deeper.go': 'package d\n',
      },
      { v1: ['ok'] },
    ],
    [
      'roots inside skipped directories are not found',
      { ...root('vendor/x'), ...root('testdata/y'), ...root('node_modules/z'), ...root('.git/w'), ...root('_old/v'), ...root('real') },
      { real: [] },
    ],
    [
      'a directory with only _test.go files is not a subfolder',
      { ...root('v1'), 'v1/tests/a_test.go': 'package tests\n', 'v1/mixed/a_test.go': 'package mixed\n', 'v1/mixed/a.go': 'package mixed\n' },
      { v1: ['mixed'] },
    ],
    ['non-.go files do not make a subfolder', { ...root('v1'), 'v1/assets/x.txt': '', 'v1/assets/x.go.bak': '' }, { v1: [] }],
    ['the workspace itself can be a root', { ...root('.'), 'admin/a.go': 'package admin\n' }, { '.': ['admin'] }],
    ['no roots', { 'main.go': 'package main\n' }, {}],
  ])('%s', (_label, files, expected) => {
    expect(summary(makeWorkspace({ 'go.mod': GO_MOD, ...files }))).toEqual(expected);
  });

  it('returns absolute dirs, POSIX relDir, base name and the module', () => {
    const ws = makeWorkspace({ 'go.mod': GO_MOD, ...root('internal/v1handler'), 'internal/v1handler/admin/a.go': 'package admin\n' });
    expect(discoverRoots(ws)).toEqual([
      {
        dir: path.join(ws, 'internal', 'v1handler'),
        relDir: 'internal/v1handler',
        name: 'v1handler',
        subDirs: [path.join(ws, 'internal', 'v1handler', 'admin')],
        otherModuleDirs: [],
        module: { path: 'example.com/shop', dir: ws },
      },
    ]);
  });

  it('keeps a folder with its own go.mod, and everything below it, apart from the subfolders', () => {
    const ws = makeWorkspace({
      'go.mod': GO_MOD,
      ...root('api'),
      'api/tools/go.mod': 'module example.com/tools\n',
      'api/tools/t.go': 'package tools\n',
      'api/tools/deep/d.go': 'package deep\n',
      'api/tools/nogo/readme.md': '',
      'api/admin/a.go': 'package admin\n',
    });
    const [api] = discoverRoots(ws);
    expect(api?.subDirs).toEqual([path.join(ws, 'api', 'admin')]);
    expect(api?.otherModuleDirs).toEqual([path.join(ws, 'api', 'tools'), path.join(ws, 'api', 'tools', 'deep')]);
  });

  it("gives relDir '.' when cwd is a root, and accepts a relative cwd", () => {
    const ws = makeWorkspace({ 'go.mod': GO_MOD, ...root('api') });
    const api = path.join(ws, 'api');
    expect(discoverRoots(api)).toMatchObject([{ dir: api, relDir: '.', name: 'api' }]);
    const rel = path.relative(process.cwd(), api);
    expect(discoverRoots(rel)).toMatchObject([{ dir: api, relDir: '.' }]);
  });

  it('takes the nearest go.mod at or above each root', () => {
    const ws = makeWorkspace({ 'go.mod': GO_MOD, ...root('a'), 'tools/go.mod': 'module example.com/tools\n', ...root('tools/b') });
    expect(discoverRoots(ws).map((r) => [r.relDir, r.module])).toEqual([
      ['a', { path: 'example.com/shop', dir: ws }],
      ['tools/b', { path: 'example.com/tools', dir: path.join(ws, 'tools') }],
    ]);
  });

  it('leaves module undefined when there is no go.mod above the root', () => {
    const ws = makeWorkspace(root('a'));
    // The temporary directory has no go.mod above it unless the machine put one there.
    const expected = new ModuleFinder().find(path.dirname(ws));
    expect(discoverRoots(ws)[0]?.module).toEqual(expected);
    if (!expected) expect(discoverRoots(ws)[0]).not.toHaveProperty('module');
  });

  it('does not fail on a missing directory', () => {
    expect(discoverRoots(path.join(makeWorkspace({}), 'missing'))).toEqual([]);
  });
});

describe('isSkippedDir / isGoSourceFile', () => {
  it.each([
    ['vendor', true],
    ['testdata', true],
    ['node_modules', true],
    ['.git', true],
    ['_build', true],
    ['admin', false],
    ['vendors', false],
    ['my_vendor', false],
  ])('isSkippedDir(%j) → %s', (name, skipped) => {
    expect(isSkippedDir(name)).toBe(skipped);
  });

  it.each([
    ['handler.go', true],
    ['router.go', true],
    ['handler_test.go', false],
    ['handler.go.orig', false],
    ['test.go', true],
    ['x.ts', false],
  ])('isGoSourceFile(%j) → %s', (name, yes) => {
    expect(isGoSourceFile(name)).toBe(yes);
  });
});

describe('readModulePath', () => {
  it.each<[string, string | undefined]>([
    ['module example.com/shop\n\ngo 1.22\n', 'example.com/shop'],
    ['module "example.com/quoted"\n', 'example.com/quoted'],
    ['module example.com/c // the module\n', 'example.com/c'],
    ['module "example.com/qc" // comment\n', 'example.com/qc'],
    ['// module example.com/commented\nmodule example.com/real\n', 'example.com/real'],
    ['// Deprecated: use v2.\nmodule example.com/old\n', 'example.com/old'],
    ['  module   example.com/spaces  \n', 'example.com/spaces'],
    ['module example.com/crlf\r\ngo 1.22\r\n', 'example.com/crlf'],
    ['module shop\n', 'shop'],
    ['go 1.22\n', undefined],
    ['', undefined],
    ['module\n', undefined],
  ])('%j → %j', (text, expected) => {
    const ws = makeWorkspace({ 'go.mod': text });
    expect(readModulePath(path.join(ws, 'go.mod'))).toBe(expected);
  });

  it('returns undefined for a missing file', () => {
    expect(readModulePath(path.join(makeWorkspace({}), 'go.mod'))).toBeUndefined();
  });
});

describe('ModuleFinder', () => {
  it('looks upward from a directory and remembers what it found', () => {
    const ws = makeWorkspace({ 'go.mod': GO_MOD, 'a/b/c/x.go': 'package c\n', 'a/nested/go.mod': 'module example.com/nested\n' });
    const finder = new ModuleFinder();
    const deep = path.join(ws, 'a', 'b', 'c');
    expect(finder.find(deep)).toEqual({ path: 'example.com/shop', dir: ws });
    expect(finder.find(path.join(ws, 'a', 'nested'))).toEqual({ path: 'example.com/nested', dir: path.join(ws, 'a', 'nested') });
    // Cached: removing go.mod does not change an answer already given in this run.
    fs.rmSync(path.join(ws, 'go.mod'));
    expect(finder.find(deep)).toEqual({ path: 'example.com/shop', dir: ws });
    expect(new ModuleFinder().find(deep)?.dir).not.toBe(ws);
  });

  it('skips a go.mod without a module line', () => {
    const ws = makeWorkspace({ 'go.mod': GO_MOD, 'sub/go.mod': 'go 1.22\n' });
    expect(new ModuleFinder().find(path.join(ws, 'sub'))).toEqual({ path: 'example.com/shop', dir: ws });
  });
});
