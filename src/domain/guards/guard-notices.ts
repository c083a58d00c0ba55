// Which guard events are worth a notification: the daily loss reached once per trading day (however many
// orders it refuses after it, and whether the watch at a block or a refused order saw it first), any other
// refusal once per guard in a short window (a trader retrying the same too-big order is told once, not
// at each try). Pure: the caller passes the time and the trading day's start.

import { OncePerDay } from './daily-loss.js';
import type { GuardName, GuardRefusal } from './order-guards.js';

/** A refusal by the same guard inside this window is not said again. */
export const GUARD_REFUSAL_WINDOW_MS = 60_000;

export class GuardNotices {
  private readonly dailyLoss = new OncePerDay();
  /** When each guard's refusal was last said (four guards at most). */
  private readonly saidAt = new Map<GuardName, number>();

  /** True the first time the daily loss is reached in the trading day starting at `dayStartMs`. */
  dailyLossReached(dayStartMs: number): boolean {
    return this.dailyLoss.first(dayStartMs, true);
  }

  /** The refusals to say now, out of those of one refused request. */
  admit(refusals: readonly GuardRefusal[], nowMs: number, dayStartMs: number): GuardRefusal[] {
    return refusals.filter((r) => {
      if (r.guard === 'dailyLoss') return this.dailyLossReached(dayStartMs);
      const last = this.saidAt.get(r.guard);
      if (last !== undefined && nowMs - last < GUARD_REFUSAL_WINDOW_MS) return false;
      this.saidAt.set(r.guard, nowMs);
      return true;
    });
  }
}
