// R multiple of a round trip: its net PnL over the risk the trader set with the first stop-loss linked to
// its position (`lp`) while it was open. Risk = |average entry - stop| x the trip's size, in collateral
// atoms; no stop, an entry not known (opened before the read) or no risk: no R.

import { absBigint } from '../../lib/bigint-math.js';
import { formatScaled } from '../../protocol/scaling.js';
import { compareStamps, type LedgerStop } from './ledger-inputs.js';
import type { RoundTrip } from './round-trip.js';

/** Sets `stop` on each trip that had one (trips are changed in place: they are the fold's own). */
export function attachStops(trips: readonly RoundTrip[], stops: readonly LedgerStop[], notionalScale: (marketId: number) => bigint): void {
  for (const trip of trips) {
    if (trip.positionId === undefined || trip.openedBeforeRead || trip.entrySize <= 0) continue;
    const long = trip.side === 'long';
    const stop = stops.find(
      (s) => s.pid === trip.positionId && s.long === long && compareStamps(s.at, trip.openedAt) >= 0 && (trip.closedAt === null || compareStamps(s.at, trip.closedAt) <= 0),
    );
    if (!stop) continue;
    // |entryPriceSize / entrySize - stop| x maxSize, exact until the one division (truncated).
    const distance = absBigint(trip.entryPriceSize - BigInt(stop.price) * BigInt(trip.entrySize));
    const riskAtoms = (distance * BigInt(trip.maxSize) * notionalScale(trip.marketId)) / BigInt(trip.entrySize);
    trip.stop = { price: stop.price, riskAtoms };
  }
}

/** R to two decimals ("1.50", "-1.00"), rounded half away from zero; null without a stop or risk. */
export function rMultipleText(trip: RoundTrip): string | null {
  const risk = trip.stop?.riskAtoms ?? 0n;
  if (risk <= 0n) return null;
  const scaled = trip.netPnl * 100n;
  const hundredths = (absBigint(scaled) * 2n + risk) / (2n * risk);
  return formatScaled(scaled < 0n ? -hundredths : hundredths, 2);
}
