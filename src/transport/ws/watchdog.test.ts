import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAlive } from './keepalive.js';
import { Watchdog } from './watchdog.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Watchdog', () => {
  it('fires once after the timeout when nothing is fed (a silent feed is detected)', () => {
    const stalls: number[] = [];
    const w = new Watchdog({ timeoutMs: 1000, onStall: (ms) => stalls.push(ms) });
    w.start();
    vi.advanceTimersByTime(999);
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalls).toEqual([1000]);
    vi.advanceTimersByTime(10_000);
    expect(stalls).toHaveLength(1);
    expect(w.running).toBe(false);
  });

  it('does not fire while fed, and fires timeout after the last feed', () => {
    let stalled = false;
    const w = new Watchdog({ timeoutMs: 1000, onStall: () => (stalled = true) });
    w.start();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(500);
      w.feed();
    }
    expect(stalled).toBe(false);
    vi.advanceTimersByTime(999);
    expect(stalled).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stalled).toBe(true);
  });

  it('keeps one timer no matter how often it is fed (no timer churn per frame)', () => {
    const w = new Watchdog({ timeoutMs: 1000, onStall: () => undefined });
    w.start();
    for (let i = 0; i < 10_000; i++) w.feed();
    expect(vi.getTimerCount()).toBe(1);
    w.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('KeepAlive', () => {
  it('pings every interval and stops leaving no timer', () => {
    let pings = 0;
    const k = new KeepAlive({ everyMs: 30_000, sendPing: () => (pings++, true) });
    k.start();
    vi.advanceTimersByTime(30_000 * 3 + 10);
    expect(pings).toBe(3);
    expect(k.pingsSent).toBe(3);
    k.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100_000);
    expect(pings).toBe(3);
  });

  it('counts only pings the socket accepted', () => {
    const k = new KeepAlive({ everyMs: 10, sendPing: () => false });
    k.start();
    vi.advanceTimersByTime(55);
    expect(k.pingsSent).toBe(0);
    k.stop();
  });
});
