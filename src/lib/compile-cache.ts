// V8's compile cache (Node >= 22.1, `module.enableCompileCache`): the bundle's chunks are compiled once
// and kept under the perpl home, so a later start reads compiled code instead of parsing it again. Node 20
// has no such API: there it is a no-op. Only compiled code lands there (never a key or a config value),
// but it is code the next start runs: its folder is made 0700 before the cache is enabled, and a folder
// that is a symbolic link, not ours, or open to others is refused (the app then starts without a cache).

import nodeModule from 'node:module';
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileKind, notOwnReason } from './checked-file.js';

/** The cache's folder under the perpl home. */
export const COMPILE_CACHE_FOLDER = 'compile-cache';

/** What this Node offers (node:module's enableCompileCache, absent before 22.1). */
export interface CompileCacheApi {
  enableCompileCache?: (dir: string) => { status: number; message?: string };
  constants?: { compileCacheStatus?: { ENABLED: number; ALREADY_ENABLED: number } };
}

export type CompileCacheState = { on: true; folder: string } | { on: false; why: string };

let state: CompileCacheState = { on: false, why: 'not started' };

/** What the last enableCompileCache found (the app log says it). */
export function compileCacheState(): CompileCacheState {
  return state;
}

/** Makes `folder` 0700 (with the home above it, 0700 where missing); why it cannot be used, or null. */
function privateFolder(home: string, folder: string, uid: number | undefined): string | null {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  let made = true;
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    made = false;
  }
  // The umask may have narrowed it further, never widened it; made here, it is set exactly.
  if (made) chmodSync(folder, 0o700);
  const st = lstatSync(folder);
  if (!st.isDirectory()) return `is ${fileKind(st)}, not a folder`;
  const foreign = notOwnReason(st, uid);
  if (foreign !== null) return foreign;
  if ((st.mode & 0o077) !== 0) return `has mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}: other users may read it`;
  return null;
}

/**
 * Turns the compile cache on for this process, in `home`/compile-cache. Never throws: whatever stands in
 * the way (an old Node, a refused folder, a read-only home) leaves the cache off and the start goes on.
 */
export function enableCompileCache(home: string, o: { api?: CompileCacheApi; uid?: number } = {}): CompileCacheState {
  const api = o.api ?? (nodeModule as CompileCacheApi);
  if (typeof api.enableCompileCache !== 'function') return (state = { on: false, why: `Node ${process.versions.node} has no compile cache` });
  const folder = join(home, COMPILE_CACHE_FOLDER);
  try {
    const refused = privateFolder(home, folder, o.uid ?? process.getuid?.());
    if (refused !== null) return (state = { on: false, why: `${folder} ${refused}` });
    const r = api.enableCompileCache(folder);
    const codes = api.constants?.compileCacheStatus;
    const on = codes === undefined || r.status === codes.ENABLED || r.status === codes.ALREADY_ENABLED;
    state = on ? { on: true, folder } : { on: false, why: r.message ?? `status ${r.status}` };
  } catch (e) {
    state = { on: false, why: `${folder}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}` };
  }
  return state;
}
