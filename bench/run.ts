// `npm run bench`: every scenario of issue 8 against the local exchange over real sockets, each in the
// optimized pipeline and in the baseline (store written per message, Ink defaults, development React),
// in the same run. Prints a table with the ratio optimized / baseline and writes bench/results/latest.json.
// Env: BENCH_QUICK=1 (a ~3 minute smoke run), BENCH_SOAK_S (soak of the optimized run, default 300 s),
// BENCH_OUT (file name under bench/results/, default latest.json), BENCH_ONLY (scenarios to re-run, comma-separated;
// the file keeps the rest).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { measureIngest, recordFrames } from './lib/ingest.js';
import type { Mode } from './lib/app-wiring.js';
import { buildProbe } from './lib/probe-build.js';
import { runProbe } from './lib/probe-child.js';
import type { Figures, ProbeConfig } from './lib/probe-types.js';
import { printTable } from './lib/table.js';
import { ROOT, startSimChild, type SimChild } from './lib/sim-child.js';
import { measureStart } from './lib/start-pty.js';
import { median, round } from './lib/stats.js';

const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_ONLY=key_to_wire,start: only these scenarios run; the results file keeps the others as they were. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : null;
const BUSY_S = QUICK ? 5 : 20;
const WARMUP_S = QUICK ? 2 : 3;
/**
 * The issue asks for 5 minutes of soak and the whole run under 10 minutes. Everything but the soaks
 * takes about 200 s; the optimized soak is the full 300 s after a 30 s warm-up. The baseline, whose
 * backlog grows at this rate anyway, soaks 30 s after a 10 s warm-up: its growth for the ratio, not a
 * fifth minute of a saturated loop. The side runs (80x24, low bandwidth) measure 10 s each.
 */
const MODES: readonly Mode[] = ['optimized', 'baseline'];
const SOAK_S = Number(process.env.BENCH_SOAK_S ?? (QUICK ? 15 : 300));
const SOAK_WARMUP_S: Record<Mode, number> = QUICK ? { optimized: 5, baseline: 5 } : { optimized: 30, baseline: 10 };
const BASELINE_SOAK_S = Math.min(SOAK_S, QUICK ? 15 : 30);
const SIDE_RUN_S = QUICK ? 5 : 10;
const START_RUNS = QUICK ? 1 : 2;
/** key_to_wire: the optimized run goes on until this many orders left (p99 over >= 300); the baseline, whose saturated loop types slowly, runs BUSY_S for the ratio. */
const KEY_ORDERS_TARGET = QUICK ? 30 : 300;

type ScenarioName = 'ingest' | 'busy_book_2000' | 'busy_book_5000' | 'key_to_wire' | 'start' | 'soak';
type Scenarios = Record<ScenarioName, { optimized: Figures; baseline: Figures }>;

const scenarios: Scenarios = {
  ingest: { optimized: {}, baseline: {} },
  busy_book_2000: { optimized: {}, baseline: {} },
  busy_book_5000: { optimized: {}, baseline: {} },
  key_to_wire: { optimized: {}, baseline: {} },
  start: { optimized: {}, baseline: {} },
  soak: { optimized: {}, baseline: {} },
};
const notes: Partial<Record<ScenarioName, string[]>> = {};
const note = (s: ScenarioName, text: string): void => {
  (notes[s] ??= []).push(text);
};

const home = mkdtempSync(join(os.tmpdir(), 'perpl-bench-'));
const benchStart = Date.now();
const log = (line: string): void => {
  process.stderr.write(`bench: [${Math.round((Date.now() - benchStart) / 1000)} s] ${line}\n`);
};

async function withSim<T>(flowRate: number, body: (sim: SimChild) => Promise<T>): Promise<T> {
  const sim = await startSimChild({ flowRate, home });
  try {
    return await body(sim);
  } finally {
    await sim.stop();
  }
}

function probeConfig(sim: SimChild, mode: Mode, extra: Partial<ProbeConfig>): ProbeConfig {
  return { mode, rest: sim.rest, ws: sim.ws, chainId: sim.chainId, cols: 200, rows: 50, seconds: BUSY_S, warmupS: WARMUP_S, home, ...extra };
}

/** One probe run; its first-live figure (ms from spawn) is kept for the start scenario. */
/** The probe built as the app ships (no tsx in the measured process): set before the first scenario. */
let probeScript: string | undefined;

async function probe(scenario: ScenarioName, cfg: ProbeConfig): Promise<Figures> {
  const run = await runProbe(cfg, probeScript ? { script: probeScript } : {});
  for (const n of run.result.notes ?? []) note(scenario, `${cfg.mode}: ${n}`);
  const f = { ...run.result.figures };
  const firstLive = f.first_live_frame_epoch_ms;
  delete f.first_live_frame_epoch_ms;
  if (firstLive !== undefined) f.first_live_frame_probe_ms = round(firstLive - run.spawnedAtEpoch, 0);
  return f;
}

async function marketId(sim: SimChild): Promise<number> {
  const ctx = (await (await fetch(`${sim.rest}/v1/pub/context`)).json()) as { markets: { id: number }[] };
  const id = ctx.markets[0]?.id;
  if (id === undefined) throw new Error('the exchange lists no markets');
  return id;
}

async function ingest(): Promise<void> {
  await withSim(2000, async (sim) => {
    const texts = await recordFrames(sim.ws, sim.chainId, await marketId(sim), QUICK ? 3000 : 8000, 10_000);
    const r = measureIngest(texts, sim.chainId, await marketId(sim), QUICK ? 3 : 7);
    scenarios.ingest = r;
  });
  note('ingest', 'frames recorded from the exchange at 2,000 flow steps/s; baseline adds a per-message publish (views + store write, no React)');
}

const pick = (f: Figures, names: readonly string[]): Figures => Object.fromEntries(names.flatMap((n) => (f[n] === undefined ? [] : [[n, f[n]]])));
const suffixed = (f: Figures, suffix: string): Figures => Object.fromEntries(Object.entries(f).map(([k, v]) => [`${k}${suffix}`, v]));
const BUSY_FIGURES = [
  'fps',
  'paint_p50_ms',
  'paint_p99_ms',
  'tick_to_screen_p50_ms',
  'tick_to_screen_p99_ms',
  'cpu_pct',
  'bytes_per_s',
  'event_loop_p99_ms',
  'msgs_per_s',
  'book_updates_per_s',
  'trades_per_s',
  'feed_lag_p99_ms',
  'backlog_growing',
] as const;
const SMALL_FIGURES = ['fps', 'paint_p99_ms', 'tick_to_screen_p99_ms', 'cpu_pct', 'bytes_per_s', 'backlog_growing'] as const;
const probeStarts: Record<Mode, number[]> = { optimized: [], baseline: [] };

async function busyBook(rate: 2000 | 5000): Promise<void> {
  const name: ScenarioName = rate === 2000 ? 'busy_book_2000' : 'busy_book_5000';
  await withSim(rate, async (sim) => {
    for (const mode of MODES) {
      log(`${name} ${mode} 200x50 (${BUSY_S} s)`);
      const f = await probe(name, probeConfig(sim, mode, {}));
      scenarios[name][mode] = pick(f, BUSY_FIGURES);
      if (f.first_live_frame_probe_ms !== undefined) probeStarts[mode].push(f.first_live_frame_probe_ms);
    }
    if (rate !== 2000) return;
    log(`${name} optimized 200x50 low-bandwidth profile (SSH_TTY set, ${SIDE_RUN_S} s)`);
    const lb = await probe(name, probeConfig(sim, 'optimized', { lowBandwidth: true, seconds: SIDE_RUN_S }));
    Object.assign(scenarios[name].optimized, suffixed(pick(lb, SMALL_FIGURES), '_low_bandwidth'));
    log(`${name} optimized 200x50 and 80x24 with the DOM ladder open (${SIDE_RUN_S} s each)`);
    const ladder = await probe(name, probeConfig(sim, 'optimized', { ladder: true, seconds: SIDE_RUN_S }));
    Object.assign(scenarios[name].optimized, suffixed(pick(ladder, SMALL_FIGURES), '_ladder'));
    const ladderSmall = await probe(name, probeConfig(sim, 'optimized', { ladder: true, cols: 80, rows: 24, seconds: SIDE_RUN_S }));
    Object.assign(scenarios[name].optimized, suffixed(pick(ladderSmall, SMALL_FIGURES), '_ladder_80x24'));
    for (const mode of MODES) {
      log(`${name} ${mode} 80x24 (${SIDE_RUN_S} s)`);
      const f = await probe(name, probeConfig(sim, mode, { cols: 80, rows: 24, seconds: SIDE_RUN_S }));
      Object.assign(scenarios[name][mode], suffixed(pick(f, SMALL_FIGURES), '_80x24'));
    }
  });
  note(name, `${rate} flow steps/s on one market (~1 book update per step; the exchange's taker rate gives ~100-200 trades/s); 200x50 unless _80x24; _low_bandwidth = the app with SSH_TTY set; _ladder = the DOM ladder open in the book's place; no orders typed (key_to_wire has its own runs)`);
}

/** Its own step (and exchange): a run that stops short of its orders must not cost the busy book's side runs. */
async function keyToWire(): Promise<void> {
  const rate = 2000;
  await withSim(rate, async (sim) => {
    for (const mode of MODES) {
      const target = mode === 'optimized' ? KEY_ORDERS_TARGET : undefined;
      log(`key_to_wire ${mode} 200x50 at ${rate} updates/s (${BUSY_S} s${target ? `, then until ${target} orders` : ''})`);
      const f = await probe('key_to_wire', probeConfig(sim, mode, { ordersEveryMs: 150, keyFile: sim.keyFile, ...(target ? { ordersTarget: target } : {}) }));
      scenarios.key_to_wire[mode] = pick(f, ['key_to_wire_p50_ms', 'key_to_wire_p99_ms', 'key_to_wire_max_ms', 'key_handled_to_wire_p50_ms', 'key_handled_to_wire_p99_ms', 'orders_sent', 'orders_refused', 'cpu_pct', 'tick_to_screen_p99_ms']);
      if (f.first_live_frame_probe_ms !== undefined) probeStarts[mode].push(f.first_live_frame_probe_ms);
    }
  });
  note(
    'key_to_wire',
    'the app trades with the exchange demo key: it types `:buy SIZE @ PRICE ioc` + Enter (the review opens), then the bench parent writes `y` into the ' +
      "app's stdin pipe; from that write to the app's trading socket sending the mt 22 (ws send): input wait behind a paint, Ink's key parsing, order " +
      'entry, validation, the fsynced journal line. key_handled_to_wire: the same, from the key bytes being read in the app (without the wait behind a paint). ' +
      `Its own runs at 2,000 flow steps/s, 200x50: the next order is typed 30 ms after the last one left and at least 600 ms after the one before (the exchange allows 120 orders a minute, the app keeps to 108), the key pressed 30-130 ms after the review opened; the optimized run goes on until ${KEY_ORDERS_TARGET} orders left, the baseline runs ${BUSY_S} s`,
  );
}

async function start(): Promise<void> {
  for (const mode of MODES) {
    const runs: number[] = [];
    for (let i = 0; i < START_RUNS; i++) {
      log(`start ${mode} run ${i + 1}/${START_RUNS}`);
      runs.push(await measureStart({ home, cols: 200, rows: 50, ...(mode === 'baseline' ? { nodeEnv: 'development' } : {}) }));
    }
    scenarios.start[mode].first_live_frame_ms = round(median(runs), 0);
    scenarios.start[mode].first_live_frame_max_ms = round(Math.max(...runs), 0);
    if (probeStarts[mode].length > 0) scenarios.start[mode].first_live_frame_probe_ms = round(median(probeStarts[mode]), 0);
  }
  note(
    'start',
    'first_live_frame_ms: `node dist/perpl.js` (local exchange in-process) in a 200x50 pty (script), spawn -> screen shows "● live" and a spread line; ' +
      'optimized = as a user starts it (re-runs itself with production React), baseline = NODE_ENV=development (no re-run). ' +
      'first_live_frame_probe_ms: the bench wiring under tsx against the exchange child, busy_book_2000 runs',
  );
}

/** The soak's figures: growth, then where the resident memory is (bench/lib/memory-map.ts names the parts). */
const SOAK_FIGURES = [
  'rss_growth_mb',
  'rss_max_growth_mb',
  'heap_growth_mb',
  'rss_mb',
  'rss_mean_mb',
  'heap_used_mb',
  'heap_total_mb',
  'new_space_committed_mb',
  'new_space_used_mb',
  'old_space_used_mb',
  'code_space_used_mb',
  'external_mb',
  'array_buffers_mb',
  'node_binary_mb',
  'libraries_mb',
  'v8_heap_mb',
  'malloc_mb',
  'other_anon_mb',
  'cpu_pct',
  'backlog_growing',
] as const;

async function soak(): Promise<void> {
  await withSim(2000, async (sim) => {
    for (const mode of MODES) {
      const seconds = mode === 'optimized' ? SOAK_S : BASELINE_SOAK_S;
      log(`soak ${mode} (${SOAK_WARMUP_S[mode]} s warm-up + ${seconds} s)`);
      const f = await probe('soak', probeConfig(sim, mode, { seconds, warmupS: SOAK_WARMUP_S[mode], soak: true }));
      scenarios.soak[mode] = { ...pick(f, SOAK_FIGURES), soak_s: seconds };
    }
  });
  note(
    'soak',
    `2,000 flow steps/s at 200x50; growth measured after the warm-up (heap after a forced GC); rss_mb and its parts read before that GC: ` +
      `external_mb is what V8 was told lives outside its heap (Yoga's 16 MB wasm memory, reserved, barely resident; array_buffers_mb a part of it), ` +
      `node_binary_mb + libraries_mb + v8_heap_mb + malloc_mb + other_anon_mb = resident by mapping (bench/lib/memory-map.ts); optimized ${SOAK_WARMUP_S.optimized} s + ${SOAK_S} s, ` +
      `baseline ${SOAK_WARMUP_S.baseline} s + ${BASELINE_SOAK_S} s (its backlog grows at this rate; a longer soak only grows it further)`,
  );
}

/** The scenarios and notes of an earlier run, to keep beside a BENCH_ONLY run. */
function readKept(file: string): { scenarios: Partial<Scenarios>; notes: Partial<Record<ScenarioName, string[]>> } | null {
  if (!existsSync(file)) return null;
  const earlier = JSON.parse(readFileSync(file, 'utf8')) as { scenarios?: Partial<Scenarios>; notes?: Partial<Record<ScenarioName, string[]>> };
  return { scenarios: earlier.scenarios ?? {}, notes: earlier.notes ?? {} };
}

/** The entries of `record` for the scenarios this run ran. */
function ranOnly<T>(record: Partial<Record<ScenarioName, T>>): Partial<Record<ScenarioName, T>> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !ONLY || ONLY.has(name))) as Partial<Record<ScenarioName, T>>;
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadavg: os.loadavg().map((x) => round(x, 2)),
    quick: QUICK ? 1 : 0,
  };
  const steps: Array<[ScenarioName, () => Promise<void>]> = [
    ['ingest', ingest],
    ['busy_book_2000', () => busyBook(2000)],
    ['key_to_wire', keyToWire],
    ['busy_book_5000', () => busyBook(5000)],
    ['start', start],
    ['soak', soak],
  ];
  const outFile = join(ROOT, 'bench', 'results', process.env.BENCH_OUT ?? 'latest.json');
  probeScript = await buildProbe();
  for (const [name, step] of steps) {
    if (ONLY && !ONLY.has(name)) continue;
    log(`scenario ${name}`);
    try {
      await step();
    } catch (e) {
      note(name, `failed: ${e instanceof Error ? e.message : String(e)}`);
      log(`${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
  // BENCH_ONLY re-runs some scenarios: the others are kept as the results file has them.
  const kept = ONLY ? readKept(outFile) : null;
  const out = {
    machine,
    scenarios: kept ? { ...kept.scenarios, ...ranOnly(scenarios) } : scenarios,
    notes: kept ? { ...kept.notes, ...ranOnly(notes) } : notes,
    run: { seconds: round((Date.now() - t0) / 1000, 0), loadavg_end: os.loadavg().map((x) => round(x, 2)) },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(out, null, 2)}\n`);
  printTable(out.scenarios, out.notes);
  console.log(`\nmachine: ${machine.cpus} x ${machine.model}, node ${machine.node}, load ${machine.loadavg.join(' ')} at start, ${out.run.loadavg_end.join(' ')} at end; ${out.run.seconds} s`);
  console.log(`written: ${outFile}`);
  rmSync(home, { recursive: true, force: true });
}

await main();
