// The workspaces `npm run bench` measures, generated into a temporary directory.
//
// synthetic: many small handler files of uniform routes (./bench-workspace.mjs, the first bench).
// real-api:  shaped like a real public API: roots sharing one large models package
//            (one ~400 KB file of ~500 struct types with nested structs, slices,
//            pointers, maps, enums and references to each other), per root ~47
//            subfolders and ~50 handler files of 20-40 routes whose request types
//            mix path, query and body fields and point into the models package.
// github:    GitHub's REST API description (a real one, from a pinned npm package), converted
//            by ./bench-openapi-workspace.mjs: roots per large first path segment sharing one
//            models package converted from its schemas, one subfolder per tag.
// All are deterministic: real-api draws from a seeded generator, github from a pinned version.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { GENERATED_STUB, makeBenchWorkspace, write } from './bench-workspace.mjs';
import { fetchDescriptions, GITHUB_DESCRIPTIONS, OPENAPI_PACKAGE, openapiWorkspace } from './bench-openapi-workspace.mjs';

/** mulberry32: a small seeded generator, so the workspace is the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- synthetic

/** `routes` uniform routes over `roots` roots of 10 packages each, 20 routes a file (./bench-workspace.mjs), in a new temporary directory. */
export function syntheticWorkspace({ routes: total = 10000, roots = 10 } = {}) {
  const { dir, routes, files } = makeBenchWorkspace({ routes: total, roots });
  return {
    dir,
    name: 'synthetic',
    routes,
    files,
    roots,
    editable: path.join(dir, 'internal/v0handler/handler_0.go'),
    describe: `${routes} routes in ${files} handler files, ${roots} roots x 10 packages`,
  };
}

// ----------------------------------------------------------------- real-api

const WORDS = [
  'account',
  'billing',
  'channel',
  'deploy',
  'event',
  'feature',
  'gateway',
  'hook',
  'issue',
  'job',
  'key',
  'label',
  'member',
  'note',
  'order',
  'project',
  'quota',
  'release',
  'secret',
  'team',
  'usage',
  'volume',
  'webhook',
  'zone',
];
const pascal = (s) => s.replace(/(^|[-_])([a-z])/g, (_, __, c) => c.toUpperCase());

/** The models package: enums, then struct types that nest and refer to each other. */
function modelsFile(rand, structs, enums) {
  const pick = (n) => Math.floor(rand() * n);
  const out = ['package models', '', 'import (', '\t"encoding/json"', '\t"time"', ')', ''];
  for (let e = 0; e < enums; e++) {
    out.push(`// Enum${e} is a closed set of states.`, `type Enum${e} string`, '', 'const (');
    for (let v = 0; v < 4 + (e % 4); v++) out.push(`\tEnum${e}V${v} Enum${e} = "${WORDS[(e + v) % WORDS.length]}_${v}"`);
    out.push(')', '');
  }
  for (let s = 0; s < structs; s++) {
    out.push(`// Model${s} is one resource of the API, with the fields a real one carries.`, `type Model${s} struct {`);
    out.push(
      '\tID        int64     `json:"id"`',
      '\tNodeID    string    `json:"node_id"`',
      '\tCreatedAt time.Time `json:"created_at"`',
      '\tUpdatedAt *time.Time `json:"updated_at,omitempty"`',
    );
    const fields = 6 + pick(8);
    for (let f = 0; f < fields; f++) {
      const name = `${pascal(WORDS[(s * 7 + f) % WORDS.length])}${f}`;
      const json = `${WORDS[(s * 7 + f) % WORDS.length]}_${f}`;
      const other = s > 0 ? pick(s) : 0;
      const kind = pick(12);
      let type;
      if (kind === 0 && s > 0) type = `*Model${other}`;
      else if (kind === 1 && s > 0) type = `[]Model${other}`;
      else if (kind === 2) type = `Enum${pick(enums)}`;
      else if (kind === 3) type = 'map[string]string';
      else if (kind === 4) type = 'struct {\n\t\tURL   string `json:"url"`\n\t\tCount int    `json:"count"`\n\t\tTags  []string `json:"tags,omitempty"`\n\t}';
      else if (kind === 5) type = '[]string';
      else if (kind === 6) type = 'float64';
      else if (kind === 7) type = 'bool';
      else if (kind === 8) type = 'json.RawMessage';
      else if (kind === 9) type = '*string';
      else type = kind % 2 ? 'string' : 'int';
      if (f % 3 === 0) out.push(`\t// ${name} is documented.`);
      out.push(`\t${name} ${type} \`json:"${json}${pick(3) === 0 ? ',omitempty' : ''}"\``);
    }
    out.push('}', '');
  }
  return out.join('\n');
}

function realHandlerFile(rand, pkg, group, routeBase, count, models, enums) {
  const pick = (n) => Math.floor(rand() * n);
  const out = [`package ${pkg}`, '', 'import (', '\t"net/http"', '', '\t"example.com/api/internal/models"', ')', ''];
  out.push(`// ${group}Handler serves the ${group} resources.`, `type ${group}Handler struct {`, '\tStore any', '}', '');
  const base = `/${group.toLowerCase()}`;
  for (let i = 0; i < count; i++) {
    const name = `Op${routeBase + i}`;
    const model = `models.Model${pick(models)}`;
    const kind = i % 5;
    const method = ['GET', 'GET', 'POST', 'PATCH', 'DELETE'][kind];
    const route = `${base}/r${routeBase + i}/{owner}/{id}`;
    out.push(`// ${name}Request binds route ${routeBase + i}.`, `type ${name}Request struct {`);
    out.push('\tOwner string `path:"owner"`', '\tID    int64  `path:"id"`');
    if (method === 'GET') {
      out.push(
        '\tPage    int    `query:"page"`',
        '\tPerPage int    `query:"per_page"`',
        `\tState   models.Enum${pick(enums)} \`query:"state"\``,
        '\tSort    string `query:"sort"`',
      );
    } else if (method !== 'DELETE') {
      out.push(`\tTitle  string \`json:"title"\``, `\tBody   *string \`json:"body,omitempty"\``, `\tLabels []string \`json:"labels,omitempty"\``);
      out.push(`\tItem   ${model} \`json:"item"\``, `\tExtra  []models.Model${pick(models)} \`json:"extra,omitempty"\``);
      out.push('\tMeta   struct {\n\t\tReason string `json:"reason"`\n\t\tNotify bool   `json:"notify"`\n\t} `json:"meta"`');
    }
    out.push('}', '');
    const responses =
      method === 'DELETE'
        ? `response=200:${model} response=404:Error`
        : method === 'GET' && pick(2) === 0
          ? `response=200:${name}Response response=4xx:Error`
          : `response=${method === 'POST' ? 201 : 200}:${model} response=404:Error response=422:Error`;
    if (responses.includes(`${name}Response`)) {
      out.push(
        `// ${name}Response is a page of results.`,
        `type ${name}Response struct {`,
        `\tItems []${model} \`json:"items"\``,
        '\tTotal int `json:"total_count"`',
        '\tNext  *string `json:"next,omitempty"`',
        '}',
        '',
      );
    }
    out.push(`// ${name} handles ${method} ${route}.`, '//', '// It is documented the way a real handler is, over a few lines.');
    out.push(`// fw:http_route path=${route} method=${method} ${responses}${method === 'POST' ? ' required_header=Authorization' : ''}`);
    out.push(
      `func (h *${group}Handler) ${name}() http.HandlerFunc {`,
      '\treturn func(w http.ResponseWriter, r *http.Request) {',
      '\t\t_ = r.PathValue("id")',
      '\t}',
      '}',
      '',
    );
  }
  return out.join('\n');
}

/**
 * `roots` roots (default 8) sharing internal/models; each root has `subs`
 * subfolders (default 47) and `files` handler files (default 50: three in the
 * root package, the rest one per subfolder) of 20-40 routes.
 */
export function realApiWorkspace(dir, { roots = 8, subs = 47, files = 50, structs = 500, enums = 60, seed = 13 } = {}) {
  const rand = random(seed);
  write(dir, 'go.mod', 'module example.com/api\n\ngo 1.22\n');
  write(dir, 'internal/models/models.go', modelsFile(rand, structs, enums));
  let routes = 0;
  let handlerFiles = 0;
  for (let r = 1; r <= roots; r++) {
    const rootName = `v${r}handler`;
    const rootRel = path.join('internal', rootName);
    for (const f of ['router.go', 'registry.go']) write(dir, path.join(rootRel, f), GENERATED_STUB(rootName));
    for (let f = 0; f < files; f++) {
      const sub = f < files - subs ? undefined : `${WORDS[(f - (files - subs)) % WORDS.length]}${Math.floor((f - (files - subs)) / WORDS.length) || ''}`;
      const pkg = sub ?? rootName;
      const group = sub ? pascal(sub) : `Root${f}`;
      const count = 20 + Math.floor(rand() ** 3 * 21);
      const rel = path.join(rootRel, sub ?? '', `handler_${sub ?? f}.go`);
      write(dir, rel, realHandlerFile(rand, pkg, group, routes, count, structs, enums));
      routes += count;
      handlerFiles++;
    }
  }
  const modelsKb = Math.round(fs.statSync(path.join(dir, 'internal/models/models.go')).size / 1024);
  return {
    dir,
    name: 'real-api',
    routes,
    files: handlerFiles,
    roots,
    editable: path.join(dir, 'internal/v1handler', `${WORDS[0]}`, `handler_${WORDS[0]}.go`),
    typesFile: path.join(dir, 'internal/models/models.go'),
    describe: `${routes} routes in ${handlerFiles} handler files, ${roots} roots x ${subs} subfolders, models.go ${modelsKb} KB (${structs} structs, ${enums} enums)`,
  };
}

// ------------------------------------------------------------------- github

const LEFT_OUT = {
  path: 'paths ServeMux cannot match',
  conflict: 'operations whose pattern conflicts with another in ServeMux',
  body: 'request bodies that are not a JSON object (or on DELETE)',
  query: 'query parameters that are not scalars or lists of them',
  header: 'header and cookie parameters',
  response: 'non-JSON response bodies',
};

/**
 * The first `versions` descriptions of GitHub's REST API (api.github.com, then Enterprise Cloud
 * and three Enterprise Server releases, each mounted under its own prefix) converted into `dir`.
 * The package is fetched once into `cacheDir`.
 */
export function githubWorkspace(dir, { versions = 1, cacheDir }) {
  const chosen = GITHUB_DESCRIPTIONS.slice(0, versions);
  const documents = fetchDescriptions(
    cacheDir,
    chosen.map((d) => d.file),
  );
  const ws = openapiWorkspace(
    dir,
    chosen.map((d, i) => ({ ...d, document: documents[i] })),
  );
  const modelsMb = chosen.reduce((sum, d) => sum + fs.statSync(path.join(dir, 'internal', `${d.name}models`, 'models.go')).size, 0) / 2 ** 20;
  const leftOut = Object.entries(ws.skipped)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${LEFT_OUT[what]}`);
  return {
    ...ws,
    name: 'github',
    typesFile: path.join(dir, 'internal/models/models.go'),
    describe: [
      `${OPENAPI_PACKAGE.name}@${OPENAPI_PACKAGE.version} ${chosen.map((d) => d.file).join(', ')}:`,
      `${ws.routes} routes in ${ws.files} handler files, ${ws.roots} roots, models ${modelsMb.toFixed(1)} MB;`,
      `left out: ${leftOut.join(', ') || 'nothing'}`,
    ].join(' '),
  };
}

/** The modules bench: k8s.io/api's types (core/v1, apps/v1) as response bodies. */
const K8S = { path: 'k8s.io/api', version: 'v0.31.0' };
const K8S_ROUTES = [
  ['ConfigMap', 'v1.ConfigMap'],
  ['Pod', 'v1.Pod'],
  ['Service', 'v1.Service'],
  ['Node', 'v1.Node'],
  ['Deployment', 'appsv1.Deployment'],
  ['StatefulSet', 'appsv1.StatefulSet'],
];

/**
 * Two workspaces with the same root whose response types are k8s.io/api's:
 * `real` takes them from the module cache (`go mod tidy` downloads k8s.io/api
 * and its dependencies through the module proxy, once), `local` holds a copy
 * of k8s.io/api and k8s.io/apimachinery inside its own module, import paths
 * rewritten: the same declarations, declared locally. Needs Go and the proxy;
 * throws when either is missing.
 */
export function k8sWorkspaces(parent) {
  const handlers = [
    'package api\n\nimport (\n\t"net/http"\n\n\tappsv1 "k8s.io/api/apps/v1"\n\tv1 "k8s.io/api/core/v1"\n)\n\nvar _ appsv1.Deployment\nvar _ v1.Pod\n',
    ...K8S_ROUTES.map(
      ([name, type]) => `\n// fw:http_route path=/${name.toLowerCase()} response=200:${type}\nfunc Get${name}() http.HandlerFunc { return nil }\n`,
    ),
  ].join('');
  const real = path.join(parent, 'real');
  write(real, 'go.mod', `module example.com/k8sbench\n\ngo 1.22\n\nrequire ${K8S.path} ${K8S.version}\n`);
  write(real, 'api/handlers.go', handlers);
  for (const f of ['router.go', 'registry.go']) write(real, `api/${f}`, GENERATED_STUB('api'));
  execFileSync('go', ['mod', 'tidy'], { cwd: real, env: { ...process.env, GOFLAGS: '-mod=mod', GOWORK: 'off' }, stdio: 'pipe' });
  const dirs = JSON.parse(
    `[${execFileSync('go', ['list', '-m', '-json', 'k8s.io/api', 'k8s.io/apimachinery'], { cwd: real, env: { ...process.env, GOWORK: 'off' }, encoding: 'utf8' }).replace(/}\s*{/g, '},{')}]`,
  );
  const local = path.join(parent, 'local');
  fs.cpSync(real, local, { recursive: true });
  const rewrite = (text) =>
    text.replaceAll('"k8s.io/api/', '"example.com/k8sbench/k8s/api/').replaceAll('"k8s.io/apimachinery/', '"example.com/k8sbench/k8s/apimachinery/');
  for (const m of dirs) {
    const into = path.join(local, 'k8s', m.Path.split('/')[1]);
    const copy = (from, to) => {
      for (const e of fs.readdirSync(from, { withFileTypes: true })) {
        const src = path.join(from, e.name);
        if (e.isDirectory()) copy(src, path.join(to, e.name));
        else if (e.name.endsWith('.go') && !e.name.endsWith('_test.go')) write(to, e.name, rewrite(fs.readFileSync(src, 'utf8')));
      }
    };
    copy(m.Dir, into);
  }
  write(local, 'api/handlers.go', rewrite(handlers));
  return {
    real,
    local,
    describe: `${K8S_ROUTES.length} routes answering k8s.io/api ${K8S.version} types (core/v1, apps/v1): from the module cache, and the same packages copied into the module`,
  };
}
