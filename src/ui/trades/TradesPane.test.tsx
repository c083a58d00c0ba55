// The tape drawn from its view model (ui/trades/view.ts) at its size in the 80x24 and 200x50 layouts.

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { TradesPane } from './TradesPane.js';

const AT = Date.UTC(2026, 0, 2, 13, 4, 5);

function tapeStore() {
  return createTerminalStore({
    ...tradingKeys().store.getState(),
    trades: [
      { key: 'a', timeMs: AT, price: 670_050, size: 12_345, side: 1 },
      { key: 'b', timeMs: AT - 1000, price: 669_950, size: 500, side: 2 },
    ],
  });
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('TradesPane', () => {
  it.each([[80, 24], [200, 50]])('tape-draws-newest-first-with-side-arrows at %ix%i', (cols, rows) => {
    const { trades, tradeRows } = computeLayout(cols, rows);
    pane = renderPane(tapeStore(), <TradesPane width={trades.width} height={trades.height} rows={tradeRows} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ Trades ─+┐$/);
    expect(lines[0]).toHaveLength(trades.width);
    expect(lines[1]).toMatch(/time +price +size/);
    expect(lines[2]).toMatch(/▲ 67,005\.0 +0\.12345/);
    expect(lines[3]).toMatch(/▼ 66,995\.0 +0\.00500/);
    // The time column: hh:mm:ss where the pane has room (200 columns), hh:mm at 80.
    expect(lines[2]).toMatch(trades.width - 2 >= 30 ? /\d\d:\d\d:\d\d ▲/ : /│\d\d:\d\d ▲/);
  });

  it('tape-says-no-trades-yet', () => {
    pane = renderPane(createTerminalStore({ ...tapeStore().getState(), trades: [] }), <TradesPane width={26} height={8} rows={5} />, 80);
    expect(pane.frame()).toContain('no trades yet');
  });
});
