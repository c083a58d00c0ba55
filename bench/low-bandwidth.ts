// `node --import tsx bench/low-bandwidth.ts`: what the low-bandwidth profile saves on the wire. The
// 200x50 screen on a busy book (2,000 flow steps/s), measured by the bench's probe in three runs against
// one exchange: Ink's own full frames (PERPL_FULL_REDRAW=1), the default profile (the row-diff writer),
// and the low-bandwidth profile (SSH_TTY set, as over SSH) on a UTF-8 terminal (glyphs kept) and on a
// LANG=C one (ASCII glyphs: terminal/unicode-support.ts). Prints bytes/s, frames/s and CPU of each.
// Env: BENCH_LB_S (measured seconds per run, default 15).

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { runProbe } from './lib/probe-child.js';
import { busyBookProbe, startSimChild } from './lib/sim-child.js';

const SECONDS = Number(process.env.BENCH_LB_S ?? 15);
const RUNS = [
  { name: 'full redraw (Ink frames)', env: { PERPL_FULL_REDRAW: '1' } as Record<string, string> },
  { name: 'default (row-diff writer)', env: {} },
  { name: 'low-bandwidth (SSH_TTY, UTF-8)', env: { LANG: 'en_US.UTF-8', LC_ALL: '', LC_CTYPE: '' }, lowBandwidth: true },
  { name: 'low-bandwidth (SSH_TTY, LANG=C)', env: { LANG: 'C', LC_ALL: '', LC_CTYPE: '' }, lowBandwidth: true },
] as const;

const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-lb-'));
const sim = await startSimChild({ flowRate: 2000, home });
const rows: string[] = [];
try {
  for (const run of RUNS) {
    process.stderr.write(`bench: ${run.name} 200x50 (${SECONDS} s)\n`);
    const names = ['PERPL_FULL_REDRAW', ...Object.keys(run.env)];
    const saved = new Map(names.map((name) => [name, process.env[name]]));
    delete process.env.PERPL_FULL_REDRAW;
    Object.assign(process.env, run.env);
    try {
      const { result } = await runProbe({
        ...busyBookProbe(sim, home, SECONDS),
        ...('lowBandwidth' in run ? { lowBandwidth: run.lowBandwidth } : {}),
      });
      const f = result.figures;
      rows.push(`${run.name.padEnd(32)} ${String(f.bytes_per_s).padStart(9)} B/s  ${String(f.fps).padStart(5)} fps  ${String(f.cpu_pct).padStart(5)} % cpu`);
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }
} finally {
  await sim.stop();
  rmSync(home, { recursive: true, force: true });
}
console.log(rows.join('\n'));
console.log(`machine: ${os.cpus().length} cpus, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
