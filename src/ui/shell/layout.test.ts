import { describe, expect, it } from 'vitest';
import { ACCOUNT_BOX_WIDTH, COMPACT_TRADING_HEIGHT, computeLayout, visiblePanes } from './layout.js';
import { applyZoom } from './zoom-layout.js';

describe('layout', () => {
  it('keeps the frame one row shorter than the terminal', () => {
    expect(computeLayout(200, 50).frameRows).toBe(49);
    expect(computeLayout(80, 24).frameRows).toBe(23);
  });

  it('fills the width exactly at 200x50 and 80x24, with room for book levels and trades', () => {
    for (const [cols, rows] of [
      [200, 50],
      [80, 24],
    ] as const) {
      const layout = computeLayout(cols, rows);
      expect(layout.book.width + layout.chart.width + layout.trades.width).toBe(cols);
      expect(layout.account.width + layout.trading.width).toBe(cols);
      expect(layout.headerRows + layout.book.height + layout.trading.height + 1).toBe(layout.frameRows);
      expect(layout.depth).toBeGreaterThanOrEqual(4);
      expect(layout.tooSmall).toBe(false);
    }
    expect(computeLayout(200, 50).trading.height).toBeGreaterThan(0);
  });

  it('compact-80x24-keeps-trading-rows: a strip of the trading tabs under a book with 4 levels a side', () => {
    const layout = computeLayout(80, 24);
    expect(layout.trading).toEqual({ width: 80, height: COMPACT_TRADING_HEIGHT });
    // Inside the strip: column header, three rows, the key line (TradingTabs: height - 4 rows).
    expect(layout.trading.height - 4).toBe(3);
    expect(layout.book.height).toBe(13);
    expect(layout.depth).toBe(4);
    expect(layout.tradeRows).toBeGreaterThanOrEqual(8);
    // Order entry takes the chart's height: its 9 fields and the review's two lines fit inside the borders.
    expect(layout.chart.height - 2).toBeGreaterThanOrEqual(11);
  });

  it('every-pane-visible-from-80x24-up: no size at or above the minimum hides a pane', () => {
    for (let rows = 24; rows <= 60; rows++) {
      for (const cols of [80, 100, 120, 160, 179, 180, 200, 260]) {
        const layout = computeLayout(cols, rows);
        expect(visiblePanes(layout), `${cols}x${rows}`).toEqual(['book', 'chart', 'trades', 'trading']);
        expect(layout.headerRows + layout.book.height + layout.trading.height + 1, `${cols}x${rows}`).toBe(layout.frameRows);
        expect(layout.trading.height, `${cols}x${rows}`).toBeGreaterThanOrEqual(COMPACT_TRADING_HEIGHT);
        expect(layout.depth, `${cols}x${rows}`).toBeGreaterThanOrEqual(4);
      }
    }
    // From 34 rows up the trading area is as it was before the compact strip (a quarter of the body).
    expect(computeLayout(200, 50).trading.height).toBe(12);
    expect(computeLayout(120, 34).trading.height).toBe(8);
  });

  it('account-always-on-screen: a box left of the tabs at 200x50, one line in their border at 80x24', () => {
    const wide = computeLayout(200, 50);
    expect(wide.account).toEqual({ width: ACCOUNT_BOX_WIDTH, height: wide.trading.height });
    expect(wide.trading.width).toBe(200 - ACCOUNT_BOX_WIDTH);
    expect(wide.accountLine).toBe(false);
    // Eight figures and the reason line fit inside the box's borders.
    expect(wide.account.height - 2).toBeGreaterThanOrEqual(9);
    const compact = computeLayout(80, 24);
    expect(compact.account.width).toBe(0);
    expect(compact.accountLine).toBe(true);
    expect(compact.trading).toEqual({ width: 80, height: COMPACT_TRADING_HEIGHT });
    for (let rows = 24; rows <= 60; rows++) {
      for (const cols of [80, 120, 149, 150, 200, 260]) {
        const l = computeLayout(cols, rows);
        expect(l.account.width > 0 || l.accountLine, `${cols}x${rows}`).toBe(true);
        expect(l.account.width > 0 && l.accountLine, `${cols}x${rows}`).toBe(false);
      }
    }
    // Zooming the trading tabs keeps the box beside them; zooming another pane hides both.
    const zoomed = applyZoom(wide, 'trading');
    expect(zoomed.account).toEqual({ width: ACCOUNT_BOX_WIDTH, height: zoomed.trading.height });
    expect(zoomed.account.width + zoomed.trading.width).toBe(200);
    expect(applyZoom(wide, 'book').account).toEqual({ width: 0, height: 0 });
  });

  it('visible-panes: a zoomed layout draws one pane, a too-small one none', () => {
    expect(visiblePanes(applyZoom(computeLayout(80, 24), 'trading'))).toEqual(['trading']);
    expect(visiblePanes(computeLayout(79, 24))).toEqual([]);
  });

  it('says too small below 80x24', () => {
    expect(computeLayout(79, 24).tooSmall).toBe(true);
    expect(computeLayout(80, 23).tooSmall).toBe(true);
  });
});
