// Executing one admitted OrderRequest when its block comes: forwarding and rq rules, expiry, then the
// order type (open/close, cancel, change, collateral increase, trigger).

import { OrderFlag, OrderStatus, OrderStatusReason, OrderType } from '../../protocol/enums.js';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import { adjustLocked, publishOrder } from './accounts.js';
import { remaining } from './book.js';
import { checkTopUp, creditTopUp, takeDueTopUps } from './collateral.js';
import type { EngineCore } from './core.js';
import { priceInRange, sizeInRange } from './limits.js';
import { match } from './matching.js';
import { effectiveLeverage } from './money.js';
import type { OrderRecord, Side } from './records.js';
import { endResting, rest, restingLock, unrest } from './resting.js';
import { executeTrade, failOrder, marketMaxNegPnlBps } from './trade.js';
import { admitTrigger, cancelTrigger } from './triggers.js';

function sideOf(t: number): Side {
  return t === OrderType.OpenLong || t === OrderType.CloseShort ? 'buy' : 'sell';
}

function int(v: number | undefined): number {
  return v !== undefined && Number.isSafeInteger(v) ? v : 0;
}

/** A fresh order record for a request (every request that reaches the contract gets its own oid). */
export function orderFromRequest(core: EngineCore, req: OrderRequestFrame, internal = false): OrderRecord {
  const market = core.market(req.mkt);
  const reduceOnly = req.t === OrderType.CloseLong || req.t === OrderType.CloseShort;
  const opens = req.t === OrderType.OpenLong || req.t === OrderType.OpenShort;
  const order: OrderRecord = {
    oid: core.allocId(),
    rq: req.rq,
    mkt: req.mkt,
    acc: req.acc,
    t: req.t,
    side: sideOf(req.t),
    reduceOnly,
    price: int(req.p),
    size: int(req.s),
    filled: 0,
    filledNotional: 0n,
    fee: 0n,
    fl: int(req.fl),
    // An open's leverage as it applies (clamped, 0 = 1x); any other request's as sent (a top-up's report: 0, as live).
    lv: opens ? effectiveLeverage(int(req.lv), market.spec.initialMargin) : int(req.lv),
    tif: int(req.tif),
    lb: int(req.lb),
    tp: int(req.tp),
    tpc: int(req.tpc),
    tr: int(req.tr),
    lp: int(req.lp),
    scid: 0,
    st: OrderStatus.Pending,
    sr: 0,
    locked: 0n,
    waitingForParent: false,
    // Flow orders are never shown to anyone: skip building their stamp.
    created: internal ? { b: core.block } : core.stamp,
    internal,
  };
  // Every order row carries its mnp, the market's default when the request named none (live rows do).
  order.mnp = req.mnp ?? marketMaxNegPnlBps(market.spec);
  if (req.ms !== undefined) order.ms = req.ms;
  return order;
}

export function executeRequest(core: EngineCore, req: OrderRequestFrame): void {
  core.beginTx();
  const account = core.account(req.acc);
  const order = orderFromRequest(core, req, account.internal);
  // Without order forwarding nothing reaches the contract: no tx, lfr stays.
  if (!account.fw) return failOrder(core, order, OrderStatusReason.OrderForwardingNotAllowed);
  if (req.rq <= account.lfr) return failOrder(core, order, OrderStatusReason.OrderDescIdTooLow);
  const lbPassed = order.tp === 0 && order.lb !== 0 && core.block > order.lb;
  // The forwarder may refuse it before the contract (no tx, lfr stays), or the contract fails it (lfr moves).
  if (lbPassed && core.opts.lbPassedWithoutTx === true) return failOrder(core, order, OrderStatusReason.ExceedsLastExecutionBlock);
  const topUp = req.t === OrderType.IncreasePositionCollateral && !lbPassed ? checkTopUp(core, account, req) : undefined;
  account.executed.push(req.rq);
  if (topUp?.ok === true) return creditTopUp(core, account, req, topUp.amount, topUp.pos); // lfr moves with its report
  account.lfr = req.rq;
  core.out.accountChanged(account.id);
  if (lbPassed) return failOrder(core, order, OrderStatusReason.ExceedsLastExecutionBlock);
  switch (req.t) {
    case OrderType.Cancel:
      return cancel(core, order, int(req.oid));
    case OrderType.Change:
      return change(core, order, req);
    case OrderType.IncreasePositionCollateral:
      // Only a top-up that cannot land gets here: it fails at once, like any request.
      return topUp?.ok === false ? failOrder(core, order, topUp.sr, topUp.fr) : undefined;
    default:
      if (order.tp > 0) return admitTrigger(core, order);
      return executeTrade(core, order);
  }
}

function cancel(core: EngineCore, request: OrderRecord, oid: number): void {
  const target = core.account(request.acc).openOrders.get(oid);
  if (!target || target.mkt !== request.mkt) return failOrder(core, request, OrderStatusReason.OrderDoesNotExist);
  if (target.st === OrderStatus.Untriggered) return cancelTrigger(core, target, OrderStatusReason.OrderCancelled);
  endResting(core, target, OrderStatusReason.OrderCancelled);
}

/**
 * Change (t 7): new price and/or new resting size for a resting order. `s` is the size left to fill after
 * the change, as on-chain (the book holds only what is left: a partial fill shrinks the order's lot, and a
 * Change sets that lot; perpl-cli: "Resting size to amend the order to"); 0 keeps it. The order's `os`
 * becomes filled + `s`. It keeps its place in the queue only when the price is unchanged and the resting
 * size not increased; otherwise it is re-entered at the back (and may trade if the new price crosses).
 */
function change(core: EngineCore, request: OrderRecord, req: OrderRequestFrame): void {
  const target = core.account(request.acc).openOrders.get(int(req.oid));
  if (!target || target.mkt !== request.mkt || target.st === OrderStatus.Untriggered) {
    return failOrder(core, request, OrderStatusReason.OrderDoesNotExist);
  }
  const price = int(req.p) > 0 ? int(req.p) : target.price;
  const size = int(req.s) > 0 ? target.filled + int(req.s) : target.size;
  if (!sizeInRange(size)) return failOrder(core, request, OrderStatusReason.SizeOutOfRange);
  if (!priceInRange(price)) return failOrder(core, request, OrderStatusReason.PriceOutOfRange);
  const book = core.book(target.mkt);
  if (target.fl === OrderFlag.PostOnly && price !== target.price && book.crosses(target.side, price)) {
    return failOrder(core, request, OrderStatusReason.CrossesBook);
  }
  if (!target.reduceOnly && BigInt(price) * BigInt(size - target.filled) > BigInt(target.price) * BigInt(remaining(target))) {
    // Growing the order needs collateral for the new remainder beyond what its current lock frees.
    const account = core.account(target.acc);
    const wanted = restingLock(core, { ...target, price, size });
    if (wanted > account.balance - account.locked + target.locked) {
      return failOrder(core, request, OrderStatusReason.AmountExceedsAvailableBalance);
    }
  }
  if (int(req.tif) > 0) target.tif = int(req.tif);
  if (price === target.price && size <= target.size) {
    const oldRemaining = remaining(target);
    book.restingSide(target.side).shrink(target, target.size - size);
    target.size = size;
    shrinkLock(core, target, oldRemaining);
  } else {
    unrest(core, target);
    target.price = price;
    target.size = size;
    match(core, target, price);
    if (remaining(target) === 0) {
      target.st = OrderStatus.Filled;
      target.sr = OrderStatusReason.TakerOrderFilled;
      publishOrder(core, target);
      return;
    }
    rest(core, target);
    if (target.tif > 0) core.expiring.add(target);
  }
  target.st = target.filled > 0 ? OrderStatus.PartiallyFilled : OrderStatus.Open;
  target.sr = OrderStatusReason.OrderChanged;
  publishOrder(core, target);
}

/** Releases the part of a resting order's lock that its smaller remainder no longer needs. */
function shrinkLock(core: EngineCore, order: OrderRecord, oldRemaining: number): void {
  if (order.locked === 0n || oldRemaining <= 0) return;
  const wanted = (order.locked * BigInt(remaining(order))) / BigInt(oldRemaining);
  adjustLocked(core, core.account(order.acc), wanted - order.locked);
  order.locked = wanted;
}

/**
 * The reports of collateral increases credited TOP_UP_REPORT_DELAY_BLOCKS ago (collateral.ts): `lfr` reaches
 * their rq now (never back), and each is reported st 7 sr 32, with an order id of this block, as live.
 */
export function reportDueTopUps(core: EngineCore): void {
  for (const req of takeDueTopUps(core)) {
    const account = core.accounts.get(req.acc);
    if (!account || !core.markets.has(req.mkt)) continue;
    core.beginTx();
    account.lfr = Math.max(account.lfr, req.rq);
    core.out.accountChanged(account.id);
    failOrder(core, orderFromRequest(core, req, account.internal), OrderStatusReason.OrderDescIdTooLow);
  }
}
