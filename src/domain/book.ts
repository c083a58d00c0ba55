// L2 order book: each side is a sorted array of integer price ticks with parallel size/order arrays,
// kept sorted by binary-search insert/update/remove. No per-message copies: the visible view is built
// only when asked for (view()), at UI frame rate.

import type { L2Level } from '../protocol/frames.js';
import { groupSide } from './book-grouping.js';
import type { BookRowView, BookView } from './views.js';

// In place, where splice would allocate the array of what it removed on every call (thousands a second).
function removeAt(values: number[], i: number): void {
  const last = values.length - 1;
  for (let k = i; k < last; k++) values[k] = values[k + 1] as number;
  values.pop();
}

function insertAt(values: number[], i: number, value: number): void {
  values.push(value);
  for (let k = values.length - 1; k > i; k--) values[k] = values[k - 1] as number;
  values[i] = value;
}

/** One side of the book. `descending` = bids (best = highest price first). */
export class BookSide {
  private readonly prices: number[] = [];
  private readonly sizes: number[] = [];
  private readonly counts: number[] = [];

  constructor(readonly descending: boolean) {}

  get length(): number {
    return this.prices.length;
  }

  /** Best price, or null when the side is empty. */
  best(): number | null {
    return this.prices.length > 0 ? (this.prices[0] as number) : null;
  }

  priceAt(index: number): number {
    return this.prices[index] as number;
  }
  sizeAt(index: number): number {
    return this.sizes[index] as number;
  }
  ordersAt(index: number): number {
    return this.counts[index] as number;
  }

  /** Sets a level; size 0 or orders 0 removes it (removing an absent level is harmless). */
  apply(price: number, size: number, orders: number): void {
    const i = this.search(price);
    const found = i < this.prices.length && this.prices[i] === price;
    if (size === 0 || orders === 0) {
      if (found) {
        removeAt(this.prices, i);
        removeAt(this.sizes, i);
        removeAt(this.counts, i);
      }
      return;
    }
    if (found) {
      this.sizes[i] = size;
      this.counts[i] = orders;
      return;
    }
    if (i === this.prices.length) {
      // Appending behind the worst level: the common case for snapshots sent best-first.
      this.prices.push(price);
      this.sizes.push(size);
      this.counts.push(orders);
      return;
    }
    insertAt(this.prices, i, price);
    insertAt(this.sizes, i, size);
    insertAt(this.counts, i, orders);
  }

  clear(): void {
    this.prices.length = 0;
    this.sizes.length = 0;
    this.counts.length = 0;
  }

  /** Copy of the levels best-first (tests, REST comparisons). */
  levels(limit = Infinity): L2Level[] {
    const n = Math.min(limit, this.prices.length);
    const out: L2Level[] = new Array<L2Level>(n);
    for (let i = 0; i < n; i++) out[i] = { p: this.prices[i] as number, s: this.sizes[i] as number, o: this.counts[i] as number };
    return out;
  }

  /** Index of `price`, or where it would be inserted to keep the side sorted best-first. */
  private search(price: number): number {
    const prices = this.prices;
    let lo = 0;
    let hi = prices.length;
    if (this.descending) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((prices[mid] as number) > price) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((prices[mid] as number) < price) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }
}

export class OrderBook {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  private changes: number;
  private snapshotSeen = false;

  /** `startVersion` lets a replacement book keep counting up from the one it replaces. */
  constructor(
    readonly marketId: number,
    startVersion = 0,
  ) {
    this.changes = startVersion;
  }

  /** Increments on every applied snapshot, delta or clear. */
  get version(): number {
    return this.changes;
  }

  /** False until the first snapshot after construction or clear(): deltas before it are meaningless. */
  get hasSnapshot(): boolean {
    return this.snapshotSeen;
  }

  /** Replaces the whole book. */
  applySnapshot(bid: readonly L2Level[], ask: readonly L2Level[]): void {
    this.bids.clear();
    this.asks.clear();
    for (const l of bid) this.bids.apply(l.p, l.s, l.o);
    for (const l of ask) this.asks.apply(l.p, l.s, l.o);
    this.snapshotSeen = true;
    this.changes += 1;
  }

  /** Applies changed levels; o = 0 or s = 0 removes a level. */
  applyDelta(bid: readonly L2Level[], ask: readonly L2Level[]): void {
    for (const l of bid) this.bids.apply(l.p, l.s, l.o);
    for (const l of ask) this.asks.apply(l.p, l.s, l.o);
    this.changes += 1;
  }

  /** Empties the book; it waits for a fresh snapshot (never patched on stale state). */
  clear(): void {
    this.bids.clear();
    this.asks.clear();
    this.snapshotSeen = false;
    this.changes += 1;
  }

  bestBid(): number | null {
    return this.bids.best();
  }
  bestAsk(): number | null {
    return this.asks.best();
  }

  /** Best ask minus best bid in ticks, null when a side is empty. */
  spread(): number | null {
    const b = this.bids.best();
    const a = this.asks.best();
    return b === null || a === null ? null : a - b;
  }

  /** A book whose best bid reaches the best ask cannot be real: our state went wrong. */
  isCrossed(): boolean {
    const b = this.bids.best();
    const a = this.asks.best();
    return b !== null && a !== null && b >= a;
  }

  /**
   * The top `depth` levels of each side with cumulative totals, best first; grouped by `group` ticks (more
   * than 1) the view also carries `depth` groups per side, built from the whole book.
   */
  view(depth: number, group = 1): BookView {
    const bids = sideRows(this.bids, depth);
    const asks = sideRows(this.asks, depth);
    const maxTotal = Math.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0);
    const view: BookView = { marketId: this.marketId, bids, asks, maxTotal, version: this.changes };
    if (group > 1) view.grouped = { group, asks: groupSide(this.asks, depth, group, 'ask'), bids: groupSide(this.bids, depth, group, 'bid') };
    return view;
  }
}

function sideRows(side: BookSide, depth: number): BookRowView[] {
  const n = Math.max(0, Math.min(depth, side.length));
  const rows = new Array<BookRowView>(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const size = side.sizeAt(i);
    total += size;
    rows[i] = { price: side.priceAt(i), size, total, orders: side.ordersAt(i) };
  }
  return rows;
}
