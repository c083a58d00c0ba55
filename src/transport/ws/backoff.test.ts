import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';

describe('Backoff', () => {
  it('doubles from the base and never exceeds the cap (no runaway delays that leave the feed dark)', () => {
    const b = new Backoff({ baseMs: 1000, maxMs: 10_000, jitter: 0, random: () => 0.5 });
    const delays = Array.from({ length: 8 }, () => b.nextDelayMs());
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('spreads delays by the jitter fraction in both directions (no lock-step reconnect storms)', () => {
    const low = new Backoff({ baseMs: 1000, jitter: 0.2, random: () => 0 });
    const high = new Backoff({ baseMs: 1000, jitter: 0.2, random: () => 0.999999 });
    expect(low.nextDelayMs()).toBe(800);
    expect(high.nextDelayMs()).toBe(1200);
  });

  it('keeps jittered delays under the cap', () => {
    const b = new Backoff({ baseMs: 1000, maxMs: 10_000, jitter: 0.5, random: () => 0.999 });
    for (let i = 0; i < 10; i++) expect(b.nextDelayMs()).toBeLessThanOrEqual(10_000);
  });

  it('starts again from the base after reset (a healthy connection earns a fast retry)', () => {
    const b = new Backoff({ baseMs: 500, jitter: 0 });
    b.nextDelayMs();
    b.nextDelayMs();
    expect(b.attempts).toBe(2);
    b.reset();
    expect(b.attempts).toBe(0);
    expect(b.nextDelayMs()).toBe(500);
  });

  it('stays finite after very many attempts', () => {
    const b = new Backoff({ baseMs: 1000, maxMs: 10_000, jitter: 0 });
    for (let i = 0; i < 2000; i++) b.nextDelayMs();
    expect(b.nextDelayMs()).toBe(10_000);
  });
});
