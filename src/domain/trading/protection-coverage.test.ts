import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageFraction, coverageWords, partialCoverage } from './protection-coverage.js';
import type { MarketWords } from './order-words.js';

const ETH: MarketWords = { label: 'ETH', priceDecimals: 2, sizeDecimals: 3 };

describe('TP/SL coverage (protection-coverage.ts)', () => {
  it('tpsl-on-part-of-a-grown-position-is-partial: TP/SL for 1 ETH on a 21 ETH long cover 1/21', () => {
    const c = partialCoverage([{ size: 1_000 }], 21_000);
    expect(c).toEqual({ covered: 1_000, size: 21_000 });
    expect(coverageFraction(c!, ETH)).toBe('1/21');
    expect(coverageWords(c, c, ETH)).toBe('TP/SL cover 1 of 21 ETH');
    expect(coverageWords(null, c, ETH)).toBe('SL covers 1 of 21 ETH');
    expect(coverageWords({ covered: 500, size: 21_000 }, c, ETH)).toBe('TP covers 0.5, SL 1 of 21 ETH');
  });

  it('tpsl-for-the-whole-position-says-nothing: none armed, or triggers summing to the position (or more), are not partial', () => {
    expect(partialCoverage([], 21_000)).toBeNull();
    expect(partialCoverage([{ size: 21_000 }], 21_000)).toBeNull();
    expect(partialCoverage([{ size: 10_000 }, { size: 11_000 }], 21_000)).toBeNull();
    expect(partialCoverage([{ size: 30_000 }], 21_000)).toBeNull();
    expect(coverageWords(null, null, ETH)).toBeNull();
  });

  it('coverage-is-partial-iff-the-triggers-sum-under-the-size: and then says exactly that sum over the size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 3_000_000 }), (sizes, size) => {
        const sum = sizes.reduce((a, b) => a + b, 0);
        const c = partialCoverage(sizes.map((s) => ({ size: s })), size);
        return sum < size ? c !== null && c.covered === sum && c.size === size : c === null;
      }),
    );
  });
});
