// Orders that rest: placing them on the book (with their collateral lock) and taking them off again.

import { OrderStatus } from '../../protocol/enums.js';
import { adjustLocked, publishOrder } from './accounts.js';
import { remaining } from './book.js';
import type { EngineCore } from './core.js';
import { feeFor, marginFor, maxBig, minBig, notional, tierFeeMicros } from './money.js';
import type { OrderRecord } from './records.js';

/** Collateral a resting open reserves for its remainder: margin plus a positive maker fee (a rebate reserves nothing). */
export function restingLock(core: EngineCore, order: OrderRecord): bigint {
  if (order.reduceOnly) return 0n;
  const market = core.market(order.mkt);
  const value = notional(order.price, remaining(order), market.scale);
  const makerFee = tierFeeMicros(market.spec, core.account(order.acc).ft, 'maker');
  return marginFor(value, order.lv) + maxBig(feeFor(value, makerFee), 0n);
}

/** Puts the remainder of `order` on the book at its limit price; the caller sets and publishes the status. */
export function rest(core: EngineCore, order: OrderRecord): void {
  const account = core.account(order.acc);
  const market = core.market(order.mkt);
  if (order.scid === 0) order.scid = market.nextScid++;
  const lock = minBig(restingLock(core, order), maxBig(account.balance - account.locked, 0n));
  order.locked = lock;
  if (lock > 0n) adjustLocked(core, account, lock);
  core.book(order.mkt).restingSide(order.side).add(order);
  account.openOrders.set(order.oid, order);
}

/** Takes a resting order off the book and releases its lock; false when it was not resting. */
export function unrest(core: EngineCore, order: OrderRecord): boolean {
  const removed = core.book(order.mkt).restingSide(order.side).remove(order);
  const account = core.account(order.acc);
  account.openOrders.delete(order.oid);
  core.expiring.delete(order);
  if (order.locked > 0n) {
    adjustLocked(core, account, -order.locked);
    order.locked = 0n;
  }
  return removed;
}

/** Ends a resting order (cancel, expiry, clean-up) with status `st`/`sr` and publishes it. */
export function endResting(core: EngineCore, order: OrderRecord, sr: number, st: number = OrderStatus.Canceled): void {
  unrest(core, order);
  order.st = st;
  order.sr = sr;
  publishOrder(core, order);
  // An order that ends without any fill counts as a failed parent for `tr`-linked triggers.
  if (order.filled === 0) core.noteOutcome(order, 'failed');
}
