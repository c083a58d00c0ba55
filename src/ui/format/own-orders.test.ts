import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { bookMarks, ownLevels, withMark } from './own-orders.js';

const base: OrderRowView = {
  orderId: 1, requestId: 1, marketId: 1, type: 1, status: 2, price: 1000, originalSize: 1, filledSize: 0, flags: 0, leverage: 100,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const level = (price: number) => ({ price, size: 1, total: 1, orders: 1 });

describe('own orders in the book', () => {
  it('marks the exact level of a resting order and the nearest level of a trigger, by role', () => {
    const orders: OrderRowView[] = [
      { ...base, price: 998 },
      { ...base, orderId: 2, type: 3, price: 0, triggerPrice: 996, triggerCondition: 4 }, // stop under a long
      { ...base, orderId: 3, type: 3, price: 0, triggerPrice: 1004, triggerCondition: 3 }, // take-profit above
      { ...base, orderId: 4, marketId: 2, price: 1001 }, // another market
    ];
    const marks = bookMarks([level(1001), level(1003), level(1005)], [level(998), level(997), level(995)], ownLevels(orders, 1));
    expect(marks.get('b0')).toBe('◆');
    expect(marks.get('b1')).toBe('S'); // 996: 997 and 995 are both 1 away; the first nearest wins
    expect(['a1', 'a2']).toContain([...marks.entries()].find(([, m]) => m === 'T')?.[0]);
    expect(marks.has('a0')).toBe(false);
  });
  it('a trigger outside the shown range marks nothing; a mark never overwrites a price', () => {
    const orders = [{ ...base, type: 3, price: 0, triggerPrice: 500, triggerCondition: 2 }];
    expect(bookMarks([level(1001)], [level(999)], ownLevels(orders, 1)).size).toBe(0);
    expect(withMark('  67,000.0', '◆')).toBe('◆ 67,000.0');
    expect(withMark('167,000.0', '◆')).toBe('167,000.0');
  });
});
