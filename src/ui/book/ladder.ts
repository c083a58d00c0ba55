// What each line of the book pane holds: the ladder window (asks above the spread line, bids below, scrolled
// by the book display's `scroll`), and how many of the trader's own resting orders lie beyond the shown
// levels, for the "◆ 2 more below" flags at the pane's edges. Pure: unit tested without a terminal.

import { groupAskPrice, groupBidPrice } from '../../domain/book-grouping.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { BookRowView, GroupedLevels } from '../../domain/views.js';

export type LadderLine =
  | { kind: 'level'; side: 'ask' | 'bid'; level: number; row: BookRowView }
  | { kind: 'spread' }
  /** No level there (the side has fewer levels than the pane has rows). */
  | { kind: 'empty' };

/** The 2 * depth + 1 lines of the window centred on ladder row `scroll` (row 0 = the spread line). */
export function ladderLines(levels: GroupedLevels, scroll: number, depth: number): LadderLine[] {
  const lines: LadderLine[] = [];
  for (let r = scroll - depth; r <= scroll + depth; r++) {
    if (r === 0) {
      lines.push({ kind: 'spread' });
      continue;
    }
    const side = r < 0 ? 'ask' : 'bid';
    const level = r < 0 ? -r - 1 : r - 1;
    const row = (side === 'ask' ? levels.asks : levels.bids)[level];
    lines.push(row ? { kind: 'level', side, level, row } : { kind: 'empty' });
  }
  return lines;
}

export interface OffscreenOrders {
  above: number;
  below: number;
}

/**
 * The trader's resting orders in `marketId` whose level is not among the shown lines: above the highest
 * shown price or below the lowest. An order's level is its price grouped as its side of the book groups
 * (a buy's bid group, rounded down; a sell's ask group, rounded up). Triggers are not in the book.
 */
export function offscreenOrders(orders: readonly OrderRowView[], marketId: number, lines: readonly LadderLine[], group: number): OffscreenOrders {
  const shown = lines.flatMap((l) => (l.kind === 'level' ? [l] : []));
  const out = { above: 0, below: 0 };
  if (shown.length === 0) return out;
  const high = Math.max(...shown.map((l) => l.row.price));
  const low = Math.min(...shown.map((l) => l.row.price));
  const askPrices = new Set(shown.filter((l) => l.side === 'ask').map((l) => l.row.price));
  const bidPrices = new Set(shown.filter((l) => l.side === 'bid').map((l) => l.row.price));
  for (const o of orders) {
    if (o.marketId !== marketId || o.triggerPrice !== null || !(o.price > 0)) continue;
    if (isBuyType(o.type) ? bidPrices.has(groupBidPrice(o.price, group)) : askPrices.has(groupAskPrice(o.price, group))) continue;
    if (o.price > high) out.above += 1;
    else if (o.price < low) out.below += 1;
  }
  return out;
}

/** The edge flag: "◆ 2 more below", or '' for none. */
export function offscreenText(count: number, where: 'above' | 'below'): string {
  return count > 0 ? `◆ ${count} more ${where}` : '';
}
