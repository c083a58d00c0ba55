// The Open orders tab's body drawn from its view at 200 and 80 columns: each order's figures, the columns a
// narrow pane drops, and the selected order's age leading the bottom line where its column does not fit.

import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { OpenOrdersTab } from './OpenOrdersTab.js';

const long: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 50_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000',
  leverage: 1000, unrealizedPnl: '0', roe: 0, liquidationPrice: 610_000, liquidationDistancePct: 10.29,
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
// Placed two and a half minutes ago: its age reads "2m" whatever second the test runs in.
const placedMs = Date.now() - 150_000;
const bid: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 5_000, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: 1100, blocksLeft: 60, placedMs,
};
const stop: OrderRowView = {
  orderId: 43, requestId: 4, marketId: 1, type: 3, status: 8, price: 0, originalSize: 50_000, filledSize: 0, flags: 4, leverage: 1000,
  triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7, lastBlock: null, blocksLeft: null, placedMs,
};

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, selected = 0): RenderedPane {
  const store = tabStore(onTab('orders', selected), { positions: [long], orders: [bid, stop] });
  shown = renderPane(store, <OpenOrdersTab width={width} height={8} focused />, width, { width, height: 8 });
  return shown;
}

describe('the Open orders tab', () => {
  it('open-orders-tab-200-columns-shows-every-figure: id, market, side by effect, kind, price, what is left, filled, age, trigger, status, pos', () => {
    const { lines } = draw(200);
    expect(lines()[0]).toMatch(/^\s+oid\s+market\s+side\s+kind\s+price\s+size\s+filled\s+age\s+trigger\s+status\s+expires\s+pos$/);
    // 0.2 ordered, 0.05 filled: 0.15 left; a buy against a long opens more of it.
    expect(lines()[1]).toMatch(/^\s+42\s+BTC\s+▲ open L\s+limit\s+66,500\.0\s+0\.15000\s+0\.05000\s+2m\s+Open/);
    expect(lines()[2]).toMatch(/^\s+43\s+BTC\s+▼ close L\s+trigger\s+mkt\s+0\.50000\s+0\.00000\s+2m\s+≤ 65,000\.0 mark\s+\S+.*#7$/);
    expect(lines().at(-1)).toBe('c cancel  k/j move  h tabs  C cancel all in market  A cancel all  e change');
  });

  it('open-orders-tab-80-columns-age-leads-the-keys: kind, filled, age, status, expires and pos go (the trigger stays), the selected order\'s age leads the bottom line', () => {
    const { lines } = draw(80, 1);
    const headers = lines()[0]!.trim().split(/\s+/);
    expect(headers).toEqual(['oid', 'market', 'side', 'price', 'size', 'trigger']);
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[2]).toMatch(/^\s+43 BTC\s+▼ close L\s+mkt\s+0\.50000 ≤ 65,000\.0 mark$/);
    expect(lines().at(-1)).toMatch(/^age 2m  ·  c cancel  k\/j move/);
  });

  it('open-orders-tab-empty-says-none: no orders, the words say so', () => {
    const store = tabStore({ tab: 'orders' }, {});
    shown = renderPane(store, <OpenOrdersTab width={80} height={8} focused />, 80, { width: 80, height: 8 });
    expect(shown.lines()[1]).toBe('no open orders');
  });
});
