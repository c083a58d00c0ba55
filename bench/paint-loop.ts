// `NODE_ENV=production node --import tsx bench/paint-loop.ts [cols]x[rows] [frames]`: the screen's own
// cost per frame, without sockets or an exchange: the app mounted as the app mounts it (mountScreen,
// the app's frame writer) on a fake terminal, a hand-driven source that changes like a busy book
// (a few levels per frame, a trade every other frame, the last candle moving), one publish per frame.
// Prints CPU ms per frame, Ink's render-to-string time and bytes per frame. Deterministic input, so two
// builds compare on the same frames; CPU time, so a loaded machine blurs it less than wall time.
// Profile it with node --cpu-prof. PERPL_FULL_REDRAW=1 measures Ink's own frame path. PAINT_LOOP_ALGOS=1: the
// Algos tab open with a TWAP running over a held position, its publisher at the app's turn (lib/algos-side.ts).

import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import type { BookRowView, CandleView, TradeView } from '../src/domain/views.js';
import { mountScreen } from '../src/terminal/render.js';
import { ManualMarketDataSource, sampleSnapshot } from '../src/state/fixtures.js';
import { Publisher } from '../src/state/publisher.js';
import { createTerminalStore } from '../src/state/store.js';
import { quantile, round } from './lib/stats.js';
import { sleep } from '../test/helpers/wait.js';
import { FrameTurn } from '../src/state/frame-turn.js';
import { startAlgosSide } from './lib/algos-side.js';

const [sizeArg = '200x50', framesArg = '400'] = process.argv.slice(2);
const [cols = 200, rows = 50] = sizeArg.split('x').map(Number);
const FRAMES = Number(framesArg);
const WARMUP = 40;

class FakeTty extends Writable {
  isTTY = true;
  bytes = 0;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super({ decodeStrings: false });
  }
  override _write(chunk: unknown, _enc: BufferEncoding, cb: (error?: Error | null) => void): void {
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
    cb();
  }
  getColorDepth(): number {
    return 8;
  }
  hasColors(): boolean {
    return true;
  }
}

class FakeStdin extends PassThrough {
  isTTY = true;
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function withTotals(levels: readonly BookRowView[]): BookRowView[] {
  let total = 0;
  return levels.map((l) => {
    total += l.size;
    return { ...l, total };
  });
}

const sample = sampleSnapshot();
const source = new ManualMarketDataSource();
const store = createTerminalStore({ network: { name: 'local', chainId: 1, isMainnet: false }, keyScope: 'none' });
const publisher = new Publisher({ store, source });
const stdout = new FakeTty(cols, rows);
const renderMs: number[] = [];
/** Resolves the wait for the frame's paint (no polling: under callgrind a 1 ms poll ran ~150 times a frame). */
let painted: (() => void) | null = null;
const instance = mountScreen({
  store,
  services: { selectMarket: () => undefined, setResolution: () => undefined, quit: () => undefined },
  stdout: stdout as unknown as NodeJS.WriteStream,
  stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
  onPaint: (ms) => {
    renderMs.push(ms);
    painted?.();
  },
});
await sleep(50);
publisher.tick();
await sleep(50);
// The app's two publishers share a turn: one paint per turn, the second one's after the input read (frame-turn.ts).
const turn = new FrameTurn();
const T0 = 1_790_000_000_000;
const algos = process.env.PAINT_LOOP_ALGOS === '1' ? startAlgosSide(store, turn, T0) : null;
await sleep(50);

const rnd = lcg(42);
let asks = [...sample.book.asks];
let bids = [...sample.book.bids];
let trades: TradeView[] = [...sample.trades];
let candles: CandleView[] = [...sample.candles];
let t = sample.trades[0]?.timeMs ?? 0;
const jiggle = (levels: BookRowView[]): BookRowView[] =>
  withTotals(levels.map((l) => (rnd() < 0.15 ? { ...l, size: Math.max(1, Math.round(l.size * (0.5 + rnd()))) } : l)));

let cpuStart = process.cpuUsage();
let bytesStart = 0;
let wallStart = performance.now();
for (let frame = 0; frame < WARMUP + FRAMES; frame++) {
  if (frame === WARMUP) {
    renderMs.length = 0;
    cpuStart = process.cpuUsage();
    bytesStart = stdout.bytes;
    wallStart = performance.now();
  }
  asks = jiggle(asks);
  bids = jiggle(bids);
  const change: Parameters<ManualMarketDataSource['update']>[0] = {
    book: { ...sample.book, asks, bids, maxTotal: Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0), version: frame },
  };
  if (frame % 2 === 0) {
    t += 250;
    const price = (bids[0]?.price ?? 0) + Math.round(rnd() * 10);
    trades = [{ key: `n${frame}`, timeMs: t, price, size: 1000 + Math.round(rnd() * 9000), side: rnd() < 0.5 ? (1 as const) : (2 as const) }, ...trades].slice(0, 60);
    const last = candles.at(-1);
    if (last) candles = [...candles.slice(0, -1), { ...last, c: price, h: Math.max(last.h, price), l: Math.min(last.l, price), volume: last.volume + 10 }];
  }
  if (frame % 240 === 239) {
    const last = candles.at(-1);
    if (last) candles = [...candles.slice(1), { t: last.t + 60_000, o: last.c, c: last.c, h: last.c, l: last.c, volume: 0 }];
  }
  source.update({ ...change, trades, candles });
  const paintedBefore = renderMs.length;
  const paint = new Promise<void>((resolve) => (painted = resolve));
  turn.run(() => publisher.tick());
  algos?.frame(frame, T0 + frame * 40);
  // Every publish paints: wait for it, then past Ink's frame throttle (maxFps) before the next.
  if (renderMs.length === paintedBefore) await paint;
  painted = null;
  await sleep(18);
}
const cpu = process.cpuUsage(cpuStart);
const wallMs = performance.now() - wallStart;
instance.unmount();
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  JSON.stringify({
    size: `${cols}x${rows}`,
    algos: algos !== null,
    loop_frames: FRAMES,
    frames: renderMs.length,
    cpu_ms_per_frame: round(cpuMs / renderMs.length, 2),
    cpu_ms_per_loop_frame: round(cpuMs / FRAMES, 2),
    ink_render_p50_ms: round(quantile(renderMs, 0.5), 2),
    ink_render_p99_ms: round(quantile(renderMs, 0.99), 2),
    bytes_per_frame: Math.round((stdout.bytes - bytesStart) / FRAMES),
    wall_s: round(wallMs / 1000, 1),
  }),
);
process.exit(0);
