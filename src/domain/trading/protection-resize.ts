// The re-arm of a position's partial TP/SL for a new size: each role whose armed triggers cover less than the
// size gets one trigger at its price and source for the whole size, replacing the old one. Several triggers of
// a role are not guessed at (which price would the one new trigger take?). One rule for the review's offer
// (state/order-review-protection.ts, at the size its preview expects) and for the client's run of it once the
// order went through (client/resize-with-order.ts, at the size the exchange then reports).

import type { TriggerSpec } from './command-params.js';
import { type Coverage, partialCoverage } from './protection-coverage.js';
import type { ArmedTrigger, PositionProtection } from './protection.js';

/** The new trigger of each partial role and the old triggers they replace. */
export interface ProtectionResize {
  tp?: TriggerSpec;
  sl?: TriggerSpec;
  replacing: number[];
}

export interface ResizeNeed {
  tp: Coverage | null;
  sl: Coverage | null;
  /** The re-arm, or why it is not made. */
  plan: ProtectionResize | { refused: string };
}

/** What re-arming `armed` for a position of `size` takes; null when no role covers only part of it. */
export function protectionResize(armed: PositionProtection, size: number): ResizeNeed | null {
  const tp = partialCoverage(armed.takeProfit, size);
  const sl = partialCoverage(armed.stopLoss, size);
  if (!tp && !sl) return null;
  const several = (list: readonly ArmedTrigger[], name: 'TP' | 'SL') => (list.length > 1 ? `${list.length} ${name}s armed: re-arm them with t` : null);
  const refused = (tp ? several(armed.takeProfit, 'TP') : null) ?? (sl ? several(armed.stopLoss, 'SL') : null);
  if (refused) return { tp, sl, plan: { refused } };
  const resized = (t: ArmedTrigger): TriggerSpec => ({ price: t.price, on: t.on, size });
  const plan: ProtectionResize = {
    ...(tp ? { tp: resized(armed.takeProfit[0]!) } : {}),
    ...(sl ? { sl: resized(armed.stopLoss[0]!) } : {}),
    replacing: [...(tp ? armed.takeProfit : []), ...(sl ? armed.stopLoss : [])].map((t) => t.orderId),
  };
  return { tp, sl, plan };
}
