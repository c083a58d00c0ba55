import { describe, expect, it } from 'vitest';
import { nextTrailLevel, startTrail, type TrailSpec } from './trail.js';
import { trailMovesAt } from './trail-next.js';

const spec = (over: Partial<TrailSpec>): TrailSpec => ({
  marketId: 16, position: { id: 7, side: 'long', size: 300 }, distance: { unit: 'bps', bps: 100 }, on: 'mark', minStepTicks: 5, stop: null, ...over,
});

/** nextTrailLevel's answer at `price` for a trail holding `stop` (a block after any move). */
const movesAtPrice = (s: TrailSpec, stop: number, price: number) => nextTrailLevel(startTrail({ ...s, stop: { price: stop, orderId: 9 } }), price, 10) !== null;

describe('trailMovesAt', () => {
  it('trail-moves-at-is-the-first-price-the-trail-moves: a long moves at that price and not one tick under, for bps and tick distances', () => {
    for (const distance of [{ unit: 'bps' as const, bps: 100 }, { unit: 'bps' as const, bps: 37 }, { unit: 'ticks' as const, ticks: 500 }]) {
      for (const stop of [663_300, 663_301, 99_999]) {
        const s = spec({ distance });
        const at = trailMovesAt(s, stop)!;
        expect(movesAtPrice(s, stop, at)).toBe(true);
        expect(movesAtPrice(s, stop, at - 1)).toBe(false);
      }
    }
  });

  it('a short moves at that price and not one tick over', () => {
    for (const distance of [{ unit: 'bps' as const, bps: 100 }, { unit: 'bps' as const, bps: 250 }, { unit: 'ticks' as const, ticks: 500 }]) {
      for (const stop of [676_700, 676_699, 10_123]) {
        const s = spec({ distance, position: { id: 7, side: 'short', size: 300 } });
        const at = trailMovesAt(s, stop)!;
        expect(movesAtPrice(s, stop, at)).toBe(true);
        expect(movesAtPrice(s, stop, at + 1)).toBe(false);
      }
    }
  });

  it('a short stop too close to zero to move has no price', () => {
    expect(trailMovesAt(spec({ distance: { unit: 'ticks', ticks: 500 }, position: { id: 7, side: 'short', size: 3 } }), 300)).toBeNull();
  });
});
