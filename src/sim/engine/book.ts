// One market's order book: two sorted arrays of price levels (integer ticks), FIFO queues inside a level.
// Every mutation records the touched price so the L2 delta costs O(changed levels), never a full copy.

import type { L2Level } from '../../protocol/frames.js';
import type { OrderRecord, Side } from './records.js';

export interface BookLevel {
  price: number;
  /** Sum of the remaining sizes of `orders`. */
  size: number;
  orders: OrderRecord[];
}

export function remaining(order: OrderRecord): number {
  return order.size - order.filled;
}

export class BookSide {
  /** Best first: bids descending, asks ascending. */
  readonly levels: BookLevel[] = [];
  /** Prices touched since the last `takeChanges`. */
  private readonly dirty = new Set<number>();

  constructor(readonly isBid: boolean) {}

  /** True when `a` is strictly better than `b` on this side. */
  private better(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  /** Index of the level at `price`, or where it would be inserted (as -(index + 1)). */
  private search(price: number): number {
    let lo = 0;
    let hi = this.levels.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const p = (this.levels[mid] as BookLevel).price;
      if (p === price) return mid;
      if (this.better(p, price)) lo = mid + 1;
      else hi = mid - 1;
    }
    return -(lo + 1);
  }

  best(): BookLevel | undefined {
    return this.levels[0];
  }

  levelAt(price: number): BookLevel | undefined {
    const i = this.search(price);
    return i >= 0 ? this.levels[i] : undefined;
  }

  /** Appends the order at the back of its price's queue. */
  add(order: OrderRecord): void {
    let i = this.search(order.price);
    if (i < 0) {
      i = -i - 1;
      this.levels.splice(i, 0, { price: order.price, size: 0, orders: [] });
    }
    const level = this.levels[i] as BookLevel;
    level.orders.push(order);
    level.size += remaining(order);
    this.dirty.add(order.price);
  }

  /** Removes a resting order (cancel, change, expiry); false when it is not on this side. */
  remove(order: OrderRecord): boolean {
    const i = this.search(order.price);
    if (i < 0) return false;
    const level = this.levels[i] as BookLevel;
    const at = level.orders.indexOf(order);
    if (at < 0) return false;
    level.orders.splice(at, 1);
    level.size -= remaining(order);
    if (level.orders.length === 0) this.levels.splice(i, 1);
    this.dirty.add(order.price);
    return true;
  }

  /** Records that `order` (resting at `level`) was filled by `qty`; drops it (and the level) when done. */
  reduce(level: BookLevel, order: OrderRecord, qty: number): void {
    level.size -= qty;
    this.dirty.add(level.price);
    if (remaining(order) > 0) return;
    const at = level.orders.indexOf(order);
    if (at >= 0) level.orders.splice(at, 1);
    if (level.orders.length === 0) {
      const i = this.search(level.price);
      if (i >= 0) this.levels.splice(i, 1);
    }
  }

  /** A resting order's size shrank in place (a change that keeps priority). */
  shrink(order: OrderRecord, by: number): void {
    const level = this.levelAt(order.price);
    if (!level) return;
    level.size -= by;
    this.dirty.add(order.price);
  }

  /** Changed levels since the last call, best first; a removed level has s = 0 and o = 0. */
  takeChanges(): L2Level[] {
    if (this.dirty.size === 0) return [];
    const prices = [...this.dirty].sort((a, b) => (this.isBid ? b - a : a - b));
    this.dirty.clear();
    return prices.map((p) => {
      const level = this.levelAt(p);
      return level ? { p, s: level.size, o: level.orders.length } : { p, s: 0, o: 0 };
    });
  }

  snapshot(depth: number): L2Level[] {
    const n = Math.min(depth, this.levels.length);
    const out: L2Level[] = new Array<L2Level>(n);
    for (let i = 0; i < n; i++) {
      const level = this.levels[i] as BookLevel;
      out[i] = { p: level.price, s: level.size, o: level.orders.length };
    }
    return out;
  }
}

export class OrderBook {
  readonly bid = new BookSide(true);
  readonly ask = new BookSide(false);

  /** The side an order of `side` rests on. */
  restingSide(side: Side): BookSide {
    return side === 'buy' ? this.bid : this.ask;
  }

  /** The side an order of `side` matches against. */
  oppositeSide(side: Side): BookSide {
    return side === 'buy' ? this.ask : this.bid;
  }

  bestBid(): number | undefined {
    return this.bid.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.ask.best()?.price;
  }

  /** True when a `side` order at `price` would trade against the book right now. */
  crosses(side: Side, price: number): boolean {
    const best = this.oppositeSide(side).best();
    if (!best) return false;
    return side === 'buy' ? price >= best.price : price <= best.price;
  }

  /** Size available to a `side` order up to limit `price` (stops counting at `cap`). */
  fillableSize(side: Side, price: number, cap: number, excludeAccount?: number): number {
    let total = 0;
    for (const level of this.oppositeSide(side).levels) {
      if (side === 'buy' ? level.price > price : level.price < price) break;
      for (const o of level.orders) {
        if (o.acc !== excludeAccount) total += remaining(o);
      }
      if (total >= cap) return total;
    }
    return total;
  }

  takeChanges(): { bid: L2Level[]; ask: L2Level[] } | undefined {
    const bid = this.bid.takeChanges();
    const ask = this.ask.takeChanges();
    return bid.length === 0 && ask.length === 0 ? undefined : { bid, ask };
  }
}
