import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/diagnostics';
import { JsonShapes } from '../../src/emit/json-shape';
import { opaqueTypeHint } from '../../src/emit/mapping-hint';
import { scalarOf, STRING_SCALAR } from '../../src/emit/url-helper/url-values';
import { KNOWN_STD_TYPES, knownStdType } from '../../src/go/known-marshalers';
import type { GoProgram } from '../../src/go/package';
import { TypeResolver } from '../../src/go/type-resolver';
import type { TypeMappings } from '../../src/workspace/fw-config';
import type { JsonForm } from '../../src/workspace/json-form';
import { parsedProgram } from '../support/go-program';

const MOD = 'example.com/app';

function mappings(forms: Record<string, JsonForm>): TypeMappings {
  return { forms: new Map(Object.entries(forms)), moduleDirs: ['/mem'], key: JSON.stringify(forms) };
}

/** Package api of MOD with `src`, fw.json's `forms`, a resolver, and the JSON shapes of its types. */
async function setup(src: string, forms: Record<string, JsonForm> = {}, extra: Record<string, string> = {}) {
  const parsed = await parsedProgram(MOD, { 'api/api.go': `package api\n\n${src}`, ...extra });
  const program: GoProgram = { ...parsed, typeMappings: mappings(forms) };
  const pkg = program.package(`${MOD}/api`)!;
  const resolver = new TypeResolver(program);
  const shapes = new JsonShapes(resolver);
  const resolve = (name: string) => resolver.resolveRef({ name, pkg });
  /** The JSON shape of each property of struct `name`, written by value (`out`) or as the decoder reads it (`in`). */
  const props = (name: string, ctx: 'out' | 'addr' | 'in' = 'out') => {
    const shape = shapes.named(`${MOD}/api.${name}${ctx === 'out' ? '' : `#${ctx}`}`);
    if (shape.kind !== 'object') throw new Error(`${name} is not an object: ${JSON.stringify(shape)}`);
    return Object.fromEntries(shape.props.map((p) => [p.name, p.shape]));
  };
  const diagnostics = () => [...resolver.diagnostics, ...shapes.diagnostics].map((d) => formatDiagnostic(d, '/mem'));
  return { program, pkg, resolver, shapes, resolve, props, diagnostics };
}

describe('the built-in table of standard-library types', () => {
  it('holds time.Time and time.Duration with the marshalers, under their full names', () => {
    expect(knownStdType('time', 'Time')).toEqual({ kind: 'time' });
    expect(knownStdType('time', 'Duration')).toEqual({ kind: 'duration' });
    expect(knownStdType('math/big', 'Int')).toEqual({ kind: 'mapped', name: 'math/big.Int', form: { type: 'number' }, receiver: 'pointer' });
    expect(knownStdType('net/url', 'URL')).toBeUndefined();
    // Not an inherited property of the table object.
    expect(knownStdType('', 'constructor')).toBeUndefined();
    expect(KNOWN_STD_TYPES).toContain('log/slog.Level');
  });

  it('gives a field of a known type its form without reading the package (any import alias)', async () => {
    const { resolve, props, diagnostics } = await setup(`import (
	"encoding/json"
	"log/slog"
	mb "math/big"
	"net/netip"
	"net/url"
)

type T struct {
	Level  slog.Level \`json:"level"\`
	Int    *mb.Int \`json:"int"\`
	Number json.Number \`json:"number"\`
	Addrs  []netip.Addr \`json:"addrs"\`
	URL    url.URL \`json:"url"\`
}`);
    resolve('T');
    const p = props('T');
    expect(p.level).toEqual({ kind: 'string' });
    expect(p.int).toEqual({ kind: 'nullable', inner: { kind: 'number' } });
    expect(p.number).toEqual({ kind: 'number' });
    expect(p.addrs).toEqual({ kind: 'nullable', inner: { kind: 'array', items: { kind: 'string' } } });
    expect(p.url).toMatchObject({ kind: 'unknown' });
    expect(diagnostics()).toEqual([
      'api/api.go:16:2: warning: field URL of T has type url.URL, which fw cannot resolve (package "net/url" of the standard library cannot be read); it is treated as unknown (use a type of this module, of the standard library or of a downloaded dependency, a basic type, or json.RawMessage, []byte, any)',
    ]);
  });

  it('follows pointer receivers: a big.Int held by value is written as {} unless addressable; decoding always calls them', async () => {
    const { resolve, props, shapes, resolver } = await setup(`import "math/big"

type T struct {
	N big.Int \`json:"n"\`
	P *big.Int \`json:"p"\`
	S []big.Int \`json:"s"\`
}`);
    resolve('T');
    expect(props('T').n).toEqual({ kind: 'object', props: [] });
    expect(props('T', 'addr').n).toEqual({ kind: 'number' });
    expect(props('T', 'in').n).toEqual({ kind: 'number' });
    expect(props('T').s).toEqual({ kind: 'nullable', inner: { kind: 'array', items: { kind: 'number' } } });
    // A path or query value is text the server's binder reads: the form, by value too.
    expect(shapes.param(resolver.structOf(resolve('T'))!.fields[0]!.type)).toEqual({ kind: 'number' });
  });

  it("promotes an embedded known type's methods, as Go does: the struct is written as the embedded value", async () => {
    const { resolve, shapes } = await setup(`import "net/netip"

type Host struct {
	netip.Addr
	Name string
}`);
    expect(shapes.json(resolve('Host'))).toEqual({ kind: 'ref', id: `${MOD}/api.Host` });
    expect(shapes.named(`${MOD}/api.Host`)).toEqual({ kind: 'string' });
  });

  it('tells generic instantiations apart by the known type argument (id and name)', async () => {
    const { resolve, resolver } = await setup(`import (
	"math/big"
	"net/netip"
)

type Box[T any] struct{ V T }

type T struct {
	A Box[netip.Addr]
	B Box[*big.Int]
}`);
    resolve('T');
    const boxes = [...resolver.named.values()].filter((n) => n.decl.name === 'Box').map((n) => [n.id, n.name]);
    expect(boxes).toEqual([
      [`${MOD}/api.Box[net/netip.Addr]`, 'BoxAddr'],
      [`${MOD}/api.Box[*math/big.Int]`, 'BoxInt'],
    ]);
  });

  it('leaves out an embedded big.Int written by value (Go flattens its unexported fields: nothing); through a pointer its method is promoted', async () => {
    const { resolve, props, shapes, diagnostics } = await setup(`import "math/big"

type T struct {
	big.Int
	Name string \`json:"name"\`
}`);
    resolve('T');
    expect(Object.keys(props('T'))).toEqual(['name']);
    expect(shapes.named(`${MOD}/api.T#addr`)).toEqual({ kind: 'number' });
    expect(diagnostics()).toEqual([
      'api/api.go:6:2: warning: embedded field Int of T cannot be flattened by fw (math/big.Int marshals itself); it is left out (use a type of this module, of the standard library or of a downloaded dependency, a basic type, or json.RawMessage, []byte, any)',
    ]);
  });

  it('does not give a defined type the form of the type it is defined from (it has none of its methods)', async () => {
    const { resolve, shapes, diagnostics } = await setup(`import "log/slog"

type MyLevel slog.Level`);
    resolve('MyLevel');
    expect(shapes.named(`${MOD}/api.MyLevel`)).toMatchObject({ kind: 'unknown' });
    expect(diagnostics()).toEqual([
      'api/api.go:5:6: warning: type MyLevel is defined from log/slog.Level, whose JSON form comes from methods MyLevel does not have, so fw cannot know its JSON form; the TypeScript client types it as unknown (declare the form it writes: add the line `// fw:json type=string|number|integer|boolean|unknown` above `type MyLevel`)',
    ]);
  });
});

describe('fw.json mappings', () => {
  it('give a foreign type its form whose package cannot be read, under any import alias, through pointers and slices', async () => {
    const { resolve, props, diagnostics } = await setup(
      `import (
	dec "github.com/shopspring/decimal"
	"github.com/google/uuid"
	"k8s.io/apimachinery/pkg/apis/meta/v1"
)

type T struct {
	Price dec.Decimal \`json:"price"\`
	ID    *uuid.NullUUID \`json:"id"\`
	When  []v1.Time \`json:"when"\`
	Other uuid.Other \`json:"other"\`
}`,
      {
        'github.com/shopspring/decimal.Decimal': { type: 'string' },
        'github.com/google/uuid.NullUUID': { type: 'string', nullable: true },
        'k8s.io/apimachinery/pkg/apis/meta/v1.Time': { type: 'string', format: 'date-time' },
      },
    );
    resolve('T');
    const p = props('T');
    expect(p.price).toEqual({ kind: 'string' });
    expect(p.id).toEqual({ kind: 'nullable', inner: { kind: 'string' } });
    expect(p.when).toEqual({ kind: 'nullable', inner: { kind: 'array', items: { kind: 'string', format: 'date-time' } } });
    expect(p.other).toMatchObject({ kind: 'unknown' });
    expect(diagnostics()).toHaveLength(1);
  });

  it('apply to a type of a package fw reads too, by its declaration (a route body), before its MarshalJSON', async () => {
    const { program, resolver, shapes, diagnostics } = await setup(
      '',
      { [`${MOD}/money.Amount`]: { type: 'string' } },
      {
        'money/money.go': 'package money\n\ntype Amount struct{ c int64 }\n\nfunc (a Amount) MarshalJSON() ([]byte, error) { return nil, nil }\n',
      },
    );
    const body = resolver.resolveRef({ name: 'Amount', pkg: program.package(`${MOD}/money`)! });
    expect(body).toEqual({ kind: 'mapped', name: `${MOD}/money.Amount`, form: { type: 'string' }, receiver: 'value' });
    expect(shapes.body(body)).toEqual({ kind: 'string' });
    expect(diagnostics()).toEqual([]);
  });
});

describe("the fw:json directive on the user's own types", () => {
  it('replaces what fw reads of the type: its fields, its MarshalJSON, its enum', async () => {
    const { resolve, shapes, resolver, diagnostics } = await setup(`// Cents is money.
//
// fw:json type=integer
type Cents struct{ n int64 }

func (c Cents) MarshalJSON() ([]byte, error) { return nil, nil }

// fw:json type=string format=date-time nullable=true
type Stamp string

const Zero Stamp = "zero"

type T struct {
	C Cents \`json:"c"\`
	S *Stamp \`json:"s"\`
}`);
    resolve('T');
    expect(shapes.named(`${MOD}/api.Cents`)).toEqual({ kind: 'integer' });
    expect(shapes.named(`${MOD}/api.Stamp`)).toEqual({ kind: 'nullable', inner: { kind: 'string', format: 'date-time' } });
    expect(resolver.named.get(`${MOD}/api.Cents`)!.form).toEqual({ type: 'integer' });
    expect(diagnostics()).toEqual([]);
  });

  it('is read as go/doc reads doc comments: also //fw:json (a Go directive), and on a type in a type ( ... ) block', async () => {
    const { resolve, shapes, diagnostics } = await setup(`type (
	// ID is an identifier.
	//fw:json type=string
	ID struct{ n [16]byte }

	Plain struct{ N int }
)`);
    resolve('ID');
    resolve('Plain');
    expect(shapes.named(`${MOD}/api.ID`)).toEqual({ kind: 'string' });
    expect(shapes.named(`${MOD}/api.Plain`)).toMatchObject({ kind: 'object' });
    expect(diagnostics()).toEqual([]);
  });

  it('holds for every instantiation of a generic type', async () => {
    const { resolve, shapes, diagnostics } = await setup(`// fw:json type=string
type Box[T any] struct{ v T }

type T struct {
	A Box[int] \`json:"a"\`
	B Box[string] \`json:"b"\`
}`);
    shapes.named((shapes.json(resolve('T')) as { id: string }).id);
    expect(shapes.named(`${MOD}/api.Box[int]`)).toEqual({ kind: 'string' });
    expect(shapes.named(`${MOD}/api.Box[string]`)).toEqual({ kind: 'string' });
    expect(diagnostics()).toEqual([]);
  });

  it('is an error at the type when it is invalid, and the type is read as if it had none', async () => {
    const { resolve, diagnostics } = await setup(`// fw:json type=strng
type Money struct{ c int64 }`);
    resolve('Money');
    expect(diagnostics()).toEqual([
      'api/api.go:4:6: error: the fw:json directive of type Money is invalid: type must be one of string, number, integer, boolean, unknown, not "strng" (did you mean string?) (write // fw:json type=string|number|integer|boolean|unknown [format=date-time] [nullable=true])',
    ]);
  });
});

describe('the warning for a type whose MarshalJSON fw cannot see through', () => {
  it('names the directive for a type of the modules being generated for, the fw.json entry for another', async () => {
    const { resolve, resolver, shapes, diagnostics } = await setup(`type Opaque struct{ v int }

func (o Opaque) MarshalJSON() ([]byte, error) { return nil, nil }`);
    shapes.json(resolve('Opaque'));
    shapes.named(`${MOD}/api.Opaque`);
    expect(diagnostics()).toEqual([
      'api/api.go:3:6: warning: type Opaque has a MarshalJSON method, so fw cannot know its JSON form; the TypeScript client types it as unknown (declare the form it writes: add the line `// fw:json type=string|number|integer|boolean|unknown` above `type Opaque`)',
    ]);
    const info = resolver.named.get(`${MOD}/api.Opaque`)!;
    const foreign = { ...info, pkg: { ...info.pkg, dir: '/home/u/go/pkg/mod/github.com/x/y@v1.0.0', importPath: 'github.com/x/y' } };
    expect(opaqueTypeHint(foreign, mappings({}))).toBe(
      'declare the form it writes: add `"github.com/x/y.Opaque": "string|number|integer|boolean|unknown"` to "types" in fw.json beside go.mod',
    );
    const vendored = { ...info, pkg: { ...info.pkg, dir: '/mem/vendor/github.com/x/y', importPath: 'github.com/x/y' } };
    expect(opaqueTypeHint(vendored, mappings({}))).toContain('to "types" in fw.json');
  });
});

describe('a type with MarshalJSON and UnmarshalJSON, met as a response and as a request', () => {
  it('warns once, naming both methods', async () => {
    const { resolve, shapes, diagnostics } = await setup(`type Opaque struct{ v int }

func (o Opaque) MarshalJSON() ([]byte, error) { return nil, nil }

func (o *Opaque) UnmarshalJSON(b []byte) error { return nil }`);
    for (const ctx of ['out', 'in'] as const) {
      const ref = shapes.json(resolve('Opaque'), ctx) as { id: string };
      expect(shapes.named(ref.id)).toMatchObject({ kind: 'unknown' });
    }
    expect(diagnostics()).toEqual([
      'api/api.go:3:6: warning: type Opaque has MarshalJSON and UnmarshalJSON methods, so fw cannot know its JSON form; the TypeScript client types it as unknown (declare the form it writes: add the line `// fw:json type=string|number|integer|boolean|unknown` above `type Opaque`)',
    ]);
  });
});

describe('the URL helper', () => {
  it('takes a path or query value of a declared form, or a mapped one whose package is not found, as its text (a string), slog.Level as itself (its MarshalText)', async () => {
    const { resolve, resolver, pkg } = await setup(
      `import (
	"log/slog"
	"github.com/google/uuid"
)

// fw:json type=string
type Code struct{ c int }

type T struct {
	L slog.Level
	U uuid.UUID
	C Code
}`,
      { 'github.com/google/uuid.UUID': { type: 'string' } },
    );
    const fields = resolver.structOf(resolve('T'))!.fields;
    // uuid's package is not found here: a mapped type is then its text.
    const ctx = { resolver, importable: () => true, packageOf: () => undefined };
    const [level, ...others] = fields;
    expect(scalarOf(level!.type, ctx)).toEqual({
      type: { name: 'Level', pkg: { importPath: 'log/slog', name: 'slog' } },
      format: { kind: 'text', basic: 'int' },
    });
    for (const f of others) expect(scalarOf(f.type, ctx), f.name).toBe(STRING_SCALAR);
    expect(pkg.name).toBe('api');
  });
});
