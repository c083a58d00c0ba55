// Net PnL over a period: a round trip counts on the day it closed; an open one counts what it has already
// realized (fees, funding, partial closes), which is money gone whatever the price does next.

import type { RoundTrip } from './round-trip.js';

/** Sum of net PnL of the trips closed in [fromMs, toMs). */
export function closedNetBetween(trips: readonly RoundTrip[], fromMs: number, toMs: number): bigint {
  let sum = 0n;
  for (const t of trips) if (t.closedAt !== null && t.closedAt.ms >= fromMs && t.closedAt.ms < toMs) sum += t.netPnl;
  return sum;
}

/**
 * The day's realized net (for the daily loss guard): trips closed since `dayStartMs`, plus what the open
 * ones realized so far (their gross from partial closes, funding, fees). Add the open positions' uPnL at the
 * mark for the whole day's result.
 */
export function dayRealizedNet(trips: readonly RoundTrip[], dayStartMs: number): bigint {
  let sum = closedNetBetween(trips, dayStartMs, Number.POSITIVE_INFINITY);
  for (const t of trips) if (t.closedAt === null) sum += t.netPnl;
  return sum;
}
