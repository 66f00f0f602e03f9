import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GENERATORS, sharedName } from '../../src/emit/generators';
import type { GeneratorOption } from '../../src/emit/generator';

/**
 * Each Nx executor's schema.json (what Nx validates and documents) and its
 * schema.d.ts (what the executor's code is typed with) are written by hand:
 * TypeScript's reading of the .d.ts must give exactly the properties, and
 * the required ones, that the schema.json declares; and the options of each
 * generator's record (src/emit/generators.ts) must be in the schema of its
 * executor (by name) and of fw:all and fw:check (by shared name), with the
 * record's type, choices and default.
 */
const REPO = path.join(__dirname, '..', '..');
const executors = (JSON.parse(fs.readFileSync(path.join(REPO, 'executors.json'), 'utf8')) as { executors: Record<string, { schema: string }> }).executors;

interface JsonSchema {
  properties: Record<string, { type?: string; enum?: string[]; default?: unknown; items?: { type: string } }>;
  required?: string[];
}

/** The schema.json in src/ that the shipped entry (./dist/…/schema.json) is copied from. */
function schemaOf(name: string): { file: string; schema: JsonSchema } {
  const file = path.join(REPO, executors[name]!.schema.replace(/^\.\/dist\//, 'src/'));
  return { file, schema: JSON.parse(fs.readFileSync(file, 'utf8')) as JsonSchema };
}

/** Every executor's schema.d.ts, read by one TypeScript program (with the ES5 library only: Pick and Omit are all they use). */
const dtsFiles = Object.keys(executors).map((name) => schemaOf(name).file.replace(/schema\.json$/, 'schema.d.ts'));
let program: ts.Program | undefined;

/** The properties of the type schema.d.ts exports, as the TypeScript compiler reads them: name → optional. */
function declaredProperties(dts: string): Record<string, boolean> {
  program ??= ts.createProgram(dtsFiles, { strict: true, noEmit: true, lib: ['lib.es5.d.ts'], types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(dts)!;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  expect(exported, `${dts} exports one type`).toHaveLength(1);
  const type = checker.getDeclaredTypeOfSymbol(exported[0]!);
  return Object.fromEntries(checker.getPropertiesOfType(type).map((p) => [p.name, (p.flags & ts.SymbolFlags.Optional) !== 0]));
}

function expectOption(schema: JsonSchema, name: string, option: GeneratorOption, where: string): void {
  const property = schema.properties[name];
  expect(property, `${where}: option ${name}`).toBeDefined();
  expect(property!.type, `${where}: type of ${name}`).toBe(option.kind === 'strings' ? 'array' : 'string');
  expect(property!.enum, `${where}: choices of ${name}`).toEqual(option.choices);
  expect(property!.default, `${where}: default of ${name}`).toEqual(option.default ?? (option.kind === 'strings' ? [] : undefined));
}

describe('Nx executor schemas', () => {
  it('every generator has an executor, and fw:all and fw:check exist', () => {
    expect(Object.keys(executors).sort()).toEqual([...GENERATORS.map((g) => g.name), 'all', 'check'].sort());
  });

  for (const name of Object.keys(executors)) {
    it(`fw:${name}: schema.d.ts declares exactly the options schema.json declares, required as required`, () => {
      const { file, schema } = schemaOf(name);
      const declared = declaredProperties(file.replace(/schema\.json$/, 'schema.d.ts'));
      expect(Object.keys(declared).sort()).toEqual(Object.keys(schema.properties).sort());
      const required = Object.keys(declared).filter((p) => !declared[p]);
      expect(required.sort()).toEqual([...(schema.required ?? [])].sort());
    });
  }

  it("takes each generator's options: its own executor by name (its file required), fw:all and fw:check by shared name", () => {
    for (const generator of GENERATORS) {
      const own = schemaOf(generator.name).schema;
      for (const option of generator.options) {
        expectOption(own, option.name, option, `fw:${generator.name}`);
        if (option.kind === 'file') expect(own.required, `fw:${generator.name} needs its file`).toContain(option.name);
        for (const shared of ['all', 'check']) {
          const option2 = { ...option, default: option.kind === 'file' ? undefined : option.default };
          expectOption(schemaOf(shared).schema, sharedName(option), option2, `fw:${shared}`);
        }
      }
    }
  });
});
