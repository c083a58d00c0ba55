// What the account panel shows of the guards: each limit set and what is left of it. Amounts are atom
// strings (the store holds no bigint); null fields are limits not set.

import type { Market, Position } from '../../protocol/frames.js';
import { lastKnownPrice, type MarkReading } from '../marks.js';
import { dailyLossStatus } from './daily-loss.js';
import { dayStartText } from './day-start.js';
import { anyGuard, type GuardLimits } from './guard-limits.js';
import { notionalIn } from './guarded-order.js';

export interface GuardStatusView {
  maxOrderNotional: string | null;
  maxPositionNotional: string | null;
  /** The largest position's notional at its mark (what maxPositionNotional is nearest to), null when none or unknown. */
  largestPosition: { marketId: number; notional: string } | null;
  dailyLoss: { limit: string; loss: string | null; left: string | null; reached: boolean; onReach: 'refuse' | 'flatten' } | null;
  dayStart: string;
}

export function guardStatusView(
  limits: GuardLimits,
  net: bigint | null,
  positions: Iterable<Position>,
  markets: readonly Market[],
  markOf: (marketId: number) => MarkReading,
): GuardStatusView | null {
  if (!anyGuard(limits)) return null;
  let largest: GuardStatusView['largestPosition'] = null;
  if (limits.maxPositionNotional !== null) {
    for (const p of positions) {
      const mark = lastKnownPrice(markOf(p.mkt));
      const n = notionalIn(markets.find((m) => m.id === p.mkt), mark !== null ? BigInt(mark) : null, BigInt(p.s));
      if (n !== null && (largest === null || n > BigInt(largest.notional))) largest = { marketId: p.mkt, notional: n.toString() };
    }
  }
  const loss = limits.maxDailyLoss !== null ? dailyLossStatus(limits.maxDailyLoss, net) : null;
  return {
    maxOrderNotional: limits.maxOrderNotional?.toString() ?? null,
    maxPositionNotional: limits.maxPositionNotional?.toString() ?? null,
    largestPosition: largest,
    dailyLoss: loss && {
      limit: loss.limit.toString(),
      loss: loss.loss?.toString() ?? null,
      left: loss.left?.toString() ?? null,
      reached: loss.reached,
      onReach: limits.onDailyLoss,
    },
    dayStart: dayStartText(limits.dayStart),
  };
}
