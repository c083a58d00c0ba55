import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { chartText, renderCandleChart } from '../chart/candle-chart.js';
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

describe('own order lines on the chart', () => {
  const candles = [0, 1, 2].map((t) => ({ t, o: 1000, h: 1200, l: 800, c: 1100, volume: 1 }));
  it('draws a dotted line with the marked price label inside the range, nothing outside it', () => {
    const text = chartText(renderCandleChart(candles, { width: 30, height: 12, priceDecimals: 1, lines: [{ price: 900, mark: '◆' }, { price: 5000, mark: 'T' }] }));
    const row = text.find((l) => l.includes('◆90.0'));
    expect(row).toBeDefined();
    expect(row).toContain('╌');
    expect(text.join('\n')).not.toContain('T500');
    for (const line of text) expect(line).toHaveLength(30);
  });
});
