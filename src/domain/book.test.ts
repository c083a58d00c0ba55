import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { L2Level } from '../protocol/frames.js';
import { OrderBook } from './book.js';

const lvl = (p: number, s: number, o = 1): L2Level => ({ p, s, o });

describe('OrderBook', () => {
  it('keeps bids descending and asks ascending whatever order levels arrive in', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 1), lvl(102, 1), lvl(101, 1)], [lvl(105, 1), lvl(103, 1), lvl(104, 1)]);
    expect(b.bids.levels().map((l) => l.p)).toEqual([102, 101, 100]);
    expect(b.asks.levels().map((l) => l.p)).toEqual([103, 104, 105]);
    expect(b.bestBid()).toBe(102);
    expect(b.bestAsk()).toBe(103);
    expect(b.spread()).toBe(1);
  });

  it('applies deltas in order: update, insert, and removal by o = 0 or s = 0', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 5), lvl(99, 5)], [lvl(101, 5), lvl(102, 5)]);
    b.applyDelta([lvl(100, 7, 2), lvl(98, 1)], [lvl(101, 0, 0), lvl(103, 3)]);
    b.applyDelta([lvl(99, 4, 0)], [lvl(102, 0, 1)]);
    expect(b.bids.levels()).toEqual([lvl(100, 7, 2), lvl(98, 1)]);
    expect(b.asks.levels()).toEqual([lvl(103, 3)]);
  });

  it('a later delta for the same level wins (no stale size left behind)', () => {
    const b = new OrderBook(1);
    b.applySnapshot([], []);
    b.applyDelta([lvl(100, 1)], []);
    b.applyDelta([lvl(100, 9)], []);
    expect(b.bids.levels()).toEqual([lvl(100, 9)]);
  });

  it('removing an absent level is harmless', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 1)], [lvl(101, 1)]);
    b.applyDelta([lvl(50, 0, 0)], [lvl(500, 0, 0)]);
    expect(b.bids.levels()).toEqual([lvl(100, 1)]);
    expect(b.asks.levels()).toEqual([lvl(101, 1)]);
  });

  it('a snapshot replaces everything (no level survives from before a resync)', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 1), lvl(90, 1)], [lvl(110, 1)]);
    b.applySnapshot([lvl(95, 2)], [lvl(96, 2)]);
    expect(b.bids.levels()).toEqual([lvl(95, 2)]);
    expect(b.asks.levels()).toEqual([lvl(96, 2)]);
  });

  it('detects a crossed book (inconsistent state must trigger a resync)', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 1)], [lvl(101, 1)]);
    expect(b.isCrossed()).toBe(false);
    b.applyDelta([lvl(101, 1)], []);
    expect(b.isCrossed()).toBe(true);
  });

  it('clear() drops the levels and waits for a new snapshot', () => {
    const b = new OrderBook(1);
    b.applySnapshot([lvl(100, 1)], [lvl(101, 1)]);
    expect(b.hasSnapshot).toBe(true);
    const v = b.version;
    b.clear();
    expect(b.hasSnapshot).toBe(false);
    expect(b.bids.length + b.asks.length).toBe(0);
    expect(b.version).toBeGreaterThan(v);
  });

  it('view(depth) limits rows and accumulates totals from the best price outward', () => {
    const b = new OrderBook(7);
    b.applySnapshot([lvl(100, 2, 1), lvl(99, 3, 2), lvl(98, 4, 1)], [lvl(101, 1, 1), lvl(102, 5, 3)]);
    const v = b.view(2);
    expect(v.marketId).toBe(7);
    expect(v.bids).toEqual([
      { price: 100, size: 2, total: 2, orders: 1 },
      { price: 99, size: 3, total: 5, orders: 2 },
    ]);
    expect(v.asks).toEqual([
      { price: 101, size: 1, total: 1, orders: 1 },
      { price: 102, size: 5, total: 6, orders: 3 },
    ]);
    expect(v.maxTotal).toBe(6);
    expect(v.version).toBe(b.version);
    expect(b.view(0).bids).toEqual([]);
  });

  it('matches a naive map model after thousands of random deltas (sorted, nothing lost)', () => {
    const level = fc.record({
      p: fc.integer({ min: 1, max: 400 }),
      s: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
      o: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 })),
    });
    const delta = fc.record({ bid: fc.array(level, { maxLength: 6 }), ask: fc.array(level, { maxLength: 6 }) });
    fc.assert(
      fc.property(fc.array(delta, { minLength: 1, maxLength: 400 }), (deltas) => {
        const book = new OrderBook(1);
        book.applySnapshot([], []);
        const model = { bid: new Map<number, L2Level>(), ask: new Map<number, L2Level>() };
        for (const d of deltas) {
          book.applyDelta(d.bid, d.ask);
          for (const side of ['bid', 'ask'] as const) {
            for (const l of d[side]) {
              if (l.s === 0 || l.o === 0) model[side].delete(l.p);
              else model[side].set(l.p, l);
            }
          }
        }
        const expectBid = [...model.bid.values()].sort((a, b) => b.p - a.p);
        const expectAsk = [...model.ask.values()].sort((a, b) => a.p - b.p);
        expect(book.bids.levels()).toEqual(expectBid);
        expect(book.asks.levels()).toEqual(expectAsk);
      }),
      { numRuns: 60 },
    );
  });
});

describe('OrderBook version', () => {
  it('a replacement book can continue the version sequence of the one it replaces', () => {
    const old = new OrderBook(1);
    old.applySnapshot([lvl(1, 1)], [lvl(2, 1)]);
    const next = new OrderBook(2, old.version + 1);
    expect(next.view(5).version).toBeGreaterThan(old.view(5).version);
  });
});
