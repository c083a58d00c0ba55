import { describe, expect, it } from 'vitest';
import { GUARD_REFUSAL_WINDOW_MS, GuardNotices } from './guard-notices.js';
import type { GuardRefusal } from './order-guards.js';

const DAY = 86_400_000;
const lossReached: GuardRefusal = { guard: 'dailyLoss', reason: 'guard: daily loss 520 USD reached maxDailyLoss 500' };
const tooBig: GuardRefusal = { guard: 'orderNotional', reason: 'guard: order notional 1,500 USD over maxOrderNotional 1,000' };
const tooBigAgain: GuardRefusal = { guard: 'orderNotional', reason: 'guard: order notional 2,500 USD over maxOrderNotional 1,000' };
const position: GuardRefusal = { guard: 'positionNotional', reason: 'guard: BTC position would be 26,100 USD' };

describe('guard notices', () => {
  it('daily-loss-notified-on-every-refused-order: the daily loss reached is said once per trading day, whoever saw it first', () => {
    const n = new GuardNotices();
    expect(n.dailyLossReached(0)).toBe(true);
    expect(n.admit([lossReached], 1_000, 0)).toEqual([]);
    expect(n.admit([lossReached], 2 * GUARD_REFUSAL_WINDOW_MS, 0)).toEqual([]);
    // The next trading day: said again, by the first refusal if that comes before the watch.
    expect(n.admit([lossReached], DAY + 1, DAY)).toEqual([lossReached]);
    expect(n.dailyLossReached(DAY)).toBe(false);
  });

  it('refusal-notified-at-every-retry: one per guard in the window, whatever the amount; another guard is said', () => {
    const n = new GuardNotices();
    expect(n.admit([tooBig], 0, 0)).toEqual([tooBig]);
    expect(n.admit([tooBigAgain], 1_000, 0)).toEqual([]);
    expect(n.admit([tooBigAgain, position], 2_000, 0)).toEqual([position]);
    expect(n.admit([tooBigAgain], GUARD_REFUSAL_WINDOW_MS - 1, 0)).toEqual([]);
    expect(n.admit([tooBigAgain], GUARD_REFUSAL_WINDOW_MS, 0)).toEqual([tooBigAgain]);
  });
});
