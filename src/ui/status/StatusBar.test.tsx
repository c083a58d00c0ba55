// The status bar drawn from its view model (ui/status/view.ts) and the market header, at 80 columns (two
// rows: the header on its own line) and 200 (one row).

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore, INITIAL_CONNECTION } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { StatusBar } from './StatusBar.js';
import { statusBarView } from './view.js';

function statusStore() {
  const base = tradingKeys().store.getState();
  return createTerminalStore({
    ...base,
    network: { name: 'local', chainId: 31337, isMainnet: false },
    headBlock: 1234,
    publishedAtMs: Date.now(),
    trading: { ...base.trading, health: { ...INITIAL_CONNECTION, health: 'live' } },
  });
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('StatusBar', () => {
  it.each([[80, 24], [200, 50]])('status-bar-shows-network-market-link-and-header at %ix%i', (cols, rows) => {
    const { headerRows } = computeLayout(cols, rows);
    pane = renderPane(statusStore(), <StatusBar width={cols} rows={headerRows} />, cols);
    const lines = pane.lines();
    expect(lines).toHaveLength(headerRows);
    expect(lines[0]).toMatch(/^ LOCAL sim 31337  BTC  /);
    expect(lines[0]).toContain('h=1234');
    // The mark is in the header: on the line at 200 columns, on the second line at 80.
    expect(lines[headerRows - 1]).toMatch(/mark 67,000\.0/);
    if (cols === 80) expect(lines[0]).not.toContain('mark');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
  });

  it('status-bar-says-read-only-without-a-trading-key', () => {
    pane = renderPane(createTerminalStore({ ...statusStore().getState(), keyScope: 'read' }), <StatusBar width={200} rows={1} />, 200);
    expect(pane.frame()).toContain('READ-ONLY');
  });

  it.each([[80, 24], [200, 50]])('status-bar-watch-strip-shows-the-other-favourites at %ix%i', (cols, rows) => {
    const { headerRows } = computeLayout(cols, rows);
    const base = statusStore().getState();
    const watchlist = [{ symbol: 'BTC', mark: 670125, priceDecimals: 1 }, { symbol: 'ETH', mark: 310125, priceDecimals: 2 }];
    pane = renderPane(createTerminalStore({ ...base, workspace: { ...base.workspace, watchlist } }), <StatusBar width={cols} rows={headerRows} />, cols);
    // The market shown (BTC) is not repeated; ETH's mark sits on the first line beside the badges.
    expect(pane.lines()[0]).toContain(' ETH 3,101.25 ');
    expect(pane.lines()[0]).not.toContain('BTC 67,012.5');
  });

  it('status-bar-view-builds-nothing-on-a-write-it-does-not-read: the same view object, so the bar does not redraw', () => {
    const store = statusStore();
    const now = Date.now();
    const before = statusBarView(store.getState(), now, 200, 1);
    store.setState({ book: null });
    expect(statusBarView(store.getState(), now, 200, 1)).toBe(before);
    store.setState({ headBlock: 1235 });
    expect(statusBarView(store.getState(), now, 200, 1).link).toContain('h=1235');
  });
});
