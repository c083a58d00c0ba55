import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../trading/market.fixtures.js';
import { liquidationAfter } from '../trading/risk.js';
import { type ScaleSpec, SCALE_MAX_LEGS, scaleLegs, scaleSummary, validateScaleSpec } from './scale.js';

// BTC: 1 price decimal (a tick is 0.1), 5 size decimals (a lot is 0.00001).
const market = btcTestMarket();

function spec(p: Partial<ScaleSpec> = {}): ScaleSpec {
  return { marketId: 16, side: 'long', size: 50_000n, from: 660_000n, to: 650_000n, count: 10, skew: 100, leverage: 1000, ...p };
}

describe('scaleLegs', () => {
  it('splits 0.5 BTC from 66000 to 65000 into ten equal legs 111.1 apart, first price first', () => {
    const legs = scaleLegs(spec());
    expect(legs.map((l) => l.size)).toEqual(Array(10).fill(5_000n));
    expect(legs[0]!.price).toBe(660_000n);
    expect(legs[9]!.price).toBe(650_000n);
    // 10000 ticks over 9 steps: 1111.1 rounded toward the first price, so a buy's leg is never dearer than even spacing.
    expect(legs[1]!.price).toBe(658_889n);
  });

  it('skew 2 makes the last leg twice the first', () => {
    const legs = scaleLegs(spec({ count: 2, size: 30_000n, skew: 200 }));
    expect(legs.map((l) => l.size)).toEqual([10_000n, 20_000n]);
  });

  it('gives the lots left over to the legs with the largest remainders, not all to the last', () => {
    // 13 lots in 4 equal legs: 3.25 each -> one leg gets 4.
    const sizes = scaleLegs(spec({ size: 13n, count: 4 })).map((l) => l.size);
    expect(sizes.reduce((a, b) => a + b, 0n)).toBe(13n);
    expect(sizes.filter((s) => s === 4n)).toHaveLength(1);
  });

  it('property: sizes sum to the total, every leg at least a lot and within a lot of its skewed share, prices monotone and on ticks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: SCALE_MAX_LEGS }),
        fc.integer({ min: 10, max: 1000 }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.boolean(),
        (count, skew, extra, a, b, down) => {
          const size = BigInt(count) * 100n + extra;
          const from = down ? a + b + BigInt(count) : a;
          const to = down ? a : a + b + BigInt(count);
          const legs = scaleLegs(spec({ count, skew, size, from, to }));
          expect(legs).toHaveLength(count);
          expect(legs.reduce((s, l) => s + l.size, 0n)).toBe(size);
          expect(legs[0]!.price).toBe(from);
          expect(legs.at(-1)!.price).toBe(to);
          const n = BigInt(count - 1);
          const weights = legs.map((_, i) => 100n * n + BigInt(skew - 100) * BigInt(i));
          const sum = weights.reduce((x, y) => x + y, 0n);
          for (const [i, leg] of legs.entries()) {
            expect(leg.size).toBeGreaterThanOrEqual(1n);
            // Within one lot of the exact share size x w / W: |leg x W - size x w| < W.
            const diff = leg.size * sum - size * weights[i]!;
            expect(diff < sum && -diff < sum).toBe(true);
            if (i > 0) expect(down ? leg.price < legs[i - 1]!.price : leg.price > legs[i - 1]!.price).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('validateScaleSpec', () => {
  it('takes a plan every leg of which the exchange takes', () => {
    expect(validateScaleSpec(spec(), market)).toBeNull();
  });

  it('refuses a leg count out of bounds, naming count', () => {
    expect(validateScaleSpec(spec({ count: 1 }), market)?.field).toBe('count');
    expect(validateScaleSpec(spec({ count: 51 }), market)?.message).toMatch(/x51.*2 to 50/);
  });

  it('refuses a skew out of bounds, naming skew', () => {
    expect(validateScaleSpec(spec({ skew: 5 }), market)).toEqual({ field: 'skew', message: 'skew 0.05: must be 0.1 to 10' });
  });

  it('refuses a size under one lot a leg', () => {
    expect(validateScaleSpec(spec({ size: 9n }), market)?.field).toBe('size');
  });

  it('refuses prices too close for distinct legs', () => {
    expect(validateScaleSpec(spec({ from: 660_000n, to: 660_005n }), market)?.field).toBe('to');
  });

  it('refuses the smallest leg under the minimum posting value, naming that leg and its figures', () => {
    // 0.5 BTC skewed 10x: the first leg is about 0.0091 BTC, about $600 at 66000; minimum $700.
    const problem = validateScaleSpec(spec({ skew: 1000 }), btcTestMarket({ min_posting_amount: '700000000' }));
    expect(problem?.field).toBe('leg 1');
    expect(problem?.message).toMatch(/^leg 1 \(0\.00\d+ BTC @ 66,000\): order value is under the exchange minimum/);
  });

  it('refuses leverage above the market maximum, naming leverage', () => {
    expect(validateScaleSpec(spec({ leverage: 2000 }), market)?.field).toBe('leverage');
  });
});

describe('scaleSummary', () => {
  it('prices all legs filled: average, notional, margin at the leverage and the liquidation of the merged position', () => {
    const legs = scaleLegs(spec());
    const s = scaleSummary({ market, side: 'long', leverage: 1000, legs, position: null, feeTier: 0 });
    const sum = legs.reduce((a, l) => a + l.price * l.size, 0n);
    expect(s.averagePrice).toBe((sum + 49_999n) / 50_000n);
    // 0.5 BTC around 65500: notional about $32,750 (atoms: ticks x lots x 10^(6-1-5)).
    expect(s.notionalAtoms).toBe(sum);
    expect(s.marginAtoms).toBe((sum * 100n + 999n) / 1000n);
    // The liquidation of a long opened at the (rounded-up) average with that margin.
    expect(s.liquidationPrice).toBe(liquidationAfter(null, { side: 1, price: s.averagePrice, size: 50_000n, leverageHundredths: 1000 }, market.config.maintenance_margin, { priceDecimals: 1, sizeDecimals: 5 }));
    expect(s.feeAtoms).toBeGreaterThan(0n);
  });

  it('a sell group against a long reduces it: no margin posted until the legs pass its size', () => {
    const legs = scaleLegs(spec({ side: 'short', from: 650_000n, to: 660_000n, size: 20_000n, count: 4 }));
    const position = { side: 1, entry: 600_000n, size: 50_000n, collateral: 3_000_000_000n };
    const s = scaleSummary({ market, side: 'short', leverage: 1000, legs, position, feeTier: 0 });
    expect(s.marginAtoms).toBe(0n);
    expect(s.liquidationPrice).not.toBeNull();
  });
});
