import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitFee } from './fee-split.js';

describe('splitFee', () => {
  it('flip-fee-split-sums-to-the-fee: both parts add up to the fee to the atom, rebates too', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -10_000_000n, max: 10_000_000n }), fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (fee, whole, part) => {
        const [a, b] = splitFee(fee, Math.min(part, whole), whole);
        expect(a + b).toBe(fee);
      }),
    );
  });

  it('splits pro rata, truncating the first part toward zero (as the exchange does)', () => {
    expect(splitFee(1_000n, 1, 3)).toEqual([333n, 667n]);
    expect(splitFee(-1_000n, 1, 3)).toEqual([-333n, -667n]);
    expect(splitFee(1_000n, 3, 3)).toEqual([1_000n, 0n]);
    expect(splitFee(1_000n, 0, 3)).toEqual([0n, 1_000n]);
  });
});
