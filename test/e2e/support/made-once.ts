import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** How long a worker waits for another worker's lock before it gives up. */
const LOCK_TIMEOUT_MS = 900_000;
const POLL_MS = 250;

/** A hex digest of the given parts (strings or buffers), for naming a directory after its inputs. */
export function contentKey(parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(String(part.length));
    hash.update(':');
    hash.update(part);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The directory `<TMPDIR>/<prefix>-<key>` made once per test run by `make`
 * (which fills the empty directory it is given), however many test files,
 * in however many worker processes, ask for it, at the same time or later:
 * the first takes a lock (a directory created with mkdir, which only one
 * process can create), makes it into a temporary directory and renames that
 * into place; the others wait for the lock and find it made. A lock whose
 * owner process has died is taken over. The run's temporary directory
 * (test/support/global-setup.ts) removes it at the end.
 */
export async function madeOnce(prefix: string, key: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(os.tmpdir(), `${prefix}-${key}`);
  if (fs.existsSync(dir)) return dir;
  const lock = `${dir}.lock`;
  await acquire(lock);
  try {
    if (fs.existsSync(dir)) return dir;
    const building = fs.mkdtempSync(`${dir}.making-`);
    try {
      await make(building);
      fs.renameSync(building, dir);
    } catch (error) {
      fs.rmSync(building, { recursive: true, force: true });
      throw error;
    }
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (ownerIsGone(lock)) fs.rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`waited ${LOCK_TIMEOUT_MS / 1000} s for ${lock}, held by another test worker`);
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** True when the lock's owner has ended (its pid file names no live process); false while it is still being written. */
function ownerIsGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
