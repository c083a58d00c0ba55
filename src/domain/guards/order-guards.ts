// The guards as the order engine asks them, for every request before it is journaled and sent: one
// function, so placement, amend, algo children, presets and panic pass the same checks. A refusal is the
// request's 'invalid' outcome with the guard's words; nothing reaches the wire.

import type { OrderDraft } from '../trading/order-draft.js';
import type { DailyNet } from './daily-loss.js';
import { dailyLossProblem } from './daily-loss.js';
import type { GuardLimits } from './guard-limits.js';
import { type GuardBook, guardedOrderOf } from './guarded-order.js';
import { orderNotionalProblem, positionNotionalProblem } from './notional-guards.js';

export interface OrderGuards {
  limits: GuardLimits;
  dailyNet: DailyNet;
}

/** Every guard's refusal of `draft` (empty: it may go). Closes, reduce-only orders and cancels are never refused. */
export function guardProblems(draft: OrderDraft, book: GuardBook, guards: OrderGuards): string[] {
  const { limits } = guards;
  if (limits.maxOrderNotional === null && limits.maxPositionNotional === null && limits.maxDailyLoss === null) return [];
  const order = guardedOrderOf(draft, book);
  if (order === null) return [];
  const problems = [
    dailyLossProblem(limits.maxDailyLoss, limits.maxDailyLoss === null ? null : guards.dailyNet(), limits.dayStart),
    orderNotionalProblem(order, book, limits.maxOrderNotional),
    positionNotionalProblem(order, book, limits.maxPositionNotional),
  ];
  return problems.filter((p): p is string => p !== null);
}
