import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../protocol/enums.js';
import { scaleEnd, scaleOver, scaleProgress, type ScaleLegRow } from './scale-progress.js';

const open = (os: number, fs = 0, fp = 0): ScaleLegRow => ({ st: fs > 0 ? OrderStatus.PartiallyFilled : OrderStatus.Open, os, fs, fp });
const filled = (os: number, fp: number): ScaleLegRow => ({ st: OrderStatus.Filled, os, fs: os, fp });
const cancelled = (os: number, fs = 0, fp = 0): ScaleLegRow => ({ st: OrderStatus.Canceled, os, fs, fp });

describe('scaleProgress', () => {
  it('scale-legs-resting-and-filled: counts resting legs and their open size, whole fills, and the average fill to the nearest tick', () => {
    const p = scaleProgress([filled(100, 660_000), open(200, 50, 655_000), open(300)]);
    expect(p).toMatchObject({ resting: 2, restingSize: 450, filledLegs: 1, filled: 150, pending: 0, unfilledGone: 0 });
    // (660,000 x 100 + 655,000 x 50) / 150 = 658,333.3 -> 658,333.
    expect(p.avgPrice).toBe(658_333);
    expect(scaleOver(p)).toBe(false);
    expect(scaleProgress([open(100)]).avgPrice).toBeNull();
  });

  it('scale-not-over-while-a-leg-is-unaccounted: a leg whose row has not come back keeps the group running though nothing rests', () => {
    const p = scaleProgress([filled(100, 660_000), undefined]);
    expect(p).toMatchObject({ resting: 0, pending: 1 });
    expect(scaleOver(p)).toBe(false);
    expect(scaleOver(scaleProgress([filled(100, 660_000), 'never']))).toBe(true);
  });

  it('scale-end-done-cancelled-or-partly-placed: done only when every leg asked for filled; else why, with the legs counted', () => {
    const all = scaleProgress([filled(100, 660_000), filled(100, 650_000)]);
    expect(scaleEnd(all, 2, 2)).toEqual({ complete: true, reason: 'all 2 legs filled' });
    const cut = scaleProgress([filled(100, 660_000), cancelled(100, 40, 650_000), cancelled(100)]);
    expect(cut.filled).toBe(140);
    expect(scaleEnd(cut, 3, 3)).toEqual({ complete: false, reason: 'cancelled: 1 of 3 legs filled' });
    const partly = scaleProgress([filled(100, 660_000), filled(100, 650_000)]);
    expect(scaleEnd(partly, 2, 10)).toEqual({ complete: false, reason: 'partly placed (2 of 10 legs); 2 of 2 legs filled' });
    expect(scaleEnd(scaleProgress([cancelled(100)]), 1, 10)).toEqual({ complete: false, reason: 'cancelled: 0 of 1 legs filled (1 of 10 placed)' });
    expect(scaleEnd(scaleProgress([]), 0, 10)).toEqual({ complete: false, reason: 'no leg placed (0 of 10)' });
  });
});
