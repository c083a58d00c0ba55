// `npm run bench`: every scenario of issue 8 against the local exchange over real sockets, each in the
// optimized pipeline and in the baseline (store written per message, Ink defaults, development React),
// in the same run. Prints a table with the ratio optimized / baseline and writes bench/results/latest.json.
// Every scenario runs on each Node of BENCH_NODES (default 20,24; bench/lib/bench-nodes.ts): the exchange and
// the baseline runs are shared (the baseline, stock Ink, runs on the first Node only, except start's, whose goal
// compares each Node with its own), the soaks of both Nodes run side by side (memory, not time, is measured).
// Env: BENCH_QUICK=1 (a ~3 minute smoke run), BENCH_SOAK_S (soak of the optimized run, default 300 s),
// BENCH_OUT (file name under bench/results/, default latest.json), BENCH_ONLY (scenarios to re-run, comma-separated),
// BENCH_NODES (Node majors to run, comma-separated): a run of some scenarios or Nodes keeps the file's other figures.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { recordFrames } from './lib/ingest.js';
import type { Mode } from './lib/app-wiring.js';
import { nodeSuffix, parseBenchNodes, resolveNodes, type BenchNode } from './lib/bench-nodes.js';
import { mergeResults, nodesOf, type KeptResults } from './lib/results-merge.js';
import { ALGOS_FIGURES, BUSY_FIGURES, CPU_SPREAD, KEY_FIGURES, pick, SMALL_FIGURES, SOAK_FIGURES, suffixed } from './lib/figure-sets.js';
import { buildProbe } from './lib/probe-build.js';
import { runProbe } from './lib/probe-child.js';
import type { Figures, ProbeConfig } from './lib/probe-types.js';
import { printTable } from './lib/table.js';
import { ROOT, startSimChild, type SimChild } from './lib/sim-child.js';
import { BASELINE_START, USER_START, measureStart } from './lib/start-pty.js';
import { median, round } from './lib/stats.js';
import { medianRun } from './lib/median-run.js';

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
/** Probes behind each CPU row with a goal (the busy book, the ladder, the TWAP): the row is their median run (lib/median-run.ts). */
const CPU_RUNS = QUICK ? 1 : 3;
/** Starts per mode and Node, interleaved: a start is ~0.4 s and its spread on a 2-core VM is tens of ms, so a median of 9. */
const START_RUNS = QUICK ? 1 : 9;
/** key_to_wire: the optimized run goes on until this many orders left (p99 over >= 300); the baseline, whose saturated loop types slowly, runs BUSY_S for the ratio. */
const KEY_ORDERS_TARGET = QUICK ? 30 : 300;

/** BENCH_NODES=20,24: the Nodes measured, in order; the first runs the shared baselines. */
const NODE_MAJORS = parseBenchNodes(process.env.BENCH_NODES);
let nodes: BenchNode[] = [];
/** Stock Ink runs on the first Node only (its figures are the Node's own for start, which runs it on each). */
const modesOn = (node: BenchNode): readonly Mode[] => (node === nodes[0] ? MODES : ['optimized']);

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
  return { mode, rest: sim.rest, ws: sim.ws, chainId: sim.chainId, cols: 200, rows: 50, seconds: BUSY_S, warmupS: WARMUP_S, home, blockTrace: sim.blockTrace, ...extra };
}

/** The probe built as the app ships (no tsx in the measured process): set before the first scenario. */
let probeScript: string | undefined;

/** One probe run on `node`; its first-live figure (ms from spawn) is kept for the start scenario. */
async function probe(scenario: ScenarioName, cfg: ProbeConfig, node: BenchNode): Promise<Figures> {
  const run = await runProbe(cfg, { node: node.bin, ...(probeScript ? { script: probeScript } : {}) });
  for (const n of run.result.notes ?? []) note(scenario, `${cfg.mode} node ${node.major}: ${n}`);
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

/** The first line: a probe's error carries its stack, which the log has. */
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/** Runs `body`; a failure is noted under the scenario (and logged), and the bench goes on with what is left. */
async function guarded(scenario: ScenarioName, what: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    note(scenario, `${what} failed: ${errorText(e)}`);
    log(`${scenario} ${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}

/** `body` on each Node, in turn or `together`: a Node that fails is noted, and the others still run. */
async function onEachNode(scenario: ScenarioName, body: (node: BenchNode) => Promise<void>, together = false): Promise<void> {
  const run = (node: BenchNode): Promise<void> => guarded(scenario, `node ${node.major}`, () => body(node));
  if (together) await Promise.all(nodes.map(run));
  else for (const node of nodes) await run(node);
}

/** `figures` of `node` into the scenario's mode, named with the side run's suffix and the Node's. */
function record(scenario: ScenarioName, mode: Mode, node: BenchNode, figures: Figures, side = ''): void {
  Object.assign(scenarios[scenario][mode], suffixed(figures, side + nodeSuffix(node.major)));
}

/** The same recorded frames measured on each Node, each in its own process (bench/ingest-once.ts). */
async function ingest(): Promise<void> {
  await withSim(2000, async (sim) => {
    const id = await marketId(sim);
    const texts = await recordFrames(sim.ws, sim.chainId, id, QUICK ? 3000 : 8000, 10_000);
    const file = join(home, 'ingest-frames.json');
    writeFileSync(file, JSON.stringify(texts));
    await onEachNode('ingest', async (node) => {
      log(`ingest node ${node.major}`);
      const out = execFileSync(node.bin, ['--import', 'tsx', join(ROOT, 'bench', 'ingest-once.ts'), file, String(sim.chainId), String(id), String(QUICK ? 3 : 7)], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const r = JSON.parse(out) as { optimized: Figures; baseline: Figures };
      for (const mode of MODES) record('ingest', mode, node, r[mode]);
    });
  });
  note('ingest', 'frames recorded from the exchange at 2,000 flow steps/s, the same frames on each Node; baseline adds a per-message publish (views + store write, no React)');
}

/** first_live_frame_probe_ms of the probe runs, per Node major and mode. */
const probeStarts = new Map<string, number[]>();
const keepProbeStart = (node: BenchNode, mode: Mode, f: Figures): void => {
  if (f.first_live_frame_probe_ms === undefined) return;
  const key = `${node.major} ${mode}`;
  probeStarts.set(key, [...(probeStarts.get(key) ?? []), f.first_live_frame_probe_ms]);
};

/** `runs` probes of one scenario in a row; with more than one, the median run by CPU (lib/median-run.ts). */
async function medianOf(runs: number, once: (i: number) => Promise<Figures>): Promise<Figures> {
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await once(i));
  return all.length === 1 ? all[0]! : medianRun(all);
}

async function busyBook(rate: 2000 | 5000): Promise<void> {
  const name: ScenarioName = rate === 2000 ? 'busy_book_2000' : 'busy_book_5000';
  await withSim(rate, async (sim) => {
    await onEachNode(name, async (node) => {
      // Each run apart: a baseline that never shows a live book must not cost the runs after it.
      for (const mode of modesOn(node)) {
        await guarded(name, `${mode} node ${node.major} 200x50`, async () => {
          // The stock baseline's CPU has no goal: one run.
          const runs = rate === 2000 && mode === 'optimized' ? CPU_RUNS : 1;
          const f = await medianOf(runs, async (i) => {
            log(`${name} ${mode} node ${node.major} 200x50 (${BUSY_S} s${runs > 1 ? `, run ${i + 1} of ${runs}` : ''})`);
            const once = await probe(name, probeConfig(sim, mode, {}), node);
            keepProbeStart(node, mode, once);
            return once;
          });
          record(name, mode, node, pick(f, [...BUSY_FIGURES, ...CPU_SPREAD]));
        });
      }
      if (rate === 2000) await busyBookSideRuns(sim, node);
    });
  });
  note(
    name,
    `${rate} flow steps/s on one market (~1 book update per step; the exchange's taker rate gives ~100-200 trades/s); 200x50 unless _80x24; ` +
      '_low_bandwidth = the app with SSH_TTY set; _ladder = the DOM ladder open in the book\'s place; _algos = the Algos tab open with a TWAP ' +
      '(`:twap buy SIZE 10m`, `y`, `W` typed into the app, its slices sent to the exchange) running; no orders typed otherwise (key_to_wire has its own runs); ' +
      "feed_lag: each block's heartbeat read by the app against the exchange's trace of when it left (block times on the wire are whole seconds); " +
      'backlog_growing: that lag grew over 100 ms from the first quarter of the run to the last, or its median is over 1 s; ' +
      `the low-bandwidth, 80x24 and baseline runs on the first Node only (${nodes[0]?.major ?? '-'})` +
      (rate === 2000 && CPU_RUNS > 1 ? `; the optimized 200x50, _ladder and _algos figures are each the median run by CPU of ${CPU_RUNS} probes in a row (cpu_pct_min / _max: the lowest and highest)` : ''),
  );
}

/** The 2,000 updates/s side runs: the new panes on every Node; the 80x24 and low-bandwidth profiles on the first. */
async function busyBookSideRuns(sim: SimChild, node: BenchNode): Promise<void> {
  const name = 'busy_book_2000';
  const first = node === nodes[0];
  const side = (what: string, extra: () => Partial<ProbeConfig>, suffix: string, o: { mode?: Mode; runs?: number } = {}): Promise<void> => {
    const { mode = 'optimized', runs = 1 } = o;
    return guarded(name, `${mode} node ${node.major} ${what}`, async () => {
      const f = await medianOf(runs, (i) => {
        log(`${name} ${mode} node ${node.major} ${what} (${SIDE_RUN_S} s${runs > 1 ? `, run ${i + 1} of ${runs}` : ''})`);
        return probe(name, probeConfig(sim, mode, { seconds: SIDE_RUN_S, ...extra() }), node);
      });
      record(name, mode, node, pick(f, [...(suffix === '_algos' ? ALGOS_FIGURES : SMALL_FIGURES), ...CPU_SPREAD]), suffix);
    });
  };
  if (first) await side('200x50 low-bandwidth profile (SSH_TTY set)', () => ({ lowBandwidth: true }), '_low_bandwidth');
  await side('200x50 with the DOM ladder open', () => ({ ladder: true }), '_ladder', { runs: CPU_RUNS });
  if (first) await side('80x24 with the DOM ladder open', () => ({ ladder: true, cols: 80, rows: 24 }), '_ladder_80x24');
  // Each run its own home: the TWAP's journal must not be taken up by a later probe that trades (a TWAP run after it, key_to_wire).
  await side('200x50 with the Algos tab open and a TWAP running', () => ({ twap: true, keyFile: sim.keyFile, home: mkdtempSync(join(home, 'twap-')) }), '_algos', { runs: CPU_RUNS });
  if (first) for (const mode of MODES) await side('80x24', () => ({ cols: 80, rows: 24 }), '_80x24', { mode });
}

/** Its own step (and exchange): a run that stops short of its orders must not cost the busy book's side runs. */
async function keyToWire(): Promise<void> {
  const rate = 2000;
  await withSim(rate, async (sim) => {
    await onEachNode('key_to_wire', async (node) => {
      for (const mode of modesOn(node)) {
        const target = mode === 'optimized' ? KEY_ORDERS_TARGET : undefined;
        log(`key_to_wire ${mode} node ${node.major} 200x50 at ${rate} updates/s (${BUSY_S} s${target ? `, then until ${target} orders` : ''})`);
        const f = await probe('key_to_wire', probeConfig(sim, mode, { ordersEveryMs: 150, keyFile: sim.keyFile, ...(target ? { ordersTarget: target } : {}) }), node);
        record('key_to_wire', mode, node, pick(f, KEY_FIGURES));
        keepProbeStart(node, mode, f);
      }
    });
  });
  note(
    'key_to_wire',
    'the app trades with the exchange demo key: it types `:buy SIZE @ PRICE ioc` + Enter (the review opens), then a presser thread of the bench parent (shortest slice) writes `y` into the ' +
      "app's stdin pipe; from the time it notes just before that write to the app's trading socket sending the mt 22 (ws send): input wait behind a paint, Ink's key parsing, order " +
      'entry, validation, the fsynced journal line. key_handled_to_wire: the same, from the key bytes being read in the app (without the wait behind a paint). ' +
      `Its own runs at 2,000 flow steps/s, 200x50: the next order is typed 30 ms after the last one left and at least 600 ms after the one before (the exchange allows 120 orders a minute, the app keeps to 108), the key pressed 30-130 ms after the review opened; the optimized run goes on until ${KEY_ORDERS_TARGET} orders left on each Node, the baseline runs ${BUSY_S} s on the first Node`,
  );
}

/** On every Node, both modes: the goal compares each Node's start with its own stock-Ink start. */
async function start(): Promise<void> {
  await onEachNode('start', async (node) => {
    // The compile cache is made by the first start after an install; the figure is every start after it.
    log(`start node ${node.major}: one unmeasured run fills the compile cache`);
    await measureStart({ home, cols: 200, rows: 50, node: node.bin, ...USER_START });
    // Interleaved (optimized, baseline, optimized, ...): a load that comes and goes weighs on both alike.
    const runs: Record<Mode, number[]> = { optimized: [], baseline: [] };
    for (let i = 0; i < START_RUNS; i++) {
      for (const mode of MODES) {
        log(`start ${mode} node ${node.major} run ${i + 1}/${START_RUNS}`);
        runs[mode].push(await measureStart({ home, cols: 200, rows: 50, node: node.bin, ...(mode === 'baseline' ? BASELINE_START : USER_START) }));
      }
    }
    for (const mode of MODES) {
      const f: Figures = { first_live_frame_ms: round(median(runs[mode]), 0), first_live_frame_max_ms: round(Math.max(...runs[mode]), 0) };
      const probed = probeStarts.get(`${node.major} ${mode}`) ?? [];
      if (probed.length > 0) f.first_live_frame_probe_ms = round(median(probed), 0);
      record('start', mode, node, f);
    }
  });
  note(
    'start',
    'first_live_frame_ms: `node dist/perpl.js` (local exchange in-process) in a 200x50 pty (script), spawn -> screen shows "● live" and a spread line; ' +
      'optimized = as a user starts it (the launcher line\'s node options and malloc settings; production React; V8 compile cache under the perpl home where Node has it, warm after the first run; context over the exchange thread port; mount at the first live book; undici after the first frame), ' +
      'baseline = the stock start: NODE_ENV=development, NODE_DISABLE_COMPILE_CACHE=1 and the bench switch PERPL_BENCH_STOCK_START=1 (src/lib/start-steps.ts): no compile cache, the context fetched over HTTP (undici loaded), the empty layout painted at once, Yoga fetching its wasm, trading and the chart history started with the market data; ' +
      'the exchange on its own thread and the frame path are the same in both; both on each Node. ' +
      'first_live_frame_probe_ms: the bench wiring against the exchange child, busy_book_2000 runs',
  );
}

/** BENCH_SOAK_APART=1: the Nodes' optimized soaks one after the other instead of side by side. */
const SOAK_APART = process.env.BENCH_SOAK_APART === '1';

async function soak(): Promise<void> {
  await withSim(2000, async (sim) => {
    const soakOn = async (node: BenchNode, mode: Mode): Promise<void> => {
      const seconds = mode === 'optimized' ? SOAK_S : BASELINE_SOAK_S;
      log(`soak ${mode} node ${node.major} (${SOAK_WARMUP_S[mode]} s warm-up + ${seconds} s)`);
      const f = await probe('soak', probeConfig(sim, mode, { seconds, warmupS: SOAK_WARMUP_S[mode], soak: true }), node);
      record('soak', mode, node, { ...pick(f, SOAK_FIGURES), soak_s: seconds });
    };
    // Memory is what a soak measures, not time: the Nodes' five minutes run at once, against one exchange.
    await onEachNode('soak', (node) => soakOn(node, 'optimized'), !SOAK_APART);
    if (nodes[0]) await soakOn(nodes[0], 'baseline');
  });
  note(
    'soak',
    `2,000 flow steps/s at 200x50; growth measured after the warm-up (heap after a forced GC); rss_mb and its parts read before that GC: ` +
      `external_mb is what V8 was told lives outside its heap (Yoga's 16 MB wasm memory, reserved, barely resident; array_buffers_mb a part of it), ` +
      `node_binary_mb + libraries_mb + v8_heap_mb + malloc_mb + other_anon_mb = resident by mapping (bench/lib/memory-map.ts; malloc_threads_mb the thread_arenas' part of malloc_mb, wasm_mb and thread_stacks_mb parts of other_anon_mb); optimized ${SOAK_WARMUP_S.optimized} s + ${SOAK_S} s ` +
      `on each Node${SOAK_APART || nodes.length < 2 ? '' : ', the Nodes at the same time against one exchange (their cpu_pct share the machine)'}, ` +
      `baseline ${SOAK_WARMUP_S.baseline} s + ${BASELINE_SOAK_S} s on the first Node (its backlog grows at this rate; a longer soak only grows it further)`,
  );
}

interface KeptFile extends KeptResults {
  machine?: { node: string; nodes?: Record<string, string> };
}

/** The results file as it is, to keep its other figures beside a run of some scenarios or Nodes. */
function readKept(file: string): KeptFile | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeptFile) : null;
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const cpus = os.cpus();
  const resolved = resolveNodes(NODE_MAJORS, log);
  nodes = resolved.nodes;
  // Said loudly, and the run goes on with the Nodes it has (an offline machine cannot install Node 24).
  const missing = resolved.missing.map((m) => `Node ${m.major}: ${m.why}`);
  for (const m of missing) process.stderr.write(`\n!!! bench: could not install ${m}; this run measures ${nodes.map((n) => `Node ${n.major}`).join(', ') || 'no Node'} only\n\n`);
  if (nodes.length === 0) throw new Error('no Node to measure');
  const machine = {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    // The figures without a suffix are the reference Node's (bench/lib/bench-nodes.ts).
    node: nodes.find((n) => nodeSuffix(n.major) === '')?.version ?? process.version,
    nodes: Object.fromEntries(nodes.map((n) => [String(n.major), n.version])),
    ...(missing.length > 0 ? { nodes_missing: missing } : {}),
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
      note(name, `failed: ${errorText(e)}`);
      log(`${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
  resolved.cleanup();
  // A run of some scenarios or some Nodes: the results file keeps every other figure as it has it.
  const kept = ONLY || process.env.BENCH_NODES ? readKept(outFile) : null;
  const merged = mergeResults(kept, { scenarios, notes, ranScenarios: ONLY, ranNodes: nodes.map((n) => n.major) });
  if (kept?.machine) machine.nodes = { ...nodesOf(kept.machine), ...machine.nodes };
  const out = {
    machine,
    ...merged,
    run: { seconds: round((Date.now() - t0) / 1000, 0), loadavg_end: os.loadavg().map((x) => round(x, 2)) },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(out, null, 2)}\n`);
  printTable(out.scenarios, out.notes);
  const versions = nodes.map((n) => n.version).join(' and ');
  console.log(`\nmachine: ${machine.cpus} x ${machine.model}, node ${versions}, load ${machine.loadavg.join(' ')} at start, ${out.run.loadavg_end.join(' ')} at end; ${out.run.seconds} s`);
  for (const m of missing) console.log(`!!! not measured: ${m}`);
  console.log(`written: ${outFile}`);
  rmSync(home, { recursive: true, force: true });
}

await main();
