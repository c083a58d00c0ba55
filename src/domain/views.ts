// The visible slices that the publisher copies into the store once per frame.
// Plain data, safe to compare and render; prices and sizes stay scaled integers so formatters are exact.

import type { RoundTripFigure } from './round-trip.js';

export type ConnectionHealth = 'connecting' | 'live' | 'stale' | 'resyncing' | 'disconnected';

export interface ConnectionView {
  health: ConnectionHealth;
  /** Wall-clock ms of the last server-pushed data frame, or null before any. */
  lastDataAt: number | null;
  headBlock: number | null;
  /**
   * The link's round-trip time (domain/round-trip.ts: the median of the last pings' round trips on this
   * connection, or at least the age of a ping owed too long); null until one is measured and while the link is down.
   */
  roundTrip: RoundTripFigure | null;
  /** When disconnected: ms until the next attempt. */
  retryInMs: number | null;
  /** Short reason for the current state (e.g. "heartbeat gap 12 -> 14"). */
  reason: string | null;
  /**
   * Trading socket only: the exchange refused the key (close 3401) with this reason; set until a sign-in
   * succeeds again (domain/trading/key-refused.ts says it in words).
   */
  keyRefused?: string;
}

export interface MarketRef {
  id: number;
  /** Display name: symbol || name. */
  symbol: string;
  priceDecimals: number;
  sizeDecimals: number;
}

export interface BookRowView {
  /** Scaled price. */
  price: number;
  /** Scaled size at the level. */
  size: number;
  /** Cumulative scaled size from the best price to this level. */
  total: number;
  orders: number;
}

export interface BookView {
  marketId: number;
  /** Best first (lowest ask first). */
  asks: BookRowView[];
  /** Best first (highest bid first). */
  bids: BookRowView[];
  /** Largest `total` among the visible rows of both sides (for depth bars). */
  maxTotal: number;
  /** Increments on every applied change; lets the UI skip identical frames. */
  version: number;
  /**
   * The levels as the book pane shows them when grouped by more than one tick (domain/book-grouping.ts):
   * `depth` groups per side. `asks` / `bids` above stay the exact levels (the review walks those).
   */
  grouped?: GroupedLevels;
}

export interface GroupedLevels {
  /** Ticks per group. */
  group: number;
  asks: BookRowView[];
  bids: BookRowView[];
}

/** The levels the book pane shows (and its cursor indexes): the grouped ones when grouped, else the exact ones. */
export function shownLevels(book: BookView): GroupedLevels {
  return book.grouped ?? { group: 1, asks: book.asks, bids: book.bids };
}

export interface TradeView {
  /** Stable key: block + tx + log index (or a sequence when absent). */
  key: string;
  timeMs: number;
  price: number;
  size: number;
  /** Aggressor: 1 Buy, 2 Sell. */
  side: 1 | 2;
}

export interface CandleView {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Volume in collateral units (display only). */
  volume: number;
}

/** What is held of the selected candle series beyond the shown slice: how far the chart can scroll back. */
export interface CandleHistoryView {
  /** Open times of the oldest and newest candle held, null when none. */
  oldestT: number | null;
  newestT: number | null;
  /** An older page is being fetched over REST. */
  loadingOlder: boolean;
  /** Nothing older to fetch: the exchange returned no older candle (or the series is full). */
  noOlder: boolean;
}

export const NO_CANDLE_HISTORY: CandleHistoryView = { oldestT: null, newestT: null, loadingOlder: false, noOlder: false };

export interface MarketHeaderView {
  marketId: number;
  mark: number | null;
  last: number | null;
  oracle: number | null;
  /** Percent, e.g. 1.82 for +1.82 %. */
  change24hPct: number | null;
  /** 24 h volume in collateral units (display only). */
  volume24h: number | null;
  /** Open interest notional in collateral units (display only; what the picker sorts by). */
  openInterestNotional: number | null;
  /** Open interest in the market's base units, one side (display only): what the header and picker show, with the unit. */
  openInterest?: number | null;
  /** Funding rate per interval in percent (0.004 for 40 micros). */
  fundingRatePct: number | null;
  /** Whose rate it is: the interval that settled last, or the next one (published ahead of its block). */
  fundingInterval?: 'last' | 'next' | null;
  /** Annualised funding in percent. */
  fundingAprPct: number | null;
  /** Estimated ms until the next funding event, null when unknown. */
  nextFundingInMs: number | null;
}
