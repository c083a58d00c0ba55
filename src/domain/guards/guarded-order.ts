// What a guard judges of a request: the opening part of an order (a new open, or a change that makes a
// resting open bigger), with the price it is valued at. Closes, reduce-only orders, cancels, collateral and
// an open that only reduces the position it meets are never judged: they take risk off.

import { OrderType, PositionSide } from '../../protocol/enums.js';
import type { Market, Order, Position } from '../../protocol/frames.js';
import type { OrderDraft } from '../trading/order-draft.js';
import { orderEffect, type OrderEffect } from '../trading/order-effect.js';
import { notionalAtoms } from '../trading/notional.js';
import { scalesOf } from '../trading/account-figures.js';

/** What the session holds that a guard reads: the order's market, its live mark, positions and open orders. */
export interface GuardBook {
  market: Market | undefined;
  /** The market's live mark (ticks); undefined when none is live. */
  mark: number | undefined;
  positions: Iterable<Position>;
  orders: ReadonlyMap<number, Order>;
}

export interface GuardedOrder {
  marketId: number;
  side: PositionSide;
  size: bigint;
  /** Ticks the order is valued at: its limit price, a stop's trigger price, else the live mark; null: none known. */
  price: bigint | null;
  effect: OrderEffect;
  /** For a change: the order it changes (left out of the resting orders counted beside it). */
  replaces?: number;
}

const isOpen = (t: number): boolean => t === OrderType.OpenLong || t === OrderType.OpenShort;
const sideOf = (t: number): PositionSide => (t === OrderType.OpenLong ? PositionSide.Long : PositionSide.Short);
const positive = (n: number | undefined): bigint | null => (n !== undefined && n > 0 ? BigInt(n) : null);

/** The position held in `marketId` (isolated margin: at most one a market). */
export function positionIn(positions: Iterable<Position>, marketId: number): Position | undefined {
  for (const p of positions) if (p.mkt === marketId && p.s > 0) return p;
  return undefined;
}

/** The notional (atoms) of `size` at `price` in `market`; null when either is unknown. */
export function notionalIn(market: Market | undefined, price: bigint | null, size: bigint): bigint | null {
  return market && price !== null ? notionalAtoms(price, size, scalesOf(market)) : null;
}

/** An order's price for a guard: limit, trigger, else the live mark. */
function valuedAt(p: number | undefined, tp: number | undefined, mark: number | undefined): bigint | null {
  return positive(p) ?? positive(tp) ?? positive(mark);
}

/** The request as a guard sees it, or null when no guard judges it (it only takes risk off). */
export function guardedOrderOf(draft: OrderDraft, book: GuardBook): GuardedOrder | null {
  let side: PositionSide;
  let size: bigint;
  let price: bigint | null;
  let replaces: number | undefined;
  if (isOpen(draft.t)) {
    side = sideOf(draft.t);
    size = BigInt(draft.s);
    price = valuedAt(draft.p, draft.tp, book.mark);
  } else if (draft.t === OrderType.Change && draft.oid !== undefined) {
    const target = book.orders.get(draft.oid);
    if (!target || !isOpen(target.t)) return null;
    const remaining = BigInt(target.os - target.fs);
    side = sideOf(target.t);
    size = positive(draft.s) ?? remaining;
    price = valuedAt(draft.p || target.p, target.tp, book.mark);
    const before = valuedAt(target.p, target.tp, book.mark);
    // A change that does not make the order worth more takes no new risk.
    if (price !== null && before !== null && price * size <= before * remaining) return null;
    replaces = target.oid;
  } else return null;
  const held = positionIn(book.positions, draft.mkt);
  const effect = orderEffect(held ? { side: held.sd, size: held.s } : null, side, size);
  if (effect.openSize <= 0n) return null;
  return { marketId: draft.mkt, side, size, price, effect, ...(replaces !== undefined ? { replaces } : {}) };
}
