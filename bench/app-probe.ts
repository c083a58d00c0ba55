// One measured run of the terminal app, in its own process (so its CPU is its own): wires the app
// (bench/lib/app-wiring.ts) against a running local exchange, renders to this process's stdout (a pipe
// the parent drains, at the size of a real terminal), and sends one result object over IPC.
// Started by bench/run.ts: node --expose-gc --import tsx bench/app-probe.ts '<json ProbeConfig>'.

import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough, Writable } from 'node:stream';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { PerfMeter } from '../src/terminal/perf/perf-meter.js';
import type { Network } from '../src/protocol/networks.js';
import { frameParts, stageTimes, wireApp, type WiredApp } from './lib/app-wiring.js';
import { FeedTracker } from './lib/feed-tracker.js';
import { epochNow, startKeyDriver, type KeyDriver } from './lib/key-driver.js';
import { sleep } from '../test/helpers/wait.js';
import { ORDERS_EXTRA_MS, type KeyMessage, type ProbeConfig, type ProbeResult } from './lib/probe-types.js';
import { quantile, round } from './lib/stats.js';
import { startAllocationSampling } from './lib/alloc-profile.js';
import { residentByMapping } from './lib/memory-map.js';
import { toggleLadder } from '../src/state/ladder.js';
import { parseBlockTrace } from '../src/sim/server/block-trace.js';
import { startTwapInAlgosTab } from './lib/twap-driver.js';
import { startWorkerKeyReader } from './lib/key-worker-probe.js';
import { join } from 'node:path';
import { keyThreadWanted, tradesFromStart } from '../src/lib/key-thread-switch.js';
import { startKeyThreadInput, type KeyThreadInput } from '../src/app/key-thread-input.js';
import { ROOT } from './lib/sim-child.js';
import { notePlatformThreads } from '../src/lib/platform-threads.js';

/** Ink sees a TTY of the configured size; every byte goes on to the real (piped) stdout. */
class PipeTty extends Writable {
  isTTY = true;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super({ decodeStrings: false });
  }
  override _write(chunk: unknown, _enc: BufferEncoding, cb: (error?: Error | null) => void): void {
    process.stdout.write(chunk as string | Uint8Array);
    cb();
  }
  getColorDepth(): number {
    return 8;
  }
  hasColors(): boolean {
    return true;
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
}

class TtyIn extends PassThrough {
  isTTY = true;
  isRaw = false;
  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

const mb = (bytes: number): number => bytes / (1024 * 1024);

function gcHeapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return process.memoryUsage().heapUsed;
}

async function main(): Promise<void> {
  // As the CLI's entry does, before any thread of the app's (app/key-thread.ts lengthens their slices).
  notePlatformThreads();
  const cfg = JSON.parse(process.argv[2] ?? '{}') as ProbeConfig;
  const network: Network = { name: 'local', chainId: cfg.chainId, restBase: cfg.rest, wsBase: cfg.ws, appUrl: '', isMainnet: false };
  const stdout = new PipeTty(cfg.cols, cfg.rows);
  const stdin = new TtyIn();
  // Keys the parent presses arrive on the real stdin (a pipe) and wait behind a running paint, as a
  // trader's would; the app reads them from the TTY stand-in.
  let lastKeyAt = 0;
  const onKeyBytes = (d: Buffer): void => {
    lastKeyAt = epochNow();
    stdin.write(d);
  };
  // Unless PERPL_KEY_THREAD=0, and as app/tui.ts only for a run that trades (tradesFromStart): the key thread
  // (on the built app's entry, npm run build) reads the real stdin and owns the trading socket; the app reads
  // what it forwards. A key is read on the key thread when it fired the order, else on this thread when its
  // bytes arrive here.
  const trades = Boolean((cfg.ordersEveryMs || cfg.twap) && cfg.keyFile);
  const keyThread: KeyThreadInput | null = keyThreadWanted(process.env) && tradesFromStart({ localExchange: false, keyFound: trades, accounts: 0 }) ? startKeyThreadInput(join(ROOT, 'dist', 'perpl.js'), stdin as unknown as NodeJS.ReadStream, { traceSends: true }) : null;
  keyThread?.onRead((fired, readAtEpochMs) => {
    lastKeyAt = fired ? readAtEpochMs : epochNow();
  });
  const appStdin = keyThread ? keyThread.stdin : (stdin as unknown as NodeJS.ReadStream);
  // The probe's own typing (the order's command line) goes where the app reads.
  const typeIntoApp = (text: string): void => void appStdin.write(text);
  if (keyThread) {
    // The key thread reads the keys; nothing here does.
  } else if (process.env.BENCH_KEY_WORKER === '1')
    startWorkerKeyReader({ journal: join(cfg.home, 'key-worker-probe.ndjson'), onBytes: onKeyBytes, onKey: (times) => void process.send?.({ kind: 'key-worker', ...times } satisfies KeyMessage) });
  else process.stdin.on('data', onKeyBytes);
  const meter = new PerfMeter({ keepSamples: cfg.soak !== true });
  const feed = new FeedTracker();
  // BENCH_FRAME_BUSY_US=N: every market-data frame costs the app N us more (a busy wait in its frame
  // handler), a deliberately slow app whose backlog_growing must read 1.
  const busyUs = Number(process.env.BENCH_FRAME_BUSY_US ?? 0);
  const onFrameText = busyUs > 0 ? (text: string): void => (feed.frame(text), busyWait(busyUs)) : (text: string): void => feed.frame(text);
  const app = await wireApp({
    mode: cfg.mode,
    network,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: appStdin,
    meter,
    onFrameText,
    ...(trades && cfg.keyFile ? { trading: { keyFile: cfg.keyFile, home: cfg.home } } : {}),
    ...(keyThread ? { keyThread } : {}),
  });

  // First frame written after the store holds a live book.
  const liveDeadline = Date.now() + 30_000;
  let framesAtLive = -1;
  let firstLiveEpoch = 0;
  for (;;) {
    const s = app.store.getState();
    const live = s.connection.health === 'live' && (s.book?.bids.length ?? 0) > 0;
    if (live && framesAtLive < 0) framesAtLive = meter.samples.frames;
    if (framesAtLive >= 0 && meter.samples.frames > framesAtLive) {
      firstLiveEpoch = epochNow();
      break;
    }
    if (Date.now() > liveDeadline) throw new Error(`no live book within 30 s (health ${s.connection.health})`);
    await sleep(2);
  }
  const result: ProbeResult = { figures: { first_live_frame_epoch_ms: firstLiveEpoch } };
  if (cfg.seconds <= 0) return finish(result);
  // The ladder in the book's place, as `L` opens it: measured through the warm-up and the run.
  if (cfg.ladder) toggleLadder(app.store);

  const market = app.context.markets.find((m) => m.id === app.marketId);
  if (cfg.ordersEveryMs || cfg.twap) await tradingLive(app.store);
  // Started before the warm-up: its first slice and the tab's first frames are not what is measured.
  const twapId = cfg.twap && market ? await startTwapInAlgosTab(app.store, market, typeIntoApp) : null;
  await sleep(cfg.warmupS * 1000);

  meter.resetSamples();
  feed.reset();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const send = (m: KeyMessage): void => void process.send?.(m);
  let firedByKeyThread = 0;
  const orders: KeyDriver | null =
    cfg.ordersEveryMs && market
      ? startKeyDriver({
          store: app.store,
          type: typeIntoApp,
          market,
          everyMs: cfg.ordersEveryMs,
          events: {
            ready: (n, key) => send({ kind: 'key-ready', n, key }),
            sent: (n, atEpochMs, handledMs, fired) => {
              if (fired) firedByKeyThread += 1;
              send({ kind: 'key-sent', n, atEpochMs, handledMs });
            },
          },
          lastKeyAt: () => lastKeyAt,
          ...(keyThread ? { watchSends: (onSend) => (keyThread.thread.onSent(onSend), () => keyThread.thread.onSent(() => {})) } : {}),
        })
      : null;
  const allocations = process.env.BENCH_ALLOC_PROF ? await startAllocationSampling(process.env.BENCH_ALLOC_PROF) : null;
  const heap0 = gcHeapUsed();
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let rssMax = rss0;
  let rssSum = 0;
  let rssSamples = 0;
  const memTimer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    rssMax = Math.max(rssMax, rss);
    rssSum += rss;
    rssSamples += 1;
  }, 1000);
  await sleep(cfg.seconds * 1000);
  // key_to_wire: on until enough orders went out for a p99 (a loaded machine types them slower).
  const ordersDeadline = performance.now() + ORDERS_EXTRA_MS;
  while (orders && cfg.ordersTarget !== undefined && orders.sent < cfg.ordersTarget && performance.now() < ordersDeadline) await sleep(200);
  clearInterval(memTimer);
  await allocations?.stop();
  orders?.stop();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // Where the resident memory is, read with rss1 (before the forced GC below).
  const usage = process.memoryUsage();
  const spaces = getHeapSpaceStatistics();
  const byMapping = residentByMapping();
  // BENCH_SMAPS=FILE: the whole map at this point, for a look page by page (which of node's sections, which arena).
  if (process.env.BENCH_SMAPS) writeFileSync(process.env.BENCH_SMAPS, readFileSync('/proc/self/smaps', 'utf8') + residentPagesOf(process.execPath));
  const rss1 = usage.rss;
  const heap1 = gcHeapUsed();
  if (process.env.BENCH_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
  loop.disable();
  const s = meter.samples;
  const perSec = 1000 / wallMs;
  const f = result.figures;
  f.fps = round(s.frames * perSec, 1);
  f.paint_p50_ms = round(quantile(s.paintMs, 0.5), 2);
  f.paint_p99_ms = round(quantile(s.paintMs, 0.99), 2);
  if (stageTimes.publish.length > 0) {
    f.publish_stage_p50_ms = round(quantile(stageTimes.publish, 0.5), 2);
    f.publish_stage_p99_ms = round(quantile(stageTimes.publish, 0.99), 2);
    f.write_stage_p99_ms = round(quantile(stageTimes.write, 0.99), 2);
  }
  if (frameParts) Object.assign(f, frameParts.figures(t0));
  f.tick_to_screen_p50_ms = round(quantile(s.tickToScreenMs, 0.5), 1);
  f.tick_to_screen_p99_ms = round(quantile(s.tickToScreenMs, 0.99), 1);
  f.cpu_pct = round(((cpu.user + cpu.system) / 1000 / wallMs) * 100, 1);
  f.bytes_per_s = Math.round(s.bytes * perSec);
  f.msgs_per_s = Math.round(s.msgs * perSec);
  f.event_loop_p99_ms = round(loop.percentile(99) / 1e6, 1);
  f.book_updates_per_s = Math.round(feed.bookUpdates * perSec);
  f.trades_per_s = Math.round(feed.trades * perSec);
  f.rss_growth_mb = round(mb(rss1 - rss0), 1);
  f.rss_max_growth_mb = round(mb(rssMax - rss0), 1);
  f.heap_growth_mb = round(mb(heap1 - heap0), 1);
  f.rss_mb = round(mb(rss1), 1);
  // The run's mean: the end's figure is one point of the old generation's saw-tooth.
  if (rssSamples > 0) f.rss_mean_mb = round(mb(rssSum / rssSamples), 1);
  // V8's heap (committed, used, its young generation), what V8 was told lives outside it (external;
  // arrayBuffers is a part of it), and the resident pages by mapping.
  f.heap_used_mb = round(mb(usage.heapUsed), 1);
  f.heap_total_mb = round(mb(usage.heapTotal), 1);
  f.external_mb = round(mb(usage.external), 1);
  f.array_buffers_mb = round(mb(usage.arrayBuffers), 1);
  for (const space of spaces) {
    if (['new_space', 'old_space', 'code_space'].includes(space.space_name)) f[`${space.space_name}_used_mb`] = round(mb(space.space_used_size), 1);
    // Every space's committed size (probe-once prints them; the soak keeps new space's): where V8's committed heap is.
    f[`${space.space_name}_committed_mb`] = round(mb(space.space_size), 1);
    // BENCH_HEAP_SPACES=1: every space's used and resident bytes too (committed but unused: which space holds it).
    if (process.env.BENCH_HEAP_SPACES === '1') {
      f[`${space.space_name}_used_mb`] = round(mb(space.space_used_size), 2);
      f[`${space.space_name}_physical_mb`] = round(mb(space.physical_space_size), 2);
    }
  }
  Object.assign(f, byMapping ?? {});
  // Read after the run's CPU and memory: the trace file is the bench's, not the app's.
  if (cfg.blockTrace) {
    const lag = feed.lag(parseBlockTrace(readFileSync(cfg.blockTrace, 'utf8')));
    f.feed_lag_p50_ms = round(lag.p50Ms, 1);
    f.feed_lag_p99_ms = round(lag.p99Ms, 1);
    f.backlog_growing = lag.growing ? 1 : 0;
    if (lag.samples === 0 || lag.unpaired > 0) (result.notes ??= []).push(`feed lag from ${lag.samples} heartbeats (${lag.unpaired} not in the exchange's block trace)`);
  }
  // The key_to_wire figures are the parent's (it pressed the keys); what did not reach the wire is ours.
  if (orders) {
    f.orders_refused = orders.refused;
    // Of the orders sent, how many the key thread sent on its own read of the `y` (the rest: the screen thread's).
    if (keyThread) f.orders_fired_by_key_thread = firedByKeyThread;
    f.orders_sent = orders.sent;
    if (orders.lastRefusal !== null) (result.notes ??= []).push(`an order did not reach the wire: ${orders.lastRefusal}`);
  }
  if (twapId !== null) {
    const twap = app.store.getState().algos.find((a) => a.id === twapId);
    f.twap_running = twap?.status === 'running' ? 1 : 0;
    f.twap_children = twap?.children ?? 0;
    if (twap?.status !== 'running') (result.notes ??= []).push(`the TWAP was not running at the end: ${twap?.status ?? 'gone'} (${twap?.reason ?? ''})`);
  }
  app.stop();
  return finish(result);
}

/** Which pages of a file's mappings are resident (/proc/self/pagemap bit 63), a line of 0/1 per mapping. */
function residentPagesOf(path: string): string {
  const fd = openSync('/proc/self/pagemap', 'r');
  let out = '';
  for (const line of readFileSync('/proc/self/maps', 'utf8').split('\n')) {
    if (!line.endsWith(path)) continue;
    const [range = ''] = line.split(' ');
    const [start = 0, end = 0] = range.split('-').map((h) => parseInt(h, 16));
    const pages = (end - start) / 4096;
    const buf = Buffer.alloc(pages * 8);
    readSync(fd, buf, 0, buf.length, (start / 4096) * 8);
    let bits = '';
    for (let i = 0; i < pages; i++) bits += (buf.readBigUInt64LE(i * 8) >> 63n) === 1n ? '1' : '0';
    out += `PAGES ${range} ${bits}\n`;
  }
  closeSync(fd);
  return out;
}

function busyWait(us: number): void {
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
}

/** Orders unlock once the trading socket has its snapshots (a saturated baseline may take a while). */
async function tradingLive(store: WiredApp['store']): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const t = store.getState().trading;
    if (t.enabled && t.lockReason === null) return;
    if (Date.now() > deadline) throw new Error(`orders stayed locked: ${t.lockReason ?? 'no trading client'}`);
    await sleep(50);
  }
}

function finish(result: ProbeResult): void {
  process.send?.(result, () => process.exit(0));
}

main().catch((e: unknown) => {
  process.send?.({ figures: {}, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies ProbeResult, () =>
    process.exit(1),
  );
});
