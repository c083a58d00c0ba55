import { describe, expect, it } from 'vitest';
import type { OrderRowView, PositionRowView } from '../domain/trading/views.js';
import type { MarketRef } from '../domain/views.js';
import { createTerminalStore } from './store.js';
import { EMPTY_TRADING } from './trading-slice.js';
import { moveSelection, selectTab, stepTab, toggleMarketFilter } from './trading-tabs.js';
import { closeIntent, collateralIntent, protectIntent } from '../ui/positions/editors.js';
import { amendIntent, triggerMoveIntent } from '../ui/open-orders/editors.js';
import { mergeFills } from '../ui/fills/rows.js';
import { tabRows } from '../ui/tabs/rows.js';
import { firstShownRow, hiddenRowsText } from '../ui/tabs/selection.js';

const BTC: MarketRef = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const position: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 3, entryPrice: 670_000, markPrice: 680_000, collateral: '1', leverage: 1000,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 600_000, liquidationDistancePct: 10,
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 0, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

describe('tab navigation', () => {
  it('steps through the tabs in a ring and clamps the selection to the rows', () => {
    const store = createTerminalStore();
    stepTab(store, -1);
    expect(store.getState().tabs.tab).toBe('journal');
    stepTab(store, 1);
    expect(store.getState().tabs.tab).toBe('positions');
    moveSelection(store, 5, 3);
    expect(store.getState().tabs.selected.positions).toBe(2);
    moveSelection(store, -10, 3);
    expect(store.getState().tabs.selected.positions).toBe(0);
  });
  it('fills merge live and paged rows without duplicates and follow the market filter', () => {
    const fill = (key: string, marketId: number) => ({ key, timeMs: 0, block: 1, marketId, orderId: 1, type: 1, liquidity: 2, price: 1, size: 1, fee: '0' });
    expect(mergeFills([fill('a', 1)], [fill('a', 1), fill('b', 2)]).map((f) => f.key)).toEqual(['a', 'b']);
    const store = createTerminalStore({ market: BTC, trading: { ...EMPTY_TRADING, fills: [fill('a', 1), fill('c', 2)] } });
    selectTab(store, 'fills');
    expect(tabRows(store.getState()).rows).toHaveLength(2);
    toggleMarketFilter(store);
    expect(tabRows(store.getState()).rows).toHaveLength(1);
  });
});

describe('fills after a gap', () => {
  it('fills-in-time-order-after-a-reconcile: a fill the socket never delivered, paged in later, takes its place in time', () => {
    const fill = (key: string, block: number, tx = 0) => ({ key, timeMs: block * 1000, block, tx, log: 1, marketId: 1, orderId: 1, type: 1, liquidity: 2, price: 1, size: 1, fee: '0' });
    // Live: 100 and 90; while the socket was down (or before a restart) 120 and 105 landed, read from REST.
    const live = [fill('a', 100), fill('b', 90)];
    const paged = [fill('c', 120), fill('d', 105, 2), fill('e', 105, 1), fill('a', 100), fill('f', 80)];
    expect(mergeFills(live, paged).map((f) => f.key)).toEqual(['c', 'd', 'e', 'a', 'b', 'f']);
  });
});

describe('editor parsing', () => {
  it('close: percent of the position rounds down in integers; empty is everything at market', () => {
    const half = closeIntent('50%', position, BTC);
    expect('intent' in half && half.intent).toEqual({ kind: 'close', positionId: 7, opts: { kind: 'market', bps: 5_000 } });
    expect('confirm' in half && half.confirm).toContain('close 50% (0.00001 BTC) of ▲ LONG BTC #7 at market');
    const all = closeIntent('', position, BTC);
    expect('intent' in all && all.intent.kind === 'close' && all.intent.opts.bps).toBe(10_000);
    expect('confirm' in all && all.confirm).toContain('at market');
  });
  it('close: a limit close needs a price; a size above the position is refused', () => {
    const limit = closeIntent('0.00002 @ 69000', position, BTC);
    expect('intent' in limit && limit.intent).toEqual({ kind: 'close', positionId: 7, opts: { kind: 'limit', size: 2, price: 690_000 } });
    expect(closeIntent('1', position, BTC)).toEqual({ error: 'the position holds only 0.00003 BTC' });
    expect('error' in closeIntent('50% @', position, BTC)).toBe(true);
    expect('error' in closeIntent('10%', position, BTC)).toBe(true); // 10% of 3 units rounds to 0
  });
  it('amend: price and optional size, exactly scaled; too many decimals is refused', () => {
    expect(amendIntent('66000.5', order, BTC)).toEqual({ intent: { kind: 'change', orderId: 42, price: 660_005 }, confirm: null });
    expect(amendIntent('66000 0.1', order, BTC)).toEqual({ intent: { kind: 'change', orderId: 42, price: 660_000, size: 10_000 }, confirm: null });
    expect('error' in amendIntent('66000.25', order, BTC)).toBe(true);
    expect(amendIntent('66500', order, BTC)).toEqual({ error: 'nothing changes' });
  });
  it('prompt-size-leading-zeros-refused: the amend and close prompts refuse "001" with the reason, as the form and the : line do', () => {
    expect(amendIntent('66000 001', order, BTC)).toEqual({ error: 'size "001" starts with a zero: type 1, or 0.01 for a fraction' });
    expect(closeIntent('001', position, BTC)).toEqual({ error: 'size "001" starts with a zero: type 1, or 0.01 for a fraction' });
    expect(closeIntent('050%', position, BTC)).toEqual({ error: 'percentage "050" starts with a zero: type 50, or 0.50 for a fraction' });
    expect('intent' in amendIntent('66000 0.5', order, BTC)).toBe(true);
  });
  it('collateral: an amount in collateral units becomes atoms and asks first', () => {
    const r = collateralIntent('12.5', position, BTC);
    expect('intent' in r && r.intent).toEqual({ kind: 'collateral', positionId: 7, amount: '12500000' });
    expect('confirm' in r && r.confirm).toBe('add 12.50 collateral to ▲ LONG BTC #7?');
  });
  it('tp/sl: each on the right side of the mark for a long', () => {
    const r = protectIntent('tp 70000 sl 65000', position, BTC);
    expect('intent' in r && r.intent).toEqual({ kind: 'protect', positionId: 7, on: 'mark', tp: 700_000, sl: 650_000 });
    expect(protectIntent('sl 69000', position, BTC)).toEqual({ error: 'stop-loss must be below 68,000' });
    expect('error' in protectIntent('tp', position, BTC)).toBe(true);
    expect(protectIntent('sl 65000 last', position, BTC)).toMatchObject({ intent: { on: 'last', sl: 650_000 } });
  });
});

describe('the TP/SL side check uses the one reference rule', () => {
  it('tpsl-on-a-stale-mark-checks-the-entry: a stale mark is not the reference; the entry is, and the error says so', () => {
    const staleRow: PositionRowView = { ...position, markState: 'stale', markNote: 'market data down: connection lost' };
    // Against the stale mark (68000) a stop at 67500 looks fine; against the entry (67000) it is on the wrong side.
    expect(protectIntent('sl 67500', staleRow, BTC)).toEqual({ error: 'stop-loss must be below 67,000 (the entry: no live mark (market data down: connection lost))' });
    expect(protectIntent('sl 66000', staleRow, BTC)).toMatchObject({ intent: { sl: 660_000 } });
  });

  it('tpsl-last-trigger-checks-the-last-trade: a last trigger is checked on the market\'s last trade, not the mark', () => {
    // Mark 68000, last trade 69000: a take-profit at 68500 on last would fire at once.
    expect(protectIntent('tp 68500 last', position, BTC, undefined, 690_000)).toEqual({ error: 'take-profit must be above 69,000 (the last trade)' });
    expect(protectIntent('tp 68500', position, BTC, undefined, 690_000)).toMatchObject({ intent: { on: 'mark', tp: 685_000 } });
    // No last trade known: the mark, said.
    expect(protectIntent('sl 68500 last', position, BTC, undefined, null)).toEqual({ error: 'stop-loss must be below 68,000 (the mark: no last trade known)' });
  });

  it('moving a trigger uses the same rule (its own price source)', () => {
    const sl: OrderRowView = {
      ...order, orderId: 50, type: 3, price: 0, originalSize: 3, flags: 4, leverage: 0, triggerPrice: 650_000, triggerCondition: 2, linkedPositionId: 7,
    };
    // tpc 2 = LTE last: checked on the last trade (66000 here), not the mark (68000).
    expect(triggerMoveIntent('67000', sl, position, BTC, 660_000)).toEqual({ error: 'stop-loss must be below 66,000 (the last trade)' });
    const staleRow: PositionRowView = { ...position, markState: 'stale', markNote: 'no market data for 6.0 s' };
    expect(triggerMoveIntent('67500', { ...sl, triggerCondition: 4 }, staleRow, BTC)).toEqual({ error: 'stop-loss must be below 67,000 (the entry: no live mark (no market data for 6.0 s))' });
  });
});

describe('rows the pane cannot show', () => {
  it('open-orders-hidden-below-are-counted: 12 orders in 3 rows say how many are below, and above once scrolled', () => {
    expect(hiddenRowsText(12, 0, 3)).toBe('▼ 9 more below');
    const start = firstShownRow(5, 3); // the 6th order selected: rows 4..6 show
    expect(start).toBe(3);
    expect(hiddenRowsText(12, start, 3)).toBe('▲ 3 more above  ▼ 6 more below');
    expect(hiddenRowsText(12, firstShownRow(11, 3), 3)).toBe('▲ 9 more above');
    expect(hiddenRowsText(3, 0, 3)).toBeNull();
    expect(hiddenRowsText(0, 0, 0)).toBeNull();
    expect(hiddenRowsText(2, 0, 0)).toBe('▼ 2 more below');
  });
});
