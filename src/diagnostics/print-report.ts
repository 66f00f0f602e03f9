import * as fs from 'node:fs';
import * as path from 'node:path';
import { printGithub } from './github-report';
import { printJson } from './json-report';
import { type Lines, type OutputFormat, type PrintOptions, printText, type RunReport } from './run-report';

let version: string | undefined;

/** fw's version, for the JSON document (package.json is two levels up from both src/diagnostics and dist/diagnostics). */
function toolVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/** Prints a run in the format asked for: the one place the CLI, fw watch and the Nx executors report through. */
export function printReport(format: OutputFormat, r: RunReport, options: PrintOptions, io: Lines): void {
  if (format === 'json') printJson(r, toolVersion(), io);
  else if (format === 'github') printGithub(r, options, io);
  else printText(r, options, io);
}
