// An A/B read from pairs run side by side: both probes at the same time, each against its own exchange, so
// both see the VM's same minute. One after the other, a 10 s probe of one commit's busy book read 20.9 to
// 29.4 % of a core within hours, more than most changes move it; side by side, the two of a pair differed by
// at most 0.4 points (the busy book against itself with a raised TurboFan threshold, four pairs: -0.1, 0.3,
// -0.4, 0.1). With a TWAP running the pairs spread wider (its slices and fills come at their own moments:
// -0.8 to 2.1 over four). Side by side is not the bench's load (the busy book read 18-19 % a side that hour,
// 21-25 % alone), so a pair says which side costs more, not what `npm run bench` will read.

import type { Figures } from './probe-types.js';

export interface Pair {
  a: Figures;
  b: Figures;
}

/**
 * `rounds` pairs of `runA` and `runB` started in the same turn; which is spawned first alternates (the first
 * spawned gets its exchange's CPU a moment sooner).
 */
export async function runPairs(rounds: number, runA: () => Promise<Figures>, runB: () => Promise<Figures>): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      const a = runA();
      const b = runB();
      pairs.push({ a: await a, b: await b });
    } else {
      const b = runB();
      const a = runA();
      pairs.push({ a: await a, b: await b });
    }
  }
  return pairs;
}

export interface PairSummary {
  figure: string;
  /** B minus A in each pair, in the order run. */
  differences: number[];
  /** The median difference (the lower middle of an even count: a difference measured, not a mean). */
  median: number;
  /** Pairs where B read higher, lower. */
  bHigher: number;
  bLower: number;
}

/** What `figure` did from A to B over the pairs that measured it on both sides. */
export function summarizePairs(pairs: readonly Pair[], figure: string): PairSummary {
  const differences = pairs.filter((p) => Number.isFinite(p.a[figure]) && Number.isFinite(p.b[figure])).map((p) => Math.round((p.b[figure]! - p.a[figure]!) * 100) / 100);
  if (differences.length === 0) throw new Error(`no pair measured ${figure} on both sides`);
  const sorted = [...differences].sort((x, y) => x - y);
  return {
    figure,
    differences,
    median: sorted[(sorted.length - 1) >> 1]!,
    bHigher: differences.filter((d) => d > 0).length,
    bLower: differences.filter((d) => d < 0).length,
  };
}
