import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('starts full and allows a burst of exactly its capacity', () => {
    const b = new TokenBucket({ capacity: 5, refillPerSec: 1 }, 0);
    const taken = Array.from({ length: 7 }, () => b.tryTake(0));
    expect(taken).toEqual([true, true, true, true, true, false, false]);
  });

  it('refills at its rate and never above capacity', () => {
    const b = new TokenBucket({ capacity: 3, refillPerSec: 2 }, 0);
    for (let i = 0; i < 3; i++) b.tryTake(0);
    expect(b.available(0)).toBe(0);
    expect(b.available(250)).toBeCloseTo(0.5);
    expect(b.tryTake(250)).toBe(false);
    expect(b.tryTake(500)).toBe(true);
    expect(b.available(60_000)).toBe(3);
  });

  it('says how long until one or several tokens are there', () => {
    const b = new TokenBucket({ capacity: 2, refillPerSec: 4 }, 1_000);
    expect(b.waitMs(1_000)).toBe(0);
    b.tryTake(1_000);
    b.tryTake(1_000);
    expect(b.waitMs(1_000)).toBe(250);
    expect(b.waitMs(1_100)).toBe(150);
    // Ten waiters in a row: 0.4 tokens are there, 9.6 more come at 4 per second.
    expect(b.waitMs(1_100, 10)).toBe(2_400);
  });

  it('a clock stepping back mints no tokens', () => {
    const b = new TokenBucket({ capacity: 1, refillPerSec: 1 }, 10_000);
    expect(b.tryTake(10_000)).toBe(true);
    expect(b.tryTake(5_000)).toBe(false);
    expect(b.tryTake(10_500)).toBe(false);
    expect(b.tryTake(11_000)).toBe(true);
  });

  it('refuses a limit that could never hand out a token', () => {
    expect(() => new TokenBucket({ capacity: 0, refillPerSec: 1 }, 0)).toThrow(RangeError);
    expect(() => new TokenBucket({ capacity: 1, refillPerSec: 0 }, 0)).toThrow(RangeError);
  });
});
