import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BuildTarget,
  buildTarget,
  constraintSummary,
  evalBuildExpr,
  hostTarget,
  matchFileName,
  matchTag,
  parseBuildExpr,
  parsePlusBuildExpr,
  readFileConstraints,
  shouldBuild,
} from '../../src/go/build-constraints';

const LINUX: BuildTarget = { goos: 'linux', goarch: 'amd64', cgo: true, tags: [], toolTags: ['amd64.v1'] };
const holds = (expr: string, target: BuildTarget = LINUX) => evalBuildExpr(parseBuildExpr(expr), target);

describe('parseBuildExpr (go/build/constraint grammar)', () => {
  it.each([
    ['linux', true],
    ['!linux', false],
    ['linux && amd64', true],
    ['linux && !amd64', false],
    ['windows || linux', true],
    ['(windows || darwin) && amd64', false],
    ['!(windows || darwin)', true],
    ['linux && amd64 || windows && arm64', true],
    ['unix && gc && go1.1 && amd64.v1 && cgo', true],
    ['go1.999', false],
    ['gccgo', false],
    ['ignore', false],
    ['\tlinux\t&&  amd64 ', true],
    ['tag_with.dots_and_ünïcode', false],
  ])('%s → %s on linux/amd64', (expr, expected) => {
    expect(holds(expr)).toBe(expected);
  });

  it.each([
    ['', 'unexpected end of expression'],
    ['linux &&', 'unexpected end of expression'],
    ['linux & amd64', 'invalid syntax at &'],
    ['linux | amd64', 'invalid syntax at |'],
    ['!!linux', 'double negation not allowed'],
    ['(linux', 'missing close paren'],
    ['(linux || ', 'missing close paren'],
    ['linux)', 'unexpected token )'],
    ['linux amd64', 'unexpected token amd64'],
    ['linux-amd64', 'invalid syntax at -'],
    ['&&', 'unexpected token &&'],
  ])('%j is rejected: %s', (expr, message) => {
    expect(() => parseBuildExpr(expr)).toThrow(message);
  });

  it('rejects an expression of more than 1,000 terms, as Go does', () => {
    expect(() => parseBuildExpr(Array.from({ length: 1001 }, () => 'a').join(' || '))).toThrow('build expression too large');
    expect(() => parseBuildExpr(Array.from({ length: 1000 }, () => 'a').join(' || '))).not.toThrow();
  });
});

describe('parsePlusBuildExpr (// +build lines)', () => {
  const plus = (text: string, target = LINUX) => evalBuildExpr(parsePlusBuildExpr(text)!, target);
  it('ORs space-separated options and ANDs comma-separated terms', () => {
    expect(plus('linux,amd64 windows')).toBe(true);
    expect(plus('linux,arm64 windows')).toBe(false);
    expect(plus('!windows')).toBe(true);
  });
  it('reads `!!x`, `!` and invalid tags as ignore; an empty line as ignore', () => {
    expect(plus('!!linux')).toBe(false);
    expect(plus('!')).toBe(false);
    expect(plus('lin-ux')).toBe(false);
    expect(plus('')).toBe(false);
    expect(plus('!lin-ux')).toBe(true);
  });
  it('gives up (no constraint) beyond 100 operators', () => {
    expect(parsePlusBuildExpr(Array.from({ length: 102 }, () => 'a').join(' '))).toBeUndefined();
  });
});

describe('matchTag', () => {
  it('knows the GOOS aliases and unix', () => {
    expect(matchTag('linux', { ...LINUX, goos: 'android' })).toBe(true);
    expect(matchTag('solaris', { ...LINUX, goos: 'illumos' })).toBe(true);
    expect(matchTag('darwin', { ...LINUX, goos: 'ios' })).toBe(true);
    expect(matchTag('unix', { ...LINUX, goos: 'windows' })).toBe(false);
    expect(matchTag('unix', { ...LINUX, goos: 'aix' })).toBe(true);
    expect(matchTag('cgo', { ...LINUX, cgo: false })).toBe(false);
    expect(matchTag('boringcrypto', { ...LINUX, tags: ['goexperiment.boringcrypto'] })).toBe(true);
    expect(matchTag('go1.0', LINUX)).toBe(false);
  });
});

describe('matchFileName (GOOS/GOARCH suffixes)', () => {
  it.each([
    ['h_linux.go', true],
    ['h_windows.go', false],
    ['h_amd64.go', true],
    ['h_arm64.go', false],
    ['h_linux_amd64.go', true],
    ['h_linux_arm64.go', false],
    ['h_windows_amd64.go', false],
    ['linux.go', true],
    ['h_linux_test.go', true],
    ['h_windows_test.go', false],
    ['h_foo.go', true],
    ['h_windows_foo.go', true],
    ['h.x_windows.go', true],
    ['h_amd64_linux.go', true], // not GOOS_GOARCH order: only the last element counts (linux)
  ])('%s → %s on linux/amd64', (name, expected) => {
    expect(matchFileName(name, LINUX)).toBe(expected);
  });
});

describe('readFileConstraints (the file header, as go/build reads it)', () => {
  it('finds //go:build and // +build lines before the package clause, with their lines', () => {
    expect(readFileConstraints('// Copyright\n\n//go:build linux\n// +build linux\n\n// Package p.\npackage p\n')).toEqual({
      goBuild: { text: 'linux', line: 3 },
      plusBuild: [{ text: 'linux', line: 4 }],
    });
  });
  it('does not count a +build line that is not followed by a blank line (package documentation)', () => {
    expect(readFileConstraints('// +build ignore\npackage p\n')).toEqual({ plusBuild: [] });
  });
  it('stops at the first line that is not a comment', () => {
    expect(readFileConstraints('package p\n\n//go:build ignore\n')).toEqual({ plusBuild: [] });
  });
  it('skips /* */ comments and what they hold', () => {
    expect(readFileConstraints('/* x\n//go:build ignore\n*/\n\npackage p\n')).toEqual({ plusBuild: [] });
    expect(readFileConstraints('/* x */\n//go:build ignore\n\npackage p\n').goBuild).toEqual({ text: 'ignore', line: 2 });
  });
  it('notes a second //go:build line, and ignores //go:buildx', () => {
    expect(readFileConstraints('//go:build a\n//go:build b\n\npackage p\n').duplicateGoBuild).toBe(2);
    expect(readFileConstraints('//go:buildx a\n\npackage p\n')).toEqual({ plusBuild: [] });
  });
  it('reads CRLF files', () => {
    expect(readFileConstraints('//go:build linux\r\n\r\npackage p\r\n').goBuild).toEqual({ text: 'linux', line: 1 });
  });
});

describe('shouldBuild', () => {
  const none = { plusBuild: [] };
  it('needs the name, the //go:build line (over +build lines) and cgo to agree', () => {
    expect(shouldBuild('a_windows.go', none, false, LINUX)).toEqual({ build: false });
    expect(shouldBuild('a.go', { goBuild: { text: 'linux', line: 1 }, plusBuild: [{ text: 'windows', line: 2 }] }, false, LINUX)).toEqual({ build: true });
    expect(
      shouldBuild(
        'a.go',
        {
          plusBuild: [
            { text: 'linux', line: 1 },
            { text: 'arm64', line: 2 },
          ],
        },
        false,
        LINUX,
      ),
    ).toEqual({ build: false });
    expect(shouldBuild('a.go', none, true, { ...LINUX, cgo: false })).toEqual({ build: false });
  });
  it('reports an unparsable or second //go:build line', () => {
    expect(shouldBuild('a.go', { goBuild: { text: 'a &&', line: 3 }, plusBuild: [] }, false, LINUX)).toEqual({
      build: false,
      problem: { line: 3, col: 1, message: 'cannot parse the //go:build line: unexpected end of expression' },
    });
    expect(shouldBuild('a.go', { goBuild: { text: 'a', line: 1 }, plusBuild: [], duplicateGoBuild: 2 }, false, LINUX).problem?.message).toBe(
      'multiple //go:build lines',
    );
  });
});

describe('buildTarget (the target as go build sees the environment)', () => {
  const cc = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cc-'));
  fs.writeFileSync(path.join(cc, 'gcc'), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(cc, 'clang'), '#!/bin/sh\n', { mode: 0o755 });
  const host = hostTarget();

  it('takes GOOS and GOARCH from the environment, else the host (in Go names)', () => {
    expect(buildTarget({ GOOS: 'plan9', GOARCH: 'arm' })).toMatchObject({ goos: 'plan9', goarch: 'arm', cgo: false });
    expect(buildTarget({})).toMatchObject(host);
    expect(['linux', 'darwin', 'windows', 'freebsd', 'openbsd', 'aix', 'solaris', 'android', 'netbsd']).toContain(host.goos);
  });
  it('CGO_ENABLED: the environment, else on for a native build with a C compiler on PATH (or CC set)', () => {
    expect(buildTarget({ CGO_ENABLED: '1', GOOS: 'windows' }).cgo).toBe(true);
    expect(buildTarget({ CGO_ENABLED: '0' }).cgo).toBe(false);
    expect(buildTarget({ PATH: cc }).cgo).toBe(true);
    expect(buildTarget({ PATH: '/nonexistent' }).cgo).toBe(false);
    expect(buildTarget({ PATH: '/nonexistent', CC: 'my-cc' }).cgo).toBe(true);
    expect(buildTarget({ PATH: cc, GOOS: host.goos === 'windows' ? 'linux' : 'windows' }).cgo).toBe(false);
  });
  it('adds the architecture level tags (GOAMD64, GOARM64, GO386) and keeps --tags apart', () => {
    expect(buildTarget({ GOARCH: 'amd64', GOAMD64: 'v3' }, ['x']).toolTags).toEqual(['amd64.v1', 'amd64.v2', 'amd64.v3']);
    expect(buildTarget({ GOARCH: 'amd64' }, ['x']).tags).toEqual(['x']);
    expect(buildTarget({ GOARCH: 'arm64' }).toolTags).toEqual(['arm64.v8.0']);
    expect(buildTarget({ GOARCH: '386' }).toolTags).toEqual(['386.sse2']);
  });
});

describe('constraintSummary', () => {
  it('names what makes a file platform-specific, or nothing', () => {
    expect(constraintSummary('h_linux_amd64.go', { plusBuild: [] }, false)).toBe('the file-name suffix _linux_amd64');
    expect(constraintSummary('h.go', { goBuild: { text: 'foo', line: 1 }, plusBuild: [] }, true)).toBe('//go:build foo, import "C"');
    expect(constraintSummary('h.go', { plusBuild: [{ text: 'a b', line: 1 }] }, false)).toBe('// +build a b');
    expect(constraintSummary('h_foo.go', { plusBuild: [] }, false)).toBeUndefined();
  });
});
