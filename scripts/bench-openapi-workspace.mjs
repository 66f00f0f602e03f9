// The bench's github workspace: a real public OpenAPI description turned into a Go workspace that
// fw reads, so that the bench measures fw on a shape nobody working on fw designed.
//
// The description is GitHub's REST API, as published on npm in @octokit/openapi (pinned below and
// fetched once at bench time into node_modules/.cache/fw-bench, its integrity checked):
// api.github.com's and, optionally, GitHub Enterprise Cloud's and three Enterprise Server
// releases', each mounted under its own prefix as a server serving several versions of one API
// would be. Per description <v> (empty for api.github.com):
//
//   internal/<v>models/models.go         every components.schemas entry as a Go type
//   internal/<v><segment>handler/        a root per first path segment of at least 50 operations
//                                        (repos, orgs, …; the others share <v>apihandler):
//                                        router.go, registry.go, doc.go (fw:http_root)
//   internal/<v><segment>handler/<tag>/  one subfolder per operation tag: handler_<tag>.go with
//                                        a request type, inline response types and one
//                                        annotated handler per operation
//
// What Go or fw cannot express is left out and counted (openapiWorkspace returns the counts):
// operations whose path ServeMux cannot match ({a}...{b} inside a segment) or whose pattern
// would conflict with another's in ServeMux, request bodies that are not a JSON object (or sent
// with DELETE), query parameters that are not scalars or lists of scalars, header and cookie
// parameters, and responses whose body is not JSON.
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GENERATED_STUB, write } from './bench-workspace.mjs';

/** The pinned package, and the descriptions of it the workspace converts (file, root name, mount prefix). */
export const OPENAPI_PACKAGE = {
  name: '@octokit/openapi',
  version: '23.0.2',
  integrity: 'sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZXbFx5AHzLUVRBXGDhg==',
};
export const GITHUB_DESCRIPTIONS = [
  { file: 'api.github.com.json', name: '', prefix: undefined },
  { file: 'ghec.json', name: 'ghec', prefix: '/ghec' },
  { file: 'ghes-3.17.json', name: 'ghes317', prefix: '/ghes-3.17' },
  { file: 'ghes-3.18.json', name: 'ghes318', prefix: '/ghes-3.18' },
  { file: 'ghes-3.19.json', name: 'ghes319', prefix: '/ghes-3.19' },
];

/**
 * The descriptions' JSON files, from the cache or, once, from the npm registry (`npm pack`, then
 * the tarball's sha512 against the pinned integrity; only the files named are extracted).
 */
export function fetchDescriptions(cacheDir, files) {
  const dir = path.join(cacheDir, `${OPENAPI_PACKAGE.name.replace('/', '+')}@${OPENAPI_PACKAGE.version}`);
  const wanted = files.map((f) => `package/generated/${f}`);
  if (!wanted.every((f) => fs.existsSync(path.join(dir, f)))) {
    fs.mkdirSync(dir, { recursive: true });
    const spec = `${OPENAPI_PACKAGE.name}@${OPENAPI_PACKAGE.version}`;
    const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { cwd: dir, encoding: 'utf8' }));
    const tarball = path.join(dir, filename);
    const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
    if (integrity !== OPENAPI_PACKAGE.integrity) throw new Error(`bench: ${spec} has integrity ${integrity}, expected ${OPENAPI_PACKAGE.integrity}`);
    execFileSync('tar', ['xzf', tarball, '-C', dir, ...wanted]);
    fs.rmSync(tarball);
  }
  return files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, 'package/generated', f), 'utf8')));
}

// ------------------------------------------------------------------ names

const KEYWORDS =
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var';
const GO_KEYWORDS = new Set(KEYWORDS.split(' '));
const SIGN_WORDS = { '+': 'Plus', '-': 'Minus' };

/** A Go identifier in PascalCase for any JSON name (`full-repository` → FullRepository, `+1` → Plus1). */
function pascal(name) {
  const signed = SIGN_WORDS[name[0]] && /^[+-]\d/.test(name) ? SIGN_WORDS[name[0]] + name.slice(1) : name;
  const words = signed.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const id = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(id) ? id : `X${id}`;
}

/** A Go package name for an OpenAPI tag (`code-scanning` → codescanning). */
function packageName(tag) {
  const name = tag.toLowerCase().replace(/[^a-z0-9]/g, '');
  return GO_KEYWORDS.has(name) || !/^[a-z]/.test(name) ? `${name}api` : name;
}

/** Hands out names unique within one scope, numbering the second and later uses of a name. */
function nameScope() {
  const used = new Set();
  return (wanted) => {
    let name = wanted;
    for (let i = 2; used.has(name); i++) name = `${wanted}${i}`;
    used.add(name);
    return name;
  };
}

const goString = (s) => JSON.stringify(s);
const oneLine = (text) => (text ?? '').replace(/\s+/g, ' ').trim();

// ------------------------------------------------------------------ schemas → Go types

/**
 * One Go package being written: its declarations, the imports they use, and a name scope.
 * `modelsImport` is the models package's import path (undefined in the models package itself).
 */
function goPackage(doc, modelsImport) {
  return { doc, modelsImport, decls: [], imports: new Set(), unique: nameScope(), modelNames: modelNames(doc) };
}

const modelNamesOf = new WeakMap();
/** The Go name of each component schema (the same in the models package and everywhere it is referred to). */
function modelNames(doc) {
  if (!modelNamesOf.has(doc)) {
    const unique = nameScope();
    modelNamesOf.set(doc, new Map(Object.keys(doc.components?.schemas ?? {}).map((key) => [key, unique(pascal(key))])));
  }
  return modelNamesOf.get(doc);
}

const refName = (ref) => ref.slice(ref.lastIndexOf('/') + 1);
const resolve = (doc, x) => (x?.$ref ? resolve(doc, doc.components[x.$ref.split('/')[2]][refName(x.$ref)]) : x);

/** The properties and required names of an object schema, allOf parts merged in. */
function objectShape(doc, schema) {
  const s = resolve(doc, schema);
  const properties = { ...(s.properties ?? {}) };
  const required = new Set(s.required ?? []);
  for (const part of s.allOf ?? []) {
    const shape = objectShape(doc, part);
    Object.assign(properties, shape.properties);
    for (const r of shape.required) required.add(r);
  }
  return { properties, required };
}

const isObject = (doc, schema) => {
  const s = resolve(doc, schema);
  return s.type === 'object' || s.properties !== undefined || (s.allOf !== undefined && s.allOf.length > 1);
};

/** Types that already hold null (nil) in Go: no pointer for nullable or optional values. */
const nilable = (type) => type.startsWith('[]') || type.startsWith('map[') || type === 'any';

/**
 * The Go type of `schema` as seen from package `pkg`; inline objects and enums become named
 * types in `pkg` called after `hint`. Component schemas are the models package's types.
 */
function goType(pkg, schema, hint) {
  if (schema === undefined) return 'any';
  if (schema.$ref) {
    const name = pkg.modelNames.get(refName(schema.$ref));
    if (!pkg.modelsImport) return name;
    pkg.imports.add(`models ${goString(pkg.modelsImport)}`);
    return `models.${name}`;
  }
  if (schema.allOf?.length === 1) return goType(pkg, schema.allOf[0], hint);
  if (schema.oneOf || schema.anyOf) return 'any';
  if (isObject(pkg.doc, schema)) {
    const { properties } = objectShape(pkg.doc, schema);
    if (Object.keys(properties).length > 0) return declareStruct(pkg, pkg.unique(hint), schema);
    const extra = schema.additionalProperties;
    return `map[string]${extra && extra !== true ? goType(pkg, extra, `${hint}Value`) : 'any'}`;
  }
  switch (schema.type) {
    case 'array':
      return `[]${goType(pkg, schema.items, `${hint}Item`)}`;
    case 'integer':
      return schema.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'string': {
      const values = stringValues(schema.enum ?? []);
      if (values.length > 0) return declareEnum(pkg, pkg.unique(hint), values);
      if (schema.format === 'date-time') {
        pkg.imports.add('"time"');
        return 'time.Time';
      }
      return 'string';
    }
    default:
      return 'any';
  }
}

/** A field's type: a pointer when the value may be null or left out, unless Go's type already holds nil. */
function fieldType(pkg, schema, hint, required) {
  const type = goType(pkg, schema, hint);
  const nullable = resolve(pkg.doc, schema)?.nullable === true;
  return (nullable || !required) && !nilable(type) ? `*${type}` : type;
}

/** A struct named `name` for an object schema (declared before its fields, so that inline types follow it). */
function declareStruct(pkg, name, schema) {
  const { properties, required } = objectShape(pkg.doc, schema);
  const decl = [`// ${name} is ${oneLine(resolve(pkg.doc, schema).title) || 'an object of the API'}.`, `type ${name} struct {`];
  pkg.decls.push(decl);
  decl.push(...structFields(pkg, name, properties, required), '}');
  return name;
}

/** The fields of a struct with JSON tags; optional ones carry omitempty. */
function structFields(pkg, owner, properties, required, fieldNames = nameScope()) {
  const out = [];
  for (const [json, schema] of Object.entries(properties)) {
    if (json.includes('"') || json.includes(',') || json.includes('\\') || json === '') continue;
    const field = fieldNames(pascal(json));
    const isRequired = required.has(json);
    const type = fieldType(pkg, schema, `${owner}${field}`, isRequired);
    out.push(`\t${field} ${type} \`json:"${json}${isRequired ? '' : ',omitempty'}"\``);
  }
  return out;
}

/** An enum's string values (a nullable enum lists null too). */
const stringValues = (values) => values.filter((v) => typeof v === 'string');

/** A named string type with one constant per value: fw gives the client a union of the values. */
function declareEnum(pkg, name, values) {
  const consts = nameScope();
  const decl = [`// ${name} is one of a closed set of values.`, `type ${name} string`, '', 'const ('];
  for (const v of values) decl.push(`\t${consts(`${name}${pascal(v) === 'X' ? 'Empty' : pascal(v)}`)} ${name} = ${goString(v)}`);
  decl.push(')');
  pkg.decls.push(decl);
  return name;
}

/** One declaration per component schema: a struct for objects, a defined type for the rest. */
function modelsFile(doc, pkgName) {
  const pkg = goPackage(doc, undefined);
  // Component names first, so that inline types never take one.
  for (const name of pkg.modelNames.values()) pkg.unique(name);
  for (const [key, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const name = pkg.modelNames.get(key);
    if (isObject(doc, schema) && !schema.$ref && Object.keys(objectShape(doc, schema).properties).length > 0) declareStruct(pkg, name, schema);
    else if (schema.type === 'string' && schema.enum) declareEnum(pkg, name, stringValues(schema.enum));
    else pkg.decls.push([`// ${name} is ${oneLine(schema.title) || 'a value of the API'}.`, `type ${name} ${goType(pkg, schema, `${name}Value`)}`]);
  }
  return render(pkgName, pkg);
}

/** The Go file of `pkg`: package clause, the imports its declarations use, the declarations. */
function render(pkgName, pkg, extraImports = []) {
  const imports = [...new Set([...pkg.imports, ...extraImports])].sort();
  const head = [`package ${pkgName}`, ''];
  if (imports.length > 0) head.push('import (', ...imports.map((i) => `\t${i}`), ')', '');
  return `${[...head, ...pkg.decls.map((d) => `${d.join('\n')}\n`)].join('\n')}`;
}

// ------------------------------------------------------------------ operations → handlers

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/;

/** Every operation of the description with its path, method and parameters (the path item's included). */
function operations(doc) {
  const out = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      out.push({ route, method: method.toUpperCase(), op, parameters, tag: op.tags?.[0] ?? 'default' });
    }
  }
  return out;
}

/** The ServeMux path of an OpenAPI path (wildcards named as Go identifiers), or undefined when ServeMux cannot match it. */
function muxPath(route) {
  if (route === '/') return '/{$}';
  const segments = route.split('/').map((s) => {
    if (!s.includes('{')) return s;
    const m = /^\{([^{}]+)\}$/.exec(s);
    return m ? `{${m[1].replace(/\W/g, '_')}}` : undefined;
  });
  return segments.includes(undefined) ? undefined : segments.join('/');
}

/**
 * Whether two patterns of one method match a common request with neither more specific
 * (ServeMux panics on such a pair): same length, every segment pair compatible, and each has a
 * literal where the other has a wildcard.
 */
function conflicts(a, b) {
  const sa = a.split('/');
  const sb = b.split('/');
  if (sa.length !== sb.length) return false;
  let aMore = false;
  let bMore = false;
  for (let i = 0; i < sa.length; i++) {
    const wa = sa[i].startsWith('{');
    const wb = sb[i].startsWith('{');
    if (!wa && !wb && sa[i] !== sb[i]) return false;
    if (!wa && wb) aMore = true;
    if (wa && !wb) bMore = true;
  }
  return aMore === bMore;
}

/** The operations ServeMux can register together: in order, each one that conflicts with none kept before it. */
function registrable(ops, skipped) {
  const kept = [];
  for (const o of ops) {
    o.path = muxPath(o.route);
    if (o.path === undefined) skipped.path++;
    else if (kept.some((k) => k.method === o.method && conflicts(k.path, o.path))) skipped.conflict++;
    else kept.push(o);
  }
  return kept;
}

const SCALARS = ['string', 'integer', 'number', 'boolean'];

/** A path or query parameter's field, tagged with its wildcard or query name; undefined for what fw cannot bind. */
function parameterField(pkg, owner, p, fieldNames) {
  const type = () => goType(pkg, p.schema, `${owner}${pascal(p.name)}`);
  if (p.in === 'path') return `\t${fieldNames(pascal(p.name))} ${type()} \`path:"${p.name.replace(/\W/g, '_')}"\``;
  if (p.in !== 'query') return undefined;
  const s = resolve(pkg.doc, p.schema) ?? {};
  const scalar = (x) => SCALARS.includes(resolve(pkg.doc, x)?.type);
  if (!scalar(s) && !(s.type === 'array' && scalar(s.items))) return undefined;
  return `\t${fieldNames(pascal(p.name))} ${type()} \`query:"${p.name}${p.required ? ',required' : ''}"\``;
}

/** The request type's fields: path and query parameters, then the JSON body's properties. */
function requestFields(pkg, name, o, skipped) {
  const fieldNames = nameScope();
  const fields = [];
  for (const p of o.parameters) {
    const field = parameterField(pkg, name, p, fieldNames);
    if (field) fields.push(field);
    else skipped[p.in === 'query' ? 'query' : 'header']++;
  }
  const content = o.op.requestBody?.content ?? {};
  if (Object.keys(content).length === 0) return fields;
  const jsonBody = Object.entries(content).find(([type]) => JSON_TYPE.test(type))?.[1];
  if (!jsonBody || o.method === 'DELETE' || !isObject(pkg.doc, jsonBody.schema)) {
    skipped.body++;
    return fields;
  }
  const { properties, required } = objectShape(pkg.doc, jsonBody.schema);
  return [...fields, ...structFields(pkg, name, properties, required, fieldNames)];
}

/** The annotation's response specifiers: a type per JSON body, Redirect for 3xx, Error for a 4xx/5xx without one. */
function responseSpecifiers(pkg, name, o, skipped) {
  const specs = [];
  for (const [status, response] of Object.entries(o.op.responses ?? {})) {
    if (!/^[1-5]\d\d$/.test(status)) continue;
    const r = resolve(pkg.doc, response);
    const content = Object.entries(r.content ?? {});
    const json = content.find(([type]) => JSON_TYPE.test(type))?.[1];
    if (json?.schema) {
      let type = goType(pkg, json.schema, `${name}${status}Response`);
      if (!/^[\w.]+$/.test(type) || ['any', 'string', 'bool', 'int64', 'int32', 'float64'].includes(type)) {
        const named = pkg.unique(`${name}${status}Response`);
        pkg.decls.push([`// ${named} is the ${status} response of ${name}.`, `type ${named} ${type}`]);
        type = named;
      }
      specs.push(`response=${status}:${type}`);
    } else if (content.length > 0) skipped.response++;
    else if (status.startsWith('3') && status !== '304') specs.push(`response=${status}:Redirect`);
    else if (status >= '400') specs.push(`response=${status}:Error`);
  }
  return specs;
}

/** A handler whose body declares a value of each response type of its route (`keys`), as a real one writes them. */
function handlerFunc(handler, name, keys) {
  const typed = keys.map((k) => /^response=(\d+):(\S+)$/.exec(k)).filter((m) => m && m[2] !== 'Error' && m[2] !== 'Redirect');
  if (typed.length === 0) return [`func (h *${handler}) ${name}() http.HandlerFunc { return nil }`];
  const body = typed.flatMap(([, status, type]) => [`\t\tvar resp${status} ${type}`, `\t\t_ = resp${status}`]);
  return [`func (h *${handler}) ${name}() http.HandlerFunc {`, '\treturn func(w http.ResponseWriter, r *http.Request) {', ...body, '\t}', '}'];
}

/** One handler file: a handler type for the tag and, per operation, its request type, response types and handler. */
function handlerFile(doc, pkgName, modelsImport, ops, skipped) {
  const pkg = goPackage(doc, modelsImport);
  const handler = `${pascal(pkgName)}Handler`;
  pkg.decls.push([`// ${handler} serves the ${ops[0].tag} operations.`, `type ${handler} struct{}`]);
  const methodNames = nameScope();
  for (const o of ops) {
    const name = methodNames(pascal(o.op.operationId?.split('/').pop() ?? `${o.method} ${o.route}`));
    // The default type names fw would look for are taken, so that only the annotation names types.
    const request = pkg.unique(`${name}Request`);
    pkg.unique(`${name}Response`);
    const fields = requestFields(pkg, name, o, skipped);
    if (fields.length > 0) pkg.decls.push([`// ${request} is what ${name} reads from the request.`, `type ${request} struct {`, ...fields, '}']);
    const keys = [...(fields.length > 0 ? [`request=${request}`] : []), ...responseSpecifiers(pkg, name, o, skipped)];
    const summary = oneLine(o.op.summary) || `${o.method} ${o.route}`;
    pkg.decls.push([
      `// ${name}: ${summary}`,
      `// fw:http_route path=${o.path} method=${o.method}${keys.map((k) => ` ${k}`).join('')}`,
      ...handlerFunc(handler, name, keys),
    ]);
  }
  return render(pkgName, pkg, ['"net/http"']);
}

/** Items grouped by a key, in the order of the keys' first appearance. */
function groupBy(items, key) {
  const groups = new Map();
  for (const item of items) {
    const k = key(item);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}

/** A first path segment with at least this many operations is a root of its own; the others share the root `api`. */
const ROOT_MIN_OPERATIONS = 50;

/** The root package of each operation: `repos` for /repos/…, `api` for the small first segments. */
function rootOf(ops) {
  const first = (o) => packageName(o.route.split('/')[1] || 'api');
  const sizes = groupBy(ops, first);
  return (o) => (sizes.get(first(o)).length >= ROOT_MIN_OPERATIONS ? first(o) : 'api');
}

/**
 * Writes a Go module into `dir` from `descriptions` ({ name, prefix, document } each): per
 * description a models package, internal/<name>models, and roots internal/<name><segment>handler
 * (mounted at `prefix`), one per large first path segment, with one subfolder per tag. Returns the
 * counts of routes, roots, handler files and of what was left out, and a handler file to edit.
 */
export function openapiWorkspace(dir, descriptions, module = 'example.com/openapi') {
  const skipped = { path: 0, conflict: 0, body: 0, query: 0, header: 0, response: 0 };
  const counts = { routes: 0, roots: 0, files: 0 };
  // The first handler file of the largest root: what the bench edits.
  let largest = { routes: 0, file: undefined };
  write(dir, 'go.mod', `module ${module}\n\ngo 1.22\n`);
  for (const { name, prefix, document } of descriptions) {
    const modelsPkg = `${name}models`;
    write(dir, `internal/${modelsPkg}/models.go`, modelsFile(document, modelsPkg));
    const ops = registrable(operations(document), skipped);
    for (const [segment, rootOps] of groupBy(ops, rootOf(ops))) {
      const root = `${name}${segment}handler`;
      writeRoot(dir, root, prefix, `the ${segment} operations of ${oneLine(document.info?.title)}`);
      counts.roots++;
      const files = [];
      for (const [pkgName, tagOps] of groupBy(rootOps, (o) => packageName(o.tag))) {
        files.push(`internal/${root}/${pkgName}/handler_${pkgName}.go`);
        write(dir, files.at(-1), handlerFile(document, pkgName, `${module}/internal/${modelsPkg}`, tagOps, skipped));
        counts.routes += tagOps.length;
        counts.files++;
      }
      if (rootOps.length > largest.routes) largest = { routes: rootOps.length, file: path.join(dir, files[0]) };
    }
  }
  return { dir, ...counts, skipped, editable: largest.file };
}

/** A root handler package: the generated files' stubs and a doc.go that mounts it at `prefix`. */
function writeRoot(dir, root, prefix, what) {
  for (const f of ['router.go', 'registry.go']) write(dir, `internal/${root}/${f}`, GENERATED_STUB(root));
  const mount = prefix ? `//\n// fw:http_root prefix=${prefix}\n` : '';
  write(dir, `internal/${root}/doc.go`, `// Package ${root} serves ${what}.\n${mount}package ${root}\n`);
}
