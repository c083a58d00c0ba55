// Trigger (TP/SL) orders: stored Untriggered (st 8) until last (tpc 1/2) or mark (tpc 3/4) crosses tp,
// then Triggered (st 9) and executed as the order it carries (market / IOC, or a resting limit). `lp` ties one to a position (cancelled when it
// closes or inverts); `tr` ties one to a request (armed on its fill, then tied to the position that fill
// made; cancelled on its failure).

import { OrderStatus, OrderStatusReason, TriggerCondition } from '../../protocol/enums.js';
import { publishOrder } from './accounts.js';
import type { EngineCore } from './core.js';
import type { OrderRecord } from './records.js';
import { priceInRange, sizeInRange } from './limits.js';
import { endResting } from './resting.js';
import { executeTrade, failOrder } from './trade.js';

function countTriggers(core: EngineCore, accountId: number): number {
  let n = 0;
  for (const o of core.account(accountId).openOrders.values()) if (o.st === OrderStatus.Untriggered) n++;
  return n;
}

/** Stores a trigger order (the request carried tp > 0). */
export function admitTrigger(core: EngineCore, order: OrderRecord): void {
  const account = core.account(order.acc);
  // Checked now, not when it fires: what waits is kept (and saved by --state) only within the limits.
  if (!sizeInRange(order.size)) return failOrder(core, order, OrderStatusReason.SizeOutOfRange);
  if (!priceInRange(order.price) || !priceInRange(order.tp)) return failOrder(core, order, OrderStatusReason.PriceOutOfRange);
  if (countTriggers(core, order.acc) >= core.maxTriggerOrders) {
    return failOrder(core, order, OrderStatusReason.MaximumAccountOrders);
  }
  if (order.lp > 0 && account.positions.get(order.mkt)?.pid !== order.lp) {
    return failOrder(core, order, OrderStatusReason.WrongTriggerPosition);
  }
  order.st = OrderStatus.Untriggered;
  order.sr = OrderStatusReason.TriggerOrderRequest;
  const parent = order.tr > 0 ? account.outcomes.get(order.tr) : undefined;
  order.waitingForParent = order.tr > 0 && parent !== 'filled';
  if (parent === 'filled') linkToPosition(core, order);
  core.market(order.mkt).triggers.push(order);
  account.openOrders.set(order.oid, order);
  publishOrder(core, order);
  if (parent === 'failed') cancelTrigger(core, order, OrderStatusReason.OrderCancelled);
}

/**
 * A `tr` trigger armed by its parent's fill protects the position that fill made: it takes that
 * position's `lp`, so it goes when the position closes, inverts or is liquidated instead of staying
 * armed (counting against the cap) to close a later position in the same market.
 */
function linkToPosition(core: EngineCore, order: OrderRecord): void {
  const pid = core.account(order.acc).positions.get(order.mkt)?.pid;
  if (order.lp === 0 && pid !== undefined) order.lp = pid;
}

export function cancelTrigger(core: EngineCore, order: OrderRecord, sr: number): void {
  const list = core.market(order.mkt).triggers;
  const at = list.indexOf(order);
  if (at >= 0) list.splice(at, 1);
  core.account(order.acc).openOrders.delete(order.oid);
  order.st = OrderStatus.Canceled;
  order.sr = sr;
  publishOrder(core, order);
  core.noteOutcome(order, 'failed');
}

function crossed(order: OrderRecord, last: number, mark: number): boolean {
  switch (order.tpc) {
    case TriggerCondition.GTELast:
      return last >= order.tp;
    case TriggerCondition.LTELast:
      return last <= order.tp;
    case TriggerCondition.GTEMark:
      return mark >= order.tp;
    case TriggerCondition.LTEMark:
      return mark <= order.tp;
    default:
      return false;
  }
}

/** Fires every armed trigger of a market whose condition holds now; each runs as its own transaction. */
export function fireTriggers(core: EngineCore, marketId: number, afterEach: () => void): void {
  const market = core.market(marketId);
  if (market.triggers.length === 0) return;
  for (const order of [...market.triggers]) {
    if (order.waitingForParent || order.st !== OrderStatus.Untriggered) continue;
    if (!crossed(order, market.last, market.mark)) continue;
    core.beginTx();
    market.triggers.splice(market.triggers.indexOf(order), 1);
    core.account(order.acc).openOrders.delete(order.oid);
    order.st = OrderStatus.Triggered;
    order.sr = OrderStatusReason.Triggered;
    publishOrder(core, order);
    // It runs as the order it carries (interface.md 2.4: "not posted to the book until" it fires): a market or
    // IOC trigger (every TP/SL the app and the web UI send: p 0, fl 4) fills what it can now, a GTC stop-limit
    // rests at its limit.
    executeTrade(core, order);
    afterEach();
  }
}

/**
 * Follow-ups after an action: cancel what was linked to positions that closed, inverted or were
 * liquidated, and arm or cancel `tr`-linked triggers whose parent request filled or failed.
 * Loops because each cancellation can itself be a parent's failure.
 */
export function settleLinks(core: EngineCore): void {
  for (let guard = 0; guard < 100; guard++) {
    const gone = core.positionsGone;
    const changed = core.outcomesChanged;
    if (gone.length === 0 && changed.size === 0) return;
    core.positionsGone = [];
    core.outcomesChanged = new Set();
    for (const pos of gone) {
      const account = core.account(pos.acc);
      const current = account.positions.get(pos.mkt);
      for (const o of [...account.openOrders.values()]) {
        if (o.mkt !== pos.mkt) continue;
        if (o.st === OrderStatus.Untriggered) {
          if (o.lp === pos.pid) cancelTrigger(core, o, OrderStatusReason.ClearingInvalidCloseOrder);
        } else if (o.reduceOnly && (!current || current.sd === (o.side === 'buy' ? 1 : 2))) {
          endResting(core, o, OrderStatusReason.ClearingInvalidCloseOrder);
        }
      }
    }
    for (const accountId of changed) {
      const account = core.account(accountId);
      for (const o of [...account.openOrders.values()]) {
        if (!o.waitingForParent) continue;
        const outcome = account.outcomes.get(o.tr);
        if (outcome === 'filled') {
          o.waitingForParent = false;
          linkToPosition(core, o);
          publishOrder(core, o);
        } else if (outcome === 'failed') cancelTrigger(core, o, OrderStatusReason.OrderCancelled);
      }
    }
  }
}
