// The shape snapshot() returns. Identical to state/snapshot.ts's MarketDataSnapshot (the publisher's
// contract) but declared here, because client/ may not import state/; a type test keeps them equal.

import type { BookView, CandleView, ConnectionView, MarketHeaderView, MarketRef, TradeView } from '../../domain/views.js';

export interface SnapshotWants {
  /** Book levels per side. */
  depth: number;
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
  /** Increments whenever anything visible changed. */
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
}
