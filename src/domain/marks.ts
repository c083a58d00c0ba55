// Marks of every market, and THE rule for when a mark may be used as current. The market-data session
// (client/) feeds it from mt 9; the trading publisher (positions, account) and the order engine's
// reference price (app/ wiring) read it; nothing else decides whether a mark is current.
//
// A mark is LIVE when all three hold:
//   1. connection: the market-data socket is open;
//   2. continuity: the mark arrived on this connection and after the last resync (a reconnect or a resync
//      drops everything the feed knew: what changed while we were away is unknown, wire.md 7.3);
//   3. liveness: the feed delivered data (any frame: a heartbeat every block) within half the stall window,
//      the same threshold at which the status bar turns 'stale'.
// The mark's own age is NOT part of the rule: mt 9 carries only the markets that changed, so a quiet
// market can go >10 s without a frame while the feed is healthy (wire.md 7.3); the heartbeat proves the
// feed is live, and an unchanged mark on a live feed is the current mark.
// A mark seen before but failing 1-3 is STALE (its price is kept, to be shown as such, never as current);
// a market whose mark was never seen is UNKNOWN.

/** One market's mark with its freshness, as the rule above reads it. */
export type MarkReading =
  | { state: 'live'; price: number; block: number | null; timeMs: number | null }
  | { state: 'stale'; price: number; block: number | null; timeMs: number | null; reason: string }
  | { state: 'unknown'; reason: string };

export type MarkState = MarkReading['state'];

/** Where marks come from (the market-data session). */
export interface MarkSource {
  /** The mark of `marketId` now. */
  readMark(marketId: number): MarkReading;
  /** The last trade price of `marketId` as the feed reports it while its mark is live; null otherwise (absent: never known). */
  lastTradePrice?(marketId: number): number | null;
  /** The best bid and ask of `marketId` while its book is followed and live; nulls otherwise (absent: no book). */
  bookTop?(marketId: number): { bid: number | null; ask: number | null };
}

/** A mark as it was received: price, the block/time it is as of, and the feed generation it arrived in. */
export interface SeenMark {
  price: number;
  block: number | null;
  timeMs: number | null;
  /** Bumped by every reconnect and resync: a mark from an older generation failed rule 2. */
  generation: number;
}

/** What the rule needs of the feed. */
export interface MarkFeedInputs {
  socketOpen: boolean;
  /** The feed's current generation (see SeenMark). */
  generation: number;
  /** Why the socket is not open, or why the last resync happened (for the reason text). */
  reason: string | null;
  /** Ms since the last data frame; null before any on this connection. */
  silentMs: number | null;
  /** The stall window: no frame for this long reconnects; half of it is not live. */
  stallMs: number;
}

/** Why the feed cannot vouch for marks right now (rules 1 and 3), or null when it can. */
export function feedProblem(feed: MarkFeedInputs): string | null {
  if (!feed.socketOpen) return `market data ${feed.reason ? `down: ${feed.reason}` : 'not connected'}`;
  if (feed.silentMs === null) return 'no market data yet';
  if (feed.silentMs > feed.stallMs / 2) return `no market data for ${(feed.silentMs / 1000).toFixed(1)} s`;
  return null;
}

/** The rule (see the top of this file). */
export function readSeenMark(seen: SeenMark | undefined, feed: MarkFeedInputs): MarkReading {
  if (!seen) return { state: 'unknown', reason: feedProblem(feed) ?? 'no mark received yet' };
  const base = { price: seen.price, block: seen.block, timeMs: seen.timeMs };
  const problem = feedProblem(feed);
  if (problem !== null) return { state: 'stale', ...base, reason: problem };
  if (seen.generation !== feed.generation) {
    return { state: 'stale', ...base, reason: `market data resynced${feed.reason ? ` (${feed.reason})` : ''}; no new mark yet` };
  }
  return { state: 'live', ...base };
}

/** The price to use as current: only a live mark has one. */
export function livePrice(reading: MarkReading): number | null {
  return reading.state === 'live' ? reading.price : null;
}

/** The last price known, live or stale (shown marked as stale by the caller), null when unknown. */
export function lastKnownPrice(reading: MarkReading): number | null {
  return reading.state === 'unknown' ? null : reading.price;
}

/** A source that knows no mark (replays without market data, tests). */
export const NO_MARKS: MarkSource = { readMark: () => ({ state: 'unknown', reason: 'no market data' }) };
