/**
 * Every kind of diagnostic fw gives, by its stable code. A code names one
 * kind of problem for good: tools filter on it, CI budgets count it, and the
 * text output groups repeated warnings by it, so a code is never reused or
 * renumbered, and its meaning never changes (a removed kind leaves a gap).
 *
 * The first digit is the stage that finds the problem:
 *   FW1xxx workspace (discovery, reading files, selecting roots)
 *   FW2xxx go (Go syntax, build constraints, type resolution)
 *   FW3xxx annotations (the fw:http_route line itself)
 *   FW4xxx model (handlers, types, names, routes across the workspace)
 *   FW5xxx emit (what a generator cannot express)
 *   FW6xxx write (output files)
 *   FW7xxx runtime (fw init, fw init --turbo, --turbo)
 *   FW8xxx nx (the executors' checks of their target's configuration)
 *
 * To add a diagnostic: add an entry here with the next free number of its
 * stage (severity, what it means, how to fix it, an example of input that
 * gives it), pass the code to error()/warning() (the compiler accepts only a
 * code of that severity), then run `UPDATE_DOCS=1 npx vitest run
 * test/diagnostics/codes.test.ts` to refresh the table in docs/diagnostics.md.
 * That test fails while a code is unused, undocumented, or out of its range.
 */

/** Errors stop a run (nothing is written); warnings do not. */
export type Severity = 'error' | 'warning';

export interface CodeInfo<S extends Severity = Severity> {
  severity: S;
  /** What the problem is, in a few words. */
  meaning: string;
  /** How to fix it. */
  fix: string;
  /** Input that gives it (Markdown). */
  example: string;
}

function kind<S extends Severity>(severity: S, meaning: string, fix: string, example: string): CodeInfo<S> {
  return { severity, meaning, fix, example };
}

const E = 'error';
const W = 'warning';

export const DIAGNOSTIC_CODES = {
  // ---------------------------------------------------------------- workspace
  FW1001: kind(E, 'a file or directory cannot be read', 'fix its permissions, or remove it', 'a handler file with mode 000'),
  FW1002: kind(
    W,
    'a symbolic link leads to a directory that was searched already; it is not searched again',
    'remove the link, or point it outside the workspace',
    '`internal/api/v1 -> ../api`',
  ),
  FW1003: kind(
    E,
    'no root handler package (a directory holding router.go and registry.go) was found',
    'create one with `nx g fw:handler-package`, or run in the right directory (`--cwd`)',
    '`fw g router` in an empty directory',
  ),
  FW1004: kind(
    E,
    'a package named on the command line is not a root handler package',
    'name one of the roots listed in the hint, by base name or path',
    '`fw g router nosuchpkg`',
  ),
  FW1005: kind(
    E,
    'a package named on the command line matches several roots',
    'name it by its path from `--cwd`',
    '`fw g router v1handler` with `a/v1handler` and `b/v1handler`',
  ),
  FW1010: kind(E, 'fw.json cannot be read', 'fix its permissions, or remove it', '`fw.json` with mode 000'),
  FW1011: kind(
    E,
    'fw.json is not valid: not JSON, an unknown key, or a mapping that is not a JSON form',
    'write it as docs/type-mapping-config.md shows (the hint names what is expected); editors check it against schemas/fw.schema.json',
    '`{"types": {"example.com/m.T": "uuid"}}`',
  ),
  FW1012: kind(E, 'fw.json maps a type whose JSON form fw knows already', 'remove the mapping', '`"math/big.Int": "string"`'),
  FW1013: kind(
    E,
    'two fw.json files map one type to different forms',
    'map it the same way in every fw.json, or in one',
    '`"github.com/shopspring/decimal.Decimal"` mapped to string in one module and number in another',
  ),
  FW1020: kind(
    W,
    'no Go installation was found, so types of the standard library are treated as unknown',
    'install Go and put `go` on PATH, or set GOROOT to a Go installation',
    'GOROOT=/nonexistent',
  ),
  FW1021: kind(
    E,
    'the standard library (GOROOT/src) cannot be read',
    'fix the permissions of the Go installation, or set GOROOT to a readable one',
    'GOROOT/src with mode 000',
  ),
  FW1022: kind(
    E,
    'the module cache, or a module directory it names, cannot be read',
    'fix its permissions (`go clean -modcache` and `go mod download` rebuild it), or set GOMODCACHE',
    'GOMODCACHE with mode 000',
  ),
  FW1023: kind(
    W,
    'a required module is not in the module cache (nor in vendor/), so its types are treated as unknown; fw never downloads',
    'run `go mod download`',
    'a `require github.com/google/uuid v1.6.0` line before any download',
  ),
  FW1024: kind(
    E,
    'a `replace` directive names a directory that does not exist',
    'fix the path in the directive, or remove it',
    '`replace example.com/shared => ../shared` without that directory',
  ),
  FW1025: kind(E, 'go.work cannot be read', 'fix the file, or set GOWORK=off', 'a go.work that is not a go.work file'),
  FW1026: kind(E, 'go.work uses a directory that holds no go.mod', 'fix the use directive, or remove it (`go work edit -dropuse`)', '`use ./missing`'),
  FW1027: kind(
    E,
    'vendor/modules.txt is inconsistent with go.mod (as go build reports it)',
    'run `go mod vendor`, or ignore vendor/ with -mod=readonly or -mod=mod (GOFLAGS)',
    'a require added to go.mod without `go mod vendor`',
  ),
  // ---------------------------------------------------------------- go
  FW2001: kind(
    W,
    'a Go file has a syntax error; annotations near it may be misread',
    'fix the Go code (`go vet` shows the error)',
    '`func (h *H) Get() http.HandlerFunc {` without its closing brace',
  ),
  FW2002: kind(E, 'a Go file has no package clause', 'start the file with `package <name>`', 'a handler file that begins with `import "net/http"`'),
  FW2003: kind(E, 'a `//go:build` line cannot be read', 'write one `//go:build` line of tags joined by `||`, `&&` and `!`', '`//go:build linux &&`'),
  FW2004: kind(
    W,
    'a handler is left out: go build does not build its file for the target being generated',
    'generate for a target that builds the file (GOOS, GOARCH, CGO_ENABLED, `--tags`), or drop the constraint',
    'a handler in `handler_linux.go`, generated with GOOS=darwin',
  ),
  FW2005: kind(
    W,
    'a handler is registered, but only the targets that build its file have it, so the router compiles only for those',
    'declare the handler for the other targets too, in a file with the opposite constraint',
    'a handler only in a `//go:build linux` file',
  ),
  FW2101: kind(
    E,
    'a type alias is nested in too many other aliases',
    'declare the type without so many aliases around it',
    '`type A = B`, `type B = C`, … 100 levels',
  ),
  FW2102: kind(E, 'a type expression is nested too deeply', 'give the inner types names of their own', '`[][][]…[]string` 100 levels'),
  FW2103: kind(
    W,
    'a declared type cannot be resolved; it is treated as unknown',
    'use a type of this module, of the standard library or of a downloaded dependency (`go mod download`), a basic type, or declare its JSON form (`// fw:json`, fw.json)',
    '`type T chan int`',
  ),
  FW2104: kind(
    W,
    'the type of a struct field cannot be resolved; it is treated as unknown',
    'use a type of this module, of the standard library or of a downloaded dependency (`go mod download`), a basic type, or declare its JSON form (`// fw:json`, fw.json)',
    '``Ch chan int `json:"ch"` ``',
  ),
  FW2105: kind(
    W,
    'an embedded field cannot be flattened as encoding/json would; it is left out',
    'embed a struct type (or a pointer to one), or give the field a name',
    '`struct { unknownpkg.Base }` with the module missing',
  ),
  FW2106: kind(
    W,
    'the value of a constant cannot be computed, so its type is not treated as an enum',
    'write the value as a literal, `iota`, or `iota + N`',
    '`const A State = State(strings.ToUpper("a"))`',
  ),
  FW2107: kind(
    E,
    'the `fw:json` directive of a type is invalid',
    'write `// fw:json type=string|number|integer|boolean|unknown [format=date-time] [nullable=true]`',
    '`// fw:json type=uuid` above `type ID [16]byte`',
  ),
  FW2108: kind(
    E,
    'packages import each other in a cycle, which Go refuses to build',
    'move what both packages need into a package that imports neither',
    '`a` imports `b` and `b` imports `a`, also across modules',
  ),
  FW2109: kind(
    E,
    'the `header:` tag of a request field names no valid header: Go never reads it, and the client cannot send it',
    "write an RFC 9110 token: letters, digits and !#$%&'*+-.^_`|~",
    '``Trace string `header:"X Trace"` ``',
  ),
  // ---------------------------------------------------------------- annotations
  FW3001: kind(E, 'a `]` in an annotation value has no `[`', 'remove it, or start the list with `[`', '`method=GET]`'),
  FW3002: kind(E, 'a `[` in an annotation value is not closed', 'close the list with `]`', '`method=[GET, POST`'),
  FW3003: kind(E, 'a line that starts like an annotation is not one', 'write `// fw:http_route` followed by key=value pairs', '`// fw:http_routes path=/a`'),
  FW3004: kind(E, 'an annotation key has no value', 'write key=value', '`// fw:http_route path`'),
  FW3005: kind(E, 'an annotation holds text that is not a key=value pair', 'write space-separated key=value pairs', '`// fw:http_route path=/a, method=GET`'),
  FW3006: kind(E, 'an annotation has `=` without a key before it', 'write key=value', '`// fw:http_route =/users`'),
  FW3007: kind(E, 'an annotation key has an empty value', 'write a value, or remove the key', '`// fw:http_route path=/a name=`'),
  FW3010: kind(
    E,
    'an annotation key is not one fw knows',
    'use path, method, request, response, name or required_header (the hint suggests the closest)',
    '`metod=GET`',
  ),
  FW3011: kind(
    E,
    'a key that may appear once is repeated on one annotation line',
    'keep one; write several methods as a list, e.g. `method=[GET,POST]`',
    '`path=/a path=/b`',
  ),
  FW3012: kind(E, 'an annotation has no `path`', 'add path=/…', '`// fw:http_route method=GET`'),
  FW3020: kind(E, 'an HTTP method is not written in upper case', 'write it in upper case', '`method=get`'),
  FW3021: kind(E, 'an HTTP method is not one of GET POST PUT DELETE PATCH HEAD OPTIONS', 'use one of those (the hint suggests the closest)', '`method=FETCH`'),
  FW3022: kind(E, 'a method list has text after its `]`', 'end the list with `]`', '`method=[GET]x`'),
  FW3023: kind(E, 'a method list is empty', 'list at least one method, or remove method= to get GET', '`method=[]`'),
  FW3024: kind(E, 'several methods are given without brackets', 'enclose them in brackets', '`method=GET,POST`'),
  FW3025: kind(E, 'a method list has an empty entry', 'remove the extra comma', '`method=[GET,,POST]`'),
  FW3026: kind(E, 'a method list names a method twice', 'list each method once', '`method=[GET,GET]`'),
  FW3030: kind(E, 'a route name is not a Go identifier', 'use a letter or `_`, then letters, digits or `_`', '`name=get-user`'),
  FW3031: kind(E, 'a required header name is not an RFC 9110 token', "use letters, digits and ``!#$%&'*+-.^_`|~``", '`required_header=X:Auth`'),
  FW3032: kind(
    E,
    'a header is required twice (header names are case-insensitive)',
    'remove one',
    '`required_header=Authorization required_header=authorization`',
  ),
  FW3040: kind(E, 'a path is empty', 'write a path starting with `/`', '`path=""`'),
  FW3041: kind(E, 'a path contains a quote, space or control character', 'remove it; write the path unquoted', '`path="/users"`'),
  FW3042: kind(E, 'a path does not start with `/`', 'add the leading `/`', '`path=users`'),
  FW3043: kind(E, 'a path has an empty segment (`//`), which ServeMux never matches', 'remove the extra `/`', '`path=/users//{id}`'),
  FW3044: kind(E, 'a path has a `.` or `..` segment, which ServeMux never matches', 'remove the segment', '`path=/users/../admin`'),
  FW3045: kind(
    E,
    'a path segment looks like a parameter of another router (`:id`, `*`), which ServeMux matches literally',
    'write it as a wildcard in braces',
    '`path=/users/:id`',
  ),
  FW3046: kind(E, 'a `}` in a path has no `{`', 'remove it, or open the wildcard with `{`', '`path=/users/id}`'),
  FW3047: kind(E, 'a wildcard shares its path segment with other text', 'give the wildcard a whole segment', '`path=/files/{name}.json`'),
  FW3048: kind(E, 'a `{` in a path is not closed', 'close the wildcard with `}`', '`path=/users/{id`'),
  FW3049: kind(E, 'a path wildcard holds a nested `{`', 'write one name per wildcard', '`path=/users/{{id}}`'),
  FW3050: kind(E, 'a `{$}` or `{name...}` wildcard is not the last segment', 'move it to the end of the path', '`path=/files/{rest...}/raw`'),
  FW3051: kind(E, 'a path wildcard has no name', 'name it', '`path=/users/{}`'),
  FW3052: kind(E, 'a path wildcard name is not a Go identifier', 'use a letter or `_`, then letters, digits or `_`', '`path=/users/{user-id}`'),
  FW3053: kind(E, 'two wildcards of a path have the same name', 'give each its own name', '`path=/a/{id}/b/{id}`'),
  FW3054: kind(
    E,
    'a path segment is an escaped dot segment (`%2e`, `.%2E`), which ServeMux unescapes and browsers resolve as a dot segment',
    'remove it: no browser can reach such a pattern',
    '`path=/files/%2e%2e`',
  ),
  FW3060: kind(E, 'a request or response type name is not a Go identifier or `pkg.Ident`', 'write `Name` or `pkg.Name`', '`response=200:a.b.C`'),
  FW3070: kind(E, 'a status code is outside 100–599 or not a number', 'use a status from 100 to 599', '`response=700:T`'),
  FW3071: kind(E, 'a status class is not 1xx to 5xx', 'use 1xx to 5xx', '`response=6xx:T`'),
  FW3072: kind(E, 'a status class is written in upper case', 'write it in lower case', '`response=4XX:Error`'),
  FW3073: kind(E, 'a status range is empty: its first status is greater than its last', 'write the lower status first', '`response=299-200:T`'),
  FW3074: kind(E, 'a status is neither a code, a class nor a range', 'write 201, 4xx or 200-299', '`response=ok:T`'),
  FW3075: kind(
    E,
    '`Error` is declared on a status outside 4xx–5xx, or `Redirect` outside 3xx',
    'use a status the keyword allows, or name a response type',
    '`response=200:Error`',
  ),
  FW3076: kind(E, 'a response specifier has `:` without a status before it', 'write status:Type', '`response=:User`'),
  FW3077: kind(E, 'a response specifier has `:` without a type after it', 'write status:Type, or status:Error / Redirect', '`response=200:`'),
  FW3078: kind(
    E,
    'two response specifiers of equal precedence cover the same status',
    'make one of them narrower, or remove one',
    '`response=200-299:A response=200-250:B`',
  ),
  FW3079: kind(
    W,
    'a response specifier is never used: more specific ones cover all of its statuses',
    'remove it, or narrow the specifiers that hide it',
    '`response=4xx:Error response=400-499:Problem`',
  ),
  FW3080: kind(E, 'an `fw:http_root` line has a key other than prefix', 'write `// fw:http_root prefix=/v2`', '`// fw:http_root base=/v2`'),
  FW3081: kind(E, 'an `fw:http_root` line gives prefix twice', 'keep one `prefix=`', '`// fw:http_root prefix=/v2 prefix=/v3`'),
  FW3082: kind(
    E,
    'a mount prefix is not a clean path of literal segments (a wildcard, or a trailing `/`)',
    'write a path of literal segments that starts with `/` and does not end with one',
    '`// fw:http_root prefix=/v2/`',
  ),
  FW3083: kind(E, 'the mount prefix `/` mounts nothing', 'remove the `fw:http_root` line', '`// fw:http_root prefix=/`'),
  FW3084: kind(E, 'an `fw:http_root` line has no prefix', 'add `prefix=`, e.g. `prefix=/v2`', '`// fw:http_root`'),
  // ---------------------------------------------------------------- model
  FW4001: kind(
    E,
    'fw:http_route sits above a function or method that is not a handler (no parameters, returns http.HandlerFunc)',
    'give it the handler signature, or move the annotation',
    '`func (h *H) Get(w http.ResponseWriter, r *http.Request)`',
  ),
  FW4002: kind(
    E,
    'fw:http_route is not directly above a method',
    'move it into the comment right above a handler method, with no blank line between',
    'an annotation followed by a blank line',
  ),
  FW4010: kind(E, 'a request or response type is not declared in the package it names', 'declare it, or name an existing type', '`response=200:Usr`'),
  FW4011: kind(
    E,
    'a request or response type names a package the handler file does not import',
    'import the package, or fix the qualifier',
    '`response=200:models.User` without importing models',
  ),
  FW4012: kind(
    E,
    'the package of a request or response type cannot be found (not in the module, its dependencies, go.work or the standard library)',
    'require its module in go.mod and run `go mod download`, or fix the import path',
    '`response=200:shared.Money` importing a package of no required module',
  ),
  FW4020: kind(
    E,
    'the import path of a root package or subfolder is not valid Go',
    'rename the directory: Go import paths allow ASCII letters, digits and `- . _ ~ +`',
    'a subfolder named `my handlers`',
  ),
  FW4021: kind(
    E,
    'a root package is not inside a Go module',
    'run `go mod init <module path>` at the top of the Go code',
    'router.go and registry.go with no go.mod above them',
  ),
  FW4022: kind(
    E,
    'a root package declares a name that router.go or registry.go generates',
    'rename your declaration',
    '`type Route struct{}` in the root package',
  ),
  FW4023: kind(
    E,
    'a subfolder with handlers is a Go module of its own, which the root router cannot import',
    'remove its go.mod, or move the handlers',
    '`internal/api/admin/go.mod`',
  ),
  FW4024: kind(
    E,
    'a subfolder with handlers is package main, which the router cannot import',
    'move the handler into a package that is not main',
    '`package main` in `api/admin/handler.go`',
  ),
  FW4025: kind(
    E,
    'a handler (or its type) in a subfolder is not exported, so the root router cannot use it',
    'rename it with an upper-case first letter',
    '`func (h *userHandler) Get() http.HandlerFunc`',
  ),
  FW4030: kind(
    E,
    'the handler group name a subfolder gives is not a Go identifier',
    'rename the subfolder so that it starts with a letter',
    'a subfolder named `2fa`',
  ),
  FW4031: kind(E, 'two handler types give the same group name', 'rename one handler type or subfolder', '`UserHandler` in the root and `user/Handler`'),
  FW4032: kind(
    E,
    'a route name is used twice in one group',
    'add name=<UniqueName> to one annotation line',
    'two annotation lines above one method, without name=',
  ),
  FW4033: kind(E, 'two handler types give the same RouterParams field', 'rename one of the handler types', '`admin.UserHandler` and `AdminUserHandler`'),
  FW4040: kind(
    W,
    'a path wildcard is not bound by a field of the request type',
    'add a field tagged `path:"name"`, or read it with r.PathValue',
    '`path=/users/{id}` with a request type without `path:"id"`',
  ),
  FW4050: kind(
    E,
    'two routes match the same requests (ServeMux would panic at start-up)',
    'change the path or method of one route, or remove one',
    '`GET /users/{id}` and `GET /users/{name}`',
  ),
  FW4051: kind(
    E,
    'two routes overlap and neither is more specific (ServeMux would panic at start-up)',
    "make one pattern's requests a subset of the other's, or give them distinct literal segments",
    '`/users/{id}/posts` and `/{kind}/7/posts`',
  ),
  FW4060: kind(
    E,
    'a root package declares its mount prefix (`fw:http_root`) more than once',
    'keep one `fw:http_root` line per root package',
    '`// fw:http_root prefix=/v2` in both doc.go and handler.go',
  ),
  FW4061: kind(
    E,
    'a subfolder declares a mount prefix, which only a root package can',
    'declare the prefix in a file of the root package, e.g. its doc.go',
    '`// fw:http_root prefix=/admin` in `v1handler/admin/doc.go`',
  ),
  // ---------------------------------------------------------------- emit
  FW5001: kind(
    E,
    'two root packages give the same name prefix in one client or document',
    'rename one directory, or generate for one root at a time',
    '`a/v1handler` and `b/v1handler` in one client',
  ),
  FW5002: kind(E, 'a generator that writes one file was given none', 'pass --file <path>', '`generate()` with the client generator and no clientFile'),
  FW5010: kind(
    W,
    'a multipart request type also has JSON body fields, which a multipart request does not carry',
    'tag them `form:"…"` or `json:"-"`',
    'a request with `form:"avatar"` and `json:"name"`',
  ),
  FW5011: kind(
    W,
    'a request type has JSON body fields on a method without a body (GET, HEAD, DELETE, OPTIONS)',
    'tag them `query:"…"` (or path/header), mark them `json:"-"`, or use another method',
    'a GET request type with `json:"name"`',
  ),
  FW5012: kind(
    W,
    'a response body type is declared on a status that has no body (204, 205, 304)',
    'answer with a status that carries a body, or drop the type',
    '`response=204:User`',
  ),
  FW5020: kind(
    W,
    "a type's JSON form is known only to its MarshalJSON/UnmarshalJSON method; it is typed unknown",
    'add the `// fw:json` directive (own type) or the fw.json entry (foreign type) that the hint spells out, describe the JSON form with a plain struct, or accept unknown',
    '`func (m Money) MarshalJSON() ([]byte, error)`',
  ),
  FW5030: kind(
    E,
    'a handler group gives a URL helper accessor that Go does not export',
    'start the handler type name with an upper-case letter',
    '`type userHandler struct{}` in the root package',
  ),
  FW5031: kind(E, 'a route name gives a URL helper method that Go does not export', 'name the route with an upper-case first letter', '`name=_get`'),
  FW5032: kind(
    E,
    'two routes or fields give the same name in the URL helper',
    'rename one of the routes (name=), handler types, or fields',
    '`name=GetUser` and `name=getUser` in one group',
  ),
  FW5033: kind(
    W,
    'a path or query field has a type the URL helper cannot format; it falls back to a string',
    'use a string, bool, integer, float, time.Time or time.Duration type, or a type with a MarshalText method',
    '``ID uuid.UUID `path:"id"` `` with the module missing',
  ),
  FW5034: kind(
    E,
    'a subfolder named urlhelper holds handlers, but fw writes the URL helper package there',
    'move the handlers to a subfolder with another name',
    '`api/urlhelper/handler.go` with annotations',
  ),
  FW5035: kind(
    E,
    "a file in the URL helper's directory is in another package",
    'move it elsewhere, or make it package urlhelper',
    '`package helpers` in `api/urlhelper/extra.go`',
  ),
  FW5036: kind(E, "a name declared in the URL helper's package is also generated there", 'rename your declaration', '`func New()` in `api/urlhelper/extra.go`'),
  FW5040: kind(
    E,
    'a route would give the client method constructor(), which JavaScript reserves',
    'give the route another name with name=',
    '`name=Constructor`',
  ),
  FW5041: kind(
    E,
    'two routes give the same client method or type',
    'give one of the routes another name with name=',
    '`name=GetUser` in one group of two roots merged in one client',
  ),
  FW5050: kind(
    E,
    'two routes of different roots are the same operation in one OpenAPI document',
    'generate one document per root package',
    '`GET /health` in two roots without prefixes',
  ),
  FW5051: kind(
    E,
    '`--license` is not an SPDX license expression of identifiers on the SPDX license list',
    'pass one such as MIT, Apache-2.0, "Apache-2.0 OR MIT" or LicenseRef-<name>',
    '`--license "my license"`',
  ),
  FW5060: kind(
    W,
    'a `validate` or `binding` rule of a request field is not mirrored by the client and the OpenAPI document; the server alone checks it',
    "nothing to do if that is intended (cross-field rules, custom tags and rules JavaScript cannot check exactly stay the server's); the mirrored rules are listed in docs/type-mapping.md",
    '``Email string `json:"email" validate:"required,email"` ``',
  ),
  // ---------------------------------------------------------------- write
  FW6001: kind(
    E,
    'the directory of an output file cannot be created',
    'fix the permissions of its parent, or choose another path',
    '`--file /read-only/client.ts`',
  ),
  FW6002: kind(E, 'an output file cannot be written', 'fix the permissions or free space, or choose another path', 'a full disk'),
  FW6003: kind(
    E,
    'an output file cannot be replaced by the new one',
    'fix the permissions of the file and its directory',
    'router.go in a read-only directory',
  ),
  FW6004: kind(
    E,
    "an output file exists but fw did not generate it (it lacks fw's header), so it is not overwritten",
    'move your file away, or pass --force to overwrite it',
    'a hand-written router.go',
  ),
  FW6005: kind(E, 'a parent of an output path is a file, not a directory', 'choose an output path below a directory', '`--file README.md/client.ts`'),
  FW6006: kind(E, 'an output path is not a regular file (a directory, socket, …)', 'choose another path, or remove what is there', '`--file src`'),
  FW6007: kind(E, 'the client file is not a TypeScript module (.ts, .mts or .cts)', 'pass --file <path>.ts', '`--file client.js`'),
  FW6008: kind(
    E,
    'the shared runtime module (--runtime) was written for clients of the other zod flavour, so it is not replaced',
    'give every client that shares it the same --zod, or this one a --runtime of its own',
    '`--runtime web/fw-runtime.ts --zod mini` where a `--zod classic` client wrote it',
  ),
  // ---------------------------------------------------------------- runtime
  FW7001: kind(
    E,
    'the fwhttp package directory is a file, or lies below one',
    'pass --dir naming a directory, or one that does not exist yet',
    '`fw init --dir go.mod`',
  ),
  FW7002: kind(W, 'fw init found no go.mod at or above the fwhttp directory', 'run `go mod init <module path>`', '`fw init` in an empty directory'),
  FW7003: kind(W, 'go.mod asks for a Go older than fwhttp needs (1.22, Request.PathValue)', 'raise the `go` line of go.mod', '`go 1.21`'),
  FW7004: kind(
    E,
    'fw init would replace a fwhttp file edited after it was scaffolded',
    "keep your edit (nothing to do), or pass --force to take fw's version",
    'an edited `fwhttp/bind.go`',
  ),
  FW7005: kind(
    W,
    "a fwhttp file without fw's header is yours, and left as it is",
    "pass --force to replace it with fw's version",
    '`fwhttp/json.go` with its header line deleted',
  ),
  FW7010: kind(
    E,
    'a root handler package belongs to a Go module outside the package fw init --turbo runs in',
    'run fw init --turbo in the workspace package that holds go.mod',
    'go.mod above the package.json',
  ),
  FW7011: kind(E, 'fw init --turbo was given a client file outside the package', 'give a path inside the package, relative to it', '`--file ../web/client.ts`'),
  FW7012: kind(E, 'turbo.json cannot be read as JSON, or is not an object', 'fix or delete it, then run fw init --turbo again', '`{"tasks": }`'),
  FW7013: kind(E, 'package.json cannot be read as JSON, or is not an object', 'fix it, then run fw init --turbo again', '`{"scripts": }`'),
  FW7014: kind(
    E,
    'fw init --turbo ran outside a workspace package (no package.json)',
    'run it in a directory with package.json',
    '`fw init --turbo` in a Go-only directory',
  ),
  FW7016: kind(E, '--turbo found no turbo.json task that fw init --turbo wrote', 'run fw init --turbo first', '`fw g router --turbo` without turbo.json'),
  FW7017: kind(
    E,
    'the turbo.json task does not match the root handler packages found, so a cached result could belong to other roots',
    'run fw init --turbo again',
    'a root added after fw init --turbo',
  ),
  FW7018: kind(
    E,
    'the turbo.json task does not name the Go packages outside its package that the roots now import, so a cached result could miss an edit there',
    'run fw init --turbo again',
    'an import of a go.work sibling module added after fw init --turbo',
  ),
  FW7019: kind(
    E,
    'fw init --turbo --uses names a directory that is not a workspace package with a name',
    'pass the directory of the Go service package (it holds a package.json with a name)',
    '`fw init --turbo --uses ../../services/nope`',
  ),
  FW7020: kind(
    E,
    'fw init --turbo --uses names a service package without a gen:client task',
    'run fw init --turbo --file <client.ts> in the service package first',
    'a service whose turbo.json has gen:router only',
  ),
  // ---------------------------------------------------------------- nx
  FW8001: kind(
    E,
    'an Nx executor was asked to check (--check) in a cached target, where a cache hit would pass without checking',
    'run the project\'s check-generated target, or declare the target with `"cache": false`',
    '`nx run api:gen-router --check`',
  ),
  FW8002: kind(
    E,
    'the outputs of a cached fw target are not exactly the files it generates, so a cache hit could restore files of other roots',
    'declare the outputs the message lists',
    'a target whose `outputs` name one root of two',
  ),
  FW8003: kind(
    E,
    'the inputs of a cached fw target do not exclude every generated Go file',
    'add the exclusions the message lists to its inputs',
    'inputs `{projectRoot}/**/*.go` without `!…/router.go`',
  ),
  FW8004: kind(
    E,
    'the inputs of a cached fw target exclude generated files of a root that does not exist',
    'remove the exclusions the message lists',
    '`!{projectRoot}/internal/gone/router.go` after removing that root',
  ),
  FW8005: kind(
    E,
    'the inputs of a cached fw target do not include an fw.json whose type mappings decide the output',
    'add the files the message lists to its inputs',
    'a target whose inputs are `{projectRoot}/**/*.go` only, beside an fw.json',
  ),
  FW8006: kind(
    E,
    'an fw executor option has a value the generator does not take',
    'give one of the values its schema.json lists',
    '`"zod": "max"` in a gen-client target',
  ),
  FW8007: kind(E, 'the options of the fw plugin in nx.json are invalid (each problem is listed)', 'fix each problem listed', '`"routerTargetName": ""`'),
  FW8008: kind(
    E,
    "a file named by the fw plugin's options points outside the workspace",
    'use a path inside the workspace',
    '`"clientFile": "../../outside.ts"`',
  ),
  FW8009: kind(
    E,
    'nx g fw:handler-package was given a name that is not a Go package name',
    'use lower-case letters and digits, starting with a letter',
    '`nx g fw:handler-package V2`',
  ),
  FW8010: kind(
    E,
    'nx g fw:handler-package would overwrite an existing directory',
    'pick another name or remove the directory first',
    'a second `nx g fw:handler-package v2`',
  ),
  FW8011: kind(
    E,
    'an fw Nx generator found no Go module (no go.mod outside node_modules, vendor and testdata)',
    "create one first: `go mod init <module path>` in the service's directory",
    '`nx g fw:handler-package v2` in a workspace without go.mod',
  ),
  FW8012: kind(E, 'an fw Nx generator found several Go modules and cannot ask which', 'pass --project <name>', 'two Go modules, run without a terminal'),
  FW8013: kind(
    E,
    'the Go project has no go.mod with a module line for the runtime package fwhttp',
    'run `go mod init <module path>` in the project first',
    'a project without go.mod',
  ),
  FW8014: kind(
    E,
    'a directory option of an fw Nx generator points outside the project',
    'give a path relative to the project root',
    '`--directory ../elsewhere`',
  ),
  FW8015: kind(
    E,
    'an fw executor ran outside a target of a project',
    'run it through a target of a project',
    'an executor invoked with an unknown project name',
  ),
  FW8016: kind(
    E,
    'the --project of an fw Nx generator names neither a project nor a Go module of the workspace',
    'pass the name of one of the Go modules the message lists',
    '`nx g fw:handler-package v2 --project apii`',
  ),
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The codes whose diagnostics have severity `S`: error() takes only error codes, warning() only warning codes. */
export type CodeOf<S extends Severity> = { [C in DiagnosticCode]: (typeof DIAGNOSTIC_CODES)[C]['severity'] extends S ? C : never }[DiagnosticCode];

/** The stage each first digit stands for (see the top of this file). */
export const CODE_STAGES: Readonly<Record<string, string>> = {
  '1': 'workspace',
  '2': 'go',
  '3': 'annotations',
  '4': 'model',
  '5': 'emit',
  '6': 'write',
  '7': 'runtime',
  '8': 'nx',
};
