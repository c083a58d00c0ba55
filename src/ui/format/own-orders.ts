// Marks for the user's own orders in the book: `◆` on a level holding a resting order of ours, and
// `T` / `S` on the level nearest a take-profit / stop-loss trigger price. A mark, never colour alone.

import type { OrderRowView } from '../../domain/trading/views.js';
import type { BookRowView } from '../../domain/views.js';
import { roleOfTrigger } from '../../domain/trading/protection.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import { groupAskPrice, groupBidPrice } from '../../domain/book-grouping.js';

export type OwnMark = '◆' | 'T' | 'S';

export interface OwnLevels {
  /** Limit prices of our resting (non-trigger) orders. */
  resting: ReadonlySet<number>;
  /** The same prices by the side of the book they rest on (a grouped level is matched on its own side). */
  restingBids: ReadonlySet<number>;
  restingAsks: ReadonlySet<number>;
  /** Trigger prices with their role. */
  triggers: ReadonlyMap<number, 'T' | 'S'>;
}

/** `S` for a stop-loss, `T` for a take-profit (domain/trading/protection.ts decides which is which). */
function triggerRole(o: OrderRowView): 'T' | 'S' {
  return roleOfTrigger(o) === 'stop-loss' ? 'S' : 'T';
}

export function ownLevels(orders: readonly OrderRowView[], marketId: number): OwnLevels {
  const resting = new Set<number>();
  const restingBids = new Set<number>();
  const restingAsks = new Set<number>();
  const triggers = new Map<number, 'T' | 'S'>();
  for (const o of orders) {
    if (o.marketId !== marketId) continue;
    if (o.triggerPrice !== null) triggers.set(o.triggerPrice, triggerRole(o));
    else if (o.price > 0) {
      resting.add(o.price);
      (isBuyType(o.type) ? restingBids : restingAsks).add(o.price);
    }
  }
  return { resting, restingBids, restingAsks, triggers };
}

/**
 * The mark of each shown level, keyed `a<level>` / `b<level>`. A resting order marks its exact level;
 * a trigger marks the shown level nearest its price when it lies within the shown range. Grouped by
 * `group` ticks, a resting order marks the group holding it on its side (bids round down, asks up).
 */
export function bookMarks(asks: readonly BookRowView[], bids: readonly BookRowView[], own: OwnLevels, group = 1): Map<string, OwnMark> {
  const marks = new Map<string, OwnMark>();
  const levels = [...asks.map((r, i) => ({ key: `a${i}`, price: r.price })), ...bids.map((r, i) => ({ key: `b${i}`, price: r.price }))];
  if (levels.length === 0) return marks;
  const low = Math.min(...levels.map((l) => l.price));
  const high = Math.max(...levels.map((l) => l.price));
  for (const [price, role] of own.triggers) {
    if (price < low || price > high) continue;
    const nearest = levels.reduce((a, b) => (Math.abs(b.price - price) < Math.abs(a.price - price) ? b : a));
    marks.set(nearest.key, role);
  }
  // Resting orders win over a nearby trigger mark: they are exactly at that level.
  if (group === 1) {
    for (const l of levels) if (own.resting.has(l.price)) marks.set(l.key, '◆');
    return marks;
  }
  const askGroups = new Set([...own.restingAsks].map((p) => groupAskPrice(p, group)));
  const bidGroups = new Set([...own.restingBids].map((p) => groupBidPrice(p, group)));
  asks.forEach((r, i) => askGroups.has(r.price) && marks.set(`a${i}`, '◆'));
  bids.forEach((r, i) => bidGroups.has(r.price) && marks.set(`b${i}`, '◆'));
  return marks;
}

/** Puts the mark in the first cell of a row's text when that cell is blank (a price is never overwritten). */
export function withMark(text: string, mark: OwnMark | undefined): string {
  return mark && text.startsWith(' ') ? mark + text.slice(1) : text;
}
