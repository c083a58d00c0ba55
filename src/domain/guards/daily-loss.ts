// maxDailyLoss: the day's net (realized net PnL since the day's start plus the open positions' uPnL) at
// or below -maxDailyLoss refuses every opening order until the next day starts; closes and reduce-only
// orders still go. Where the day's net comes from is injected (DailyNet): the session's own reading today,
// the ledger's later. Unknown (the day's history not loaded yet, a mark not live) refuses opening orders
// too: a limit that cannot be checked is not waved through.

import { dayStartText, type DayStart } from './day-start.js';
import { guardFailure, quoteText } from './guard-words.js';

/** The day's net PnL in atoms (negative = a loss), or null while it cannot be told. */
export type DailyNet = () => bigint | null;

export interface DailyLossStatus {
  limit: bigint;
  /** The day's loss (positive atoms; 0 on a winning day), null when unknown. */
  loss: bigint | null;
  /** What may still be lost today before opens are refused (0 once reached), null when unknown. */
  left: bigint | null;
  reached: boolean;
}

export function dailyLossStatus(limit: bigint, net: bigint | null): DailyLossStatus {
  if (net === null) return { limit, loss: null, left: null, reached: false };
  const loss = net < 0n ? -net : 0n;
  return { limit, loss, left: loss >= limit ? 0n : limit - loss, reached: loss >= limit };
}

/** Why an opening order is refused by the daily loss guard; null when it may go (or no limit is set). */
export function dailyLossProblem(limit: bigint | null, net: bigint | null, dayStart: DayStart): string | null {
  if (limit === null) return null;
  const status = dailyLossStatus(limit, net);
  if (status.loss === null) return guardFailure("daily loss unknown yet (the day's PnL is not loaded): only closes and reduce-only orders until it is");
  if (!status.reached) return null;
  return guardFailure(`daily loss ${quoteText(status.loss)} USD reached maxDailyLoss ${quoteText(limit)}: only closes and reduce-only orders until the day starts (${dayStartText(dayStart)})`);
}

/**
 * Once per trading day, the first time the loss is reached: `onDailyLoss = "flatten"` runs panic then, and
 * the notifier says the limit was reached. The day is remembered, so the loss crossing the limit again (a
 * bounce, a new fill, every refused order after it) does nothing more.
 */
export class OncePerDay {
  private ranForDay: number | null = null;

  /** True exactly once per `dayStartMs` while `reached`: the caller acts then. */
  first(dayStartMs: number, reached: boolean): boolean {
    if (!reached || this.ranForDay === dayStartMs) return false;
    this.ranForDay = dayStartMs;
    return true;
  }
}
