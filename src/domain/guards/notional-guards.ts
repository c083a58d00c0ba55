// maxOrderNotional and maxPositionNotional: the size guards. An order is valued at its limit price (a
// stop at its trigger, a market order at the live mark); the position guard counts the market's position
// after the order filled (the part held before at the mark) plus every resting open order of the same side
// (at its own price): what the trader could end up holding if all of it filled.

import { OrderType } from '../../protocol/enums.js';
import { type GuardBook, type GuardedOrder, notionalIn } from './guarded-order.js';
import { guardFailure, quoteText } from './guard-words.js';

/** Why the order alone is over maxOrderNotional; null when it is not (or no limit is set). */
export function orderNotionalProblem(order: GuardedOrder, book: GuardBook, limit: bigint | null): string | null {
  if (limit === null) return null;
  const notional = notionalIn(book.market, order.price, order.size);
  if (notional === null) return guardFailure('no live mark to value the order against maxOrderNotional');
  return notional > limit ? guardFailure(`order notional ${quoteText(notional)} USD over maxOrderNotional ${quoteText(limit)}`) : null;
}

/** Notional of the resting open orders of the order's side in its market (the changed order left out); null when one cannot be valued. */
function restingSameSide(order: GuardedOrder, book: GuardBook): bigint | null {
  const type = order.side === 1 ? OrderType.OpenLong : OrderType.OpenShort;
  let sum = 0n;
  for (const o of book.orders.values()) {
    if (o.mkt !== order.marketId || o.t !== type || o.oid === order.replaces) continue;
    const price = o.p && o.p > 0 ? BigInt(o.p) : o.tp && o.tp > 0 ? BigInt(o.tp) : book.mark !== undefined ? BigInt(book.mark) : null;
    const n = notionalIn(book.market, price, BigInt(Math.max(0, o.os - o.fs)));
    if (n === null) return null;
    sum += n;
  }
  return sum;
}

/** The market's position notional once the order filled, resting same-side opens included; null when unknown. */
export function positionNotionalAfter(order: GuardedOrder, book: GuardBook): bigint | null {
  const { effect } = order;
  const keptBefore = effect.sizeAfter - effect.openSize;
  const mark = book.mark !== undefined ? BigInt(book.mark) : order.price;
  const held = keptBefore > 0n ? notionalIn(book.market, mark, keptBefore) : 0n;
  const added = notionalIn(book.market, order.price, effect.openSize);
  const resting = restingSameSide(order, book);
  return held === null || added === null || resting === null ? null : held + added + resting;
}

/** Why the position the order leads to is over maxPositionNotional; null when it is not (or no limit is set). */
export function positionNotionalProblem(order: GuardedOrder, book: GuardBook, limit: bigint | null): string | null {
  if (limit === null) return null;
  const after = positionNotionalAfter(order, book);
  if (after === null) return guardFailure('no live mark to value the position against maxPositionNotional');
  const symbol = book.market?.symbol ?? `market ${order.marketId}`;
  return after > limit ? guardFailure(`${symbol} position would be ${quoteText(after)} USD with resting orders, over maxPositionNotional ${quoteText(limit)}`) : null;
}
