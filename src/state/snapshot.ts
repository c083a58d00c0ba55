// What the publisher reads from a market-data source. The client's MarketDataSession satisfies
// MarketDataSource structurally, so state/ never imports client/.

import type {
  BookView,
  CandleView,
  ConnectionView,
  MarketHeaderView,
  MarketRef,
  TradeView,
} from '../domain/views.js';

/** How much of each slice the screen can show; the source trims to it. */
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
}

export interface MarketDataSource {
  snapshot(wants: SnapshotWants): MarketDataSnapshot;
}
