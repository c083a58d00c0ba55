import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakevenEstimate, breakevenStop, closeNetAtoms, type BreakevenInputs } from './breakeven.js';

const scales = { priceDecimals: 1, sizeDecimals: 5 };
const long = (entry: bigint, size: bigint, fee = 350, residue?: number): BreakevenInputs => ({
  position: { side: 1, entry, size, ...(residue !== undefined ? { entryResidue: residue } : {}) },
  takerFeeMicros: fee,
  scales,
});

describe('break-even stop (sl be)', () => {
  it('breakeven-worked-example: a long at 67,000 with taker 0.035% in and out', () => {
    // 67,000 x 1.00035 / 0.99965 = 67,046.9163...: up to the tick, 67,047.0.
    const i = long(670_000n, 10_000n);
    expect(breakevenEstimate(i)).toBe(670_470n);
    expect(breakevenStop(i)).toBe(670_470n);
    expect(closeNetAtoms(670_470n, i)).toBeGreaterThanOrEqual(0n);
    expect(closeNetAtoms(670_469n, i)).toBeLessThan(0n);
  });

  it('a short mirrors it: 67,000 x 0.99965 / 1.00035 = 66,953.1 rounded down', () => {
    const i: BreakevenInputs = { ...long(670_000n, 10_000n), position: { side: 2, entry: 670_000n, size: 10_000n } };
    expect(breakevenStop(i)).toBe(669_531n);
    expect(closeNetAtoms(669_531n, i)).toBeGreaterThanOrEqual(0n);
    expect(closeNetAtoms(669_532n, i)).toBeLessThan(0n);
  });

  it('breakeven-never-nets-a-loss: the stop nets 0 or more and the tick toward the entry would lose (fees rounded up, residue counted)', () => {
    fc.assert(
      fc.property(
        fc.record({
          entry: fc.bigInt({ min: 10n, max: 10n ** 9n }),
          size: fc.bigInt({ min: 1n, max: 10n ** 8n }),
          fee: fc.integer({ min: 0, max: 5_000 }),
          residue: fc.option(fc.integer({ min: 0, max: 65_535 }), { nil: undefined }),
          short: fc.boolean(),
        }),
        ({ entry, size, fee, residue, short }) => {
          const i: BreakevenInputs = { position: { side: short ? 2 : 1, entry, size, ...(residue !== undefined ? { entryResidue: residue } : {}) }, takerFeeMicros: fee, scales };
          const stop = breakevenStop(i);
          expect(closeNetAtoms(stop, i)).toBeGreaterThanOrEqual(0n);
          expect(short ? stop <= entry : stop >= entry).toBe(true);
        },
      ),
      { numRuns: 400, seed: 33 },
    );
  });
});
