// Low-bandwidth profile: the chart and the trades tape are the panes that repaint most rows for the
// least news (every trade moves the last candle and scrolls the whole tape). The publisher passes them
// through this gate, which shows a new copy at most once per interval, and at once when a new candle
// opens or the market, timeframe or pane size changed. The book and the header stay at the frame rate.

import type { CandleView, TradeView } from '../domain/views.js';

export interface SlowSlices {
  candles: CandleView[];
  trades: TradeView[];
}

export interface SlowSliceInput extends SlowSlices {
  marketId: number;
  resolution: number;
}

interface Shown extends SlowSliceInput {
  atMs: number;
}

function lastOpen(candles: readonly CandleView[]): number | null {
  return candles.at(-1)?.t ?? null;
}

export class SlowSliceGate {
  private shown: Shown | null = null;
  private held = false;

  constructor(private readonly intervalMs: number) {
    if (!(intervalMs > 0)) throw new RangeError(`slow pane interval ${intervalMs} ms is out of range`);
  }

  /**
   * The slices to publish now: `next` when it is due, else the copy already shown. `resized` forces
   * `next` (the pane's row count changed, the old copy may not fill it).
   */
  pass(next: SlowSliceInput, nowMs: number, resized = false): SlowSlices {
    const shown = this.shown;
    const due =
      shown === null ||
      resized ||
      shown.marketId !== next.marketId ||
      shown.resolution !== next.resolution ||
      lastOpen(shown.candles) !== lastOpen(next.candles) ||
      nowMs - shown.atMs >= this.intervalMs;
    if (due) {
      this.shown = { ...next, atMs: nowMs };
      this.held = false;
      return { candles: next.candles, trades: next.trades };
    }
    this.held = true;
    return { candles: shown.candles, trades: shown.trades };
  }

  /** When a held-back copy becomes due (epoch ms), or null when nothing is held. */
  dueAtMs(): number | null {
    return this.held && this.shown ? this.shown.atMs + this.intervalMs : null;
  }
}
