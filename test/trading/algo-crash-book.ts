// The book side of the crash tests: an account's resting orders on the exchange, and a taker crossing part
// of one of them (a partial fill) while the flow is paused, so the level stands still.

import { OrderStatus, OrderType } from '../../src/protocol/enums.js';
import type { Order } from '../../src/protocol/frames.js';
import { type SimHandle, type Trader, until } from './harness.js';

/** The account's open (and partly filled) orders on `marketId`, as the exchange's ledger holds them. */
export function restingOrders(h: SimHandle, accountId: number, marketId: number): Order[] {
  return h.sim.control.engine.ledger(accountId).orders.filter((o) => o.mkt === marketId && (o.st === OrderStatus.Open || o.st === OrderStatus.PartiallyFilled));
}

/** Requests that act on an order (a Cancel, a Change): a failed one still has a row of its own, with its own oid. */
const ACTS_ON_AN_ORDER: ReadonlySet<number> = new Set([OrderType.Cancel, OrderType.Change]);

/**
 * The orders the exchange took for the account on `marketId` (every oid its order history names), not counting
 * the rows of Cancels and Changes: a cancel sent again before the first one showed (an algo does this under
 * load) fails with an order history row of its own, and that is no second order.
 */
export function ordersTaken(h: SimHandle, accountId: number, marketId: number): Set<number> {
  const rows = h.sim.control.engine.orderHistory(accountId).filter((o) => o.mkt === marketId && !ACTS_ON_AN_ORDER.has(o.t));
  return new Set(rows.map((o) => o.oid));
}

/**
 * The taker sells into (for a resting buy; buys from, for a sell) the account's one resting order on `marketId`:
 * everything ahead of it at its price and better, then about half of it. Call with the flow paused (no order
 * joins the level behind it meanwhile). Resolves once the exchange shows the order partly filled.
 */
export async function crossPartOfRestingOrder(h: SimHandle, taker: Trader, accountId: number, marketId: number, side: 'long' | 'short'): Promise<{ order: Order; part: number }> {
  const order = await until(() => restingOrders(h, accountId, marketId)[0], 'the resting order');
  const price = order.p!;
  const left = order.os - order.fs;
  const part = Math.max(1, Math.floor(left / 2));
  const book = h.sim.control.engine.book(marketId, 50);
  const levels = side === 'long' ? book.bid.filter((l) => l.p >= price) : book.ask.filter((l) => l.p <= price);
  const ahead = levels.reduce((s, l) => s + l.s, 0) - left;
  await taker.commands.place({ marketId, kind: 'ioc', side: side === 'long' ? 'short' : 'long', size: ahead + part, price, leverage: 500 }).outcome;
  const filled = await until(() => {
    const engine = h.sim.control.engine;
    const o = engine.ledger(accountId).orders.find((x) => x.oid === order.oid) ?? engine.orderHistory(accountId).find((x) => x.oid === order.oid);
    return o && o.fs > order.fs ? o : undefined;
  }, `order ${order.oid} partly filled`);
  if (filled.os - filled.fs !== left - part) throw new Error(`the cross filled ${filled.fs - order.fs} of order ${order.oid}, not ${part} (orders behind it at its price?)`);
  return { order: filled, part };
}
