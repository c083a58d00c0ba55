// Frame-pipeline meter: counts market-data frames as they arrive, notes when the store has taken them,
// and resolves each terminal frame Ink writes to the market-data frames it first shows. Feeds the perf
// overlay (rolling one-second figures) and the benchmark (every sample, when `keepSamples`).

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** What the overlay shows; plain numbers so ui/ can take it without importing app/. */
export interface PerfFigures {
  fps: number;
  paintMsP50: number;
  paintMsP99: number;
  tickToScreenMsP50: number;
  tickToScreenMsP99: number;
  bytesPerSec: number;
  msgsPerSec: number;
  eventLoopMsP99: number;
}

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

export class PerfMeter {
  private readonly now: () => number;
  private readonly keep: boolean;
  /** Arrival times of frames not yet shown, oldest first (a queue with a moving head). */
  private arrivals: number[] = [];
  private head = 0;
  /** Frames counted so far / taken by the store so far / shown so far (absolute indices). */
  private arrived = 0;
  private published = 0;
  private shown = 0;
  private paintStart: number | null = null;
  private paintUpTo = 0;
  private paintBytes = 0;
  private lastWriteEnd = 0;
  private readonly loop: IntervalHistogram;
  readonly samples: PerfSamples = { paintMs: [], tickToScreenMs: [], frames: 0, bytes: 0, msgs: 0 };
  // Rolling window for the overlay.
  private win = { start: 0, frames: 0, bytes: 0, msgs: 0, paint: [] as number[], t2s: [] as number[] };
  private lastFigures: PerfFigures = {
    fps: 0,
    paintMsP50: 0,
    paintMsP99: 0,
    tickToScreenMsP50: 0,
    tickToScreenMsP99: 0,
    bytesPerSec: 0,
    msgsPerSec: 0,
    eventLoopMsP99: 0,
  };

  constructor(opts: PerfMeterOptions = {}) {
    this.now = opts.now ?? (() => performance.now());
    this.keep = opts.keepSamples === true;
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.win.start = this.now();
  }

  stop(): void {
    this.loop.disable();
  }

  /** A market-data frame arrived on the socket (call before it is applied). */
  frameArrived(at = this.now()): void {
    this.arrivals.push(at);
    this.arrived += 1;
    this.samples.msgs += 1;
    this.win.msgs += 1;
  }

  /** The store is about to be written from a source that has applied every frame so far. */
  publishing(): void {
    this.published = this.arrived;
  }

  /** Ink rendered a frame to a string in `renderMs` (its onRender option); writes may follow. */
  paintRendered(renderMs: number): void {
    if (this.paintStart !== null) this.finishPaint();
    this.paintStart = this.now() - renderMs;
    this.paintUpTo = this.published;
    this.paintBytes = 0;
    // Ink writes the frame synchronously after onRender: the paint is over once this task ends.
    queueMicrotask(() => this.finishPaint());
  }

  /** Bytes written to the terminal (call after the write returned). */
  wrote(bytes: number): void {
    this.samples.bytes += bytes;
    this.win.bytes += bytes;
    if (this.paintStart !== null) {
      this.paintBytes += bytes;
      this.lastWriteEnd = this.now();
    }
  }

  /** Figures of the last complete window (the overlay polls this). */
  figures(): PerfFigures {
    this.roll();
    return this.lastFigures;
  }

  /** Closes the window once it is a second old (also called per paint, so it never grows unbounded). */
  private roll(): void {
    const t = this.now();
    const elapsed = t - this.win.start;
    if (elapsed >= WINDOW_MS) {
      const w = this.win;
      const perSec = 1000 / elapsed;
      this.lastFigures = {
        fps: w.frames * perSec,
        paintMsP50: quantile(w.paint, 0.5),
        paintMsP99: quantile(w.paint, 0.99),
        tickToScreenMsP50: quantile(w.t2s, 0.5),
        tickToScreenMsP99: quantile(w.t2s, 0.99),
        bytesPerSec: w.bytes * perSec,
        msgsPerSec: w.msgs * perSec,
        eventLoopMsP99: this.loop.percentile(99) / 1e6,
      };
      this.loop.reset();
      this.win = { start: t, frames: 0, bytes: 0, msgs: 0, paint: [], t2s: [] };
    }
  }

  /** Clears the benchmark samples (end of warm-up). */
  resetSamples(): void {
    this.samples.paintMs = [];
    this.samples.tickToScreenMs = [];
    this.samples.frames = 0;
    this.samples.bytes = 0;
    this.samples.msgs = 0;
  }

  private finishPaint(): void {
    const start = this.paintStart;
    if (start === null) return;
    this.paintStart = null;
    this.roll();
    if (this.paintBytes === 0) return; // Ink found nothing new to write
    const end = this.lastWriteEnd;
    const paint = end - start;
    this.samples.frames += 1;
    this.win.frames += 1;
    this.win.paint.push(paint);
    if (this.keep) this.samples.paintMs.push(paint);
    const upTo = this.paintUpTo;
    while (this.shown < upTo) {
      const arrivedAt = this.arrivals[this.head++] ?? end;
      this.shown += 1;
      const t2s = end - arrivedAt;
      this.win.t2s.push(t2s);
      if (this.keep) this.samples.tickToScreenMs.push(t2s);
    }
    // Drop the consumed head now and then, so the queue does not grow without bound.
    if (this.head > 4096) {
      this.arrivals = this.arrivals.slice(this.head);
      this.head = 0;
    }
  }
}

/** Nearest-rank quantile of unsorted samples; 0 when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}
