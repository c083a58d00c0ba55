import { describe, expect, it } from 'vitest';
import { NO_GUARDS } from '../../domain/guards/guard-limits.js';
import type { CommandHandle } from '../../domain/trading/commands.js';
import type { TradingSessionEvents } from '../trading/session.js';
import { watchDailyLossFlatten } from './daily-loss-flatten.js';

const USD = 1_000_000n;

function setup(onDailyLoss: 'flatten' | 'refuse' = 'flatten') {
  const listeners = new Set<TradingSessionEvents>();
  const session = { on: (e: TradingSessionEvents) => (listeners.add(e), () => listeners.delete(e)) };
  const net = { value: 0n as bigint | null };
  const clock = { now: Date.UTC(2026, 10, 28, 12, 0) };
  const panics: number[] = [];
  const notes: string[] = [];
  const ran: string[] = [];
  const handle: CommandHandle = { rqs: () => [], outcome: Promise.resolve({ ok: true, results: [], message: 'flat' }) };
  const stop = watchDailyLossFlatten({
    session,
    limits: { ...NO_GUARDS, maxDailyLoss: 500n * USD, onDailyLoss, dayStart: { minutes: 0, zone: 'UTC' } },
    dailyNet: () => net.value,
    panic: () => (panics.push(clock.now), handle),
    note: (t) => notes.push(t),
    ran: (t) => ran.push(t),
    now: () => clock.now,
  });
  const block = () => {
    for (const l of [...listeners]) l.heartbeat?.(1);
  };
  return { net, clock, panics, notes, ran, block, stop, listeners };
}

describe('onDailyLoss = "flatten"', () => {
  it('flatten-runs-panic-once-a-second-crossing-runs-nothing', () => {
    const s = setup();
    s.net.value = -499n * USD;
    s.block();
    expect(s.panics).toHaveLength(0);
    s.net.value = -520n * USD;
    s.block();
    s.block();
    expect(s.panics).toHaveLength(1);
    expect(s.notes).toEqual(['guard: daily loss 520 USD reached maxDailyLoss 500: flattening (panic), once today']);
    // Back under the limit, then over it again the same day: the record shows no second panic.
    s.net.value = -100n * USD;
    s.block();
    s.net.value = -700n * USD;
    s.block();
    expect(s.panics).toHaveLength(1);
    expect(s.notes).toHaveLength(1);
    // The next trading day arms it again.
    s.clock.now += 86_400_000;
    s.block();
    expect(s.panics).toHaveLength(2);
  });

  it('flatten-run-not-notified: the panic outcome is told once it settles, with what it did', async () => {
    const s = setup();
    s.net.value = -520n * USD;
    s.block();
    s.block();
    await Promise.resolve();
    expect(s.ran).toEqual(['guard: daily loss limit: flatten (panic) ran: flat']);
  });

  it('unknown-daily-net-never-flattens', () => {
    const s = setup();
    s.net.value = null;
    s.block();
    expect(s.panics).toEqual([]);
  });

  it('refuse-only-never-flattens-and-does-not-listen', () => {
    const s = setup('refuse');
    expect(s.listeners.size).toBe(0);
  });
});
