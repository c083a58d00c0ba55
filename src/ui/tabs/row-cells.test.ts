import { describe, expect, it } from 'vitest';
import type { FillRowView, JournalEntryView, OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { cellsText, fitColumns, headerCells, rowCells } from '../format/table.js';
import { feeCell, formatAtoms, signedAtoms, triggerText } from './row-cells.js';
import { fillColumns, orderHistoryColumns, positionHistoryColumns } from '../fills/columns.js';
import { journalColumns } from '../journal/columns.js';
import { openOrderColumns, shownOrderSize } from '../open-orders/columns.js';
import { positionColumns, positionMarkNote, protectionLookup } from '../positions/columns.js';

const BTC: MarketRef = { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const markets = (id: number) => (id === 1 ? BTC : undefined);

const long: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 50_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000',
  leverage: 1000, unrealizedPnl: '5000000', roe: 0.05, liquidationPrice: 610_000, liquidationDistancePct: 10.29, fundingPaid: '-120000',
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
const short: PositionRowView = { ...long, positionId: 8, side: 2, unrealizedPnl: '-5000000', roe: -0.05 };

const resting: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 5_000, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: 1100, blocksLeft: 6,
};

describe('money and signs', () => {
  it('formatAtoms rounds half away from zero to cents and groups thousands', () => {
    expect(formatAtoms('1234567890')).toBe('1,234.57');
    expect(formatAtoms('-1234565000')).toBe('-1,234.57');
    expect(formatAtoms('4999')).toBe('0.00');
    expect(formatAtoms('-4999')).toBe('0.00');
    expect(formatAtoms(null)).toBe('—');
    expect(formatAtoms('12.5')).toBe('—');
  });
  it('signedAtoms carries the sign in the text, not only in the tone', () => {
    expect(signedAtoms('5000000')).toEqual({ text: '+5.00', tone: 'up' });
    expect(signedAtoms('-5000000')).toEqual({ text: '-5.00', tone: 'down' });
    expect(signedAtoms('0').text).toBe('0.00');
  });
  it('a negative fee is shown as a rebate', () => {
    expect(feeCell('-50000').text).toBe('0.0500 reb');
    expect(feeCell('120000').text).toBe('0.1200');
  });
  it('trigger text names the direction and the price source', () => {
    expect(triggerText(650_000, 4, BTC)).toBe('≤ 65,000.0 mark');
    expect(triggerText(700_000, 1, BTC)).toBe('≥ 70,000.0 last');
    expect(triggerText(null, null, BTC)).toBe('');
  });
});

describe('positions rows', () => {
  it('a wide row shows side arrow, size, entry, mark, signed uPnL and ROE, liq, distance, collateral, leverage, funding', () => {
    const cols = fitColumns(positionColumns(markets), 196);
    const text = cellsText(rowCells(cols, long));
    for (const part of ['▲ LONG', 'BTC', '0.50000', '67,000.0', '68,000.0', '+5.00', '+5.00%', '61,000.0', '10.3%', '100.00', '10.00x', '-0.12']) {
      expect(text).toContain(part);
    }
    expect(cellsText(rowCells(cols, short))).toMatch(/▼ SHORT.*-5\.00.*-5\.00%/);
  });
  it('a narrow pane drops low-priority columns but keeps side, size, entry, uPnL and liq, and fits the width', () => {
    const cols = fitColumns(positionColumns(markets), 78);
    const header = cellsText(headerCells(cols));
    expect(header.length).toBeLessThanOrEqual(78);
    for (const h of ['side', 'size', 'entry', 'uPnL', 'liq']) expect(header).toContain(h);
    expect(header).not.toContain('funding');
  });
  it('position-row-shows-tp-sl: the armed stop and take-profit prices, "+N" for more of a role, "—" for none', () => {
    const armed = (orderId: number, price: number) => ({ orderId, price, on: 'mark' as const, size: 50_000 });
    const protection = () => ({ takeProfit: [armed(2, 700_000)], stopLoss: [armed(1, 650_000), armed(3, 640_000)] });
    const cols = fitColumns(positionColumns(markets, protectionLookup(protection)), 196);
    const cell = (header: string, row = long, columns = cols) => rowCells(columns, row)[columns.findIndex((c) => c.header === header)]?.text.trim();
    expect(cell('TP')).toBe('70,000.0');
    expect(cell('SL')).toBe('65,000.0+1');
    const bare = fitColumns(positionColumns(markets, protectionLookup(() => ({ takeProfit: [], stopLoss: [] }))), 196);
    expect([cell('TP', long, bare), cell('SL', long, bare)]).toEqual(['—', '—']);
    // At 80 columns the stop stays (the mark gives way first; the header shows it), the take-profit goes.
    const narrow = cellsText(headerCells(fitColumns(positionColumns(markets, protectionLookup(protection)), 78)));
    expect(narrow).toMatch(/ SL$/);
    expect(narrow).not.toContain(' TP');
  });
});

describe('open orders, fills, history and journal rows', () => {
  it('an open order shows remaining size, blocks left and its kind', () => {
    const text = cellsText(rowCells(fitColumns(openOrderColumns(markets), 196), { ...resting, effect: 'open' }));
    expect(text).toContain('42');
    expect(text).toContain('▲ open L');
    expect(text).toContain('66,500.0');
    expect(text).toContain('0.15000');
    expect(text).toContain('6 blk');
    expect(text).toContain('limit');
  });
  it('expiry-blocks-in-time-in-open-orders: blocks left are said with the time they take at the measured block time', () => {
    const text = cellsText(rowCells(fitColumns(openOrderColumns(markets, undefined, 0, 412), 196), { ...resting, blocksLeft: 12, effect: 'open' }));
    expect(text).toContain('12 blk ≈ 4.9 s');
  });
  it('a trigger order shows its condition, source and linked position', () => {
    const trigger = { ...resting, type: 3, status: 8, price: 0, flags: 4, triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7, blocksLeft: null };
    const text = cellsText(rowCells(fitColumns(openOrderColumns(markets), 196), trigger));
    expect(text).toContain('▼ close L');
    expect(text).toContain('≤ 65,000.0 mark');
    expect(text).toContain('#7');
    expect(text).toContain('Untriggered');
  });
  it('trigger-size-follows-partial-close: a trigger linked to a position shows at most the position size', () => {
    const trigger = { ...resting, type: 3, status: 8, price: 0, flags: 4, originalSize: 50_000, filledSize: 0, triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7, blocksLeft: null };
    const halved = (id: number) => (id === 7 ? 25_000 : undefined);
    expect(shownOrderSize(trigger, halved)).toBe(25_000);
    expect(cellsText(rowCells(fitColumns(openOrderColumns(markets, halved), 196), trigger))).toContain('0.25000');
    // A resting order keeps its own size; a trigger of another position too.
    expect(shownOrderSize({ ...resting, linkedPositionId: 7 }, halved)).toBe(15_000);
    expect(shownOrderSize({ ...trigger, linkedPositionId: 8 }, halved)).toBe(50_000);
  });
  it('a fill row shows maker/taker and fee or rebate', () => {
    const fill: FillRowView = { key: 'k', timeMs: 0, block: 12, marketId: 1, orderId: 42, type: 2, liquidity: 1, price: 670_000, size: 1_000, fee: '-2500' };
    const text = cellsText(rowCells(fitColumns(fillColumns(markets), 196), { ...fill, effect: 'open', realizedPnl: null }));
    expect(text).toMatch(/▼ open S.*67,000\.0.*0\.01000.*maker.*0\.0025 reb/);
  });
  it('fill-side-by-effect: a sell that took part of a long is a reduce with its realized PnL, the rest of it a close', () => {
    const base: FillRowView = { key: 'k', timeMs: 0, block: 12, marketId: 1, orderId: 42, type: 2, liquidity: 2, price: 670_000, size: 1_000, fee: '2300' };
    const cols = fitColumns(fillColumns(markets), 196);
    expect(cellsText(headerCells(cols))).toContain('realized');
    const reduce = cellsText(rowCells(cols, { ...base, effect: 'reduce', realizedPnl: '1234567' }));
    expect(reduce).toMatch(/▼ reduce L.*67,000\.0.*0\.01000.*taker.*0\.0023.*\+1\.23/);
    expect(reduce).not.toContain('open');
    expect(cellsText(rowCells(cols, { ...base, type: 3, effect: 'close', realizedPnl: '-50000' }))).toMatch(/▼ close L.*-0\.05/);
    expect(cellsText(rowCells(cols, { ...base, effect: 'flip', realizedPnl: '0' }))).toContain('▼ flip L→S');
    expect(cellsText(rowCells(cols, { ...base, type: 1, effect: 'reduce', realizedPnl: '10' }))).toContain('▲ reduce S');
    // Not known (a fill from before this session): its direction, never "open".
    expect(cellsText(rowCells(cols, base))).toMatch(/▼ sell /);
    // At 80 columns the realized figure stays (block, oid and maker/taker go first).
    expect(cellsText(headerCells(fitColumns(fillColumns(markets), 78)))).toContain('realized');
  });
  it('open-order-side-by-effect: a resting sell against a long reads reduce, the whole long close', () => {
    const cols = fitColumns(openOrderColumns(markets), 196);
    expect(cellsText(rowCells(cols, { ...resting, type: 2, effect: 'reduce' }))).toContain('▼ reduce L');
    expect(cellsText(rowCells(cols, { ...resting, type: 3, effect: 'close' }))).toContain('▼ close L');
    expect(cellsText(rowCells(cols, { ...resting, type: 2, effect: null }))).toContain('▼ sell');
  });
  it('order-history-side-by-effect: a filled sell that reduced a long reads reduce; without its events, sell', () => {
    const row = { key: 'k', timeMs: null, marketId: 1, orderId: 9, requestId: 4, type: 2, status: 4, reason: 43, price: 0, originalSize: 1_000, filledSize: 1_000, fee: '2300' };
    const cols = fitColumns(orderHistoryColumns(markets), 196);
    expect(cellsText(rowCells(cols, { ...row, effect: 'reduce' as const }))).toContain('▼ reduce L');
    expect(cellsText(rowCells(cols, row))).toMatch(/▼ sell /);
  });
  it('position history shows the whole position id, and keeps realized, funding and fees at 80 columns', () => {
    const row = {
      positionId: 4_485_000_028_827, marketId: 1, side: 1, status: 2, openedAtMs: 0, lastEventAtMs: 0, maxSize: 2_000, entryPrice: 669_721,
      exitPrice: 669_098, realizedPnl: '-890000', funding: '-12000', fees: '923900', events: 3,
    };
    expect(cellsText(rowCells(fitColumns(positionHistoryColumns(markets), 196), row))).toMatch(/#4485000028827 BTC .*Closed .*-0\.89 .*-0\.01 .*0\.92/);
    const narrow = fitColumns(positionHistoryColumns(markets), 78);
    expect(cellsText(headerCells(narrow))).toMatch(/side.*status.*realized.*funding.*fees/);
    expect(cellsText(headerCells(narrow)).length).toBeLessThanOrEqual(78);
  });
  it('order history names the reject reason', () => {
    const row = { key: 'k', timeMs: null, marketId: 1, orderId: 9, requestId: 4, type: 1, status: 7, reason: 13, price: 1, originalSize: 1, filledSize: 0, fee: null };
    expect(cellsText(rowCells(fitColumns(orderHistoryColumns(markets), 196), row))).toContain('CrossesBook');
  });
  it('history-calls-a-cut-fill-partial: a market buy the exchange ended at 1.92355 of 5 (st 4 sr 16) reads partially filled, at 200 and at 80 columns', () => {
    const row = {
      key: 'k', timeMs: null, marketId: 1, orderId: 9, requestId: 4, type: 1, status: 4, reason: 16, price: 0, originalSize: 500_000, filledSize: 192_355, flags: 4, capBps: 5, fee: '2300',
    };
    const words = 'partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap';
    expect(cellsText(rowCells(fitColumns(orderHistoryColumns(markets), 196), row))).toContain(words);
    expect(cellsText(rowCells(fitColumns(orderHistoryColumns(markets), 78), row))).toContain('partially filled 1.92355 of 5');
    // A cap this client did not send (another client's order): said without a figure.
    const { capBps: _cap, ...unknownCap } = row;
    expect(cellsText(rowCells(fitColumns(orderHistoryColumns(markets), 196), unknownCap))).toContain('cancelled at its slippage cap');
  });
  it('history-top-up-report-reads-done: live reports a credited top-up (t 6) as st 7 sr 32 blocks later; History says done, not Failed', () => {
    const row = { key: 'k', timeMs: null, marketId: 1, orderId: 9, requestId: 4, type: 6, status: 7, reason: 32, price: 0, originalSize: 0, filledSize: 0, fee: null };
    const cells = rowCells(fitColumns(orderHistoryColumns(markets), 196), row);
    expect(cellsText(cells)).toContain('top-up done');
    expect(cellsText(cells)).not.toMatch(/Failed|OrderDescIdTooLow/);
    expect(cells.some((c) => c.tone === 'down')).toBe(false);
  });
  it('the journal text column takes the spare width', () => {
    const entry: JournalEntryView = { timeMs: 0, kind: 'resolved', requestKey: 'a', rq: 42, text: 'rq 42 Failed: CrossesBook (13) -> no retry' };
    const cols = fitColumns(journalColumns(), 120);
    const text = cellsText(rowCells(cols, entry));
    expect(text.length).toBe(120);
    expect(text).toContain('rq 42 Failed: CrossesBook (13) -> no retry');
  });
});

describe('positions valued at their mark', () => {
  const cols = fitColumns(positionColumns(markets), 196);
  const line = (r: PositionRowView) => cellsText(rowCells(cols, r));
  const cell = (r: PositionRowView, header: string) => rowCells(cols, r)[cols.findIndex((c) => c.header === header)]!;

  it('position-row-says-stale: a stale mark is not shown as current, and what it values is marked', () => {
    const stale: PositionRowView = { ...long, markState: 'stale', markNote: 'market data down: closed (1006)' };
    expect(cell(stale, 'mark')).toMatchObject({ text: expect.stringMatching(/^ *stale$/), tone: 'warn' });
    expect(line(stale)).not.toContain('68,000.0');
    expect(cell(stale, 'uPnL')).toMatchObject({ text: expect.stringMatching(/^ *~\+5\.00$/), tone: 'warn' });
    expect(cell(stale, 'ROE').text.trim()).toBe('~+5.00%');
    expect(cell(stale, 'dist').text.trim()).toBe('~10.3%');
    // The liquidation price needs no mark.
    expect(line(stale)).toContain('61,000.0');
  });

  it('an unknown mark shows — for the mark and everything valued at it', () => {
    const unknown: PositionRowView = { ...long, markState: 'unknown', markNote: 'no mark received yet', markPrice: null, unrealizedPnl: null, roe: null, liquidationDistancePct: null };
    for (const h of ['mark', 'uPnL', 'ROE', 'dist']) expect(cell(unknown, h).text.trim()).toBe('—');
  });

  it('unknown-mark-reason-shown: the reason a row has no live mark is given for the tab\'s bottom line (the selected row first)', () => {
    const unknown: PositionRowView = { ...long, positionId: 9, markState: 'unknown', markNote: 'no mark received yet', markPrice: null, unrealizedPnl: null, roe: null };
    const stale: PositionRowView = { ...long, positionId: 10, markState: 'stale', markNote: 'no market data for 6.0 s' };
    expect(positionMarkNote([long], 0, markets)).toBeNull();
    expect(positionMarkNote([long, unknown], 0, markets)).toBe('BTC mark unknown: no mark received yet');
    expect(positionMarkNote([long, unknown, stale], 2, markets)).toBe('BTC mark stale: no market data for 6.0 s (+1 more not live)');
  });

  it('lev-column-is-effective-leverage: the position at its mark, not the order that opened it; @e when priced at the entry', () => {
    const row: PositionRowView = { ...long, leverage: 1000, effectiveLeverage: 460 };
    expect(cell(row, 'lev').text.trim()).toBe('4.60x');
    expect(cell({ ...row, leverageBasis: 'entry', markState: 'unknown', markNote: 'no mark received yet' }, 'lev').text.trim()).toBe('4.60x@e');
    expect(cell({ ...row, markState: 'stale', markNote: 'x' }, 'lev').text.trim()).toBe('~4.60x');
  });
});
