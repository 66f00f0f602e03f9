import * as devkit from '@nx/devkit';
import * as internal from '@nx/devkit/internal';
import { describe, expect, it } from 'vitest';
import { fromNxModules, nxApi } from '../../src/nx/nx-api';

describe('nxApi (the Nx functions the plugin uses, without loading @nx/devkit)', () => {
  it("finds each function in nx's own modules, and it is the very one @nx/devkit exports", () => {
    // When an nx upgrade moves one, this fails (the plugin would still work, through @nx/devkit, but slower).
    const fromNx = fromNxModules();
    expect(fromNx).toBeDefined();
    expect(fromNx?.createNodesFromFiles).toBe(devkit.createNodesFromFiles);
    expect(fromNx?.hashArray).toBe(devkit.hashArray);
    expect(fromNx?.hashObject).toBe(internal.hashObject);
    expect(fromNx?.hashWithWorkspaceContext).toBe(internal.hashWithWorkspaceContext);
    expect(fromNx?.workspaceDataDirectory).toBe(internal.workspaceDataDirectory);
    expect(nxApi()).toEqual(fromNx);
  });
});
