// The guards as the order engine asks them, for every request before it is journaled and sent: one
// function, so placement, amend, algo children, presets and panic pass the same checks. A refusal is the
// request's 'invalid' outcome with the guard's words; nothing reaches the wire.

import type { OrderDraft } from '../trading/order-draft.js';
import type { DailyNet } from './daily-loss.js';
import { dailyLossProblem } from './daily-loss.js';
import type { GuardLimits } from './guard-limits.js';
import { type GuardBook, guardedOrderOf } from './guarded-order.js';
import { orderNotionalProblem, positionNotionalProblem } from './notional-guards.js';

/** Which guard refused: the daily loss split in reached and not known yet (two different things to be told). */
export type GuardName = 'dailyLoss' | 'dailyLossUnknown' | 'orderNotional' | 'positionNotional';

export interface GuardRefusal {
  guard: GuardName;
  /** The guard's words ("guard: ..."). */
  reason: string;
}

export interface OrderGuards {
  limits: GuardLimits;
  dailyNet: DailyNet;
  /** Told of every request the guards refused (the notifier's guard event). */
  refused?: (refusals: readonly GuardRefusal[]) => void;
}

/** Every guard's refusal of `draft`, by guard (empty: it may go). Closes, reduce-only orders and cancels are never refused. */
export function guardRefusals(draft: OrderDraft, book: GuardBook, guards: OrderGuards): GuardRefusal[] {
  const { limits } = guards;
  if (limits.maxOrderNotional === null && limits.maxPositionNotional === null && limits.maxDailyLoss === null) return [];
  const order = guardedOrderOf(draft, book);
  if (order === null) return [];
  const net = limits.maxDailyLoss === null ? null : guards.dailyNet();
  const refusals: (GuardRefusal | null)[] = [
    refusal(net === null ? 'dailyLossUnknown' : 'dailyLoss', dailyLossProblem(limits.maxDailyLoss, net, limits.dayStart)),
    refusal('orderNotional', orderNotionalProblem(order, book, limits.maxOrderNotional)),
    refusal('positionNotional', positionNotionalProblem(order, book, limits.maxPositionNotional)),
  ];
  return refusals.filter((r): r is GuardRefusal => r !== null);
}

function refusal(guard: GuardName, reason: string | null): GuardRefusal | null {
  return reason === null ? null : { guard, reason };
}

/** Every guard's refusal of `draft` in its words (empty: it may go). */
export function guardProblems(draft: OrderDraft, book: GuardBook, guards: OrderGuards): string[] {
  return guardRefusals(draft, book, guards).map((r) => r.reason);
}
