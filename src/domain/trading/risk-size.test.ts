import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxBuyableUnits, openRequirementAtoms } from './entry-size.js';
import { lossAtStopAtoms, riskSizeAtMarket, riskSizeUnits, riskStopProblem, type RiskInputs } from './risk-size.js';

// BTC as the local exchange lists it: price 1 dp, size 5 dp; taker 3.5 bps.
const scales = { priceDecimals: 1, sizeDecimals: 5 };
const base: RiskInputs = { riskAtoms: 100_000_000n, side: 'long', entry: 660_000n, stop: 650_000n, takerFeeMicros: 350, scales };

describe('size from risk', () => {
  it('risk-size-worked-example: risk 100, entry 66,000, stop 65,000, taker 0.035%', () => {
    // Per BTC: 1,000 move + (66,000 + 65,000) x 0.00035 = 45.85 in fees: 100 / 1,045.85 = 0.09561... BTC.
    const units = riskSizeUnits(base);
    expect(units).toBe(9_561n);
    expect(lossAtStopAtoms(units, base)).toBeLessThanOrEqual(100_000_000n);
    expect(lossAtStopAtoms(units + 1n, base)).toBeGreaterThan(100_000_000n);
  });

  it('risk-stop-on-the-wrong-side-sizes-nothing: a buy stop at or above its entry, a sell stop at or below', () => {
    expect(riskStopProblem('long', 660_000n, 670_000n)).toBe('the stop of a buy must be below its entry');
    expect(riskStopProblem('long', 660_000n, 660_000n)).toBe('the stop of a buy must be below its entry');
    expect(riskStopProblem('short', 660_000n, 650_000n)).toBe('the stop of a sell must be above its entry');
    expect(riskSizeUnits({ ...base, stop: 670_000n })).toBe(0n);
  });

  it('a short mirrors a long', () => {
    const short = { ...base, side: 'short' as const, entry: 650_000n, stop: 660_000n };
    const units = riskSizeUnits(short);
    expect(lossAtStopAtoms(units, short)).toBeLessThanOrEqual(base.riskAtoms);
    expect(lossAtStopAtoms(units + 1n, short)).toBeGreaterThan(base.riskAtoms);
  });

  it('risk-market-entry-is-the-worst-level-walked: past the visible book, the slippage bound', () => {
    const asks = [{ price: 660_000, size: 2_000 }, { price: 660_500, size: 3_000 }, { price: 661_000, size: 100_000 }];
    const sized = riskSizeAtMarket(base, asks, 700_000n);
    // 9,561 at the touch walks to 661,000: sized again there, it still walks no further.
    expect(sized).toMatchObject({ entry: 661_000n, atBound: false });
    expect(sized.units).toBe(riskSizeUnits({ ...base, entry: 661_000n }));
    const thin = riskSizeAtMarket(base, asks.slice(0, 1), 700_000n);
    expect(thin).toMatchObject({ entry: 700_000n, atBound: true });
  });

  it('property: the risk size never loses more than the risk at the stop (fees included), and one lot more would', () => {
    fc.assert(
      fc.property(
        fc.record({
          risk: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          entry: fc.bigInt({ min: 2n, max: 10n ** 9n }),
          gapBps: fc.integer({ min: 1, max: 9_000 }),
          fee: fc.integer({ min: -200, max: 2_000 }),
          short: fc.boolean(),
          pd: fc.integer({ min: 0, max: 4 }),
          sd: fc.integer({ min: 0, max: 6 }),
        }),
        ({ risk, entry, gapBps, fee, short, pd, sd }) => {
          const gap = (entry * BigInt(gapBps)) / 10_000n || 1n;
          const stop = short ? entry + gap : entry - gap;
          if (stop <= 0n) return;
          const i: RiskInputs = { riskAtoms: risk, side: short ? 'short' : 'long', entry, stop, takerFeeMicros: fee, scales: { priceDecimals: pd, sizeDecimals: sd } };
          const units = riskSizeUnits(i);
          expect(units).toBeGreaterThanOrEqual(0n);
          expect(lossAtStopAtoms(units, i)).toBeLessThanOrEqual(risk);
          expect(lossAtStopAtoms(units + 1n, i)).toBeGreaterThan(risk);
        },
      ),
      { numRuns: 400, seed: 33 },
    );
  });

  it('property: clamped to maxBuyableUnits, the size never needs more than the available margin', () => {
    fc.assert(
      fc.property(
        fc.record({
          risk: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          available: fc.bigInt({ min: 0n, max: 10n ** 11n }),
          leverage: fc.integer({ min: 100, max: 10_000 }),
          entry: fc.bigInt({ min: 10n, max: 10n ** 8n }),
          gapBps: fc.integer({ min: 1, max: 5_000 }),
          fee: fc.integer({ min: 0, max: 2_000 }),
        }),
        ({ risk, available, leverage, entry, gapBps, fee }) => {
          const stop = entry - ((entry * BigInt(gapBps)) / 10_000n || 1n);
          const i: RiskInputs = { ...base, riskAtoms: risk, entry, stop, takerFeeMicros: fee };
          const max = maxBuyableUnits(available, leverage, fee, entry, scales);
          const sized = riskSizeUnits(i);
          const units = sized < max ? sized : max;
          if (units > 0n) expect(openRequirementAtoms(units, entry, leverage, fee, scales)).toBeLessThanOrEqual(available);
          expect(lossAtStopAtoms(units, i)).toBeLessThanOrEqual(risk);
        },
      ),
      { numRuns: 300, seed: 34 },
    );
  });
});
