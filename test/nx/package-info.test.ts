import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FW_ALIAS, FW_NPM_NAME, fwInstalledName } from '../../src/nx/package-info';

describe('fwInstalledName', () => {
  it('is the directory below node_modules, so executors resolve under either install style', () => {
    expect(fwInstalledName('/ws/node_modules/fw')).toBe('fw');
    expect(fwInstalledName('/ws/node_modules/fw-http-routes')).toBe(FW_NPM_NAME);
    expect(fwInstalledName('/ws/node_modules/@acme/fw')).toBe('@acme/fw');
    expect(fwInstalledName('/ws/node_modules/.pnpm/x/node_modules/fw-http-routes')).toBe(FW_NPM_NAME);
  });

  it('prefers a name that resolves from the workspace to this package (pnpm links an alias to the real name)', () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-name-'));
    const real = path.join(ws, 'node_modules/.pnpm/fw-http-routes@1.0.0/node_modules/fw-http-routes');
    fs.mkdirSync(real, { recursive: true });
    fs.writeFileSync(path.join(real, 'package.json'), '{"name":"fw-http-routes","version":"1.0.0"}');
    fs.symlinkSync(real, path.join(ws, 'node_modules/fw'));
    expect(fwInstalledName(real, ws)).toBe('fw');
    fs.rmSync(ws, { recursive: true, force: true });
  });

  it('is the alias README installs under when fw runs from its own checkout', () => {
    expect(fwInstalledName('/src/fw')).toBe(FW_ALIAS);
    expect(fwInstalledName()).toBe('fw');
  });
});
