import { describe, expect, it } from 'vitest';
import { groupAskPrice, groupBidPrice, groupSide, MAX_BOOK_GROUP, rowSource, stepBookGroup } from './book-grouping.js';
import { OrderBook } from './book.js';

const rows = (levels: [number, number][]) => {
  let total = 0;
  return levels.map(([price, size]) => ({ price, size, total: (total += size), orders: 1 }));
};

describe('book price grouping', () => {
  it('steps 1, 2, 5, 10, 20, 50, 100 ... and stops at both ends', () => {
    const up: number[] = [1];
    while (up.length < 8) up.push(stepBookGroup(up.at(-1) as number, 1));
    expect(up).toEqual([1, 2, 5, 10, 20, 50, 100, 200]);
    expect(stepBookGroup(200, -1)).toBe(100);
    expect(stepBookGroup(1, -1)).toBe(1);
    expect(stepBookGroup(MAX_BOOK_GROUP, 1)).toBe(MAX_BOOK_GROUP);
  });

  it('grouped-level-never-better-than-the-book: bids round down, asks up, exact on the boundary', () => {
    expect(groupBidPrice(67_012_5, 10)).toBe(67_012_0);
    expect(groupAskPrice(67_012_5, 10)).toBe(67_013_0);
    expect(groupBidPrice(67_010_0, 10)).toBe(67_010_0);
    expect(groupAskPrice(67_010_0, 10)).toBe(67_010_0);
    // Exact at the top of the safe integer range too.
    const big = Number.MAX_SAFE_INTEGER - 1; // 9007199254740990 = 10 * 900719925474099
    expect(groupBidPrice(big - 1, 10)).toBe(big - 10);
    expect(groupAskPrice(big - 1, 10)).toBe(big);
  });

  it('sums sizes and orders per group, keeps cumulative totals, and stops after depth groups', () => {
    const bids = rows([[1009, 1], [1005, 2], [1000, 4], [999, 8], [990, 16], [980, 32]]);
    const grouped = groupSide(rowSource(bids), 2, 10, 'bid');
    expect(grouped).toEqual([
      { price: 1000, size: 7, total: 7, orders: 3 },
      { price: 990, size: 24, total: 31, orders: 2 },
    ]);
    const asks = rows([[1001, 1], [1009, 2], [1010, 4], [1011, 8]]);
    expect(groupSide(rowSource(asks), 5, 10, 'ask')).toEqual([
      { price: 1010, size: 7, total: 7, orders: 3 },
      { price: 1020, size: 8, total: 15, orders: 1 },
    ]);
  });

  it('the book view keeps the exact levels and carries the groups beside them', () => {
    const book = new OrderBook(1);
    book.applySnapshot(
      [{ p: 1009, s: 1, o: 1 }, { p: 1001, s: 1, o: 1 }, { p: 999, s: 1, o: 1 }],
      [{ p: 1011, s: 1, o: 1 }, { p: 1019, s: 1, o: 1 }, { p: 1021, s: 1, o: 1 }],
    );
    const view = book.view(2, 10);
    expect(view.bids.map((r) => r.price)).toEqual([1009, 1001]);
    expect(view.grouped?.bids.map((r) => [r.price, r.size])).toEqual([[1000, 2], [990, 1]]);
    expect(view.grouped?.asks.map((r) => [r.price, r.size])).toEqual([[1020, 2], [1030, 1]]);
    expect(book.view(2).grouped).toBeUndefined();
  });
});
