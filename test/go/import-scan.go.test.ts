import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanImports } from '../../src/go/import-scan';
import { initGoParser, parseGoFile } from '../../src/go/parser';
import { FIXTURES } from '../support/golden';
import { runGo } from '../support/go';

/**
 * The lexical import scanner against go/parser: for every file, Go's
 * ImportsOnly parse (what `go list` reads imports with) and a full parse
 * decide. Where the scanner reads an import section, Go reads the same
 * package name and import paths; where it refuses one, Go refuses the file
 * too (the Nx plugin then falls back to every Go file); a file Go parses is
 * never refused.
 */
const ORACLE = `package main

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"strconv"
)

type result struct {
	File    string   \`json:"file"\`
	Ok      bool     \`json:"ok"\`
	FullOk  bool     \`json:"fullOk"\`
	Package string   \`json:"package"\`
	Imports []string \`json:"imports"\`
}

func main() {
	out := []result{}
	for _, f := range os.Args[1:] {
		r := result{File: f, Imports: []string{}}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err == nil {
			r.Ok = true
			r.Package = file.Name.Name
			for _, s := range file.Imports {
				p, _ := strconv.Unquote(s.Path.Value)
				r.Imports = append(r.Imports, p)
			}
		}
		_, err = parser.ParseFile(token.NewFileSet(), f, nil, 0)
		r.FullOk = err == nil
		out = append(out, r)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`;

interface GoVerdict {
  file: string;
  ok: boolean;
  fullOk: boolean;
  package: string;
  imports: string[];
}

/** Hostile import sections: each one a whole file. */
const HOSTILE: Record<string, string> = {
  single: 'package p\n\nimport "fmt"\n\nfunc F() { fmt.Println() }\n',
  grouped: 'package p\n\nimport (\n\t"fmt"\n\t"os"\n)\n',
  aliases: 'package p\n\nimport (\n\tf "fmt"\n\t_ "embed"\n\t. "strings"\n\tμ "math"\n)\n\nvar _ = f.Sprint\n',
  'several declarations': 'package p\nimport "a.com/x"\nimport ("b.com/y"; "c.com/z")\nimport _ "d.com/w"\ntype T int\n',
  'one line with semicolons': 'package p; import "fmt"; import . "os"; func F() {}\n',
  'no space': 'package p\nimport"fmt"\nimport(\n_"os"\n."strings"\n)\n',
  'empty group': 'package p\n\nimport ()\n\nimport (\n)\n\nvar X = 1\n',
  'comments everywhere':
    '// Package p is /* not */ import "fake1"\n/* import "fake2" */ package /* x */ p // import "fake3"\n\nimport ( // "fake4"\n\t/* "fake5" */ "fmt" // "fake6"\n\t// "fake7"\n\tx /* between */ "os"\n) /* tail\n */\n\nconst S = "import \\"fake8\\""\n',
  'build constraints and cgo preamble':
    '//go:build linux && !cgo\n// +build linux,!cgo\n\npackage p\n\n/*\n#include <stdio.h>\n// import "notgo"\n*/\nimport "C"\nimport "unsafe"\n',
  'raw strings': 'package p\n\nimport (\n\t`fmt`\n\tr `example.com/raw/path`\n)\n',
  'escapes in interpreted strings':
    'package p\n\nimport (\n\t"example.com/\\x61pi"\n\t"example.com/\\u0062\\U00000063"\n\t"example.com/\\144ef"\n\t"example.com/ünï/cödé"\n)\n',
  'byte-order mark': '\uFEFFpackage p\n\nimport "fmt"\n',
  'CRLF line ends': 'package p\r\n\r\nimport (\r\n\t"fmt"\r\n\t"os"\r\n)\r\n\r\nfunc F() {}\r\n',
  'duplicate imports': 'package p\nimport "fmt"\nimport f "fmt"\n',
  'no imports': 'package p\n\ntype T struct{ A int }\n',
  'package only, no newline': 'package p',
  'imports after a declaration are not read': 'package p\n\nimport "fmt"\n\nvar X = 1\n\nimport "os"\n',
  'missing semicolon between specs': 'package p\nimport ("fmt" "os")\n',
  'missing semicolon after import': 'package p\nimport "fmt" "os"\n',
  'missing semicolon after the package clause': 'package p import "fmt"\n',
  'alias on its own line': 'package p\nimport (\n\tf\n\t"fmt"\n)\n',
  'unterminated string': 'package p\nimport "fmt\n',
  'unterminated raw string': 'package p\nimport `fmt\n',
  'unterminated comment': 'package p\n/* never closed\nimport "fmt"\n',
  'unterminated group': 'package p\nimport (\n\t"fmt"\n',
  'import path with a space (go build refuses it, go/parser does not)': 'package p\nimport "a b"\n',
  'empty import path (likewise)': 'package p\nimport ""\n',
  'invalid escape': 'package p\nimport "a\\qb"\n',
  'no package clause': 'import "fmt"\n',
  'blank package name': 'package _\nimport "fmt"\n',
  'garbage after imports': 'package p\nimport "fmt"\n42\n',
  'number as alias': 'package p\nimport 1 "fmt"\n',
};

describe('scanImports (lexical import sections) against go/parser', () => {
  let dir: string;
  let verdicts: Map<string, GoVerdict>;
  const files: string[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-import-scan-'));
    fs.mkdirSync(path.join(dir, 'oracle'));
    fs.writeFileSync(path.join(dir, 'oracle/main.go'), ORACLE);
    fs.writeFileSync(path.join(dir, 'oracle/go.mod'), 'module example.com/oracle\n\ngo 1.22\n');
    runGo('go', ['build', '-o', path.join(dir, 'oracle/oracle'), '.'], path.join(dir, 'oracle'));
    fs.mkdirSync(path.join(dir, 'hostile'));
    for (const [name, text] of Object.entries(HOSTILE)) {
      const file = path.join(dir, 'hostile', `${name.replace(/\W+/g, '_')}.go`);
      fs.writeFileSync(file, text);
      files.push(file);
    }
    // Every Go file of the fixtures: real code, generated files, error cases.
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.name.endsWith('.go')) files.push(full);
      }
    };
    walk(FIXTURES);
    const out = execFileSync(path.join(dir, 'oracle/oracle'), files, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    verdicts = new Map((JSON.parse(out) as GoVerdict[]).map((v) => [v.file, v]));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads what go/parser reads, and refuses only files Go refuses', () => {
    expect(files.length).toBeGreaterThan(Object.keys(HOSTILE).length + 100);
    for (const file of files) {
      const go = verdicts.get(file)!;
      const scanned = scanImports(fs.readFileSync(file));
      const where = path.relative(dir, file);
      if (scanned.ok) {
        expect(go.ok, `${where}: fw read an import section go/parser refuses`).toBe(true);
        expect({ package: scanned.packageName, imports: scanned.imports }, where).toEqual({ package: go.package, imports: go.imports });
      } else {
        expect(go.fullOk, `${where}: fw refused (${scanned.problem}) a file Go parses`).toBe(false);
      }
      if (go.ok && go.fullOk) expect(scanned.ok, `${where}: ${scanned.ok ? '' : scanned.problem}`).toBe(true);
    }
  });

  it("fw's own parser reads the same import paths as go/parser (escapes decoded), and the scan gives the names the parser gives", async () => {
    await initGoParser();
    let compared = 0;
    for (const file of files) {
      const go = verdicts.get(file)!;
      if (!go.ok || !go.fullOk) continue;
      const parsed = parseGoFile(file, fs.readFileSync(file, 'utf8'));
      expect(
        parsed.imports.map((i) => i.path),
        path.relative(dir, file),
      ).toEqual(go.imports);
      const scanned = scanImports(fs.readFileSync(file));
      expect(scanned.ok && scanned.names, path.relative(dir, file)).toEqual(parsed.imports.map((i) => i.name));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('covers both sides: of the hostile files, exactly the broken ones are refused (Go refuses them too)', () => {
    const refused = Object.keys(HOSTILE).filter((name) => !scanImports(HOSTILE[name]!).ok);
    expect(refused).toEqual([
      'missing semicolon between specs',
      'missing semicolon after import',
      'missing semicolon after the package clause',
      'alias on its own line',
      'unterminated string',
      'unterminated raw string',
      'unterminated comment',
      'unterminated group',
      'invalid escape',
      'no package clause',
      'garbage after imports',
      'number as alias',
    ]);
  });
});
