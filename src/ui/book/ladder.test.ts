import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { ladderLines, offscreenOrders, offscreenText } from './ladder.js';

const rows = (prices: number[]) => prices.map((price, i) => ({ price, size: 1, total: i + 1, orders: 1 }));
const LEVELS = { group: 1, asks: rows([101, 102, 103, 104, 105, 106]), bids: rows([99, 98, 97, 96, 95, 94]) };
const order = (price: number, type: number, marketId = 1): OrderRowView => ({
  orderId: price, requestId: price, marketId, type, status: 2, price, originalSize: 1, filledSize: 0, flags: 0, leverage: 100,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
});
const priceOf = (l: ReturnType<typeof ladderLines>[number]) => (l.kind === 'level' ? l.row.price : l.kind);

describe('book ladder', () => {
  it('centred: outermost ask at the top, the spread, then the bids best first', () => {
    expect(ladderLines(LEVELS, 0, 2).map(priceOf)).toEqual([102, 101, 'spread', 99, 98]);
  });

  it('scrolled down past the spread shows deeper bids; up shows deeper asks; past the book is empty', () => {
    expect(ladderLines(LEVELS, 4, 2).map(priceOf)).toEqual([98, 97, 96, 95, 94]);
    expect(ladderLines(LEVELS, -5, 2).map(priceOf)).toEqual(['empty', 106, 105, 104, 103]);
  });

  it('own-orders-off-screen-flagged: counts resting orders beyond the shown levels, above and below', () => {
    const lines = ladderLines(LEVELS, 0, 2);
    const orders = [order(105, 2), order(106, 4), order(101, 2), order(99, 1), order(95, 1), order(94, 3), order(95, 1, 2)];
    // A trigger is not in the book: never counted.
    const trigger = { ...order(90, 3), price: 0, triggerPrice: 90, triggerCondition: 2 };
    expect(offscreenOrders([...orders, trigger], 1, lines, 1)).toEqual({ above: 2, below: 2 });
    expect(offscreenText(2, 'below')).toBe('◆ 2 more below');
    expect(offscreenText(0, 'above')).toBe('');
  });

  it('grouped: an order inside a shown group is on screen (buys by the bid group, sells by the ask group)', () => {
    const grouped = { group: 10, asks: rows([110, 120]), bids: rows([90, 80]) };
    const lines = ladderLines(grouped, 0, 1);
    // A buy at 97 is in the 90 bid group (shown); a sell at 111 in the 120 ask group (not shown).
    expect(offscreenOrders([order(97, 1), order(111, 2)], 1, lines, 10)).toEqual({ above: 1, below: 0 });
  });
});
