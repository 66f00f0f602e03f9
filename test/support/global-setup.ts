import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Gives the whole test run one temporary directory (TMPDIR, inherited by the
 * test workers and every program they start) and removes it afterwards, so
 * that the many temporary workspaces the tests create do not pile up.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-test-run-'));
  process.env.TMPDIR = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
