// Exchange order ids have 13 digits (wire.md: "oid":4485795151904); the oid column prints them whole
// in every tab that has one, never as '#' overflow.

import { describe, expect, it } from 'vitest';
import type { FillRowView, OrderRowView } from '../../domain/trading/views.js';
import type { OrderHistoryRowView } from '../../domain/trading/history-views.js';
import type { MarketRef } from '../../domain/views.js';
import { cellsText, fitColumns, rowCells } from '../format/table.js';
import { fillColumns, orderHistoryColumns } from '../fills/columns.js';
import { openOrderColumns } from '../open-orders/columns.js';
import { positionColumns } from '../positions/columns.js';

const BTC: MarketRef = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const markets = (id: number) => (id === 1 ? BTC : undefined);
const OID = 4_485_795_151_904;

describe('order ids as the exchange issues them', () => {
  it('show in full in open orders, fills and order history', () => {
    const order: OrderRowView = {
      orderId: OID, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 0, flags: 0,
      leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
    };
    const fill: FillRowView = { key: 'k', timeMs: 0, block: 12, marketId: 1, orderId: OID, type: 1, liquidity: 2, price: 670_000, size: 1_000, fee: '10' };
    const history: OrderHistoryRowView = { key: 'h', timeMs: 0, marketId: 1, orderId: OID, requestId: 4, type: 1, status: 4, reason: null, price: 1, originalSize: 1, filledSize: 1, fee: null };
    for (const text of [
      cellsText(rowCells(fitColumns(openOrderColumns(markets), 120), order)),
      cellsText(rowCells(fitColumns(fillColumns(markets), 120), fill)),
      cellsText(rowCells(fitColumns(orderHistoryColumns(markets), 120), history)),
    ]) {
      expect(text).toContain(String(OID));
      expect(text).not.toContain('#####');
    }
  });
});

// Position ids are 13 digits too (e.g. 4485795151904); the open orders' `pos` column showed '######'.
describe('position ids and column headers', () => {
  const PID = 4_485_795_151_904;
  it('a trigger linked to a position shows the position id whole in open orders', () => {
    const trigger: OrderRowView = {
      orderId: OID, requestId: 3, marketId: 1, type: 4, status: 2, price: 0, originalSize: 20_000, filledSize: 0, flags: 0,
      leverage: 500, triggerPrice: 640_000, triggerCondition: 4, linkedPositionId: PID, lastBlock: null, blocksLeft: null,
    };
    const text = cellsText(rowCells(fitColumns(openOrderColumns(markets), 200), trigger));
    expect(text).toContain(`#${PID}`);
    expect(text).not.toContain('#####');
  });
  it('a header names one thing: Fills heads maker/taker "role", "liq" stays the liquidation price of Positions', () => {
    const fillHeaders = fillColumns(markets).map((c) => c.header);
    expect(fillHeaders).toContain('role');
    expect(fillHeaders).not.toContain('liq');
    expect(positionColumns(markets).map((c) => c.header)).toContain('liq');
  });
});
