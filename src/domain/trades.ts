// Recent trades tape: a bounded ring buffer, de-duplicated by the trade's on-chain position
// (block + tx + log index), viewed newest first.

import type { Trade } from '../protocol/frames.js';
import type { TradeView } from './views.js';
import { PriceVolume } from './price-volume.js';

export const DEFAULT_TRADE_CAPACITY = 200;

interface StoredTrade {
  key: string;
  timeMs: number;
  price: number;
  size: number;
  side: 1 | 2;
}

/** Orders trades by their position on chain; trades without one keep their arrival order. */
function chainOrder(a: Trade, b: Trade): number {
  return (
    (a.at.b ?? 0) - (b.at.b ?? 0) || (a.at.tx ?? 0) - (b.at.tx ?? 0) || (a.at.l ?? 0) - (b.at.l ?? 0)
  );
}

export class TradeTape {
  private readonly ring: (StoredTrade | undefined)[];
  /** Index where the next trade goes. */
  private head = 0;
  private count = 0;
  private readonly keys = new Set<string>();
  /** Fallback keys for trades that lack a chain position. */
  private anonymous = 0;
  private changes = 0;
  /** Every new trade's size at its price over the last minutes (the ladder's volume column). */
  readonly volume = new PriceVolume();

  constructor(readonly capacity: number = DEFAULT_TRADE_CAPACITY) {
    if (!(capacity > 0)) throw new RangeError('trade capacity must be positive');
    this.ring = new Array<StoredTrade | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }
  get version(): number {
    return this.changes;
  }

  /** Replaces the tape with a snapshot. */
  applySnapshot(trades: readonly Trade[], receivedAtMs: number): void {
    this.clear();
    this.add(trades, receivedAtMs);
  }

  /**
   * Adds trades (any order within the batch); duplicates of trades already held are skipped.
   * Returns how many were new.
   */
  add(trades: readonly Trade[], receivedAtMs: number): number {
    const batch = trades.length > 1 ? [...trades].sort(chainOrder) : trades;
    let added = 0;
    for (const t of batch) {
      const key = keyOf(t) ?? `seq:${++this.anonymous}`;
      if (this.keys.has(key)) continue;
      const evicted = this.ring[this.head];
      if (evicted) this.keys.delete(evicted.key);
      const timeMs = t.at.t ?? receivedAtMs;
      this.ring[this.head] = {
        key,
        timeMs,
        price: t.p,
        size: t.s,
        side: t.sd === 2 ? 2 : 1,
      };
      this.volume.add(t.p, t.s, timeMs);
      this.keys.add(key);
      this.head = (this.head + 1) % this.capacity;
      if (this.count < this.capacity) this.count += 1;
      added += 1;
    }
    if (added > 0) this.changes += 1;
    return added;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.keys.clear();
    this.head = 0;
    this.count = 0;
    this.volume.clear();
    this.changes += 1;
  }

  /** Up to `n` trades, newest first. */
  view(n: number): TradeView[] {
    const take = Math.max(0, Math.min(n, this.count));
    const out = new Array<TradeView>(take);
    for (let i = 0; i < take; i++) {
      const idx = (this.head - 1 - i + this.capacity * 2) % this.capacity;
      const t = this.ring[idx] as StoredTrade;
      out[i] = { key: t.key, timeMs: t.timeMs, price: t.price, size: t.size, side: t.side };
    }
    return out;
  }
}

/** De-dup key from the chain position, or null when the trade carries none. */
export function keyOf(t: Trade): string | null {
  const { b, tx, l } = t.at;
  if (b === undefined || tx === undefined || l === undefined) return null;
  return `${b}:${tx}:${l}`;
}
