// Panic's wait for a live block after each close, on a virtual clock: a position is judged only at a block
// boundary that follows the close, and when none comes within blockWaitMs panic says the position is not
// confirmed flat instead of trusting a position view that may not show the close yet.
import { describe, expect, it } from 'vitest';
import { VirtualTimers } from '../../test/helpers/virtual-timers.js';
import type { Position } from '../protocol/frames.js';
import type { ConnectionHealth } from '../domain/views.js';
import type { CommandHandle, CommandOutcome } from './commands.js';
import { DEFAULT_PANIC_CLOSE_POLICY, type PanicClosePolicy } from '../domain/trading/panic-close.js';
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

/** A command whose outcome settles only when the test says so (a cancel whose acks have not come back). */
function pendingCommand(): { handle: CommandHandle; resolve(results: RequestResult[]): void } {
  let resolve: (results: RequestResult[]) => void = () => undefined;
  const outcome = new Promise<CommandOutcome>((r) => (resolve = (results) => r({ ok: true, results, message: '' })));
  return { handle: { rqs: () => [], outcome }, resolve: (results) => resolve(results) };
}

describe('panic sends its closes with its cancels', () => {
  it('panic-closes-without-waiting-for-the-cancels: the close leaves while the cancels have no outcome yet', async () => {
    const clock = new VirtualTimers();
    const session = scriptedSession();
    const cancels = pendingCommand();
    const sent: string[] = [];
    void runPanic({
      session: session as unknown as TradingSession,
      cancelAll: () => (sent.push('cancels'), cancels.handle),
      close: (pid) => (sent.push(`close ${pid}`), done([filled])),
      market: () => undefined,
      blockWaitMs: 10_000,
      timers: clock,
    });
    // Synchronously, in the same turn as the cancels: nothing from the exchange can have come back.
    expect(sent).toEqual(['cancels', `close ${POSITION.pid}`]);
    cancels.resolve([]);
  });

  it('panic-closes-a-position-opened-before-its-cancel-landed: closed once the cancels resolve and a block passes; the known one is not closed twice', async () => {
    const clock = new VirtualTimers();
    const session = scriptedSession();
    const cancels = pendingCommand();
    const closed: number[] = [];
    const handle = runPanic({
      session: session as unknown as TradingSession,
      cancelAll: () => cancels.handle,
      close: (pid) => {
        closed.push(pid);
        return done([{ ...filled, rq: 20 + closed.length }]);
      },
      market: () => undefined,
      blockWaitMs: 10_000,
      timers: clock,
    });
    let outcome: CommandOutcome | undefined;
    void handle.outcome.then((o) => (outcome = o));
    await settle();
    expect(closed).toEqual([POSITION.pid]);
    // A resting buy filled before its cancel landed: a second position, which panic did not know at y.
    const opened: Position = { ...POSITION, pid: 8, s: 40 };
    session.state.positions.delete(POSITION.pid);
    session.state.positions.set(opened.pid, opened);
    cancels.resolve([{ kind: 'definitive', rq: 12, st: 5, message: 'rq 12 Canceled' }]);
    await settle();
    expect(closed).toEqual([POSITION.pid]); // not before a block shows what the cancels left
    session.heartbeat(101);
    await settle();
    expect(closed).toEqual([POSITION.pid, opened.pid]);
    session.state.positions.delete(opened.pid);
    session.heartbeat(102);
    await settle();
    expect(outcome).toMatchObject({ ok: true, message: 'flat: 1 cancelled, 2 closed' });
    expect(closed).toEqual([POSITION.pid, opened.pid]);
  });
});

describe('panic after a close that filled whole while its position stayed open', () => {
  /** Panic over closes that end as `answers` says, in turn; each close's cap is recorded. */
  function panicOver(session: ReturnType<typeof scriptedSession>, answers: Array<Omit<RequestResult, 'kind' | 'rq' | 'message'>>, policy?: PanicClosePolicy) {
    const caps: number[] = [];
    const handle = runPanic({
      session: session as unknown as TradingSession,
      cancelAll: () => done([]),
      close: (_pid, opts) => {
        caps.push(opts.slippageBps!);
        const answer = answers[Math.min(caps.length, answers.length) - 1]!;
        return done([{ kind: 'definitive', rq: 20 + caps.length, message: `rq ${20 + caps.length}`, ...answer }]);
      },
      market: () => undefined,
      blockWaitMs: 10_000,
      timers: new VirtualTimers(),
      ...(policy ? { policy } : {}),
    });
    let outcome: CommandOutcome | undefined;
    void handle.outcome.then((o) => (outcome = o));
    return { caps, outcome: () => outcome };
  }
  const filledWhole = { st: 4, os: 100, fs: 100 };
  const foundNothing = { st: 5, os: 40, fs: 0 };

  it('panic-grown-position-resent-at-the-same-cap: a close filled whole while a resting fill grew the position goes again at its cap, not wider, and uses no attempt', async () => {
    const session = scriptedSession();
    const run = panicOver(session, [filledWhole, foundNothing, { st: 4, os: 40, fs: 40 }]);
    await settle();
    // The close sized at 100 filled 100; a resting buy had filled before its cancel landed: 40 are still open.
    session.state.positions.set(POSITION.pid, { ...POSITION, s: 40 });
    session.heartbeat(101);
    await settle();
    expect(run.caps).toEqual([100, 100]);
    // That one found nothing inside the cap: the first widening, as for any miss.
    session.heartbeat(102);
    await settle();
    expect(run.caps).toEqual([100, 100, 200]);
    session.state.positions.delete(POSITION.pid);
    session.heartbeat(103);
    await settle();
    expect(run.outcome()).toMatchObject({ ok: true, message: 'flat: 0 cancelled, 1 closed (1 close retried wider, 1 re-sent for a position that grew)' });
  });

  it('panic-growth-resends-bounded: a position still open after every close filled whole is given up on at its cap, and says so', async () => {
    const session = scriptedSession();
    const run = panicOver(session, [filledWhole], { ...DEFAULT_PANIC_CLOSE_POLICY, grownResends: 2 });
    for (let head = 101; head <= 103; head++) {
      await settle();
      session.heartbeat(head);
    }
    await settle();
    expect(run.caps).toEqual([100, 100, 100]);
    expect(run.outcome()).toMatchObject({ ok: false, message: 'market 1 long 100 (position 7) still open: the position grew again after 3 closes filled whole (last: rq 23)' });
  });
});
