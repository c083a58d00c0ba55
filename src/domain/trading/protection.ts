// The one stop-loss / take-profit rule (interface.md 2.4): a long is protected by CloseLong triggers whose
// stop-loss fires on the way down (LTE) and take-profit on the way up (GTE); a short by CloseShort triggers
// with the conditions mirrored. Everything that builds, checks, labels or groups triggers asks here.

import { OrderFlag, OrderType, PositionSide, TriggerCondition } from '../../protocol/enums.js';
import type { TriggerSpec } from './command-params.js';
import type { OrderDraft, TriggerRole } from './order-draft.js';
import type { OrderRowView } from './views.js';

export type { TriggerRole } from './order-draft.js';
/** Which price crosses the trigger: the mark (tpc 3, 4) or the last trade (tpc 1, 2). */
export type TriggerSource = 'mark' | 'last';

/** True when a trigger of `role` protecting a long (`long`) or a short fires as the price falls to it (LTE). */
export function firesAtOrBelow(long: boolean, role: TriggerRole): boolean {
  return long === (role === 'stop-loss');
}

/** The condition tpc of a protective trigger. */
export function triggerConditionFor(long: boolean, role: TriggerRole, on: TriggerSource = 'mark'): TriggerCondition {
  if (firesAtOrBelow(long, role)) return on === 'mark' ? TriggerCondition.LTEMark : TriggerCondition.LTELast;
  return on === 'mark' ? TriggerCondition.GTEMark : TriggerCondition.GTELast;
}

/** LTE (fires at or below), GTE (at or above), or null for a tpc outside 1..4. */
export function conditionDirection(tpc: number | null | undefined): 'lte' | 'gte' | null {
  if (tpc === TriggerCondition.LTELast || tpc === TriggerCondition.LTEMark) return 'lte';
  if (tpc === TriggerCondition.GTELast || tpc === TriggerCondition.GTEMark) return 'gte';
  return null;
}

export function conditionSource(tpc: number | null | undefined): TriggerSource | null {
  if (tpc === TriggerCondition.GTEMark || tpc === TriggerCondition.LTEMark) return 'mark';
  if (tpc === TriggerCondition.GTELast || tpc === TriggerCondition.LTELast) return 'last';
  return null;
}

/** The role of a trigger with condition `tpc` protecting a long (`long`) or a short; null for an unknown tpc. */
export function roleOfCondition(long: boolean, tpc: number | null | undefined): TriggerRole | null {
  const direction = conditionDirection(tpc);
  if (direction === null) return null;
  return (direction === 'lte') === long ? 'stop-loss' : 'take-profit';
}

/** The close order type that protects a long or a short. */
export function closeTypeFor(long: boolean): typeof OrderType.CloseLong | typeof OrderType.CloseShort {
  return long ? OrderType.CloseLong : OrderType.CloseShort;
}

/** Whether a close order type protects a long (CloseLong) or a short (CloseShort); null for any other type. */
export function protectsLong(t: number): boolean | null {
  if (t === OrderType.CloseLong) return true;
  if (t === OrderType.CloseShort) return false;
  return null;
}

/** The role of a trigger order from its own type and condition (no position needed). */
export function roleOfTrigger(o: { type: number; triggerCondition: number | null }): TriggerRole | null {
  const long = protectsLong(o.type);
  return long === null ? null : roleOfCondition(long, o.triggerCondition);
}

export function isLongSide(side: number): boolean {
  return side !== PositionSide.Short;
}

/** Where a trigger price must lie against the reference price (mark, entry or the order's limit). */
export function requiredSide(long: boolean, role: TriggerRole): 'above' | 'below' {
  return firesAtOrBelow(long, role) ? 'below' : 'above';
}

/** A trigger price on the wrong side of the reference would fire at once (or never protect): refuse it. */
export function isOnRequiredSide(long: boolean, role: TriggerRole, price: number, reference: number): boolean {
  return requiredSide(long, role) === 'below' ? price < reference : price > reference;
}

/** Short name for messages and cells. */
export function roleShort(role: TriggerRole): 'TP' | 'SL' {
  return role === 'take-profit' ? 'TP' : 'SL';
}

export interface ArmedTrigger {
  orderId: number;
  price: number;
  on: TriggerSource;
  /** Size left on the order (it is clamped to the position when it fires). */
  size: number;
}

export interface PositionProtection {
  takeProfit: ArmedTrigger[];
  stopLoss: ArmedTrigger[];
}

/**
 * The untriggered triggers linked (lp) to a position, by role, each list ordered by how soon it fires
 * (nearest the mark first: highest stop of a long, lowest take-profit of a long; mirrored for a short).
 */
export function protectionOf(position: { positionId: number; side: number }, orders: readonly OrderRowView[]): PositionProtection {
  const long = isLongSide(position.side);
  const out: PositionProtection = { takeProfit: [], stopLoss: [] };
  for (const o of orders) {
    if (o.linkedPositionId !== position.positionId || o.triggerPrice === null) continue;
    const role = roleOfCondition(long, o.triggerCondition);
    if (role === null) continue;
    const armed = { orderId: o.orderId, price: o.triggerPrice, on: conditionSource(o.triggerCondition) ?? 'mark', size: o.originalSize - o.filledSize };
    (role === 'take-profit' ? out.takeProfit : out.stopLoss).push(armed);
  }
  const soonest = (role: TriggerRole) => (a: ArmedTrigger, b: ArmedTrigger) => (firesAtOrBelow(long, role) ? b.price - a.price : a.price - b.price);
  out.takeProfit.sort(soonest('take-profit'));
  out.stopLoss.sort(soonest('stop-loss'));
  return out;
}

/**
 * A reduce-only close trigger protecting a long or short: linked by `tr` to the order that opens it, or
 * by `lp` to a position already open. Triggers must use lb 0 (the server manages their lifecycle).
 */
export function protectiveTriggerDraft(
  target: { long: boolean; marketId: number; size: number },
  role: TriggerRole,
  spec: TriggerSpec,
  link: { tr: number } | { lp: number },
): OrderDraft {
  return {
    t: closeTypeFor(target.long),
    mkt: target.marketId,
    s: spec.size ?? target.size,
    p: 0,
    fl: OrderFlag.ImmediateOrCancel,
    lv: 0,
    lb: 0,
    tp: spec.price,
    tpc: triggerConditionFor(target.long, role, spec.on ?? 'mark'),
    ...link,
    triggerRole: role,
  };
}
