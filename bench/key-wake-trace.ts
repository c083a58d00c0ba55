// `node --import tsx bench/key-wake-trace.ts --record` (root: it turns on the kernel's scheduler trace):
// runs key_to_wire (BENCH_NODES as the bench has them, default 24) with the scheduler traced and a mark at
// each press, then prints where each key waited before the key thread ran (bench/lib/key-wake-trace.ts).
// `node --import tsx bench/key-wake-trace.ts FILE`: the same report of a trace saved earlier; `FILE --press 35,282`
// adds what every CPU ran around those presses (their numbers are in the report's slowest presses).
// The trace costs CPU of its own (~16,000 events a second per CPU): its key_to_wire figures are not the bench's.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyWakes, parseTrace, pressTimeline, type KeyWake, type WaitCause } from './lib/key-wake-trace.js';
import { quantile, round } from './lib/stats.js';

const TRACING = '/sys/kernel/tracing';
const ROOT = join(import.meta.dirname, '..');

const set = (file: string, value: string): void => writeFileSync(join(TRACING, file), value);

async function record(): Promise<string> {
  set('tracing_on', '0');
  set('trace', '');
  // CLOCK_MONOTONIC, as the probe's clocks; room for a whole optimized run (~200 s at 2,000 updates/s).
  set('trace_clock', 'mono');
  set('buffer_size_kb', '200000');
  set('events/enable', '0');
  for (const e of ['sched_switch', 'sched_waking', 'sched_wakeup']) set(`events/sched/${e}/enable`, '1');
  set('tracing_on', '1');
  const bench = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'run.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_ONLY: 'key_to_wire', BENCH_NODES: process.env.BENCH_NODES ?? '24', BENCH_OUT: 'key-wake-trace.json', BENCH_TRACE_MARK: '1' },
  });
  await new Promise<void>((done) => {
    bench.stdout.on('data', (d: Buffer) => {
      process.stdout.write(d);
      // The stock baseline reads its keys on its screen thread: only the optimized run is traced.
      if (d.toString().includes('key_to_wire baseline')) set('tracing_on', '0');
    });
    bench.on('exit', () => done());
  });
  set('tracing_on', '0');
  const text = readFileSync(join(TRACING, 'trace'), 'utf8');
  set('events/enable', '0');
  set('trace', '');
  // Some 200 MB: kept out of bench/results (committed).
  const saved = join(tmpdir(), 'perpl-key-wake-trace.txt');
  writeFileSync(saved, text);
  console.log(`trace saved: ${saved}`);
  return text;
}

const total = (w: KeyWake): number => w.pressToWakingMs + w.wakingToWakeupMs + w.waitMs;

function report(wakes: readonly KeyWake[]): void {
  console.log(`presses traced: ${wakes.length}`);
  const legs: [string, (w: KeyWake) => number][] = [
    ['press to waking (the presser)', (w) => w.pressToWakingMs],
    ['waking to wakeup', (w) => w.wakingToWakeupMs],
    ['wakeup to running (run queue)', (w) => w.waitMs],
  ];
  for (const [what, of] of legs) {
    const v = wakes.map(of);
    console.log(`${what.padEnd(32)} p50 ${round(quantile(v, 0.5), 3)} p90 ${round(quantile(v, 0.9), 3)} p99 ${round(quantile(v, 0.99), 3)} max ${round(Math.max(...v), 3)} ms`);
  }
  // The p99 of 300 presses is about their third slowest: which leg made the slowest.
  const slowest = [...wakes].sort((a, b) => total(b) - total(a)).slice(0, 5);
  console.log(`slowest presses to running (ms): ${slowest.map((w) => `press ${w.press}: ${round(total(w), 2)} = ${round(w.pressToWakingMs, 2)} + ${round(w.wakingToWakeupMs, 2)} + ${round(w.waitMs, 2)}${w.cause ? ` (${w.cause})` : ''}`).join('; ')}`);
  const long = wakes.filter((w) => w.cause !== null);
  const count = (c: WaitCause): number => long.filter((w) => w.cause === c).length;
  console.log(`waits >= 0.5 ms: ${long.length}; target CPU idle through most of it ${count('target-idle')}, target busy while another was idle ${count('target-busy-other-idle')}, every CPU busy ${count('all-busy')}`);
}

const [file, flag, pressList] = process.argv.slice(2);
if (!file || (flag !== undefined && (flag !== '--press' || !pressList))) throw new Error('usage: bench/key-wake-trace.ts --record | TRACE_FILE [--press N,M]');
const events = parseTrace(file === '--record' ? await record() : readFileSync(file, 'utf8'));
report(keyWakes(events));
for (const press of pressList?.split(',').map(Number) ?? []) {
  console.log(`\npress ${press} (ms from its mark):`);
  console.log(pressTimeline(events, press).join('\n') || '  no such press in the trace');
}
