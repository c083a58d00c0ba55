import { describe, expect, it } from 'vitest';
import { NO_GUARDS } from '../../domain/guards/guard-limits.js';
import type { GuardRefusal } from '../../domain/guards/order-guards.js';
import type { TradingSessionEvents } from '../trading/session.js';
import { startGuardNotify } from './guard-notify.js';

const USD = 1_000_000n;
const reached: GuardRefusal = { guard: 'dailyLoss', reason: 'guard: daily loss 520 USD reached maxDailyLoss 500: only closes' };
const tooBig: GuardRefusal = { guard: 'orderNotional', reason: 'guard: order notional 1,500 USD over maxOrderNotional 1,000' };

function setup(maxDailyLoss: bigint | null = 500n * USD) {
  const listeners = new Set<TradingSessionEvents>();
  const session = { on: (e: TradingSessionEvents) => (listeners.add(e), () => listeners.delete(e)) };
  const net = { value: 0n as bigint | null };
  const clock = { now: Date.UTC(2026, 10, 28, 12, 0) };
  const said: string[] = [];
  const g = startGuardNotify({
    session,
    limits: { ...NO_GUARDS, maxDailyLoss, dayStart: { minutes: 0, zone: 'UTC' } },
    dailyNet: () => net.value,
    notify: (r) => said.push(r),
    now: () => clock.now,
  });
  const block = () => {
    for (const l of [...listeners]) l.heartbeat?.(1);
  };
  return { g, net, clock, said, block, listeners };
}

describe('guards reached, told to the notifier', () => {
  it('daily-loss-notified-per-refused-order: the crossing at a block is said once; the refused orders after it say nothing more', () => {
    const s = setup();
    s.net.value = -499n * USD;
    s.block();
    expect(s.said).toEqual([]);
    s.net.value = -520n * USD;
    s.block();
    s.block();
    for (let i = 0; i < 5; i++) s.g.refused([reached]);
    expect(s.said).toEqual(['guard: daily loss 520 USD reached maxDailyLoss 500: only closes and reduce-only orders until the day starts (00:00 UTC)']);
    // Another guard's refusal is its own notification (the sentinel that the run above was not merely late).
    s.g.refused([tooBig]);
    expect(s.said).toHaveLength(2);
    expect(s.said[1]).toBe(tooBig.reason);
    // The next trading day, the limit reached again is said again.
    s.clock.now += 86_400_000;
    s.block();
    expect(s.said).toHaveLength(3);
  });

  it('a refused order seen before the block that shows the crossing is the one notification of the day', () => {
    const s = setup();
    s.g.refused([reached]);
    s.net.value = -520n * USD;
    s.block();
    expect(s.said).toEqual([reached.reason]);
  });

  it('unknown-daily-net-not-said-reached; without maxDailyLoss nothing watches the blocks', () => {
    const s = setup();
    s.net.value = null;
    s.block();
    expect(s.said).toEqual([]);
    expect(setup(null).listeners.size).toBe(0);
  });

  it('stop takes the watch off the session', () => {
    const s = setup();
    s.g.stop();
    expect(s.listeners.size).toBe(0);
  });
});
