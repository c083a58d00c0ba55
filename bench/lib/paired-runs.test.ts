import { describe, expect, it } from 'vitest';
import { runPairs, summarizePairs, type Pair } from './paired-runs.js';

describe('runPairs', () => {
  it('both-sides-run-at-once: B starts before A finishes, and the spawn order alternates', async () => {
    const log: string[] = [];
    const side = (name: string, cpu: number) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} end`);
      return { cpu_pct: cpu };
    };
    const pairs = await runPairs(2, side('A', 20), side('B', 21));
    expect(log).toEqual(['A start', 'B start', 'A end', 'B end', 'B start', 'A start', 'B end', 'A end']);
    expect(pairs).toEqual([
      { a: { cpu_pct: 20 }, b: { cpu_pct: 21 } },
      { a: { cpu_pct: 20 }, b: { cpu_pct: 21 } },
    ]);
  });
});

describe('summarizePairs', () => {
  it('a-slow-minute-moves-both-sides: the differences within pairs, not the sides apart, give the median', () => {
    // The VM slowed between the second and third pairs: both sides moved by ~6 points, B stayed ~1 above A.
    const pairs = [
      { a: { cpu_pct: 18.3 }, b: { cpu_pct: 19.2 } },
      { a: { cpu_pct: 18.9 }, b: { cpu_pct: 20.1 } },
      { a: { cpu_pct: 24.6 }, b: { cpu_pct: 25.4 } },
    ];
    expect(summarizePairs(pairs, 'cpu_pct')).toEqual({ figure: 'cpu_pct', differences: [0.9, 1.2, 0.8], median: 0.9, bHigher: 3, bLower: 0 });
  });

  it('a pair missing the figure on one side is left out; none is an error', () => {
    const pairs: Pair[] = [
      { a: { cpu_pct: 20 }, b: {} },
      { a: { cpu_pct: 20 }, b: { cpu_pct: 19.5 } },
    ];
    expect(summarizePairs(pairs, 'cpu_pct')).toMatchObject({ differences: [-0.5], median: -0.5, bHigher: 0, bLower: 1 });
    expect(() => summarizePairs([{ a: {}, b: {} }], 'cpu_pct')).toThrow(/no pair measured cpu_pct/);
  });
});
