// The Positions tab's body drawn from its view at 200 and 80 columns: the figures of each position, the
// columns a narrow pane drops, the TP/SL note and the keys on the bottom line, the selected row.

import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRowView, PositionRowView } from '../../domain/trading/views.js';
import type { MarketListing } from '../../state/store.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { LIVE_LINK, TAB_BTC, onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { PositionsTab } from './PositionsTab.js';

const ETH: MarketListing = { id: 2, symbol: 'ETH', name: 'ETH', priceDecimals: 2, sizeDecimals: 4, fundingIntervalSec: null };
const long: PositionRowView = {
  positionId: 7, marketId: 1, side: 1, size: 50_000, entryPrice: 670_000, markPrice: 680_000, collateral: '100000000',
  leverage: 1000, unrealizedPnl: '5000000', roe: 0.05, liquidationPrice: 610_000, liquidationDistancePct: 10.29, fundingPaid: '-120000',
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};
const short: PositionRowView = { ...long, positionId: 8, marketId: 2, side: 2, size: 12_345, entryPrice: 321_000, markPrice: 320_000, unrealizedPnl: '-2500000', roe: -0.025, liquidationPrice: 350_000 };
// A stop for half of #7: the row flags "(1/2)", the bottom line says it in words.
const halfStop: OrderRowView = {
  orderId: 41, requestId: 41, marketId: 1, type: 3, status: 8, price: 0, originalSize: 25_000, filledSize: 0, flags: 4, leverage: 1000,
  triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7, lastBlock: null, blocksLeft: null,
};


let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, opts: { selected?: number; orders?: OrderRowView[]; down?: boolean } = {}): RenderedPane {
  const store = tabStore(onTab('positions', opts.selected), { positions: [long, short], orders: opts.orders ?? [], health: opts.down ? null : LIVE_LINK }, { markets: [TAB_BTC, ETH] });
  shown = renderPane(store, <PositionsTab width={width} height={8} focused />, width, { width, height: 8 });
  return shown;
}

describe('the Positions tab', () => {
  it('positions-tab-200-columns-shows-every-figure: both rows with side, market, size, entry, mark, uPnL, ROE, liq, collateral, lev, funding', () => {
    const { lines } = draw(200);
    expect(lines()[0]).toMatch(/^side\s+market\s+size\s+entry\s+mark\s+uPnL\s+ROE\s+liq\s+TP\s+SL\s+dist\s+collateral\s+lev\s+funding$/);
    expect(lines()[1]).toMatch(/^▲ LONG\s+BTC\s+0\.50000\s+67,000\.0\s+68,000\.0\s+\+5\.00\s+\+5\.00%\s+61,000\.0\s+—\s+—\s+10\.3%\s+100\.00\s+10\.00x\s+-0\.12$/);
    expect(lines()[2]).toMatch(/^▼ SHORT\s+ETH\s+1\.2345\s+3,210\.00\s+3,200\.00\s+-2\.50\s+-2\.50%\s+3,500\.00/);
    // Every mark live, no TP/SL gap: the bottom line is the keys alone.
    expect(lines().at(-1)).toBe('x close  k/j move  h tabs  a add collateral  t TP/SL');
  });

  it('positions-tab-80-columns-cuts-the-extras: mark, ROE, TP/SL, dist, collateral, lev and funding go; the row still reads side size entry uPnL liq', () => {
    const { lines } = draw(80);
    expect(lines()[0]).toMatch(/^side\s+market\s+size\s+entry\s+uPnL\s+liq/);
    const headers = lines()[0]!.split(/\s+/);
    for (const cut of ['mark', 'ROE', 'TP', 'dist', 'collateral', 'lev', 'funding']) expect(headers).not.toContain(cut);
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[1]).toMatch(/^▲ LONG\s+BTC\s+0\.50000\s+67,000\.0\s+\+5\.00\s+61,000\.0/);
    expect(lines()[1]).not.toContain('68,000.0');
    expect(lines()[1]).not.toContain('100.00');
  });

  it('positions-tab-stop-for-half-flagged: the SL cell says (0.25/0.5) and the bottom line says it in words before the keys; at 80 the SL outranks the market name', () => {
    const wide = draw(200, { orders: [halfStop] });
    expect(wide.lines()[1]).toContain('65,000.0 (0.25/0.5)');
    expect(wide.lines().at(-1)).toBe('BTC SL covers 0.25 of 0.5 BTC (t re-arms it for the whole position)  ·  x close  k/j move  h tabs  a add collateral  t TP/SL');
    wide.unmount();
    const narrow = draw(80, { orders: [halfStop] });
    expect(narrow.lines()[0]).toMatch(/^side\s+size\s+entry\s+uPnL\s+liq\s+SL$/);
    expect(narrow.lines()[1]).toMatch(/61,000\.0 65,000\.0 \(0\.25\/0\.5\)$/);
    // The note is cut to the line, with an ellipsis: the keys after it are what 80 columns lose.
    expect(narrow.lines().at(-1)).toMatch(/^BTC SL covers 0\.25 of 0\.5 BTC .*…$/);
    expect(narrow.lines().at(-1)).not.toContain('x close');
  });

  it('positions-tab-trading-down-says-as-of: while the session is not live the bottom line starts with when the rows are from', () => {
    const { lines } = draw(200, { down: true });
    expect(lines().at(-1)).toMatch(/^as of never received \(trading connecting\)  ·  x close/);
    expect(lines()[1]).toContain('67,000.0');
  });

  it('positions-tab-empty-says-none: no rows, the words say so and no row is drawn', () => {
    const store = tabStore({}, {});
    shown = renderPane(store, <PositionsTab width={80} height={8} focused />, 80, { width: 80, height: 8 });
    expect(shown.lines()[1]).toBe('no open positions');
    expect(shown.frame()).not.toContain('LONG');
  });
});
