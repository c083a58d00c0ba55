import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_CACHE_FOLDER, enableCompileCache, type CompileCacheApi } from './compile-cache.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perpl-compile-cache-'));
  made.push(dir);
  return join(dir, 'home');
}

const STATUS = { ENABLED: 1, ALREADY_ENABLED: 2 };

/** node:module's API as a record: what the folder was when the cache was turned on. */
function recordingApi(): CompileCacheApi & { calls: { dir: string; mode: number | null }[] } {
  const calls: { dir: string; mode: number | null }[] = [];
  return {
    calls,
    constants: { compileCacheStatus: STATUS },
    enableCompileCache: (dir) => {
      calls.push({ dir, mode: existsSync(dir) ? lstatSync(dir).mode & 0o777 : null });
      return { status: STATUS.ENABLED };
    },
  };
}

describe('compile cache folder', () => {
  it('compile-cache-folder-0700-before-enable: the folder (and a missing home) is made 0700 before the cache is turned on there', () => {
    const home = tempHome();
    const api = recordingApi();
    const state = enableCompileCache(home, { api });
    const folder = join(home, COMPILE_CACHE_FOLDER);
    expect(state).toEqual({ on: true, folder });
    expect(api.calls).toEqual([{ dir: folder, mode: 0o700 }]);
    expect(lstatSync(home).mode & 0o777).toBe(0o700);
  });

  it('compile-cache-open-folder-refused: a folder others may read is not used (and not changed), the start goes on without the cache', () => {
    const home = tempHome();
    const folder = join(home, COMPILE_CACHE_FOLDER);
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o755);
    const api = recordingApi();
    const state = enableCompileCache(home, { api });
    expect(state.on).toBe(false);
    expect(state.on === false && state.why).toMatch(/mode 0755/);
    expect(api.calls).toEqual([]);
    expect(lstatSync(folder).mode & 0o777).toBe(0o755);
  });

  it('compile-cache-symlink-refused: a symbolic link where the folder goes is never followed', () => {
    const home = tempHome();
    const elsewhere = join(home, '..', 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(home, { mode: 0o700 });
    symlinkSync(elsewhere, join(home, COMPILE_CACHE_FOLDER));
    const api = recordingApi();
    const state = enableCompileCache(home, { api });
    expect(state.on === false && state.why).toMatch(/symbolic link/);
    expect(api.calls).toEqual([]);
  });

  it('compile-cache-foreign-owner-refused: a folder another user owns is not used', () => {
    const home = tempHome();
    mkdirSync(join(home, COMPILE_CACHE_FOLDER), { recursive: true, mode: 0o700 });
    const api = recordingApi();
    const someoneElse = (process.getuid?.() ?? 0) + 1;
    const state = enableCompileCache(home, { api, uid: someoneElse });
    expect(state.on === false && state.why).toMatch(/belongs to uid/);
    expect(api.calls).toEqual([]);
  });

  it('compile-cache-unwritable-home-starts-anyway: a home that cannot be made leaves the cache off without throwing', () => {
    const home = tempHome();
    // A file where the home should be: the folder cannot be made under it.
    writeFileSync(home, 'not a folder');
    const api = recordingApi();
    expect(enableCompileCache(home, { api }).on).toBe(false);
    expect(api.calls).toEqual([]);
  });

  it('compile-cache-old-node-no-op: a Node without enableCompileCache makes no folder', () => {
    const home = tempHome();
    const state = enableCompileCache(home, { api: {} });
    expect(state.on).toBe(false);
    expect(existsSync(home)).toBe(false);
  });
});
