import { describe, expect, it } from 'vitest';
import { FW_ALIAS, FW_NPM_NAME, fwInstalledName } from '../../src/nx/package-info';

describe('fwInstalledName', () => {
  it('is the directory below node_modules, so executors resolve under either install style', () => {
    expect(fwInstalledName('/ws/node_modules/fw')).toBe('fw');
    expect(fwInstalledName('/ws/node_modules/fw-http-routes')).toBe(FW_NPM_NAME);
    expect(fwInstalledName('/ws/node_modules/@acme/fw')).toBe('@acme/fw');
    expect(fwInstalledName('/ws/node_modules/.pnpm/x/node_modules/fw-http-routes')).toBe(FW_NPM_NAME);
  });

  it('is the alias README installs under when fw runs from its own checkout', () => {
    expect(fwInstalledName('/src/fw')).toBe(FW_ALIAS);
    expect(fwInstalledName()).toBe('fw');
  });
});
