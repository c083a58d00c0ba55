// Copies the visible slice of a market-data source into the store at frame rate. Sockets may change
// the source a thousand times a second; the store (and so React and Yoga) sees at most one write per frame
// interval, and none when nothing changed. A change is published as soon as a frame is due (one interval
// after the last write), not at the next beat of a fixed clock: after a quiet spell the first frame shows
// at once instead of waiting up to a whole interval. Without change cues the source is polled each interval,
// which also catches what time alone moves (countdowns, staleness). Until a live book has been published
// (at start, for a new source) a change is published at once: the first live frame waits for that book.

import { NO_CANDLE_HISTORY, type CandleHistoryView, type CandleView } from '../domain/views.js';
import type { FrameTurn } from './frame-turn.js';
import { SlowSliceGate } from './slow-slices.js';
import type { MarketDataSource, SnapshotWants } from './snapshot.js';
import { sameWants, showsLiveBook } from '../domain/market-data-snapshot.js';
import { NO_PRICE_VOLUME } from '../domain/price-volume.js';
import type { TerminalStore } from './store.js';
import { markStart, startTraceOn } from '../lib/start-trace.js';

/**
 * 27 frames a second at most: a tick waits at most 37 ms for its frame. At 2,000 book updates/s, Node 20,
 * quiet, medians of three: tick to screen p99 45.1 -> 40.6 ms for +0.5 CPU points (book) against 25 Hz;
 * 20 Hz left 54 ms. The frame budget lowers it when painting is slow.
 */
export const DEFAULT_PUBLISH_HZ = 27;

export interface PublisherOptions {
  store: TerminalStore;
  source?: MarketDataSource | null;
  /** Ticks per second (default DEFAULT_PUBLISH_HZ). Keep it below Ink's maxFps. */
  hz?: number;
  now?: () => number;
  /** Low-bandwidth: the chart and the tape are republished at most this often (ms); see slow-slices.ts. */
  slowPaneMs?: number;
  /** Shared with the other publishers: one paint per event-loop turn, input read between (frame-turn.ts). */
  turn?: FrameTurn;
  /** The clock a frame's cost is read on (ms); default this process's CPU time (screenThreadCpuMs). */
  frameClock?: () => number;
}

/** This thread's CPU time where Node has it, else the process's. */
const threadCpuUsage: () => NodeJS.CpuUsage =
  typeof (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage === 'function'
    ? () => (process as unknown as { threadCpuUsage: () => NodeJS.CpuUsage }).threadCpuUsage()
    : () => process.cpuUsage();

/**
 * The screen thread's CPU time in ms. A frame's cost is read on it, not on the wall: on a busy machine a
 * frame the scheduler preempted took hundreds of ms of wall time for 2 of CPU, and the budget
 * (frame-budget.ts) then cut the rate to 4 Hz for seconds (seen at load 12). What the budget caps is a
 * share of a core. The thread's own where Node has it (22.19+, 24): the process's also counts the
 * in-process exchange's worker and V8's GC threads running on the other core meanwhile.
 */
export function screenThreadCpuMs(): number {
  const { user, system } = threadCpuUsage();
  return (user + system) / 1000;
}

/** A source that says nothing of its history holds exactly what it handed over. */
function candleHistoryOf(candles: readonly CandleView[]): CandleHistoryView {
  return { ...NO_CANDLE_HISTORY, oldestT: candles[0]?.t ?? null, newestT: candles.at(-1)?.t ?? null, noOlder: true };
}

/**
 * Publishes that may skip the interval while no live book is shown yet: the handshake's few changes before
 * the first levels. Bounded, so a market whose book stays empty is published at the frame rate like any other.
 */
export const RUSHED_PUBLISHES = 16;

export class Publisher {
  private readonly store: TerminalStore;
  private source: MarketDataSource | null;
  private intervalMs: number;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending timer fires (ms, `now`'s clock); Infinity when none is pending. */
  private timerAt = Number.POSITIVE_INFINITY;
  private running = false;
  /** The start trace is on (read once): the per-publish checks for its steps run only then. */
  private readonly traceStart = startTraceOn();
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private lastCheckAt = Number.NEGATIVE_INFINITY;
  private unsubscribe: (() => void)[] = [];
  private lastVersion = -1;
  private lastWants: SnapshotWants | null = null;
  /** Publishes left that skip the interval (RUSHED_PUBLISHES); 0 once a live book was published. */
  private rushLeft = RUSHED_PUBLISHES;
  private readonly slowGate: SlowSliceGate | null;
  private readonly turn: FrameTurn | null;
  private readonly frameClock: () => number;
  /**
   * Called with the CPU time (ms, `frameClock`) from each store write to the end of the work it queued:
   * React's render and commit and Ink's layout run in microtasks the write queues, so a microtask queued
   * after the write sees them done (the draw follows a turn later, frames/paint-yields.ts). The adaptive
   * rate reads it (frame-budget.ts).
   */
  onFrameCost: ((ms: number) => void) | null = null;

  constructor(options: PublisherOptions) {
    this.store = options.store;
    this.source = options.source ?? null;
    const hz = options.hz ?? DEFAULT_PUBLISH_HZ;
    if (!(hz > 0 && hz <= 1000)) throw new RangeError(`publish rate ${hz} Hz is out of range`);
    this.intervalMs = Math.round(1000 / hz);
    this.now = options.now ?? Date.now;
    this.slowGate = options.slowPaneMs === undefined ? null : new SlowSliceGate(options.slowPaneMs);
    this.turn = options.turn ?? null;
    this.frameClock = options.frameClock ?? screenThreadCpuMs;
  }

  /** Swaps the source (e.g. once the context has loaded); the next tick publishes unconditionally. */
  setSource(source: MarketDataSource | null): void {
    this.source = source;
    this.lastVersion = -1;
    this.lastWants = null;
    this.rushLeft = RUSHED_PUBLISHES;
    if (this.running) {
      this.listen();
      this.scheduleAt(this.now());
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.listen();
    this.run();
  }

  /** Change cues: the source's frames, and the layout asking for other sizes (or the chart scrolling). */
  private listen(): void {
    for (const off of this.unsubscribe) off();
    const onChange = (): void => this.changed();
    this.unsubscribe = [
      this.store.subscribe((state, previous) => {
        if (state.wants !== previous.wants || state.chart.endT !== previous.chart.endT) onChange();
      }),
      ...(this.source?.onChange ? [this.source.onChange(onChange)] : []),
    ];
  }

  /**
   * Something changed: publish when the next frame is due (at once if the last write is an interval old,
   * or while no live book is shown yet).
   */
  private changed(): void {
    this.scheduleAt(this.rushLeft > 0 ? this.now() : this.lastWriteAt + this.intervalMs);
  }

  private readonly run = (): void => {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (!this.running) return;
    this.lastCheckAt = this.now();
    if (this.turn) this.turn.run(() => this.running && this.tick());
    else this.tick();
    this.scheduleAt(this.lastCheckAt + this.intervalMs);
    const heldDueAt = this.slowGate?.dueAtMs() ?? null;
    if (heldDueAt !== null) this.scheduleAt(heldDueAt);
  };

  /** Keeps the earliest wanted run: a later request never delays one already due sooner. */
  private scheduleAt(at: number): void {
    if (!this.running || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.run, Math.max(0, at - this.now()));
    // The publisher alone must never keep the process alive after quit.
    this.timer.unref?.();
  }

  /** Changes the tick rate (adaptive frame rate); a running publisher continues at the new rate. */
  setHz(hz: number): void {
    if (!(hz > 0 && hz <= 1000)) throw new RangeError(`publish rate ${hz} Hz is out of range`);
    const intervalMs = Math.round(1000 / hz);
    if (intervalMs === this.intervalMs) return;
    this.intervalMs = intervalMs;
    if (this.running) {
      // The pending poll was planned at the old rate: plan it again from the last check.
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.scheduleAt(Math.max(this.lastCheckAt + intervalMs, this.lastWriteAt + intervalMs));
    }
  }

  get hz(): number {
    return Math.round(1000 / this.intervalMs);
  }

  stop(): void {
    this.running = false;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** Publishes now if the source's version or the wanted sizes moved. Returns true when it wrote. */
  tick(): boolean {
    const source = this.source;
    if (!source) return false;
    const state = this.store.getState();
    // The chart scrolled back asks for the candles ending where it looks (state/chart-view.ts).
    const wants = { ...state.wants, candlesEndT: state.chart.endT };
    const snapshot = source.snapshot(wants);
    const wantsMoved = !this.lastWants || !sameWants(this.lastWants, wants);
    const now = this.now();
    const heldDueAt = this.slowGate?.dueAtMs() ?? null;
    const heldIsDue = heldDueAt !== null && now >= heldDueAt;
    if (snapshot.version === this.lastVersion && !wantsMoved && !heldIsDue) return false;
    this.lastVersion = snapshot.version;
    this.lastWants = { ...wants };
    const slow = this.slowGate
      ? this.slowGate.pass(
          { candles: snapshot.candles, trades: snapshot.trades, marketId: snapshot.market.id, resolution: snapshot.resolution },
          now,
          wantsMoved,
        )
      : snapshot;
    const onFrameCost = this.onFrameCost;
    const costFrom = onFrameCost ? this.frameClock() : 0;
    this.lastWriteAt = now;
    if (this.rushLeft > 0) this.rushLeft = showsLiveBook(snapshot) ? 0 : this.rushLeft - 1;
    if (this.traceStart) {
      if ((snapshot.book?.bids.length ?? 0) > 0 && (state.book?.bids.length ?? 0) === 0) markStart('first-levels-published');
      if (snapshot.connection.health === 'live' && state.connection.health !== 'live') markStart('live-published');
    }
    this.store.setState({
      dataVersion: snapshot.version,
      publishes: state.publishes + 1,
      publishedAtMs: now,
      connection: snapshot.connection,
      market: snapshot.market,
      header: snapshot.header,
      book: snapshot.book,
      trades: slow.trades,
      priceVolume: snapshot.priceVolume ?? NO_PRICE_VOLUME,
      candles: slow.candles,
      candleHistory: snapshot.candleHistory ?? candleHistoryOf(slow.candles),
      resolution: snapshot.resolution,
      headBlock: snapshot.headBlock,
      ...(snapshot.msPerBlock !== undefined && snapshot.msPerBlock !== state.msPerBlock ? { msPerBlock: snapshot.msPerBlock } : {}),
      ...(snapshot.marketStats ? { marketStats: snapshot.marketStats } : {}),
      ...(snapshot.stats.malformedFrames !== state.badFrames.marketData ? { badFrames: { ...state.badFrames, marketData: snapshot.stats.malformedFrames } } : {}),
    });
    if (onFrameCost) queueMicrotask(() => onFrameCost(this.frameClock() - costFrom));
    return true;
  }
}
