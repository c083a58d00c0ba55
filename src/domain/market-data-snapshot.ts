// The shape a market-data source hands the publisher: the session (client/) produces it, the
// publisher (state/) reads it. Declared in domain/ because both layers may import domain/ and
// neither may import the other.

import type { BookView, CandleView, ConnectionView, MarketHeaderView, MarketRef, TradeView } from './views.js';

/** How much of each slice the screen can show; the source trims to it. */
export interface SnapshotWants {
  /** Book levels per side (groups, when grouped). */
  depth: number;
  /** Ticks per book level shown (price grouping); absent or 1 = the exact levels. */
  bookGroup?: number;
  trades: number;
  candles: number;
}

export interface MarketDataStats {
  framesReceived: number;
  malformedFrames: number;
  resyncs: number;
  lastFrameAtMs: number | null;
}

export interface MarketDataSnapshot {
  /** Increments whenever anything visible changed; the publisher writes the store only when it moves. */
  version: number;
  connection: ConnectionView;
  market: MarketRef;
  header: MarketHeaderView;
  book: BookView;
  trades: TradeView[];
  candles: CandleView[];
  /** Candle resolution in seconds. */
  resolution: number;
  headBlock: number | null;
  stats: MarketDataStats;
  /**
   * The header figures of every listed market (last, 24 h change and volume, open interest, funding) from the
   * chain-wide market-state and funding streams, for the market picker; absent from sources that have none.
   */
  marketStats?: readonly MarketHeaderView[];
}
