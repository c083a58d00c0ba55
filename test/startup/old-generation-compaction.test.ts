// The periodic compaction against the real V8 (lib/old-generation-compaction.ts): a child node leaves its
// old generation's pages half free (objects promoted, then every other one dropped) and runs full
// collections, with and without the schedule. Without it V8 keeps the half-free pages (so the load is one
// V8 does not compact on its own); with it, the fourth collection moves the survivors together and the
// emptied pages go back. And a worker thread started after a compacting collection gets V8's own young
// generation, not the 1 MB semi-spaces the memory-saving mode implies (V8 keeps the implied value).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { srcModule, v8ChildResult } from './v8-child.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-old-generation-compaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The old space's committed and used MB after eight full collections on half-free pages. */
function oldSpaceAfterCollections(scheduled: boolean): { committedMb: number; usedMb: number } {
  return v8ChildResult(
    dir,
    `fragmented-${scheduled ? 'scheduled' : 'alone'}`,
    `import { getHeapSpaceStatistics } from 'node:v8';
import { compactOldGenerationPeriodically } from ${srcModule('lib/old-generation-compaction.ts')};
const gc = globalThis.gc;
let objects = [];
for (let i = 0; i < 400000; i++) objects.push({ i, pair: [i, i + 1], text: 'row ' + i });
gc();
gc();
objects = objects.filter((_, i) => i % 2 === 0);
${scheduled ? 'compactOldGenerationPeriodically();' : ''}
// A turn after each collection: V8 reports collections to observers between tasks.
for (let i = 0; i < 8; i++) {
  gc();
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
}
const old = getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
console.log(JSON.stringify({ committedMb: old.space_size / 2 ** 20, usedMb: old.space_used_size / 2 ** 20, kept: objects.length }));
`,
    ['--expose-gc'],
  );
}

/** The largest new space (MB) of a worker started after one compacting collection, while it allocates. */
function workerNewSpaceAfterCompactionMb(): number {
  return v8ChildResult<{ mb: number }>(
    dir,
    'worker-after-compaction',
    `import { Worker } from 'node:worker_threads';
import { compactOldGenerationPeriodically } from ${srcModule('lib/old-generation-compaction.ts')};
compactOldGenerationPeriodically(2);
// The second collection runs in the memory-saving mode; the schedule turns it off after it.
for (let i = 0; i < 2; i++) {
  globalThis.gc();
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
}
const worker = new Worker(\`
const { getHeapSpaceStatistics } = require('node:v8');
const { parentPort } = require('node:worker_threads');
let max = 0;
let kept = [];
for (let task = 0; task < 300; task++) {
  for (let i = 0; i < 20000; i++) {
    const o = { i, pair: [i, i + 1] };
    if (i % 20 === 0) kept.push(o);
  }
  if (kept.length > 50000) kept = kept.slice(25000);
  max = Math.max(max, getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
}
parentPort.postMessage(max / 2 ** 20);\`, { eval: true });
worker.on('message', (mb) => {
  console.log(JSON.stringify({ mb }));
  void worker.terminate();
});
`,
    ['--expose-gc'],
  ).mb;
}

describe('old generation compaction', () => {
  it('half-free-old-pages-kept-without-compaction: V8 alone keeps the half-free pages committed through eight full collections', () => {
    const { committedMb, usedMb } = oldSpaceAfterCollections(false);
    expect(committedMb).toBeGreaterThan(usedMb * 1.5);
  });

  it('half-free-old-pages-given-back-by-periodic-compaction: with the schedule the survivors are moved together and the old space is committed close to its use', () => {
    const { committedMb, usedMb } = oldSpaceAfterCollections(true);
    expect(usedMb).toBeGreaterThan(20);
    expect(committedMb).toBeLessThan(usedMb * 1.25);
  });

  it('worker-after-compaction-keeps-its-young-generation: a worker started after a compacting collection grows its new space past 1 MB semi-spaces (Node 20: 32 MB, not 2)', () => {
    expect(workerNewSpaceAfterCompactionMb()).toBeGreaterThan(8);
  });
});
