// Panic's wait for a live block after each close, on a virtual clock: a position is judged only at a block
// boundary that follows the close, and when none comes within blockWaitMs panic says the position is not
// confirmed flat instead of trusting a position view that may not show the close yet.
import { describe, expect, it } from 'vitest';
import { VirtualTimers } from '../../test/support/virtual-timers.js';
import type { Position } from '../protocol/frames.js';
import type { ConnectionHealth } from '../domain/views.js';
import type { CommandHandle, CommandOutcome } from './commands.js';
import { runPanic } from './panic.js';
import type { TradingSession, TradingSessionEvents } from './trading/session.js';
import type { RequestResult } from './trading/tracked-request.js';

const POSITION: Position = { at: { b: 1 }, mkt: 1, acc: 5, pid: 7, st: 1, sr: 0, sd: 1, c: '1000', ep: 100, s: 100, lv: 500 };

/** The parts of a trading session panic reads, with heartbeats sent by hand. */
function scriptedSession() {
  const listeners = new Set<TradingSessionEvents>();
  const positions = new Map<number, Position>([[POSITION.pid, POSITION]]);
  const fake = {
    head: 100 as number | null,
    healthNow: 'live' as ConnectionHealth,
    state: { positions },
    health: () => fake.healthNow,
    on(events: TradingSessionEvents) {
      listeners.add(events);
      return () => listeners.delete(events);
    },
    heartbeat(head: number) {
      fake.head = head;
      for (const l of [...listeners]) l.heartbeat?.(head);
    },
    listening: () => listeners.size,
  };
  return fake;
}

const filled: RequestResult = { kind: 'definitive', rq: 9, st: 4, message: 'rq 9 Filled' };
const done = (results: RequestResult[]): CommandHandle => ({
  rqs: () => results.map((r) => r.rq),
  outcome: Promise.resolve<CommandOutcome>({ ok: true, results, message: '' }),
});

/** Lets every already-settled promise continuation run (no time passes on any clock). */
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

function panicWith(session: ReturnType<typeof scriptedSession>, clock: VirtualTimers) {
  let closes = 0;
  const handle = runPanic({
    session: session as unknown as TradingSession,
    cancelAll: () => done([]),
    close: () => {
      closes += 1;
      return done([filled]);
    },
    market: () => undefined,
    blockWaitMs: 10_000,
    timers: clock,
  });
  let outcome: CommandOutcome | undefined;
  void handle.outcome.then((o) => (outcome = o));
  return { outcome: () => outcome, closes: () => closes };
}

describe('panic waits for a live block after a close', () => {
  it('panic-no-block-not-confirmed-flat: with no live block within the wait, the position is reported not confirmed flat', async () => {
    const clock = new VirtualTimers();
    const session = scriptedSession();
    const run = panicWith(session, clock);
    await settle();
    expect(run.closes()).toBe(1);
    expect(clock.nextDueInMs()).toBe(10_000);
    clock.advance(9_999);
    await settle();
    expect(run.outcome()).toBeUndefined();
    clock.advance(1);
    await settle();
    expect(run.outcome()).toMatchObject({ ok: false, message: 'market 1 long 100 (position 7) not confirmed flat: no live block after close 1' });
    expect(session.listening()).toBe(0);
  });

  it('panic-judges-at-the-next-block: a live block after the close ends the wait at once; the position it shows decides', async () => {
    const clock = new VirtualTimers();
    const session = scriptedSession();
    const run = panicWith(session, clock);
    await settle();
    session.healthNow = 'stale';
    session.heartbeat(101); // not live: no judgement yet
    session.healthNow = 'live';
    session.heartbeat(100); // not after the close's head: no judgement yet
    await settle();
    expect(run.outcome()).toBeUndefined();
    expect(run.closes()).toBe(1); // the open position was not judged on those: no second close
    session.state.positions.delete(POSITION.pid);
    session.heartbeat(102);
    await settle();
    expect(run.outcome()).toMatchObject({ ok: true, message: 'flat: 0 cancelled, 1 closed' });
    expect(clock.pendingCount).toBe(0); // the wait's timer is gone with it
    expect(session.listening()).toBe(0);
  });
});
