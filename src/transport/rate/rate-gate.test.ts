import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateGate } from './rate-gate.js';
import { ThrottleMonitor } from './throttle-monitor.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('RateGate', () => {
  it('runs work at once while tokens last, then in order as they refill', () => {
    const gate = new RateGate({ limits: [{ capacity: 2, refillPerSec: 10 }] });
    const ran: number[] = [];
    const now = [1, 2, 3, 4].map((i) => gate.submit(() => ran.push(i)));
    expect(now).toEqual([true, true, false, false]);
    expect(ran).toEqual([1, 2]);
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(gate.waiting).toBe(0);
  });

  it('armed-frame-counts-against-the-budget: a frame sent elsewhere takes the token the next one would have', () => {
    const gate = new RateGate({ limits: [{ capacity: 2, refillPerSec: 10 }] });
    const ran: number[] = [];
    expect(gate.spend()).toBe(true);
    gate.submit(() => ran.push(1));
    expect(gate.submit(() => ran.push(2))).toBe(false); // two in the burst of two: the third waits
    expect(ran).toEqual([1]);
    expect(gate.spend()).toBe(false); // none left, one waiting: nothing counted twice
  });

  it('available-counts-the-tightest-bucket-less-the-queue', () => {
    const gate = new RateGate({ limits: [{ capacity: 10, refillPerSec: 10 }, { capacity: 3, refillPerSec: 1 }] });
    expect(gate.available()).toBe(3);
    gate.submit(() => {});
    expect(gate.available()).toBe(2);
    gate.submit(() => {});
    gate.submit(() => {});
    gate.submit(() => {}); // waits: nothing left for optional work
    expect(gate.available()).toBe(0);
    vi.advanceTimersByTime(1_000); // the waiter took the refilled token
    expect(gate.available()).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(gate.available()).toBe(2);
  });

  it('never lets new work jump a queue, even when a token has refilled', () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 1 }] });
    const ran: string[] = [];
    gate.submit(() => ran.push('a'));
    gate.submit(() => ran.push('b'));
    vi.setSystemTime(5_000); // tokens are back, but the timer for 'b' has not fired yet
    expect(gate.submit(() => ran.push('c'))).toBe(false);
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(2_000);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('takes a token from every bucket: the strictest one sets the pace', () => {
    const gate = new RateGate({ limits: [{ capacity: 10, refillPerSec: 10 }, { capacity: 2, refillPerSec: 1 }] });
    const ran: number[] = [];
    for (let i = 0; i < 4; i++) gate.submit(() => ran.push(i));
    expect(ran).toEqual([0, 1]);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual([0, 1, 2]);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it('acquire waits FIFO and an aborted waiter leaves the queue without running', async () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 2 }] });
    const order: string[] = [];
    await gate.acquire();
    const abort = new AbortController();
    const first = gate.acquire().then(() => order.push('first'));
    const cancelled = gate.acquire(abort.signal).then(
      () => order.push('cancelled ran'),
      (e: unknown) => order.push(`cancelled: ${(e as Error).message}`),
    );
    const third = gate.acquire().then(() => order.push('third'));
    abort.abort(new Error('user left'));
    await cancelled;
    expect(gate.waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    await first;
    expect(order).toEqual(['cancelled: user left', 'first']);
    await vi.advanceTimersByTimeAsync(500);
    await third;
    expect(order).toEqual(['cancelled: user left', 'first', 'third']);
  });

  it('an already aborted signal never takes a token', async () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 1 }] });
    const abort = new AbortController();
    abort.abort(new Error('gone'));
    await expect(gate.acquire(abort.signal)).rejects.toThrow('gone');
    expect(gate.submit(() => {})).toBe(true);
  });

  it('clear drops every waiter and tells each one', () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 1 }] });
    const ran: number[] = [];
    const dropped: number[] = [];
    for (let i = 0; i < 3; i++) gate.submit(() => ran.push(i), { dropped: () => dropped.push(i) });
    gate.clear(new Error('closed'));
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual([0]);
    expect(dropped).toEqual([1, 2]);
  });

  it('work that submits more while the queue drains keeps the order', () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 10 }] });
    const ran: string[] = [];
    gate.submit(() => ran.push('a'));
    gate.submit(() => {
      ran.push('b');
      gate.submit(() => ran.push('b2'));
    });
    gate.submit(() => ran.push('c'));
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['a', 'b', 'c', 'b2']);
  });

  it('reports the wait while work waits, and null once the queue is empty', () => {
    const reports: (number | null)[] = [];
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 1 }], onThrottle: (ms) => reports.push(ms) });
    gate.submit(() => {});
    expect(reports).toEqual([]);
    gate.submit(() => {});
    gate.submit(() => {});
    expect(reports).toEqual([1_000, 2_000]);
    vi.advanceTimersByTime(1_000);
    expect(reports.at(-1)).toBe(1_000);
    vi.advanceTimersByTime(1_000);
    expect(reports.at(-1)).toBeNull();
  });
});

describe('ThrottleMonitor', () => {
  it('keeps the longest running wait and who waits, until each says it ended', () => {
    const monitor = new ThrottleMonitor(() => 10_000);
    const seen: (string | null)[] = [];
    monitor.subscribe((n) => seen.push(n ? `${n.sources.join('+')} until ${n.untilMs}` : null));
    const rest = monitor.reporter('rest public');
    const socket = monitor.reporter('trading socket');
    rest(2_000);
    socket(500);
    socket(null);
    rest(null);
    rest(null);
    expect(seen).toEqual([
      'rest public until 12000',
      'rest public+trading socket until 12000',
      'rest public until 12000',
      null,
    ]);
    expect(monitor.current()).toBeNull();
  });
});

describe('RateGate when work throws', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('the work queued behind it still runs', () => {
    const gate = new RateGate({ limits: [{ capacity: 1, refillPerSec: 10 }] });
    const ran: string[] = [];
    gate.submit(() => ran.push('a'));
    gate.submit(() => {
      throw new Error('owner bug');
    });
    gate.submit(() => ran.push('c'));
    expect(() => vi.advanceTimersByTime(100)).toThrow('owner bug');
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a', 'c']);
    expect(gate.waiting).toBe(0);
  });
});
