// Price grouping of the order book: levels aggregated into groups of 1, 2, 5, 10, 20, 50, ... ticks (a tick is
// one unit of the scaled integer price). Integer arithmetic only (`%` on safe integers is exact): bids round
// down to their group and asks up, so a grouped level never shows a better price than the book holds, and
// an order at a grouped level's price is at the group's passive edge (a buy at or below every bid in it, a
// sell at or above every ask in it).

import type { BookRowView } from './views.js';

/** The largest group offered: a million ticks. */
export const MAX_BOOK_GROUP = 1_000_000;

/** The next group in the 1-2-5 sequence up (+1) or down (-1), clamped to [1, MAX_BOOK_GROUP]. */
export function stepBookGroup(group: number, direction: 1 | -1): number {
  const steps: number[] = [];
  for (let decade = 1; decade <= MAX_BOOK_GROUP; decade *= 10) steps.push(decade, decade * 2, decade * 5);
  const valid = steps.filter((s) => s <= MAX_BOOK_GROUP);
  if (direction > 0) return valid.find((s) => s > group) ?? group;
  return [...valid].reverse().find((s) => s < group) ?? group;
}

/** The bid group holding `price`: rounded down to a multiple of `group` ticks. */
export function groupBidPrice(price: number, group: number): number {
  return price - (price % group);
}

/** The ask group holding `price`: rounded up to a multiple of `group` ticks. */
export function groupAskPrice(price: number, group: number): number {
  const rest = price % group;
  return rest === 0 ? price : price - rest + group;
}

/** The grouped price of `price` on a side of the book. */
export function groupedPrice(price: number, group: number, side: 'ask' | 'bid'): number {
  return side === 'ask' ? groupAskPrice(price, group) : groupBidPrice(price, group);
}

/** One side's levels best first, as read from the book (no copy). */
export interface LevelSource {
  readonly length: number;
  priceAt(index: number): number;
  sizeAt(index: number): number;
  ordersAt(index: number): number;
}

/**
 * The first `depth` groups of a side (best first), with sizes and order counts summed and cumulative totals.
 * Walks only as far into the side as those groups reach.
 */
export function groupSide(levels: LevelSource, depth: number, group: number, side: 'ask' | 'bid'): BookRowView[] {
  const rows: BookRowView[] = [];
  let total = 0;
  for (let i = 0; i < levels.length; i++) {
    const price = groupedPrice(levels.priceAt(i), group, side);
    const size = levels.sizeAt(i);
    total += size;
    const last = rows.at(-1);
    if (last && last.price === price) {
      last.size += size;
      last.orders += levels.ordersAt(i);
      last.total = total;
      continue;
    }
    if (rows.length === depth) break;
    rows.push({ price, size, total, orders: levels.ordersAt(i) });
  }
  return rows;
}

/** Rows already built (a published view's levels) as a LevelSource. */
export function rowSource(rows: readonly BookRowView[]): LevelSource {
  return {
    length: rows.length,
    priceAt: (i) => (rows[i] as BookRowView).price,
    sizeAt: (i) => (rows[i] as BookRowView).size,
    ordersAt: (i) => (rows[i] as BookRowView).orders,
  };
}
