import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRouteConflicts } from '../../src/model/route-conflicts';
import { parseRoutePath } from '../../src/annotations/route-path';
import { CONFLICT_CASES, registration } from '../model/route-conflict-cases';

const run = promisify(execFile);

/** Paths parseRoutePath accepts or rejects for a reason ServeMux shares (it panics on `GET <path>`). */
const PATHS: { path: string; valid: boolean }[] = [
  ...[
    '/',
    '/users',
    '/users/',
    '/users/{id}',
    '/users/{id}/',
    '/files/{path...}',
    '/{$}',
    '/users/{$}',
    '/{ünï}',
    '/café',
    '/a%20b',
    '/{type}',
    '/a:b/x*/<',
    '/{_x1}/{y...}',
  ].map((path) => ({ path, valid: true })),
  ...[
    '/a//b',
    '//',
    '/a/./b',
    '/a/..',
    '/a{id}',
    '/{id}x',
    '/{id',
    '/{}',
    '/{...}',
    '/{1id}',
    '/{a-b}',
    '/{a{b}}',
    '/{id}/{id}',
    '/{p}/{p...}',
    '/{rest...}/x',
    '/{rest...}/',
    '/{$}/x',
    '/a/{$}/',
  ].map((path) => ({ path, valid: false })),
];

/**
 * Registers each pair of CONFLICT_CASES on a fresh http.NewServeMux and prints,
 * per pair, "ok", "conflict" (registering the second panics with a conflict)
 * or "invalid: ..." (a pattern Go rejects on its own: a bug in the table);
 * then, per entry of PATHS, "ok" or "invalid: ..." for `GET <path>` alone.
 */
function goProgram(): string {
  const pairs = CONFLICT_CASES.map((c) => `\t{${JSON.stringify(c.a)}, ${JSON.stringify(c.b)}},`).join('\n');
  const singles = PATHS.map((p) => `\t${JSON.stringify(`GET ${p.path}`)},`).join('\n');
  return `package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
)

var pairs = [][2]string{
${pairs}
}

var singles = []string{
${singles}
}

func register(mux *http.ServeMux, pattern string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	mux.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
	return ""
}

func main() {
	verdicts := []string{}
	for _, p := range pairs {
		mux := http.NewServeMux()
		verdict := "ok"
		if msg := register(mux, p[0]); msg != "" {
			verdict = "invalid: " + msg
		} else if msg := register(mux, p[1]); strings.Contains(msg, "conflicts with") {
			verdict = "conflict"
		} else if msg != "" {
			verdict = "invalid: " + msg
		}
		verdicts = append(verdicts, verdict)
	}
	for _, p := range singles {
		verdict := "ok"
		if msg := register(http.NewServeMux(), p); msg != "" {
			verdict = "invalid: " + msg
		}
		verdicts = append(verdicts, verdict)
	}
	json.NewEncoder(os.Stdout).Encode(verdicts)
}
`;
}

describe('findRouteConflicts and parseRoutePath agree with Go net/http ServeMux', () => {
  let dir = '';
  let verdicts: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fw-conflicts-'));
    await writeFile(path.join(dir, 'go.mod'), 'module fwconflicts\n\ngo 1.22\n');
    await writeFile(path.join(dir, 'main.go'), goProgram());
    try {
      const { stdout } = await run('go', ['run', '.'], { cwd: dir });
      verdicts = JSON.parse(stdout) as string[];
    } catch (e) {
      throw new Error(`this test needs Go >= 1.22 on PATH ("go run" failed): ${(e as Error).message}`);
    }
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('Go ran every pair', () => {
    expect(verdicts).toHaveLength(CONFLICT_CASES.length + PATHS.length);
  });

  it.each(PATHS.map((p, i) => ({ ...p, i: CONFLICT_CASES.length + i })))('path $path valid=$valid', ({ path: text, valid, i }) => {
    expect(verdicts[i]?.startsWith(valid ? 'ok' : 'invalid: ')).toBe(true);
    expect(parseRoutePath(text, { file: 'f.go', line: 1, col: 1 }).path !== undefined).toBe(valid);
  });

  it.each(CONFLICT_CASES.map((c, i) => ({ ...c, i })))('$a | $b', ({ a, b, conflict, i }) => {
    const ours = findRouteConflicts([registration(a, 1), registration(b, 2)]).length > 0 ? 'conflict' : 'ok';
    expect(verdicts[i]).toBe(conflict ? 'conflict' : 'ok');
    expect(ours).toBe(verdicts[i]);
  });
});
