// Price-time matching of one incoming (taker) order against the opposite side of its market's book.
// Makers fill at their own price, oldest first within a level. Reduce-only orders never grow a position.

import { LiquiditySide, OrderStatus, OrderStatusReason } from '../../protocol/enums.js';
import { publishOrder } from './accounts.js';
import { remaining } from './book.js';
import type { EngineCore } from './core.js';
import { recordTrade } from './market-data.js';
import { openingSide, settleFill } from './positions.js';
import type { OrderRecord } from './records.js';
import { endResting } from './resting.js';

/** How much of a reduce-only order can still fill: the size of the opposite position it closes. */
export function closableSize(core: EngineCore, order: OrderRecord): number {
  const pos = core.account(order.acc).positions.get(order.mkt);
  if (!pos || pos.sd === openingSide(order)) return 0;
  return pos.size;
}

/** Matches `taker` against the book up to price `limit`; settles every fill. Returns the filled quantity. */
export function match(core: EngineCore, taker: OrderRecord, limit: number): number {
  const book = core.book(taker.mkt);
  const side = book.oppositeSide(taker.side);
  const aggressor = taker.side === 'buy' ? 1 : 2;
  let filledNow = 0;
  while (remaining(taker) > 0) {
    const level = side.best();
    if (!level) break;
    if (taker.side === 'buy' ? level.price > limit : level.price < limit) break;
    const maker = level.orders[0];
    if (!maker) break;
    if (maker.acc === taker.acc) {
      // Self-trade prevention: the resting order of the same account is cleared, the taker goes on.
      endResting(core, maker, OrderStatusReason.ClearingSelfMatchingOrder);
      continue;
    }
    let qty = Math.min(remaining(taker), remaining(maker));
    if (maker.reduceOnly) {
      const closable = closableSize(core, maker);
      if (closable === 0) {
        endResting(core, maker, OrderStatusReason.ClearingInvalidCloseOrder);
        continue;
      }
      qty = Math.min(qty, closable);
    }
    if (taker.reduceOnly) {
      qty = Math.min(qty, closableSize(core, taker));
      if (qty === 0) break;
    }
    settleFill(core, maker, level.price, qty, LiquiditySide.Maker);
    settleFill(core, taker, level.price, qty, LiquiditySide.Taker);
    side.reduce(level, maker, qty);
    filledNow += qty;
    recordTrade(core, taker.mkt, level.price, qty, aggressor);

    const makerDone = remaining(maker) === 0;
    if (makerDone) core.account(maker.acc).openOrders.delete(maker.oid);
    maker.st = makerDone ? OrderStatus.Filled : OrderStatus.PartiallyFilled;
    maker.sr = OrderStatusReason.MakerOrderFilled;
    publishOrder(core, maker);
    if (!makerDone && maker.reduceOnly && closableSize(core, maker) === 0) {
      endResting(core, maker, OrderStatusReason.ClearingInvalidCloseOrder);
    }
    core.noteOutcome(maker, 'filled');
  }
  return filledNow;
}
