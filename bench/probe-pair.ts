// `node --import tsx bench/probe-pair.ts A B [rounds] [seconds]`: an A/B of the busy book at 2,000 updates/s,
// 200x50, the two sides run side by side in each round (bench/lib/paired-runs.ts says why); prints each pair's
// CPU and tick to screen and the median difference, B minus A. A side is `book`, `ladder` (the DOM ladder in
// the book's place) or `twap` (the Algos tab with a TWAP running). Defaults: 4 rounds of 10 s.
// Env: BENCH_PAIR_A_NODE_ARGS / BENCH_PAIR_B_NODE_ARGS add node flags to a side's probe;
// BENCH_PAIR_A_SCRIPT / BENCH_PAIR_B_SCRIPT run an earlier build of the probe on that side (a copy of
// dist/bench/ kept from before a change), else both run the probe built from the source now. Needs
// `npm run build` (the exchanges run from dist/).

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { runPairs, summarizePairs } from './lib/paired-runs.js';
import { buildProbe } from './lib/probe-build.js';
import { runProbe } from './lib/probe-child.js';
import type { Figures, ProbeConfig } from './lib/probe-types.js';
import { busyBookProbe, startSimChild } from './lib/sim-child.js';

const SIDES = { book: {}, ladder: { ladder: true }, twap: { twap: true } } as const;
type Side = keyof typeof SIDES;
const isSide = (s: string | undefined): s is Side => s !== undefined && Object.hasOwn(SIDES, s);

const [aArg, bArg, roundsArg = '4', secondsArg = '10'] = process.argv.slice(2);
if (!isSide(aArg) || !isSide(bArg)) throw new Error(`usage: probe-pair.ts A B [rounds] [seconds], each side one of ${Object.keys(SIDES).join(', ')}`);
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);
if (!Number.isInteger(rounds) || rounds < 1 || !(seconds > 0)) throw new Error(`rounds must be a whole number >= 1 and seconds > 0, not ${roundsArg} ${secondsArg}`);

const built = await buildProbe();
const flags = (v: string | undefined): string[] => v?.split(' ').filter(Boolean) ?? [];

async function probe(side: Side, script: string, nodeArgs: string[]): Promise<Figures> {
  const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-pair-'));
  const sim = await startSimChild({ flowRate: 2000, home });
  try {
    const cfg: ProbeConfig = {
      ...busyBookProbe(sim, home, seconds),
      blockTrace: sim.blockTrace,
      ...SIDES[side],
      ...(side === 'twap' ? { keyFile: sim.keyFile } : {}),
    };
    return (await runProbe(cfg, { script, nodeArgs })).result.figures;
  } finally {
    await sim.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

const env = process.env;
const pairs = await runPairs(
  rounds,
  () => probe(aArg, env.BENCH_PAIR_A_SCRIPT ?? built, flags(env.BENCH_PAIR_A_NODE_ARGS)),
  () => probe(bArg, env.BENCH_PAIR_B_SCRIPT ?? built, flags(env.BENCH_PAIR_B_NODE_ARGS)),
);
const FIGURES = ['cpu_pct', 'tick_to_screen_p99_ms'] as const;
pairs.forEach((p, i) => console.log(`pair ${i + 1}: ${FIGURES.map((f) => `${f} A ${p.a[f] ?? '-'} B ${p.b[f] ?? '-'}`).join(', ')}`));
for (const f of FIGURES) {
  const s = summarizePairs(pairs, f);
  console.log(`${f}: B - A median ${s.median} (each pair: ${s.differences.join(', ')}; B higher in ${s.bHigher}, lower in ${s.bLower})`);
}
console.log(`load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
