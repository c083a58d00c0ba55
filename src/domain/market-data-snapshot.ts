// The shape a market-data source hands the publisher: the session (client/) produces it, the
// publisher (state/) reads it. Declared in domain/ because both layers may import domain/ and
// neither may import the other.

import type { PriceVolumeView } from './price-volume.js';
import type { BookView, CandleHistoryView, CandleView, ConnectionView, MarketHeaderView, MarketRef, TradeView } from './views.js';

/** How much of each slice the screen can show; the source trims to it. */
export interface SnapshotWants {
  /** Book levels per side (groups, when grouped). */
  depth: number;
  /** Ticks per book level shown (price grouping); absent or 1 = the exact levels. */
  bookGroup?: number;
  trades: number;
  candles: number;
  /** Open time of the newest candle the chart shows while scrolled back; null or absent = the newest (live). */
  candlesEndT?: number | null;
  /** The volume traded per price over the last minutes (the DOM ladder open); absent or false = none. */
  priceVolume?: boolean;
}

/** Same slices asked for (absent bookGroup = 1, absent candlesEndT = null = the newest). */
export function sameWants(a: SnapshotWants, b: SnapshotWants): boolean {
  return a.depth === b.depth && (a.bookGroup ?? 1) === (b.bookGroup ?? 1) && a.trades === b.trades && a.candles === b.candles && (a.candlesEndT ?? null) === (b.candlesEndT ?? null) && (a.priceVolume ?? false) === (b.priceVolume ?? false);
}

/** A live book with levels: what the screen's first live frame is drawn from (a snapshot, or the store holding one). */
export function showsLiveBook(s: { connection: ConnectionView; book: BookView | null }): boolean {
  return s.connection.health === 'live' && s.book !== null && (s.book.bids.length > 0 || s.book.asks.length > 0);
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
  /** Asked for (wants.priceVolume) and held by the source: the volume per price of the last minutes. */
  priceVolume?: PriceVolumeView;
  candles: CandleView[];
  /** How far the held candles reach (absent: a source that holds only what it hands over). */
  candleHistory?: CandleHistoryView;
  /** Candle resolution in seconds. */
  resolution: number;
  headBlock: number | null;
  /** The block time measured from heartbeats (ms, whole); absent from sources that measure none. */
  msPerBlock?: number;
  stats: MarketDataStats;
  /**
   * The header figures of every listed market (last, 24 h change and volume, open interest, funding) from the
   * chain-wide market-state and funding streams, for the market picker; absent from sources that have none.
   */
  marketStats?: readonly MarketHeaderView[];
}
