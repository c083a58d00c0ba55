import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { NO_PRICE_VOLUME, PRICE_VOLUME_WINDOW_MS, PriceVolume } from '../../domain/price-volume.js';
import type { BookRowView, GroupedLevels } from '../../domain/views.js';
import { buildLadder, moveLadderCursor, spreadCentre, type LadderInput } from './rows.js';

const lv = (price: number, size = 100): BookRowView => ({ price, size, total: size, orders: 1 });
const book = (bids: number[], asks: number[], group = 1): GroupedLevels => ({ group, bids: bids.map((p) => lv(p)), asks: asks.map((p) => lv(p)) });
const order = (over: Partial<OrderRowView>): OrderRowView => ({
  orderId: 1, requestId: 1, marketId: 1, type: 1, status: 2, price: 0, originalSize: 50, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null, ...over,
});
const input = (over: Partial<LadderInput>): LadderInput => ({ levels: book([999, 998], [1001, 1002]), volume: NO_PRICE_VOLUME, orders: [], marketId: 1, centre: null, cursor: null, rows: 5, ...over });

describe('ladder rows', () => {
  it('ladder-opens-on-the-spread: no centre set, the middle row is the mid and the store is told to keep it', () => {
    const m = buildLadder(input({}));
    expect(m?.rows.map((r) => r.price)).toEqual([1002, 1001, 1000, 999, 998]);
    expect(m?.rows.map((r) => [r.bid, r.ask])).toEqual([[0, 100], [0, 100], [0, 0], [100, 0], [100, 0]]);
    expect(m?.follow).toBe(1000);
  });

  it('ladder-rows-hold-while-the-book-moves: a set centre keeps every row at its price when the spread moves inside the rows', () => {
    const first = buildLadder(input({ centre: 1000, cursor: 999 }));
    const moved = buildLadder(input({ levels: book([1000, 999], [1002, 1003]), centre: 1000, cursor: 999 }));
    expect(moved?.rows.map((r) => r.price)).toEqual(first?.rows.map((r) => r.price));
    expect(moved?.rows.find((r) => r.cursor)?.price).toBe(999);
    expect(moved?.follow).toBeNull();
  });

  it('ladder-follows-the-price-off-the-pane: the spread beyond the rows re-centres on it', () => {
    const m = buildLadder(input({ levels: book([1099], [1101]), centre: 1000 }));
    expect(m?.centre).toBe(1100);
    expect(m?.follow).toBe(1100);
  });

  it('ladder-groups-by-the-book-step: rows 5 ticks apart, a centre off that grid is ignored, orders on their side of the group', () => {
    const levels = book([995, 990], [1005, 1010], 5);
    expect(spreadCentre(levels)).toBe(1000);
    const m = buildLadder(input({ levels, centre: 1002, orders: [order({ orderId: 7, price: 993, type: 1 }), order({ orderId: 8, price: 1007, type: 2 })] }));
    expect(m?.rows.map((r) => r.price)).toEqual([1010, 1005, 1000, 995, 990]);
    // A buy at 993 rests in the 990 bid group (rounded down), a sell at 1007 in the 1010 ask group (up).
    expect(m?.rows.find((r) => r.price === 990)?.own.map((o) => o.orderId)).toEqual([7]);
    expect(m?.rows.find((r) => r.price === 1010)?.own.map((o) => o.orderId)).toEqual([8]);
  });

  it('ladder-marks-own-orders-and-triggers: the open size of a limit, S for a stop-loss, T for a take-profit, other markets left out', () => {
    const m = buildLadder(input({
      orders: [
        order({ orderId: 1, price: 999, originalSize: 50, filledSize: 20 }),
        order({ orderId: 2, type: 3, triggerPrice: 998, triggerCondition: 4, originalSize: 10 }),
        order({ orderId: 3, type: 3, triggerPrice: 1002, triggerCondition: 3, originalSize: 10 }),
        order({ orderId: 4, price: 1001, marketId: 2 }),
      ],
    }));
    const at = (p: number) => m?.rows.find((r) => r.price === p)?.own;
    expect(at(999)).toEqual([{ orderId: 1, size: 30, buy: true, trigger: null }]);
    expect(at(998)?.[0]?.trigger).toBe('S');
    expect(at(1002)?.[0]?.trigger).toBe('T');
    expect(at(1001)).toEqual([]);
  });

  it('ladder-volume-counts-the-last-minutes-only: trades older than the window are not in the volume column', () => {
    const now = 10_000_000;
    const volume = new PriceVolume();
    for (const [price, size, ageMs] of [[1000, 50, PRICE_VOLUME_WINDOW_MS + 1], [1000, 4, 60_000], [1000, 3, 1_000], [999, 2, 0]] as const) volume.add(price, size, now - ageMs);
    const m = buildLadder(input({ volume: volume.view(now) }));
    expect(m?.rows.find((r) => r.price === 1000)?.volume).toBe(7);
    expect(m?.rows.find((r) => r.price === 999)?.volume).toBe(2);
  });

  it('ladder-cursor-scrolls-only-past-an-edge: moves inside keep the centre, past the top moves it by the overflow', () => {
    expect(moveLadderCursor(null, 1000, 1, 5, 1)).toEqual({ cursor: 1000, centre: 1000 });
    expect(moveLadderCursor(1000, 1000, -2, 5, 1)).toEqual({ cursor: 1002, centre: 1000 });
    expect(moveLadderCursor(1002, 1000, -1, 5, 1)).toEqual({ cursor: 1003, centre: 1001 });
    expect(moveLadderCursor(1000, 1000, 1e9, 5, 1)).toEqual({ cursor: 998, centre: 1000 });
    expect(moveLadderCursor(10, 10, 3, 5, 5)).toEqual({ cursor: 5, centre: 10 });
  });
});
