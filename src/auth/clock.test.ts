import { describe, expect, it } from 'vitest';
import { ServerClock } from './clock.js';

/** A local clock the test moves by hand. */
function fakeLocal(start: number) {
  const t = { now: start };
  return { t, read: () => t.now };
}

describe('ServerClock', () => {
  it('uncalibrated-clock-is-local-time', () => {
    const { read } = fakeLocal(1_000_000);
    const c = new ServerClock(read);
    expect(c.now()).toBe(1_000_000);
    expect(c.calibrated).toBe(false);
  });

  it('skewed-local-clock-is-corrected-from-date-header', () => {
    // Local clock runs 90 s behind the server.
    const server = Date.UTC(2026, 10, 22, 0, 0, 10, 0);
    const { t, read } = fakeLocal(server - 90_000);
    const c = new ServerClock(read);
    const sent = t.now;
    const received = sent + 200;
    t.now = received;
    // The server stamped the response at server+100 ms, truncated to the second.
    c.observe(new Date(server + 100).toUTCString(), sent, received);
    expect(Math.abs(c.now() - (server + 200))).toBeLessThanOrEqual(1_000);
    expect(c.calibrated).toBe(true);
  });

  it('unparsable-or-missing-date-is-ignored', () => {
    const { read } = fakeLocal(5_000_000);
    const c = new ServerClock(read);
    c.observe('not a date', 1, 2);
    c.observe(undefined, 1, 2);
    c.observe('', 1, 2);
    expect(c.offsetMs).toBe(0);
    expect(c.calibrated).toBe(false);
  });

  it('one-noisy-sample-moves-a-settled-estimate-only-partly', () => {
    const base = Date.UTC(2026, 0, 1, 0, 0, 0, 0);
    const { t, read } = fakeLocal(base);
    const c = new ServerClock(read);
    // Settle at offset +500 (Date == local second, plus the half-second correction).
    for (let i = 0; i < 20; i++) {
      t.now = base + i * 1000;
      c.observe(new Date(t.now).toUTCString(), t.now, t.now);
    }
    expect(c.offsetMs).toBe(500);
    t.now = base + 30_000;
    c.observe(new Date(t.now + 1000).toUTCString(), t.now, t.now); // a sample of +1500
    expect(c.offsetMs).toBeGreaterThan(500);
    expect(c.offsetMs).toBeLessThan(1500);
  });

  it('local-clock-jump-resets-the-estimate', () => {
    const base = Date.UTC(2026, 0, 1, 0, 0, 0, 0);
    const { t, read } = fakeLocal(base);
    const c = new ServerClock(read);
    c.observe(new Date(base).toUTCString(), base, base);
    // Local clock jumps one hour ahead; the server did not.
    t.now = base + 3_600_000;
    c.observe(new Date(base + 1000).toUTCString(), t.now, t.now);
    expect(Math.abs(c.now() - (base + 1000))).toBeLessThanOrEqual(1000);
  });
});
