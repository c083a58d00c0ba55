// Frame-pipeline meter: counts market-data frames as they arrive, notes when the store has taken them,
// and resolves each terminal frame Ink writes to the market-data frames it first shows. Feeds the perf
// overlay (rolling one-second figures) and the benchmark (every sample, when `keepSamples`).
//
// Per market-data frame the meter does O(1) work and allocates nothing: arrival times go into a ring of
// doubles (grown by doubling, only while the backlog is larger than it ever was), and the overlay's
// tick-to-screen quantiles come from a fixed 1 ms histogram. Only the benchmark's `keepSamples` pushes
// into arrays. Per terminal frame: one paint time into a fixed buffer; once a second a figures object.

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { PerfFigures } from '../../domain/perf-figures.js';

export type { PerfFigures } from '../../domain/perf-figures.js';

export interface PerfSamples {
  /** ms from the start of Ink's paint (render to string) to its last write. */
  paintMs: number[];
  /** ms from a frame's arrival on the socket to the end of the first terminal write that shows it. */
  tickToScreenMs: number[];
  frames: number;
  bytes: number;
  msgs: number;
}

export interface PerfMeterOptions {
  /** Keep every sample (benchmarks); the overlay only needs the last window. */
  keepSamples?: boolean;
  now?: () => number;
}

const WINDOW_MS = 1000;
/** Tick-to-screen histogram: 1 ms buckets; the last one holds everything slower. */
const T2S_BUCKETS = 5000;
/** Paint times kept per window (frames are capped at 60/s: never reached in a one-second window). */
const PAINT_SLOTS = 512;
const INITIAL_RING = 1024;
/** Arrivals waiting for a paint beyond this many are dropped (counted, never shown): memory stays bounded. */
const MAX_PENDING = 1 << 20;

const ZERO_FIGURES: PerfFigures = {
  fps: 0,
  paintMsP50: 0,
  paintMsP99: 0,
  tickToScreenMsP50: 0,
  tickToScreenMsP99: 0,
  bytesPerSec: 0,
  msgsPerSec: 0,
  eventLoopMsP99: 0,
};

export class PerfMeter {
  private readonly now: () => number;
  private readonly keep: boolean;
  /** Arrival times of frames not yet shown: absolute index i lives at ring[i % ring.length]. */
  private ring = new Float64Array(INITIAL_RING);
  /** Frames counted so far / taken by the store so far / shown (or dropped) so far (absolute indices). */
  private arrived = 0;
  private published = 0;
  private shown = 0;
  private paintStart: number | null = null;
  private paintUpTo = 0;
  private paintBytes = 0;
  /** The paint's own time: its render, then its writes (from the first one's start); not the turns between them. */
  private paintRenderMs = 0;
  private writeStart: number | null = null;
  private finishQueued = false;
  private lastWriteEnd = 0;
  private readonly loop: IntervalHistogram;
  private readonly finishPaintTask = (): void => {
    this.finishQueued = false;
    this.finishPaint();
  };
  readonly samples: PerfSamples = { paintMs: [], tickToScreenMs: [], frames: 0, bytes: 0, msgs: 0 };
  // Rolling window for the overlay (reused, never reallocated).
  private winStart = 0;
  private winFrames = 0;
  private winBytes = 0;
  private winMsgs = 0;
  private readonly winPaint = new Float64Array(PAINT_SLOTS);
  private winPaintCount = 0;
  private readonly winT2s = new Uint32Array(T2S_BUCKETS);
  private winT2sCount = 0;
  private winT2sMax = 0;
  private lastFigures: PerfFigures = ZERO_FIGURES;
  /** Windows closed so far: 0 until the first second has been measured. */
  windows = 0;
  /** Arrivals dropped because no paint took them (MAX_PENDING). */
  dropped = 0;

  constructor(opts: PerfMeterOptions = {}) {
    this.now = opts.now ?? (() => performance.now());
    this.keep = opts.keepSamples === true;
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.winStart = this.now();
  }

  stop(): void {
    this.loop.disable();
  }

  /** A market-data frame arrived on the socket (call before it is applied). O(1), allocation-free. */
  frameArrived(at = this.now()): void {
    if (this.arrived - this.shown >= this.ring.length) this.makeRoom();
    this.ring[this.arrived % this.ring.length] = at;
    this.arrived += 1;
    this.samples.msgs += 1;
    this.winMsgs += 1;
  }

  /** The store is about to be written from a source that has applied every frame so far. */
  publishing(): void {
    this.published = this.arrived;
  }

  /** Ink rendered a frame to a string in `renderMs` (its onRender option); writes may follow. */
  paintRendered(renderMs: number): void {
    if (this.paintStart !== null) this.finishPaint();
    this.paintStart = this.now() - renderMs;
    this.paintRenderMs = renderMs;
    this.writeStart = null;
    this.paintUpTo = this.published;
    this.paintBytes = 0;
    // Ink reports the draw before its write (in the same turn, frames/paint-yields.ts): the paint is over
    // once the task of its write ends; a paint that wrote nothing by the next one is no frame.
  }

  /** Bytes are about to be written to the terminal (call before the write). */
  writing(): void {
    if (this.paintStart !== null && this.paintBytes === 0 && this.writeStart === null) this.writeStart = this.now();
  }

  /** Bytes written to the terminal (call after the write returned). */
  wrote(bytes: number): void {
    this.samples.bytes += bytes;
    this.winBytes += bytes;
    if (this.paintStart !== null) {
      this.paintBytes += bytes;
      this.lastWriteEnd = this.now();
      if (!this.finishQueued) {
        this.finishQueued = true;
        queueMicrotask(this.finishPaintTask);
      }
    }
  }

  /** Figures of the last complete window (the overlay polls this); zeros before the first (see `windows`). */
  figures(): PerfFigures {
    this.roll();
    return this.lastFigures;
  }

  /** Clears the benchmark samples (end of warm-up). */
  resetSamples(): void {
    this.samples.paintMs = [];
    this.samples.tickToScreenMs = [];
    this.samples.frames = 0;
    this.samples.bytes = 0;
    this.samples.msgs = 0;
  }

  /** The ring is full: double it (a backlog larger than any before), or past MAX_PENDING drop the oldest. */
  private makeRoom(): void {
    const pending = this.arrived - this.shown;
    if (pending >= MAX_PENDING) {
      this.shown += 1;
      this.dropped += 1;
      if (this.published < this.shown) this.published = this.shown;
      if (this.paintUpTo < this.shown) this.paintUpTo = this.shown;
      return;
    }
    const old = this.ring;
    const next = new Float64Array(old.length * 2);
    for (let i = this.shown; i < this.arrived; i++) next[i % next.length] = old[i % old.length] ?? 0;
    this.ring = next;
  }

  /** Closes the window once it is a second old (also called per paint). */
  private roll(): void {
    const t = this.now();
    const elapsed = t - this.winStart;
    if (elapsed < WINDOW_MS) return;
    const perSec = 1000 / elapsed;
    const paints = this.winPaint.subarray(0, Math.min(this.winPaintCount, PAINT_SLOTS)).sort();
    this.lastFigures = {
      fps: this.winFrames * perSec,
      paintMsP50: sortedQuantile(paints, 0.5),
      paintMsP99: sortedQuantile(paints, 0.99),
      tickToScreenMsP50: this.t2sQuantile(0.5),
      tickToScreenMsP99: this.t2sQuantile(0.99),
      bytesPerSec: this.winBytes * perSec,
      msgsPerSec: this.winMsgs * perSec,
      eventLoopMsP99: this.loop.percentile(99) / 1e6,
    };
    this.windows += 1;
    this.loop.reset();
    this.winStart = t;
    this.winFrames = 0;
    this.winBytes = 0;
    this.winMsgs = 0;
    this.winPaintCount = 0;
    if (this.winT2sCount > 0) this.winT2s.fill(0);
    this.winT2sCount = 0;
    this.winT2sMax = 0;
  }

  /** Nearest-rank quantile of the window's tick-to-screen histogram: the bucket's middle (ms). */
  private t2sQuantile(q: number): number {
    const n = this.winT2sCount;
    if (n === 0) return 0;
    const rank = Math.min(n, Math.max(1, Math.ceil(q * n)));
    let seen = 0;
    for (let b = 0; b < T2S_BUCKETS; b++) {
      seen += this.winT2s[b] ?? 0;
      if (seen >= rank) return b === T2S_BUCKETS - 1 ? this.winT2sMax : Math.min(b + 0.5, this.winT2sMax);
    }
    return this.winT2sMax;
  }

  private finishPaint(): void {
    const start = this.paintStart;
    if (start === null) return;
    this.paintStart = null;
    this.roll();
    if (this.paintBytes === 0) return; // Ink found nothing new to write
    const end = this.lastWriteEnd;
    // Written in the task that rendered it (no writing() told): from the render's start to the write's end.
    const paint = this.paintRenderMs + end - (this.writeStart ?? start + this.paintRenderMs);
    this.samples.frames += 1;
    this.winFrames += 1;
    this.winPaint[this.winPaintCount % PAINT_SLOTS] = paint;
    this.winPaintCount += 1;
    if (this.keep) this.samples.paintMs.push(paint);
    const upTo = this.paintUpTo;
    const ring = this.ring;
    while (this.shown < upTo) {
      const t2s = end - (ring[this.shown % ring.length] ?? end);
      this.shown += 1;
      const bucket = t2s <= 0 ? 0 : t2s >= T2S_BUCKETS - 1 ? T2S_BUCKETS - 1 : Math.floor(t2s);
      this.winT2s[bucket] = (this.winT2s[bucket] ?? 0) + 1;
      this.winT2sCount += 1;
      if (t2s > this.winT2sMax) this.winT2sMax = t2s;
      if (this.keep) this.samples.tickToScreenMs.push(t2s);
    }
  }
}

function sortedQuantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** Nearest-rank quantile of unsorted samples; 0 when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}
