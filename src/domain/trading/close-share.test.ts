import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeSizeOfBps, formatClosePercent, isCloseBps, isPercentText, parseClosePercent } from './close-share.js';

describe('close share: one parser from typed percent to basis points', () => {
  it('reads whole and fractional percentages exactly', () => {
    expect(parseClosePercent('50%')).toEqual({ bps: 5_000 });
    expect(parseClosePercent('12.5%')).toEqual({ bps: 1_250 });
    expect(parseClosePercent(' 12.50 % ')).toEqual({ bps: 1_250 });
    expect(parseClosePercent('0.01%')).toEqual({ bps: 1 });
    expect(parseClosePercent('100%')).toEqual({ bps: 10_000 });
  });

  it('close-percent-is-never-rounded: a share it cannot carry exactly is refused, not rounded', () => {
    for (const text of ['12.345%', '0%', '0.001%', '100.01%', '150%', 'half%', '-5%', '5', '1e2%', '%']) {
      expect('error' in parseClosePercent(text), text).toBe(true);
    }
  });

  it('formats what it parsed back to the same text (any integer bps)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (bps) => {
        expect(parseClosePercent(formatClosePercent(bps))).toEqual({ bps });
      }),
    );
    expect(formatClosePercent(1_250)).toBe('12.5%');
    expect(formatClosePercent(5)).toBe('0.05%');
  });

  it('resolves to whole units rounded down, never more than the position, all of it at 100%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 10_000 }), (size, bps) => {
        const closed = closeSizeOfBps(size, bps);
        expect(closed).toBeLessThanOrEqual(size);
        // Rounded down by less than one unit: closed <= size x bps / 10000 < closed + 1.
        expect(BigInt(closed) * 10_000n <= BigInt(size) * BigInt(bps)).toBe(true);
        expect((BigInt(closed) + 1n) * 10_000n > BigInt(size) * BigInt(bps)).toBe(true);
      }),
    );
    expect(closeSizeOfBps(3, 5_000)).toBe(1);
    expect(closeSizeOfBps(12_345, 10_000)).toBe(12_345);
  });

  it('knows a percentage from a size and refuses a share it cannot carry', () => {
    expect(isPercentText('50 %')).toBe(true);
    expect(isPercentText('0.5')).toBe(false);
    expect([0, 0.5, 10_001, Number.NaN].map(isCloseBps)).toEqual([false, false, false, false]);
    expect(() => closeSizeOfBps(10, 0.5)).toThrow(RangeError);
  });
});
