import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { btcTestMarket } from '../trading/market.fixtures.js';
import { type TwapSpec, type TwapState, minimumSliceSize, nextTwapStep, sliceDueMs, twapPriceBound, validateTwapSpec } from './twap.js';

const market = btcTestMarket({ min_settle_amount: '10000000' }); // 10 USD; 1 dp price, 5 dp size
const MARK = 670_000; // 67000.0

function spec(over: Partial<TwapSpec> = {}): TwapSpec {
  return { marketId: 16, side: 'long', size: 50_000, durationMs: 600_000, slices: 20, jitterBps: 2_000, bound: { kind: 'slip', bps: 30 }, leverage: 500, ...over };
}
function fresh(over: Partial<TwapState> = {}): TwapState {
  return { startMs: 1_000_000, arrivalMark: MARK, seed: 42, sentSlices: 0, filled: 0, inFlight: 0, ...over };
}

describe('validateTwapSpec names the bad parameter', () => {
  it.each<[Partial<TwapSpec>, RegExp]>([
    [{ size: 0 }, /^size:/],
    [{ size: 1.5 }, /^size:/],
    [{ durationMs: 1_000 }, /^duration:/],
    [{ slices: 0 }, /^slices:/],
    [{ slices: 600, durationMs: 60_000 }, /^slices: .*apart/],
    [{ jitterBps: 6_000 }, /^jitter:/],
    [{ leverage: 2_000 }, /^leverage:/],
    [{ bound: { kind: 'slip', bps: 0 } }, /^slip:/],
    [{ bound: { kind: 'limit', price: 0 } }, /^limit:/],
    [{ size: 200, slices: 20 }, /^slices: .*minimum order value/],
  ])('%j', (over, refusal) => {
    expect(validateTwapSpec(spec(over), market, MARK)).toMatch(refusal);
  });

  it('accepts a sound spec, and refuses one with no mark to judge it by', () => {
    expect(validateTwapSpec(spec(), market, MARK)).toBeNull();
    expect(validateTwapSpec(spec(), market, undefined)).toMatch(/no mark/);
  });
});

describe('nextTwapStep', () => {
  it('waits for the slice due, then sends the even share at the slip bound (rounded toward the mark)', () => {
    const s = spec({ jitterBps: 0 });
    expect(nextTwapStep(s, fresh(), 1_000_000, { market, mark: MARK })).toEqual({ kind: 'send', slice: 0, size: 2_500, price: 672_010 });
    const after = fresh({ sentSlices: 1, filled: 2_500 });
    expect(nextTwapStep(s, after, 1_000_001, { market, mark: MARK })).toMatchObject({ kind: 'wait', untilMs: 1_030_000 });
    expect(twapPriceBound(spec({ side: 'short' }), MARK)).toBe(667_990);
  });

  it('never sends a second child while one is in flight', () => {
    const step = nextTwapStep(spec(), fresh({ sentSlices: 1, inFlight: 2_500 }), 9_999_999, { market, mark: MARK });
    expect(step.kind).toBe('await-child');
  });

  it('a partly filled slice is caught up by the next; the last slice takes the remainder', () => {
    const s = spec({ size: 10_007, slices: 4, jitterBps: 0, durationMs: 40_000 });
    expect(nextTwapStep(s, fresh({ sentSlices: 1, filled: 1_000 }), 1_010_000, { market, mark: MARK })).toMatchObject({ size: 4_003 });
    expect(nextTwapStep(s, fresh({ sentSlices: 3, filled: 7_000 }), 1_030_000, { market, mark: MARK })).toMatchObject({ size: 3_007 });
  });

  it('ends when filled, or when every slice was sent', () => {
    expect(nextTwapStep(spec(), fresh({ filled: 50_000, sentSlices: 20 }), 0, { market, mark: MARK })).toMatchObject({ kind: 'done', complete: true });
    expect(nextTwapStep(spec(), fresh({ filled: 40_000, sentSlices: 20 }), 0, { market, mark: MARK })).toMatchObject({ kind: 'done', complete: false });
  });

  it('twap-reasons-in-market-units-not-wire-integers: what is left and a slice are said in BTC, never in size lots', () => {
    expect(nextTwapStep(spec(), fresh({ filled: 40_000, sentSlices: 20 }), 0, { market, mark: MARK })).toMatchObject({ reason: 'every slice sent; 0.1 BTC left unfilled at the price bound' });
    expect(nextTwapStep(spec(), fresh({ filled: 40_000, sentSlices: 5 }), 10_000_000, { market, mark: MARK })).toMatchObject({ reason: 'time over; 0.1 BTC left unfilled' });
    expect(validateTwapSpec(spec({ size: 200, slices: 20 }), market, MARK)).toContain('each slice (0.0001 BTC)');
    expect(validateTwapSpec(spec({ size: 10, slices: 20 }), market, MARK)).toContain('20 slices of 0.0001 BTC would leave a slice empty');
  });

  it('a slice under the minimum value takes what remains rather than strand it', () => {
    const min = minimumSliceSize(market, MARK);
    const s = spec({ size: 3 * min, slices: 3, jitterBps: 0, durationMs: 30_000 });
    // Two slices filled all but a sliver: the last slice takes the sliver plus, as it is under the minimum, stops.
    const step = nextTwapStep(s, fresh({ sentSlices: 2, filled: 3 * min - 1 }), 1_020_000, { market, mark: MARK });
    expect(step).toMatchObject({ kind: 'done', complete: false });
  });

  it('jitter stays within half an interval and is the same after a restart (same seed)', () => {
    const s = spec();
    for (let i = 1; i < s.slices; i++) {
      const due = sliceDueMs(s, fresh(), i);
      expect(Math.abs(due - (1_000_000 + i * 30_000))).toBeLessThanOrEqual(6_000);
      expect(sliceDueMs(s, fresh(), i)).toBe(due);
    }
  });
});

describe('nextTwapStep over random runs', () => {
  it('filled never above target, every child a whole size, the run ends complete when every child fills', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 60, maxLength: 60 }),
        (slices, extra, fillPercents) => {
          const min = minimumSliceSize(market, MARK);
          const s = spec({ slices, size: slices * min + extra, jitterBps: 5_000, durationMs: slices * 2_000 });
          const state = fresh();
          let now = state.startMs;
          for (let step = 0; step < 200; step++) {
            const d = nextTwapStep(s, state, now, { market, mark: MARK });
            if (d.kind === 'done') break;
            if (d.kind === 'wait') {
              now = d.untilMs;
              continue;
            }
            if (d.kind !== 'send') throw new Error('nothing in flight in this model');
            expect(Number.isSafeInteger(d.size) && d.size > 0).toBe(true);
            expect(d.size).toBeLessThanOrEqual(s.size - state.filled);
            // Every slice fills in full but the ones the draw cuts short.
            const share = fillPercents[state.sentSlices % fillPercents.length]!;
            const filled = state.sentSlices === s.slices - 1 ? d.size : Math.floor((d.size * Math.max(share, 50)) / 100);
            state.filled += filled;
            state.sentSlices += 1;
            expect(state.filled).toBeLessThanOrEqual(s.size);
          }
          // The last slice takes the remainder: with the last child filled in full, the target is met.
          expect(state.filled).toBe(s.size);
        },
      ),
      { numRuns: 200 },
    );
  });
});
