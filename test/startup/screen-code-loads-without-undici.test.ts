// Ink's layout engine (Yoga) fetch()es its own inline WebAssembly when a global fetch exists, and on Node
// that loads undici (~90 ms of CPU) in front of the first frame. The terminal loads its screen's code with
// fetch hidden (terminal/load-without-fetch.ts): no undici until something really makes a request, and
// fetch is the same function after.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpl-no-undici-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` in a fresh node (tsx); its last stdout line as JSON. */
function runFresh(body: string): unknown {
  const script = join(dir, `body-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(script, body);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', PERPL_HOME: dir }, timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null');
}

const undiciLoaded = `process.moduleLoadList.some((m) => m.includes('undici'))`;

describe('the screen code loads without undici', () => {
  it('screen-code-load-leaves-undici-unloaded: loading the app and Ink through loadWithoutFetch loads no undici, and fetch is back after', () => {
    const r = runFresh(`
const fetchBefore = globalThis.fetch;
const { loadWithoutFetch } = await import(${JSON.stringify(join(ROOT, 'src/terminal/load-without-fetch.ts'))});
const { startTui } = await loadWithoutFetch(() => import(${JSON.stringify(join(ROOT, 'src/app/tui.ts'))}));
console.log(JSON.stringify({ loaded: typeof startTui, undici: ${undiciLoaded}, sameFetch: globalThis.fetch === fetchBefore }));
`);
    expect(r).toEqual({ loaded: 'function', undici: false, sameFetch: true });
  });
});
