// The ladder's rows, pure: a fixed column of prices `group` ticks apart around a centre price, and per row
// the bid and ask size the book holds there, the volume traded there in the last minutes, and the trader's
// own orders there (buys and sells resting, T / S triggers). Rows are prices, never positions in the book:
// while the book moves a row keeps its price, so nothing jumps under the cursor. The centre moves only
// when asked (re-centre, the cursor past an edge) or when the spread has left the rows on screen.

import { groupAskPrice, groupBidPrice } from '../../domain/book-grouping.js';
import { roleOfTrigger } from '../../domain/trading/protection.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { volumeBetween, type PriceVolumeView } from '../../domain/price-volume.js';
import type { GroupedLevels } from '../../domain/views.js';

export interface LadderOwn {
  orderId: number;
  /** Size still open (scaled). */
  size: number;
  buy: boolean;
  /** A trigger's role (`T` take-profit, `S` stop-loss), null for a resting limit. */
  trigger: 'T' | 'S' | null;
}

export interface LadderRow {
  price: number;
  /** Scaled sizes the book holds at this row (0 for none). */
  bid: number;
  ask: number;
  /** Scaled size traded at this row within the volume window. */
  volume: number;
  own: readonly LadderOwn[];
  cursor: boolean;
}

export interface LadderInput {
  levels: GroupedLevels;
  /** Size traded per price over the last minutes. */
  volume: PriceVolumeView;
  orders: readonly OrderRowView[];
  marketId: number;
  /** Stored centre and cursor, or null; a centre of another grouping is ignored. */
  centre: number | null;
  cursor: number | null;
  rows: number;
}

export interface LadderModel {
  rows: readonly LadderRow[];
  /** The centre the rows are built around. */
  centre: number;
  /** The centre the store should take (none was set, or the spread left the rows); null when it holds. */
  follow: number | null;
}

/** Rows above the centre row (the centre is the middle row; an even count has one more below). */
export function rowsAbove(rows: number): number {
  return Math.floor((rows - 1) / 2);
}

/** The top and bottom prices of `rows` rows around `centre`. */
export function ladderSpan(centre: number, rows: number, group: number): { top: number; bottom: number } {
  const top = centre + rowsAbove(rows) * group;
  return { top, bottom: top - (rows - 1) * group };
}

/** The row of the spread: the mid rounded down to the grid, or the one side there is; null for an empty book. */
export function spreadCentre(levels: GroupedLevels): number | null {
  const bid = levels.bids[0]?.price;
  const ask = levels.asks[0]?.price;
  const mid = bid !== undefined && ask !== undefined ? Math.floor((bid + ask) / 2) : (bid ?? ask);
  return mid === undefined ? null : groupBidPrice(mid, levels.group);
}

/** Where an own order sits on the grid: a buy rounds down, a sell up (the book's grouping); a trigger at its trigger price, down. */
function ownRow(o: OrderRowView, group: number): number {
  if (o.triggerPrice !== null) return groupBidPrice(o.triggerPrice, group);
  return isBuyType(o.type) ? groupBidPrice(o.price, group) : groupAskPrice(o.price, group);
}

function sizeMap(levels: GroupedLevels['bids']): Map<number, number> {
  return new Map(levels.map((l) => [l.price, l.size]));
}

export function buildLadder(input: LadderInput): LadderModel | null {
  const { levels, rows } = input;
  const group = levels.group;
  const spread = spreadCentre(levels);
  const stored = input.centre !== null && input.centre % group === 0 ? input.centre : null;
  let centre = stored ?? spread;
  if (centre === null || rows <= 0) return null;
  // The spread off the rows on screen: the ladder follows the price (the one move it makes by itself).
  if (stored !== null && spread !== null) {
    const { top, bottom } = ladderSpan(stored, rows, group);
    if (spread > top || spread < bottom) centre = spread;
  }
  const { top } = ladderSpan(centre, rows, group);
  const bids = sizeMap(levels.bids);
  const asks = sizeMap(levels.asks);
  const own = new Map<number, LadderOwn[]>();
  for (const o of input.orders) {
    if (o.marketId !== input.marketId || (o.triggerPrice === null && !(o.price > 0))) continue;
    const at = ownRow(o, group);
    const role = o.triggerPrice === null ? null : roleOfTrigger(o) === 'stop-loss' ? 'S' : 'T';
    const list = own.get(at) ?? [];
    list.push({ orderId: o.orderId, size: Math.max(0, o.originalSize - o.filledSize), buy: isBuyType(o.type), trigger: role });
    own.set(at, list);
  }
  const out: LadderRow[] = [];
  for (let i = 0; i < rows; i++) {
    const price = top - i * group;
    out.push({ price, bid: bids.get(price) ?? 0, ask: asks.get(price) ?? 0, volume: volumeBetween(input.volume, price, group), own: own.get(price) ?? [], cursor: input.cursor === price });
  }
  return { rows: out, centre, follow: centre === input.centre ? null : centre };
}

/**
 * The cursor `delta` rows on (down is positive: lower prices), and the centre that keeps it on screen. The
 * first press lands on the centre row. A step past a page goes to the top or bottom row on screen.
 */
export function moveLadderCursor(cursor: number | null, centre: number, delta: number, rows: number, group: number): { cursor: number; centre: number } {
  const { top, bottom } = ladderSpan(centre, rows, group);
  if (cursor === null) return { cursor: centre, centre };
  if (Math.abs(delta) >= rows) return { cursor: delta < 0 ? top : bottom, centre };
  // Never at or below zero: a price is positive.
  const next = Math.max(group, cursor - delta * group);
  if (next > top) return { cursor: next, centre: centre + (next - top) };
  if (next < bottom) return { cursor: next, centre: centre - (bottom - next) };
  return { cursor: next, centre };
}
