import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';

describe('the one prng', () => {
  it('seeded-replay: a seed repeats its sequence, another seed gives another one', () => {
    const seq = (seed: number): number[] => {
      const r = new Prng(seed);
      return Array.from({ length: 20 }, () => r.nextU32());
    };
    expect(seq(7)).toEqual(seq(7));
    expect(seq(7)).not.toEqual(seq(8));
    expect(seq(0)).not.toEqual(seq(1));
  });

  it('ranges-hold: next in [0, 1), int(n) in [0, n), range(lo, hi) in [lo, hi] reaching both ends', () => {
    const r = new Prng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      expect(r.int(5)).toBeLessThan(5);
      const v = r.range(2, 4);
      expect(v).toBeGreaterThanOrEqual(2);
      expect(v).toBeLessThanOrEqual(4);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([2, 3, 4]);
  });

  it('chance-zero-draws-nothing: a fault that is off leaves the sequence of the others as it was', () => {
    const a = new Prng(11);
    const b = new Prng(11);
    for (let i = 0; i < 50; i++) {
      expect(a.chance(0)).toBe(false);
      expect(a.chance(-1)).toBe(false);
    }
    expect(a.nextU32()).toBe(b.nextU32());
    expect(new Prng(5).chance(1)).toBe(true);
  });

  it('streams-of-one-seed-differ: the flow and the faults of one seed draw unrelated numbers; a stream repeats', () => {
    const draw = (r: Prng): number[] => Array.from({ length: 8 }, () => r.nextU32());
    expect(draw(Prng.stream(23, 'faults'))).toEqual(draw(Prng.stream(23, 'faults')));
    expect(draw(Prng.stream(23, 'faults'))).not.toEqual(draw(new Prng(23)));
    expect(draw(Prng.stream(23, 'faults'))).not.toEqual(draw(Prng.stream(24, 'faults')));
  });
});
