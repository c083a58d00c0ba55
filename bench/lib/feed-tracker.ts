// What reached the app from the exchange, and whether it falls behind. Frames are stamped with their
// block's time in whole seconds (wire.md 15: at.t), so no frame says when it left; the exchange instead
// traces when each block's heartbeat (mt 100, h = block) leaves (PERPL_SIM_BLOCK_TRACE,
// src/sim/server/block-trace.ts), and a heartbeat's lag is its arrival here minus that line, on the one
// wall clock the local processes share. A heartbeat queues in the socket behind every frame sent before
// it, so its lag is the feed's, the app's read queue included (about three a second at 300 ms blocks).
// A backlog: the lag keeps growing (the last quarter's median exceeds the first quarter's by more than
// GROWTH_MS), or it already grew during the warm-up (median above BEHIND_MS: the exchange does not drop
// frames for slow readers). Memory: two numbers per heartbeat, nothing per book frame (a soak must measure
// the app, not this).

import { epochNow } from './key-driver.js';
import { median, quantile } from './stats.js';

const HEARTBEAT_BLOCK = /"h":(\d+)/;
const GROWTH_MS = 100;
const BEHIND_MS = 1000;
/** Fewer heartbeats than this (two per quarter) tell no trend. */
const MIN_TREND_SAMPLES = 8;

/** One heartbeat: when it left the exchange (epoch ms) and how long it took to reach the app. */
export interface LagSample {
  sentMs: number;
  lagMs: number;
}

export interface FeedLag {
  p50Ms: number;
  p99Ms: number;
  growing: boolean;
  samples: number;
  /** Heartbeats that arrived but have no line in the trace (a trace from another exchange, or none). */
  unpaired: number;
}

export class FeedTracker {
  private blocks: number[] = [];
  private arrivals: number[] = [];
  bookUpdates = 0;
  trades = 0;

  constructor(private readonly now: () => number = epochNow) {}

  frame(text: string): void {
    if (text.startsWith('{"mt":16,')) this.bookUpdates += 1;
    else if (text.startsWith('{"mt":18,')) this.trades += text.split('"sd":').length - 1;
    else if (text.startsWith('{"mt":100,')) {
      const m = HEARTBEAT_BLOCK.exec(text);
      if (m?.[1]) {
        this.blocks.push(Number(m[1]));
        this.arrivals.push(this.now());
      }
    }
  }

  reset(): void {
    this.blocks = [];
    this.arrivals = [];
    this.bookUpdates = 0;
    this.trades = 0;
  }

  /** The heartbeats since the reset against the exchange's trace (block -> epoch ms sent). */
  lag(sent: ReadonlyMap<number, number>): FeedLag {
    const samples: LagSample[] = [];
    this.blocks.forEach((block, i) => {
      const sentMs = sent.get(block);
      if (sentMs !== undefined) samples.push({ sentMs, lagMs: this.arrivals[i]! - sentMs });
    });
    return { ...feedLag(samples), unpaired: this.blocks.length - samples.length };
  }
}

/** p99 of the lags, and whether they grow over the run (quarters in send order: heartbeats leave evenly spaced). */
export function feedLag(samples: readonly LagSample[]): Omit<FeedLag, 'unpaired'> {
  const lags = [...samples].sort((a, b) => a.sentMs - b.sentMs).map((s) => s.lagMs);
  const n = lags.length;
  const q = Math.floor(n / 4);
  const behind = n > 0 && median(lags) > BEHIND_MS;
  const grows = n >= MIN_TREND_SAMPLES && median(lags.slice(n - q)) - median(lags.slice(0, q)) > GROWTH_MS;
  const growing = behind || grows;
  return { p50Ms: quantile(lags, 0.5), p99Ms: quantile(lags, 0.99), growing, samples: n };
}
