// The fills of each algo's children, summed once per change: the rows are asked for on every publish
// (25 a second) and the session keeps up to 500 fills, while fills arrive and children are learned a few
// times a minute. The session replaces its fills array when a fill arrives, so the array and the count of
// children learned say when the sums are stale.

import type { Fill } from '../protocol/frames.js';
import { algoFillSums, type AlgoFillSum } from './algo-rows.js';

export class AlgoFillSums {
  /** The algo of each child order id (this run's order updates, and the journals' children of earlier runs). */
  private readonly algoOfOrder = new Map<number, string>();
  private learned = 0;
  private summed: { fills: readonly Fill[]; learned: number; sums: Map<string, AlgoFillSum> } | null = null;

  /** Child order `oid` belongs to algo `id`. */
  learn(oid: number, id: string): void {
    if (this.algoOfOrder.get(oid) === id) return;
    this.algoOfOrder.set(oid, id);
    this.learned += 1;
  }

  /** The sums over `fills` (the session's array, replaced when a fill arrives). */
  of(fills: readonly Fill[]): Map<string, AlgoFillSum> {
    const s = this.summed;
    if (s && s.fills === fills && s.learned === this.learned) return s.sums;
    const sums = algoFillSums(fills, this.algoOfOrder);
    this.summed = { fills, learned: this.learned, sums };
    return sums;
  }
}
