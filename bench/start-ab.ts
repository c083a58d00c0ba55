// `node --import tsx bench/start-ab.ts [rounds] [distA distB ...]`: the start scenario (start-pty.ts) of
// several builds, interleaved on the same machine state: each round runs every build as a user starts it
// and as the bench's baseline (start-pty.ts BASELINE_START), in turn. Prints each build's median first live
// frame, its baseline's, the ratio (of the medians, and the median of each round's), and (PERPL_START_TRACE
// is set per run) the median ms of each start step.
// A build is a dist folder beside this repo's node_modules (e.g. `cp -r dist dist-before` before a change).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { BASELINE_START, measureStartWithCpu } from './lib/start-pty.js';
import { ROOT } from './lib/sim-child.js';
import { median, round } from './lib/stats.js';

const rounds = Number(process.argv[2] ?? 3);
const builds = process.argv.length > 3 ? process.argv.slice(3) : ['dist'];
const modes = ['optimized', 'baseline'] as const;
const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-start-ab-'));
type Runs = { ms: number[]; cpu: number[]; steps: Map<string, number[]> };
const runs = new Map(builds.flatMap((b) => modes.map((m) => [`${b} ${m}`, { ms: [], cpu: [], steps: new Map() } as Runs])));
const loads: number[] = [];
try {
  for (let i = 0; i < rounds; i++) {
    for (const build of builds) {
      for (const mode of modes) {
        const trace = join(home, `trace-${i}-${mode}.txt`);
        process.env.PERPL_START_TRACE = trace;
        const r = await measureStartWithCpu({ home, cols: 200, rows: 50, entry: join(relative(ROOT, build), 'perpl.js'), ...(mode === 'baseline' ? BASELINE_START : {}) });
        const into = runs.get(`${build} ${mode}`) as Runs;
        into.ms.push(r.ms);
        if (r.cpuMs) into.cpu.push(r.cpuMs.mainThread);
        // The main thread's steps (the exchange thread's own `main` is the second one).
        const seen = new Set<string>();
        for (const line of readFileSync(trace, 'utf8').split('\n').filter(Boolean)) {
          const [step = '', ms = '0'] = line.split(' ');
          if (seen.has(step)) continue;
          seen.add(step);
          into.steps.set(step, [...(into.steps.get(step) ?? []), Number(ms)]);
        }
        rmSync(trace, { force: true });
      }
    }
    loads.push(os.loadavg()[0] ?? 0);
  }
  for (const build of builds) {
    const opt = runs.get(`${build} optimized`) as Runs;
    const base = runs.get(`${build} baseline`) as Runs;
    const o = median(opt.ms);
    const b = median(base.ms);
    // Each round's two starts ran back to back, in the same machine state: the median of their ratios moves
    // less with a load that comes and goes than the ratio of the two medians.
    const paired = median(opt.ms.map((x, i) => x / (base.ms[i] ?? Number.NaN)));
    console.log(`${build}: first live frame ${round(o, 0)} ms (${opt.ms.map((x) => round(x, 0)).join(' ')}), baseline ${round(b, 0)} ms (${base.ms.map((x) => round(x, 0)).join(' ')}), ratio ${round(o / b, 2)} (median of each round's ratio ${round(paired, 2)}); main thread CPU by then ${median(opt.cpu)} ms, baseline ${median(base.cpu)}`);
    console.log(`  steps (median ms): ${[...opt.steps].map(([s, v]) => `${s} ${round(median(v), 0)}`).join(', ')}`);
    console.log(`  baseline steps:    ${[...base.steps].map(([s, v]) => `${s} ${round(median(v), 0)}`).join(', ')}`);
  }
  console.log(`node ${process.version}; load (1 min) after each round: ${loads.map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
