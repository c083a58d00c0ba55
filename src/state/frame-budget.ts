// Adaptive publish rate: a frame costs React, layout, Ink's paint and the terminal write, whatever
// changed (a few ms of CPU at 200x50 on the bench VM; read as CPU time, publisher.ts, so a busy machine's
// preemption is no cost). Publishing faster than the
// machine can draw only burns CPU and lets frames queue behind each other (tick-to-screen grows), so
// the rate follows the measured frame cost to stay within a share of one core: fewer, timely frames.

import type { Publisher } from './publisher.js';

export interface FrameBudgetOptions {
  /** Highest publish rate (the configured rate, e.g. 20 Hz). */
  maxHz: number;
  /** Lowest rate the screen may fall to, so it still looks live (default 4 Hz). */
  minHz?: number;
  /** Share of one core that painting may use (default 0.4). */
  cpuShare?: number;
}

export class FrameBudget {
  private readonly maxHz: number;
  private readonly minHz: number;
  private readonly cpuShare: number;
  private averageMs: number | null = null;

  constructor(options: FrameBudgetOptions) {
    this.maxHz = options.maxHz;
    this.minHz = Math.min(options.minHz ?? 4, options.maxHz);
    this.cpuShare = options.cpuShare ?? 0.4;
  }

  /** Feeds one measured paint time (ms). Exponential average: one slow frame does not halve the rate. */
  record(paintMs: number): void {
    if (!Number.isFinite(paintMs) || paintMs < 0) return;
    this.averageMs = this.averageMs === null ? paintMs : this.averageMs * 0.9 + paintMs * 0.1;
  }

  get averagePaintMs(): number | null {
    return this.averageMs;
  }

  /** The rate that keeps painting within the budget, between minHz and maxHz. */
  suggestedHz(): number {
    if (this.averageMs === null || this.averageMs <= 0) return this.maxHz;
    const affordable = Math.floor((this.cpuShare * 1000) / this.averageMs);
    return Math.max(this.minHz, Math.min(this.maxHz, affordable));
  }
}

export interface AdaptiveRate {
  budget: FrameBudget;
  stop(): void;
}

/**
 * The app's adaptive rate: every frame's cost (Publisher#onFrameCost) feeds a FrameBudget, and once a
 * second the publisher takes its suggestion. The app and the benchmark both run exactly this. Frames
 * of the first `warmupMs` are not counted: code not yet optimised makes them several times dearer than
 * later ones, and a rate lowered for them would delay the very frames that show the first live screen.
 */
export function adaptPublishRate(
  publisher: Pick<Publisher, 'setHz' | 'onFrameCost'>,
  maxHz: number,
  opts: { everyMs?: number; warmupMs?: number; now?: () => number } = {},
): AdaptiveRate {
  const { everyMs = 1_000, warmupMs = 3_000, now = () => performance.now() } = opts;
  const budget = new FrameBudget({ maxHz });
  const countFrom = now() + warmupMs;
  publisher.onFrameCost = (ms) => {
    if (now() >= countFrom) budget.record(ms);
  };
  const timer = setInterval(() => publisher.setHz(budget.suggestedHz()), everyMs);
  timer.unref?.();
  return {
    budget,
    stop: () => {
      clearInterval(timer);
      publisher.onFrameCost = null;
    },
  };
}
