import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsToWatch, unwatchedNotice } from '../../src/watch/watch-inputs';
import { error, warning } from '../../src/diagnostics/diagnostics';

describe('inputsToWatch', () => {
  const cwd = path.resolve('/ws/app');
  const env = { GOMODCACHE: '/home/u/go/pkg/mod', GOROOT: '/usr/local/go' };
  it('keeps what the watch of the tree misses: files and packages outside it, vendor/modules.txt inside it; never the module cache nor GOROOT', () => {
    const program = {
      moduleInputFiles: ['/ws/app/go.mod', '/ws/go.work', '/go.work', '/ws/app/vendor/modules.txt', '/ws/shared/go.mod', '/usr/local/go/VERSION'],
      searchedDirs: ['/ws/app/api', '/ws/shared/money', '/home/u/go/pkg/mod/example.com/x@v1.0.0/y', '/usr/local/go/src/time', '/ws/app/vendor/example.com/z'],
    };
    expect(inputsToWatch(cwd, program, env)).toEqual(
      ['/go.work', '/ws/app/vendor/example.com/z', '/ws/app/vendor/modules.txt', '/ws/go.work', '/ws/shared/go.mod', '/ws/shared/money'].map((p) =>
        path.resolve(p),
      ),
    );
  });
});

describe('unwatchedNotice', () => {
  it('names what is not watched when a module is missing from the module cache, and nothing otherwise', () => {
    expect(unwatchedNotice([warning('FW1023', undefined, 'example.com/x is missing', 'run go mod download')])).toMatch(/after `go mod download`/);
    expect(unwatchedNotice([error('FW3010', undefined, 'x', 'y')])).toBeUndefined();
  });
});
