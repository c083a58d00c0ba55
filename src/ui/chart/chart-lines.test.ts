import { describe, expect, it } from 'vitest';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { chartLines } from './chart-lines.js';

const position: PositionRowView = {
  positionId: 7, marketId: 16, side: 1, size: 40_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000', leverage: 500,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 560_000, liquidationDistancePct: 17, markState: 'live', markNote: null, effectiveLeverage: 500, leverageBasis: 'mark',
};
const order: OrderRowView = {
  orderId: 50, requestId: 50, marketId: 16, type: 1, status: 2, price: 660_000, originalSize: 40_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

describe('chart lines', () => {
  it('position-entry-and-liquidation-lines: E at the entry, L at the liquidation price of the position row', () => {
    const lines = chartLines([], [position], 16);
    expect(lines.map((l) => [l.kind, l.mark, l.price])).toEqual([
      ['entry', 'E', 670_000],
      ['liq', 'L', 560_000],
    ]);
    // Told apart by glyph, not colour: each kind draws its own line.
    expect(new Set(lines.map((l) => l.glyph)).size).toBe(2);
  });

  it('orders-and-triggers-beside-the-position: ◆ resting, T / S triggers; other markets and unknown liq left out', () => {
    const tp: OrderRowView = { ...order, orderId: 51, triggerPrice: 700_000, triggerCondition: 1, linkedPositionId: 7 };
    const other: OrderRowView = { ...order, orderId: 52, marketId: 17 };
    const lines = chartLines([order, tp, other], [{ ...position, liquidationPrice: null }, { ...position, marketId: 17, entryPrice: 1 }], 16);
    expect(lines.map((l) => l.mark)).toEqual(['◆', expect.stringMatching(/^[TS]$/), 'E']);
    expect(lines.find((l) => l.kind === 'order')?.price).toBe(660_000);
  });
});
