// `node --import tsx bench/probe-once.ts [mode] [flowRate] [cols]x[rows] [seconds]`: one probe of the
// busy-book scenario against a fresh exchange child, printed as JSON; for iterating on one figure
// without the whole `npm run bench`. Defaults: optimized 2000 200x50 10.
// Env: BENCH_PROBE_LADDER=1 opens the DOM ladder in the book's place; BENCH_PROBE_TWAP=1 the Algos tab with a TWAP running; BENCH_PROBE_ORDERS=1 places orders (key_to_wire; BENCH_PROBE_ORDERS_TARGET=N goes on until N left; BENCH_KEY_WORKER=1 reads its keys on a worker thread and times a journal-sized fdatasync there, bench/lib/key-worker-probe.ts), BENCH_STAGE_TIMES=1 times the frame stages that hold the main thread (publish_stage_*: React + Yoga in one store write; write_stage_p99_ms), BENCH_FRAME_PARTS=1 splits each frame from its publish to its write (frame_*_p50/p90: gap, publish, commit, turn_wait, draw, write, pipeline, pipeline_cpu, md_frames; bench/lib/frame-parts.ts), BENCH_PROBE_SOAK=1 measures as the soak does
// (30 s warm-up, no per-frame samples), BENCH_PROBE_SCRIPT=FILE runs that built probe instead of building one, BENCH_CPU_PROF=DIR writes a --cpu-prof of the
// probe into DIR, BENCH_ALLOC_PROF=FILE a sampling heap profile of the measured run counting collected objects
// (where it allocates), BENCH_HEAP_SNAPSHOT=FILE a heap snapshot after the run's forced GC, BENCH_SMAPS=FILE the probe's /proc/self/smaps at the end plus which of node's own pages are resident (PAGES lines, pagemap), BENCH_YOUNG_GENERATION_MB=N another young-generation cap (0: V8's own growth), BENCH_COMPACT_EVERY=N the old generation compacted in one full collection of N (0: V8's own compaction only), BENCH_V8_FLAGS='--a --b' V8 flags set in-process as the app starts, BENCH_HEAP_SPACES=1 every heap space's used and resident MB beside its committed, BENCH_NODE_ARGS adds node flags to the probe (e.g. GC sizes). Needs `npm run build`
// (the exchange runs from dist/).

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Mode } from './lib/app-wiring.js';
import { buildProbe } from './lib/probe-build.js';
import { runProbe } from './lib/probe-child.js';
import { startSimChild } from './lib/sim-child.js';

const [modeArg = 'optimized', rateArg = '2000', sizeArg = '200x50', secondsArg = '10'] = process.argv.slice(2);
if (modeArg !== 'optimized' && modeArg !== 'baseline') throw new Error(`mode must be optimized or baseline, not ${modeArg}`);
const mode: Mode = modeArg;
const [cols, rows] = sizeArg.split('x').map(Number);
if (!cols || !rows) throw new Error(`size must be COLSxROWS, not ${sizeArg}`);
const profileDir = process.env.BENCH_CPU_PROF;

const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-once-'));
const sim = await startSimChild({ flowRate: Number(rateArg), home });
try {
  const loadBefore = os.loadavg();
  const { result, bytes } = await runProbe(
    {
      mode,
      rest: sim.rest,
      ws: sim.ws,
      chainId: sim.chainId,
      cols,
      rows,
      seconds: Number(secondsArg),
      warmupS: 3,
      home,
      blockTrace: sim.blockTrace,
      ...(process.env.BENCH_PROBE_ORDERS === '1' ? { ordersEveryMs: 150, keyFile: sim.keyFile, ...(process.env.BENCH_PROBE_ORDERS_TARGET ? { ordersTarget: Number(process.env.BENCH_PROBE_ORDERS_TARGET) } : {}) } : {}),
      ...(process.env.BENCH_PROBE_SOAK === '1' ? { soak: true, warmupS: 30 } : {}),
      ...(process.env.BENCH_PROBE_LADDER === '1' ? { ladder: true } : {}),
      ...(process.env.BENCH_PROBE_TWAP === '1' ? { twap: true, keyFile: sim.keyFile } : {}),
    },
    {
      // BENCH_PROBE_TSX=1: the probe from source under tsx (as before the built probe); BENCH_PROBE_SCRIPT=FILE: an
      // earlier build of the probe (a copy of dist/bench/ kept for an A/B against the current source).
      ...(process.env.BENCH_PROBE_TSX === '1' ? {} : { script: process.env.BENCH_PROBE_SCRIPT ?? (await buildProbe()) }),
      nodeArgs: [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])] },
  );
  const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  console.log(JSON.stringify({ mode, rate: Number(rateArg), size: sizeArg, ...result.figures, notes: result.notes, total_bytes: bytes }, null, 1));
  console.log(`load ${load(loadBefore)} before, ${load(os.loadavg())} after`);
} finally {
  await sim.stop();
  rmSync(home, { recursive: true, force: true });
}
