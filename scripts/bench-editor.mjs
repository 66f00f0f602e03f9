// How long an editor waits for the first diagnostics of a file that imports one operation of
// fw's client: the one-file client against the split one (--split), with TypeScript 5.9's
// tsserver (the protocol VS Code's built-in TypeScript speaks) and TypeScript 7's native language
// server (`tsc --lsp --stdio`, the Language Server Protocol; pull diagnostics, as VS Code asks).
//
//   node scripts/bench-editor.mjs [--runs 3] [--dir <a real-api workspace with node_modules>]
//
// On the bench's real-api workspace (scripts/bench-workspaces.mjs; a new one unless --dir names
// one), fw writes web/client.ts and web/split/client.ts (--split). Beside them, each consumer
// imports the first operation of the split client's first group module and assigns it to a
// number: one error (TS2322), so the diagnostics prove the checker read the operation's type.
// Consumers: the one file; the split client's entry; its deep module. Each consumer is a
// project of its own (a tsconfig listing only it: the server loads what it imports), strict,
// bundler resolution, zod from this checkout.
//
// Each run starts a new server process, opens the consumer and asks for its diagnostics; the
// time is from the process's start to the semantic diagnostics, as a user opening the file in a
// new editor window waits. Also printed: the server process's CPU time then (all threads, from
// /proc) and its peak RSS (VmHWM). Medians of --runs; Linux only (/proc).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { realApiWorkspace } from './bench-workspaces.mjs';
import { processUsage } from './proc-usage.mjs';

const REPO = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, dir: { type: 'string' } } });
const RUNS = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Reads `Content-Length`-framed JSON messages (tsserver's output, LSP both ways) from a stream. */
function framedMessages(stream, onMessage) {
  let buf = Buffer.alloc(0);
  stream.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const headerEnd = buf.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, headerEnd).toString())?.[1]);
      if (buf.length < headerEnd + 4 + length) return;
      const body = buf.subarray(headerEnd + 4, headerEnd + 4 + length).toString();
      buf = buf.subarray(headerEnd + 4 + length);
      onMessage(JSON.parse(body));
    }
  });
}

/** Starts `command`, runs `session(child, send)` until it resolves with the diagnostics; returns them with the time and usage then. */
function timeServer(command, args, session) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`bench-editor: no diagnostics from ${command} in 600 s:\n${stderr}`));
    }, 600_000);
    session(child, (diagnostics) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const { cpu, rss } = processUsage(child.pid);
      clearTimeout(timer);
      child.kill();
      resolve({ ms, cpu, rss, diagnostics });
    });
    child.on('error', reject);
  });
}

/** TypeScript 5.9's tsserver: open the file, `geterr`, and wait for its `semanticDiag` event. */
function tsserver(file) {
  const server = path.join(REPO, 'node_modules/typescript/lib/tsserver.js');
  return timeServer(process.execPath, [server, '--disableAutomaticTypingAcquisition'], (child, done) => {
    let seq = 0;
    const send = (command, args) => child.stdin.write(`${JSON.stringify({ seq: ++seq, type: 'request', command, arguments: args })}\n`);
    framedMessages(child.stdout, (m) => {
      if (m.type === 'event' && m.event === 'semanticDiag' && m.body.file === file) done(m.body.diagnostics.map((d) => `TS${d.code}`));
    });
    send('open', { file, projectRootPath: path.dirname(file) });
    send('geterr', { files: [file], delay: 0 });
  });
}

/** TypeScript 7's language server over stdio: initialize, open the file, and ask for its diagnostics (textDocument/diagnostic). */
async function nativeServer(file) {
  const { default: exePath } = await import(pathToFileURL(path.join(REPO, 'node_modules/typescript-7/lib/getExePath.js')).href);
  return timeServer(exePath(), ['--lsp', '--stdio'], (child, done) => {
    let id = 0;
    const pending = new Map();
    const write = (message) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message });
      child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    const request = (method, params) =>
      new Promise((resolve) => {
        pending.set(++id, resolve);
        write({ id, method, params });
      });
    framedMessages(child.stdout, (m) => {
      if (m.method !== undefined && m.id !== undefined) {
        // A request of the server (configuration, registrations, progress): answered as a client without settings does.
        write({ id: m.id, result: m.method === 'workspace/configuration' ? m.params.items.map(() => null) : null });
      } else if (m.id !== undefined && pending.has(m.id)) {
        pending.get(m.id)(m.result ?? m.error);
        pending.delete(m.id);
      }
    });
    const uri = pathToFileURL(file).href;
    const root = pathToFileURL(path.dirname(file)).href;
    (async () => {
      await request('initialize', {
        processId: process.pid,
        rootUri: root,
        workspaceFolders: [{ uri: root, name: 'web' }],
        capabilities: { textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: {} } },
      });
      write({ method: 'initialized', params: {} });
      write({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'typescript', version: 1, text: fs.readFileSync(file, 'utf8') } } });
      const report = await request('textDocument/diagnostic', { textDocument: { uri } });
      done((report.items ?? []).map((d) => `TS${d.code}`));
    })();
  });
}

/** Generates both clients into `dir` (a real-api workspace) and writes the consumers; returns their paths by label. */
function consumers(dir) {
  const fw = (...args) => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/fw'), ...args, '--cwd', dir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench-editor: fw ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  };
  fw('g', 'client', '--file', 'web/client.ts');
  fw('g', 'client', '--file', 'web/split/client.ts', '--split');
  const web = path.join(dir, 'web');
  const folder = path.join(web, 'split/client');
  const group = fs
    .readdirSync(folder, { recursive: true })
    .filter((f) => f.endsWith('.ts') && !f.startsWith('types') && f !== 'runtime.ts')
    .sort()[0];
  const operation = /^export function (\w+)\(/m.exec(fs.readFileSync(path.join(folder, group), 'utf8'))?.[1];
  if (!operation) throw new Error(`bench-editor: no operation in ${group}`);
  fs.mkdirSync(path.join(web, 'node_modules'), { recursive: true });
  fs.rmSync(path.join(web, 'node_modules/zod'), { force: true });
  fs.symlinkSync(path.join(REPO, 'node_modules/zod'), path.join(web, 'node_modules/zod'), 'dir');
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    types: [],
    module: 'ESNext',
    moduleResolution: 'Bundler',
  };
  const out = {};
  for (const [label, specifier] of [
    ['one file (web/client.ts)', './client'],
    ['--split, from its entry', './split/client'],
    [`--split, from its module (${path.join('split/client', group)})`, `./split/client/${group.replace(/\.ts$/, '')}`],
  ]) {
    const name = `consumer-${Object.keys(out).length}`;
    const file = path.join(web, name, 'consumer.ts');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `import { ${operation} } from '.${specifier}';\n\nexport const notANumber: number = ${operation};\n`);
    fs.writeFileSync(path.join(path.dirname(file), 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['consumer.ts'] }, null, 2));
    out[label] = file;
  }
  return { operation, files: out };
}

const dir = values.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-editor-'));
if (!values.dir) realApiWorkspace(dir);
const size = (f) => `${(fs.statSync(f).size / 2 ** 20).toFixed(1)} MB`;
console.log(
  `fw bench-editor: median of ${RUNS} runs; node ${process.version}, ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const { operation, files } = consumers(dir);
console.log(`workspace: ${dir}; one file ${size(path.join(dir, 'web/client.ts'))}; each consumer imports ${operation}`);
const servers = [
  ['TypeScript 5.9 tsserver', tsserver],
  ['TypeScript 7 tsc --lsp', nativeServer],
];
for (const [server, open] of servers) {
  for (const [label, file] of Object.entries(files)) {
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await open(file);
      // One error, the assignment's: the checker read the operation's type.
      if (r.diagnostics.join() !== 'TS2322') throw new Error(`bench-editor: ${server} on ${file} gave ${JSON.stringify(r.diagnostics)}, not [TS2322]`);
      samples.push(r);
    }
    const ms = median(samples.map((s) => s.ms));
    const cpu = median(samples.map((s) => s.cpu));
    const rss = Math.max(...samples.map((s) => s.rss));
    console.log(
      `${`${server}, ${label}`.padEnd(90)}  ${ms.toFixed(0).padStart(6)} ms  cpu ${cpu.toFixed(0).padStart(6)} ms  ${rss.toFixed(0).padStart(5)} MB peak RSS`,
    );
  }
}
console.log(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (!values.dir && !process.env.FW_BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
