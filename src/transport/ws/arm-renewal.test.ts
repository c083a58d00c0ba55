import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ArmRenewal } from './arm-renewal.js';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('ArmRenewal', () => {
  it('reads back the latest renewal of its own arm only', () => {
    const screen = new ArmRenewal();
    const key = new ArmRenewal(screen.buffer);
    expect(key.read(1)).toBeNull();
    screen.write(1, { expiresAtEpochMs: 1_764_460_800_123.456, afterFrame: 7 });
    expect(key.read(1)).toEqual({ expiresAtEpochMs: 1_764_460_800_123.456, afterFrame: 7 });
    expect(key.read(2)).toBeNull();
    screen.write(2, { expiresAtEpochMs: Infinity, afterFrame: 8 });
    expect(key.read(1)).toBeNull();
    expect(key.read(2)!.expiresAtEpochMs).toBeGreaterThan(Date.now() + 100 * 365 * 86_400_000);
  });

  it('renewal-never-read-torn: a thread reading while another writes sees whole renewals or none', async () => {
    const renewal = new ArmRenewal();
    const dir = mkdtempSync(join(tmpdir(), 'perpl-renewal-'));
    // The reader: ArmRenewal itself on a worker, on the same buffer (tsx registered first: Node 20 runs no --import tsx in a worker).
    const entry = join(dir, 'reader.mjs');
    const tsxApi = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
    writeFileSync(
      entry,
      `const { register } = await import(${JSON.stringify(tsxApi)});
       register();
       const { parentPort, workerData } = await import('node:worker_threads');
       const { ArmRenewal } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'arm-renewal.ts')).href)});
       const renewal = new ArmRenewal(workerData);
       let whole = 0, none = 0, torn = 0;
       const until = Date.now() + 300;
       while (Date.now() < until) {
         const r = renewal.read(1);
         if (r === null) none++;
         else if (r.expiresAtEpochMs !== r.afterFrame) torn++;
         else whole++;
       }
       parentPort.postMessage({ whole, none, torn });`,
    );
    const reader = new Worker(entry, { workerData: renewal.buffer, execArgv: [] });
    const result = new Promise<{ whole: number; none: number; torn: number }>((done) => reader.once('message', done));
    let stop = false;
    void result.then(() => (stop = true));
    for (let k = 1; !stop; ) {
      for (let i = 0; i < 10_000; i++, k++) renewal.write(1, { expiresAtEpochMs: k, afterFrame: k });
      await new Promise((r) => setImmediate(r));
    }
    const seen = await result;
    await reader.terminate();
    rmSync(dir, { recursive: true, force: true });
    expect(seen.torn).toBe(0);
    expect(seen.whole).toBeGreaterThan(0);
  });
});
