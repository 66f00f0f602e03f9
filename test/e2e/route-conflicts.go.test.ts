import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRouteConflicts } from '../../src/core/route-conflicts';
import { CONFLICT_CASES, registration } from '../core/route-conflict-cases';

const run = promisify(execFile);

/**
 * Registers each pair of CONFLICT_CASES on a fresh http.NewServeMux and prints,
 * per pair, "ok", "conflict" (registering the second panics with a conflict)
 * or "invalid: ..." (a pattern Go rejects on its own: a bug in the table).
 */
function goProgram(): string {
  const pairs = CONFLICT_CASES.map((c) => `\t{${JSON.stringify(c.a)}, ${JSON.stringify(c.b)}},`).join('\n');
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
	json.NewEncoder(os.Stdout).Encode(verdicts)
}
`;
}

describe('findRouteConflicts agrees with Go net/http ServeMux', () => {
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
    expect(verdicts).toHaveLength(CONFLICT_CASES.length);
  });

  it.each(CONFLICT_CASES.map((c, i) => ({ ...c, i })))('$a | $b', ({ a, b, conflict, i }) => {
    const ours = findRouteConflicts([registration(a, 1), registration(b, 2)]).length > 0 ? 'conflict' : 'ok';
    expect(verdicts[i]).toBe(conflict ? 'conflict' : 'ok');
    expect(ours).toBe(verdicts[i]);
  });
});
