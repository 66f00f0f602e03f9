import { describe, expect, it } from 'vitest';
import { TypeResolver } from '../../../src/go/type-resolver';
import {
  pathValueOf,
  queryShapeOf,
  type ScalarType,
  scalarOf,
  STRING_SCALAR,
  stringQueryShape,
  type ValueContext,
  ValuePrinter,
} from '../../../src/emit/url-helper/url-values';
import { field, go, goFile, importOf, memoryProgram, method, typeDecl } from '../../support/go-program';
import type { GoPackage } from '../../../src/go/package';
import type { ResolvedType } from '../../../src/go/resolved-types';

const MOD = 'example.com/app';

/** Package `api` (the handler root, not importable) and package `models` (importable), and the fields of api.T. */
function setup() {
  const program = memoryProgram(MOD, {
    api: [
      goFile('/mem/api/api.go', 'api', {
        imports: [importOf(`${MOD}/models`), importOf('time')],
        types: [
          typeDecl('Kind', go.ident('string')),
          typeDecl('Mood', go.ident('int')),
          typeDecl(
            'T',
            go.struct(
              field('S', go.ident('string')),
              field('I64', go.ident('int64')),
              field('When', go.q('time', 'Time')),
              field('Wait', go.q('time', 'Duration')),
              field('Role', go.q('models', 'Role')),
              field('Level', go.q('models', 'Level')),
              field('Tags', go.q('models', 'Tags')),
              field('Kind', go.ident('Kind')),
              field('Mood', go.ident('Mood')),
              field('PI', go.ptr(go.ident('int'))),
              field('SI', go.slice(go.ident('uint16'))),
              field('B', go.slice(go.ident('byte'))),
              field('M', go.map(go.ident('string'), go.ident('string'))),
              field('PS', go.ptr(go.slice(go.ident('string')))),
              field('SM', go.slice(go.map(go.ident('string'), go.ident('int')))),
            ),
          ),
        ],
        funcs: [method('Mood', 'MarshalText')],
      }),
    ],
    models: [
      goFile('/mem/models/models.go', 'models', {
        types: [
          typeDecl('Role', go.ident('string')),
          typeDecl('Level', go.ident('uint8')),
          typeDecl('Tags', go.slice(go.ident('string'))),
          typeDecl('secret', go.ident('int32')),
          typeDecl('Wrapper', go.struct(field('S', go.ident('secret')))),
        ],
        funcs: [method('Level', 'MarshalText')],
      }),
    ],
  });
  const api = program.package(`${MOD}/api`)!;
  const resolver = new TypeResolver(program);
  const ctx: ValueContext = { resolver, importable: (pkg: GoPackage) => pkg !== api, packageOf: () => undefined };
  const t = resolver.resolveRef({ name: 'T', pkg: api });
  const fields = new Map(resolver.structOf(t)!.fields.map((f) => [f.name, f.type]));
  const type = (name: string): ResolvedType => fields.get(name)!;
  return { ctx, type };
}

const printer = () => new ValuePrinter((importPath) => importPath.slice(importPath.lastIndexOf('/') + 1));

describe('URL helper value types', () => {
  const { ctx, type } = setup();

  it('keeps basic types, time.Time, time.Duration and importable named types', () => {
    const p = printer();
    const show = (name: string) => p.type(scalarOf(type(name), ctx)!.type);
    expect(show('S')).toBe('string');
    expect(show('I64')).toBe('int64');
    expect(show('When')).toBe('time.Time');
    expect(show('Wait')).toBe('time.Duration');
    expect(show('Role')).toBe('models.Role');
    expect(show('Level')).toBe('models.Level');
  });

  it('uses the underlying type of a named type of the handler packages, which it cannot import', () => {
    expect(printer().type(scalarOf(type('Kind'), ctx)!.type)).toBe('string');
  });

  it('uses the underlying type of an unexported named type, which it cannot name', () => {
    const { resolver } = ctx;
    const wrapper = resolver.resolveRef({ name: 'Wrapper', pkg: resolver.named.get(`${MOD}/models.Role`)!.pkg });
    const secret = resolver.structOf(wrapper)!.fields[0]!.type;
    expect(scalarOf(secret, ctx)).toEqual({ type: { name: 'int32' }, format: { kind: 'basic', basic: 'int32', named: false } });
  });

  it('cannot format a handler-package type with MarshalText, nor maps', () => {
    expect(scalarOf(type('Mood'), ctx)).toBeUndefined();
    expect(scalarOf(type('M'), ctx)).toBeUndefined();
    expect(queryShapeOf(type('M'), ctx)).toBeUndefined();
    expect(queryShapeOf(type('PS'), ctx)).toBeUndefined();
    expect(queryShapeOf(type('SM'), ctx)).toBeUndefined();
  });

  it('takes the element of a pointer path field', () => {
    expect(pathValueOf(type('PI'), ctx)).toEqual(scalarOf({ kind: 'basic', name: 'int' }, ctx));
    expect(pathValueOf(type('SI'), ctx)).toBeUndefined();
  });

  it('shapes query fields: scalar, pointer, slice, named slice, []byte', () => {
    const p = printer();
    const show = (name: string) => p.queryFieldType(queryShapeOf(type(name), ctx)!);
    expect(show('S')).toBe('string');
    expect(show('PI')).toBe('*int');
    expect(show('SI')).toBe('[]uint16');
    expect(show('Tags')).toBe('models.Tags');
    expect(show('B')).toBe('[]byte');
    expect(p.queryFieldType(stringQueryShape(type('M'), ctx))).toBe('string');
    expect(p.queryFieldType(stringQueryShape(type('SM'), ctx))).toBe('[]string');
  });
});

describe('ValuePrinter', () => {
  const basic = (name: string, named = false): ScalarType => ({
    type: named ? { name: 'N', pkg: { importPath: `${MOD}/models`, name: 'models' } } : { name },
    format: { kind: 'basic', basic: name as never, named },
  });

  it('formats each basic kind with strconv, converting only when needed', () => {
    const p = printer();
    expect(p.format(STRING_SCALAR, 'v')).toBe('v');
    expect(p.format(basic('string', true), 'v')).toBe('string(v)');
    expect(p.format(basic('bool'), 'v')).toBe('strconv.FormatBool(v)');
    expect(p.format(basic('int'), 'v')).toBe('strconv.Itoa(v)');
    expect(p.format(basic('int', true), 'v')).toBe('strconv.Itoa(int(v))');
    expect(p.format(basic('int64'), 'v')).toBe('strconv.FormatInt(v, 10)');
    expect(p.format(basic('int64', true), 'v')).toBe('strconv.FormatInt(int64(v), 10)');
    expect(p.format(basic('int8'), 'v')).toBe('strconv.FormatInt(int64(v), 10)');
    expect(p.format(basic('rune'), 'v')).toBe('strconv.FormatInt(int64(v), 10)');
    expect(p.format(basic('uint64'), 'v')).toBe('strconv.FormatUint(v, 10)');
    expect(p.format(basic('byte'), 'v')).toBe('strconv.FormatUint(uint64(v), 10)');
    expect(p.format(basic('uintptr'), 'v')).toBe('strconv.FormatUint(uint64(v), 10)');
    expect(p.format(basic('float32'), 'v')).toBe("strconv.FormatFloat(float64(v), 'g', -1, 32)");
    expect(p.format(basic('float64'), 'v')).toBe("strconv.FormatFloat(v, 'g', -1, 64)");
    expect([...p.stdUsed]).toEqual(['strconv']);
  });

  it('formats time.Time as RFC 3339 and MarshalText types with fwText, dereferencing pointers', () => {
    const p = printer();
    const time: ScalarType = { type: { name: 'Time', pkg: { importPath: 'time', name: 'time' } }, format: { kind: 'time' } };
    const text: ScalarType = { type: { name: 'Level', pkg: { importPath: `${MOD}/models`, name: 'models' } }, format: { kind: 'text', basic: 'uint8' } };
    expect(p.format(time, 'q.Since')).toBe('q.Since.Format(time.RFC3339Nano)');
    expect(p.format(time, '*q.Until')).toBe('(*q.Until).Format(time.RFC3339Nano)');
    expect(p.format(text, 'level')).toBe('fwText(&level)');
    expect(p.format(text, '*q.Level')).toBe('fwText(q.Level)');
    expect(p.format(basic('string', true), '*q.Role')).toBe('string(*q.Role)');
    expect([...p.stdUsed].sort()).toEqual(['encoding', 'time']);
  });

  it('tests for the zero value by kind', () => {
    const p = printer();
    expect(p.nonZero(STRING_SCALAR, 'q.Q')).toBe('q.Q != ""');
    expect(p.nonZero(basic('bool'), 'q.Open')).toBe('q.Open');
    expect(p.nonZero(basic('float32'), 'q.R')).toBe('q.R != 0');
    expect(p.nonZero({ type: { name: 'Time' }, format: { kind: 'time' } }, 'q.Since')).toBe('!q.Since.IsZero()');
    expect(p.nonZero({ type: { name: 'Level' }, format: { kind: 'text', basic: 'uint8' } }, 'q.L')).toBe('q.L != 0');
  });
});
