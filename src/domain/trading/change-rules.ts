// The order as it would stand after a Change (t 7), checked by the rules a new order passes (validate.ts):
// size and price whole positive scaled integers, the minimum order value, the leverage cap, the flags.
// Every path that changes an order (the Open orders tab, `:amend`, the client's change()) asks this, so a
// change can never make an order that could not have been placed.

import { OrderType } from '../../protocol/enums.js';
import type { Market } from '../../protocol/frames.js';
import type { OrderDraft } from './order-draft.js';
import { type ValidationProblem, orderRulesContext, validateOrder } from './validate.js';

/** A resting order as a change sees it. */
export interface ChangeTarget {
  /** Order type (1..4). */
  t: number;
  mkt: number;
  /** Limit price, ticks. */
  p: number;
  /** Size still open (original minus filled), units. */
  remaining: number;
  fl: number;
  lv: number;
  /** Trigger price: a trigger's change moves its trigger, not a resting price. */
  tp?: number;
}

export interface OrderChange {
  price?: number;
  size?: number;
}

/**
 * The order after `change`: the new price and remaining size, everything else as it was. A Change's `s` is
 * that remaining size on the wire too (the exchange sets the order's resting lot to it; what filled stays).
 */
export function changedOrderDraft(target: ChangeTarget, change: OrderChange, fullClose = false): OrderDraft {
  return {
    t: target.t,
    mkt: target.mkt,
    s: change.size ?? target.remaining,
    p: change.price ?? target.p,
    fl: target.fl,
    lv: target.lv,
    lb: 0,
    ...(fullClose ? { fullClose } : {}),
  };
}

/**
 * Why a trigger order is never changed: the exchange changes resting orders only (a Change of an untriggered
 * trigger fails OrderDoesNotExist); a trigger is moved by arming the new one, then cancelling the old.
 */
export const TRIGGER_CHANGE_REFUSAL = 'a trigger moves with replaceProtection, not change';

/**
 * Why the order after `change` could not be placed, one problem per field (empty = it could). The session
 * (socket, feed, account, scope) is not judged here: the engine checks it on the Change itself. A trigger
 * is never changed (TRIGGER_CHANGE_REFUSAL).
 */
export function changeProblems(target: ChangeTarget, change: OrderChange, market: Market | undefined, fullClose = false): ValidationProblem[] {
  if ((target.tp ?? 0) > 0) return [{ field: 'tp', message: TRIGGER_CHANGE_REFUSAL }];
  if (target.t !== OrderType.OpenLong && target.t !== OrderType.OpenShort && target.t !== OrderType.CloseLong && target.t !== OrderType.CloseShort) {
    return [{ field: 't', message: `order type ${target.t} cannot be changed` }];
  }
  // An open placed with lv 0 trades at 1x (the exchange's rule): its change is judged at that leverage.
  const lv = target.lv > 0 || target.t === OrderType.CloseLong || target.t === OrderType.CloseShort ? target.lv : 100;
  const check = validateOrder(changedOrderDraft({ ...target, lv }, change, fullClose), orderRulesContext(market, null));
  return check.ok ? [] : check.problems;
}
