// Issue 28: what a position's TP/SL do not do is said on its row and in its footer: a stop its liquidation has
// come to beat ("!liq"), TP/SL that cover part of it ("(1/21)"); a bracket leg waits for its entry in Open orders.

import { describe, expect, it } from 'vitest';
import { protectionOf } from '../../domain/trading/protection.js';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { entryWaitedFor } from '../open-orders/rows.js';
import { cellsText, fitColumns, headerCells, rowCells } from '../format/table.js';
import { linkText, openOrderColumns } from '../open-orders/columns.js';
import { positionColumns, positionProtectionNote, protectionLookup } from '../positions/columns.js';

const ETH: MarketRef = { id: 2, symbol: 'ETH', priceDecimals: 2, sizeDecimals: 3 };
const markets = (id: number) => (id === 2 ? ETH : undefined);

/** An ETH long grown to 21 ETH, liquidated at 3,316.80. */
const long: PositionRowView = {
  positionId: 7, marketId: 2, side: 1, size: 21_000, entryPrice: 350_000, markPrice: 350_000, collateral: '1000000000',
  leverage: 1000, unrealizedPnl: '0', roe: 0, liquidationPrice: 331_680, liquidationDistancePct: 5.2,
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};

const trigger = (orderId: number, price: number, tpc: number, size: number): OrderRowView => ({
  orderId, requestId: orderId, marketId: 2, type: 3, status: 8, price: 0, originalSize: size, filledSize: 0, flags: 4,
  leverage: 0, triggerPrice: price, triggerCondition: tpc, linkedPositionId: 7, lastBlock: null, blocksLeft: null,
});

function row(orders: OrderRowView[], width: number): { header: string; line: string; note: string | null } {
  const protection = protectionLookup((p: PositionRowView) => protectionOf(p, orders));
  const cols = fitColumns(positionColumns(markets, protection, [long]), width);
  return {
    header: cellsText(headerCells(cols)),
    line: cellsText(rowCells(cols, long)),
    note: positionProtectionNote([long], 0, markets, protection),
  };
}

describe('the Positions row says what its TP/SL do not do', () => {
  it('tpsl-for-1-of-21-eth-shows-1/21: the row shows the covered size over the position, the footer says it in words', () => {
    const r = row([trigger(1, 370_000, 3, 1_000), trigger(2, 340_000, 4, 1_000)], 196);
    expect(r.line).toContain('3,700.00 (1/21)');
    expect(r.line).toContain('3,400.00 (1/21)');
    expect(r.note).toBe('ETH TP/SL cover 1 of 21 ETH (t re-arms them for the whole position)');
  });

  it('stop-beyond-liquidation-flagged-later: an SL the liquidation has come to beat is marked !liq, the footer names both figures', () => {
    const r = row([trigger(2, 330_000, 4, 21_000)], 196);
    expect(r.line).toContain('3,300.00 !liq');
    expect(r.note).toBe('ETH SL 3,300 is beyond liquidation 3,316.8: it would never fire');
  });

  it('flagged-sl-kept-at-80-columns: the flagged SL outranks the market name where the row is narrow', () => {
    const r = row([trigger(2, 330_000, 4, 1_000)], 78);
    expect(r.line.length).toBeLessThanOrEqual(78);
    expect(r.line).toContain('3,300.00 !liq (1/21)');
    expect(r.header).toMatch(/ SL\b/);
  });

  it('whole-protection-says-nothing: TP/SL for the whole position inside the liquidation price leave the row as before', () => {
    const r = row([trigger(1, 370_000, 3, 21_000), trigger(2, 340_000, 4, 21_000)], 196);
    expect(r.line).toMatch(/ 3,700.00 +3,400.00 /);
    expect(r.line).not.toMatch(/!liq|\(/);
    expect(r.note).toBeNull();
  });
});

describe('a bracket leg in Open orders', () => {
  const entry: OrderRowView = { ...trigger(40, 0, 0, 1_000), type: 1, status: 2, price: 340_000, triggerPrice: null, triggerCondition: null, linkedPositionId: null, requestId: 5 };
  const leg: OrderRowView = { ...trigger(41, 330_000, 4, 1_000), linkedPositionId: null, linkedRequestId: 5 };

  it('bracket-leg-waits-for-entry: until the entry fills, the leg says which entry it waits for', () => {
    expect(entryWaitedFor(leg, [entry, leg])).toBe(40);
    const text = cellsText(rowCells(fitColumns(openOrderColumns(markets), 166), { ...leg, waitsForEntry: 40 }));
    expect(text).toContain('waits for entry #40');
  });

  it('leg-linked-once-the-entry-filled: the entry gone (filled) or the leg on the position, it says the position', () => {
    expect(entryWaitedFor(leg, [leg])).toBeNull();
    expect(entryWaitedFor({ ...leg, linkedPositionId: 7 }, [entry, leg])).toBeNull();
    expect(linkText({ linkedPositionId: 7, waitsForEntry: null })).toBe('#7');
  });
});
