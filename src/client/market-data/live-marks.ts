// The mark of every market as the market-data feed last reported it (mt 9, merged per market), with the
// block and time it is as of and the feed generation it arrived in. A reconnect or resync does not
// forget the prices (they are shown as stale until fresh ones arrive); it starts a new generation, and
// domain/marks.ts decides from that whether a mark is current.

import type { SeenMark } from '../../domain/marks.js';
import type { MarketState } from '../../protocol/frames.js';

export class LiveMarks {
  private readonly seen = new Map<number, SeenMark>();
  private gen = 0;

  get generation(): number {
    return this.gen;
  }

  record(marketId: number, state: MarketState): void {
    this.seen.set(marketId, { price: state.mrk, block: state.at.b ?? null, timeMs: state.at.t ?? null, generation: this.gen });
  }

  /** What the feed knew may be wrong from here on: marks seen so far are no longer current. */
  newGeneration(): void {
    this.gen += 1;
  }

  get(marketId: number): SeenMark | undefined {
    return this.seen.get(marketId);
  }

  marketIds(): IterableIterator<number> {
    return this.seen.keys();
  }
}
