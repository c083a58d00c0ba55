import { describe, expect, it } from 'vitest';
import { AlgoFillSums } from './algo-fill-sums.js';
import type { Fill } from '../protocol/frames.js';

const fill = (oid: number, p: number, s: number): Fill => ({ oid, p, s, mkt: 1 }) as unknown as Fill;

describe('AlgoFillSums', () => {
  it('algo-average-moves-when-a-child-fill-arrives (the session replaces its fills array)', () => {
    const sums = new AlgoFillSums();
    sums.learn(900, 'tw1');
    const first = [fill(900, 670_100, 100)];
    expect(sums.of(first).get('tw1')).toEqual({ notional: 67_010_000n, size: 100 });
    const next = [fill(900, 670_300, 100), ...first];
    expect(sums.of(next).get('tw1')).toEqual({ notional: 134_040_000n, size: 200 });
  });

  it('algo-average-counts-a-child-learned-after-its-fill-arrived (an earlier run\'s child looked up on the exchange)', () => {
    const sums = new AlgoFillSums();
    const fills = [fill(900, 670_100, 100), fill(901, 670_300, 100)];
    sums.learn(900, 'tw1');
    expect(sums.of(fills).get('tw1')).toEqual({ notional: 67_010_000n, size: 100 });
    sums.learn(901, 'tw1');
    expect(sums.of(fills).get('tw1')).toEqual({ notional: 134_040_000n, size: 200 });
  });

  it('algo-fill-sums-unchanged-are-not-summed-again (rows are asked for on every publish)', () => {
    const sums = new AlgoFillSums();
    sums.learn(900, 'tw1');
    const fills = [fill(900, 670_100, 100)];
    const once = sums.of(fills);
    sums.learn(900, 'tw1');
    expect(sums.of(fills)).toBe(once);
  });
});
