// The Fills and History tabs' body drawn from its view at 200 and 80 columns: live fills with the paged ones
// merged in, the columns a narrow pane drops, what the bottom line says of the market filter and the pages,
// and the first page asked for when the list opens empty.

import { afterEach, describe, expect, it } from 'vitest';
import type { OrderHistoryRowView } from '../../domain/trading/history-views.js';
import type { FillRowView } from '../../domain/trading/views.js';
import { INITIAL_TRADING_TABS, type TradingTabsState } from '../../state/trading-tabs.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { tabStore } from '../tabs/tab-store.fixtures.js';
import { FillsTab } from './FillsTab.js';

const fill = (key: string, block: number, over: Partial<FillRowView> = {}): FillRowView => ({
  key, timeMs: Date.UTC(2026, 10, 28, 12, 0, block % 60), block, marketId: 1, orderId: 900 + block, type: 1, liquidity: 2, price: 671_230, size: 1_500, fee: '4200', ...over,
});
// A live fill and one paged in over REST (landed while the socket was down): both, newest first.
const live = fill('live', 120, { effect: 'open' });
const paged = fill('paged', 110, { liquidity: 1, fee: '-1500', type: 4, effect: 'close', realizedPnl: '3250000', price: 668_000 });
const partial: OrderHistoryRowView = {
  key: 'o1', timeMs: Date.UTC(2026, 10, 28, 11, 0, 0), marketId: 1, orderId: 77, requestId: 12, type: 1, status: 4, reason: null,
  price: 670_000, originalSize: 500_000, filledSize: 192_355, fee: '1200',
};

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, tabs: Partial<TradingTabsState>): RenderedPane {
  const store = tabStore(tabs, { fills: [live] });
  const tab = tabs.tab === 'history' ? 'history' : 'fills';
  shown = renderPane(store, <FillsTab tab={tab} width={width} height={8} focused />, width, { width, height: 8 });
  return shown;
}

const withPages = (done: boolean): Partial<TradingTabsState> => ({
  tab: 'fills',
  history: { ...INITIAL_TRADING_TABS.history, fills: { rows: [paged], loading: false, done, error: null } },
});

describe('the Fills tab', () => {
  it('fills-tab-200-columns-live-and-paged-merged: both fills newest first with price, size, role, fee or rebate, realized, oid, block', () => {
    const { lines, pagesAsked } = draw(200, withPages(true));
    expect(lines()[0]).toMatch(/^time\s+market\s+side\s+price\s+size\s+role\s+fee\/rebate\s+realized\s+oid\s+block$/);
    expect(lines()[1]).toMatch(/^\d\d:\d\d:\d\d BTC\s+▲ open L\s+67,123\.0\s+0\.01500 taker\s+0\.0042\s+1020\s+120$/);
    expect(lines()[2]).toMatch(/^\d\d:\d\d:\d\d BTC\s+▲ close S\s+66,800\.0\s+0\.01500 maker\s+0\.0015 reb\s+\+3\.25\s+1010\s+110$/);
    expect(lines().at(-1)).toMatch(/^all markets  all loaded  k\/j move  h tabs  m this market \/ all  r refresh/);
    // Pages are there: nothing more asked while drawing.
    expect(pagesAsked).toEqual([]);
  });

  it('fills-tab-80-columns-cuts-role-oid-block: time, side, price, size, fee and realized stay; role, oid and block go', () => {
    const { lines } = draw(80, withPages(false));
    const headers = lines()[0]!.trim().split(/\s+/);
    expect(headers).toEqual(['time', 'market', 'side', 'price', 'size', 'fee/rebate', 'realized']);
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[2]).toMatch(/▲ close S\s+66,800\.0\s+0\.01500\s+0\.0015 reb\s+\+3\.25$/);
    expect(lines()[1]).not.toMatch(/taker|1020|120$/);
    // The keys are cut to the line, with an ellipsis.
    expect(lines().at(-1)).toBe('all markets  more as you scroll  k/j move  h tabs  m this market / all  r ref…');
  });

  it('fills-tab-opens-empty-asks-first-page: no page yet, opening the list asks for the first one', () => {
    const store = tabStore({ tab: 'fills' }, {});
    shown = renderPane(store, <FillsTab tab="fills" width={80} height={8} focused />, 80, { width: 80, height: 8 });
    expect(shown.pagesAsked).toEqual(['fills']);
  });
});

describe('the History tab', () => {
  it('history-tab-orders-view-200-and-80: a partial fill in words at 200; at 80 the status words keep the spare width', () => {
    const tabs: Partial<TradingTabsState> = { tab: 'history', historyView: 'orders', history: { ...INITIAL_TRADING_TABS.history, orders: { rows: [partial], loading: false, done: true, error: null } } };
    const wide = draw(200, tabs);
    expect(wide.lines()[0]).toMatch(/^time\s+market\s+oid\s+rq\s+side\s+price\s+filled\/size\s+status\s+fee$/);
    expect(wide.lines()[1]).toMatch(/^\d\d:\d\d:\d\d BTC\s+77\s+12 ▲ buy\s+67,000\.0\s+1\.92355\/5\.00000 /);
    expect(wide.lines().at(-1)).toMatch(/^\[orders\] positions events  all markets  all loaded  /);
    wide.unmount();
    const narrow = draw(80, tabs);
    const headers = narrow.lines()[0]!.trim().split(/\s+/);
    for (const cut of ['oid', 'rq', 'fee']) expect(headers).not.toContain(cut);
    expect(headers).toContain('status');
    expect(narrow.lines().every((l) => l.length <= 80)).toBe(true);
    expect(narrow.lines()[1]).not.toContain(' 77 ');
  });
});
