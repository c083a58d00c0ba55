import { describe, expect, it } from 'vitest';
import { Prng } from '../../lib/prng.js';
import { OrderBook } from './book.js';
import { CandleStore } from './candles.js';
import type { OrderRecord } from './records.js';

let nextOid = 1;
function order(side: 'buy' | 'sell', price: number, size: number): OrderRecord {
  return {
    oid: nextOid++, rq: 0, mkt: 1, acc: 1, t: side === 'buy' ? 1 : 2, side, reduceOnly: false, price, size, filled: 0,
    filledNotional: 0n, fee: 0n, fl: 0, lv: 100, tif: 0, lb: 0, tp: 0, tpc: 0, tr: 0, lp: 0, scid: 0, st: 2, sr: 0,
    locked: 0n, waitingForParent: false, created: {}, internal: false,
  };
}

describe('order book sides', () => {
  it('keeps bids descending and asks ascending whatever the insertion order', () => {
    const book = new OrderBook();
    const rng = new Prng(5);
    for (let i = 0; i < 200; i++) {
      book.bid.add(order('buy', 1000 - rng.int(100), 1 + rng.int(5)));
      book.ask.add(order('sell', 1001 + rng.int(100), 1 + rng.int(5)));
    }
    const bids = book.bid.levels.map((l) => l.price);
    const asks = book.ask.levels.map((l) => l.price);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    for (const l of [...book.bid.levels, ...book.ask.levels]) {
      expect(l.size).toBe(l.orders.reduce((s, o) => s + o.size - o.filled, 0));
    }
  });

  it('reports a removed level once as s 0 o 0 and an untouched book as no change', () => {
    const book = new OrderBook();
    const a = order('sell', 1010, 5);
    const b = order('sell', 1020, 5);
    book.ask.add(a);
    book.ask.add(b);
    expect(book.takeChanges()?.ask).toEqual([
      { p: 1010, s: 5, o: 1 },
      { p: 1020, s: 5, o: 1 },
    ]);
    expect(book.takeChanges()).toBeUndefined();
    book.ask.remove(a);
    expect(book.takeChanges()).toEqual({ bid: [], ask: [{ p: 1010, s: 0, o: 0 }] });
    expect(book.bestAsk()).toBe(1020);
    expect(book.ask.remove(a)).toBe(false);
  });

  it('counts fillable size up to a limit, excluding one account', () => {
    const book = new OrderBook();
    book.ask.add(order('sell', 1010, 5));
    book.ask.add({ ...order('sell', 1010, 7), acc: 2 });
    book.ask.add(order('sell', 1030, 9));
    expect(book.fillableSize('buy', 1020, 100)).toBe(12);
    expect(book.fillableSize('buy', 1020, 100, 2)).toBe(5);
    expect(book.crosses('buy', 1009)).toBe(false);
    expect(book.crosses('buy', 1010)).toBe(true);
  });
});

describe('candles', () => {
  it('aggregates trades into every resolution and rolls to a new bucket', () => {
    const store = new CandleStore();
    const changed: [number, number][] = [];
    const t0 = 1_800_000_000_000 - (1_800_000_000_000 % 86_400_000);
    store.add(t0 + 1_000, 100, 10n, (r, c) => changed.push([r, c.t]));
    store.add(t0 + 2_000, 120, 5n);
    store.add(t0 + 3_000, 90, 5n);
    store.add(t0 + 61_000, 95, 1n, (r, c) => changed.push([r, c.t]));
    expect(store.query(60, t0, t0 + 120_000)).toEqual([
      { t: t0, o: 100, c: 90, h: 120, l: 90, v: '20', n: 3 },
      { t: t0 + 60_000, o: 95, c: 95, h: 95, l: 95, v: '1', n: 1 },
    ]);
    expect(store.query(3600, t0, t0)).toEqual([{ t: t0, o: 100, c: 95, h: 120, l: 90, v: '21', n: 4 }]);
    // The roll reports the just-closed minute and the new one.
    expect(changed.filter(([r]) => r === 60)).toEqual([
      [60, t0],
      [60, t0],
      [60, t0 + 60_000],
    ]);
  });

  it('returns at most 1024 candles, the newest ones', () => {
    const store = new CandleStore();
    for (let i = 0; i < 1500; i++) store.add(i * 60_000, 100 + i, 1n);
    const got = store.query(60, 0, 1500 * 60_000);
    expect(got).toHaveLength(1024);
    expect(got[got.length - 1]?.t).toBe(1499 * 60_000);
  });
});

describe('prng', () => {
  it('repeats for a seed and differs between seeds', () => {
    const seq = (seed: number): number[] => {
      const r = new Prng(seed);
      return Array.from({ length: 20 }, () => r.nextU32());
    };
    expect(seq(1)).toEqual(seq(1));
    expect(seq(1)).not.toEqual(seq(2));
    const r = new Prng(3);
    for (let i = 0; i < 1000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
