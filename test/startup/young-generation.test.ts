// The young-generation cap against the real V8 (lib/young-generation.ts): a child node runs an app-like
// load (tasks that each leave garbage and keep a little of it for a while) with and without the cap,
// and reports the new space it had through the run (its 90th percentile: V8 13, on Node 24, briefly counts
// pages it keeps aside at a scavenge). Without the cap V8 grows it past the cap (so the load is one the cap
// must hold); with it, it stays at the cap.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { srcModule, v8ChildResult } from './v8-child.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-young-generation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CAP_MB = 8;

/** `workerAtTask`: a worker thread started at that task, once the cap holds (the key thread starts after it). */
function newSpaceP90Mb(capped: boolean, workerAtTask?: number): number {
  const startWorker = workerAtTask !== undefined ? `if (task === ${workerAtTask}) worker = new Worker('setInterval(() => {}, 1000)', { eval: true });` : '';
  const name = `load-${capped ? 'capped' : 'free'}${workerAtTask !== undefined ? '-worker' : ''}`;
  return v8ChildResult<{ p90: number }>(
    dir,
    name,
    `import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { capYoungGeneration } from ${srcModule('lib/young-generation.ts')};
const newSpaceMb = () => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;
${capped ? `capYoungGeneration(${CAP_MB});` : ''}
let kept = [];
const sizes = [];
let worker;
for (let task = 0; task < 2000; task++) {
  ${startWorker}
  for (let i = 0; i < 20000; i++) {
    const o = { i, pair: [i, i + 1], text: 'row ' + i };
    if (i % 50 === 0) kept.push(o);
  }
  if (kept.length > 20000) kept = kept.slice(10000);
  sizes.push(newSpaceMb());
  await new Promise((r) => setImmediate(r));
}
sizes.sort((a, b) => a - b);
await worker?.terminate();
console.log(JSON.stringify({ p90: sizes[Math.floor(0.9 * (sizes.length - 1))] }));
`,
  ).p90;
}

describe('young generation cap', () => {
  it('young-generation-grows-past-cap-without-it: the load makes V8 grow its new space past the cap when nothing holds it', () => {
    expect(newSpaceP90Mb(false)).toBeGreaterThan(CAP_MB);
  });

  it('young-generation-held-under-real-v8: with the cap the new space stays at it under the same load', () => {
    const p90 = newSpaceP90Mb(true);
    expect(p90).toBeGreaterThan(0);
    expect(p90).toBeLessThanOrEqual(CAP_MB);
  });

  it('worker-started-while-held-leaves-young-generation-capped: a worker thread started once the cap holds (its isolate puts the growth factor back to 2) does not let the new space grow past it', () => {
    const p90 = newSpaceP90Mb(true, 200);
    expect(p90).toBeGreaterThan(0);
    expect(p90).toBeLessThanOrEqual(CAP_MB);
  });
});
