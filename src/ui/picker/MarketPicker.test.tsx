// The market picker drawn from its view model (ui/picker/view.ts) over the chart and the tape, at its size
// in the 80x24 and 200x50 layouts.

import { afterEach, describe, expect, it } from 'vitest';
import type { MarketHeaderView } from '../../domain/views.js';
import { movePickerSelection, openPicker, setPickerQuery } from '../../state/actions.js';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { MarketPicker } from './MarketPicker.js';

const stats = (marketId: number, last: number): MarketHeaderView => ({
  marketId, mark: last, last, oracle: last, change24hPct: 0.654, volume24h: 14_100_000, openInterestNotional: 8_370, openInterest: 0.125, fundingRatePct: 0.0022, fundingAprPct: 26.9, nextFundingInMs: 1000,
});

function pickerStore() {
  const store = createTerminalStore({
    ...tradingKeys().store.getState(),
    markets: [
      { id: 1, symbol: 'BTC', name: 'BTC', fundingIntervalSec: 3600, priceDecimals: 1, sizeDecimals: 5 },
      { id: 2, symbol: 'ETH', name: 'ETH', fundingIntervalSec: 3600, priceDecimals: 2, sizeDecimals: 4 },
    ],
    marketStats: [stats(1, 669_154), stats(2, 345_678)],
  });
  openPicker(store);
  return store;
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('MarketPicker', () => {
  it.each([[80, 24], [200, 50]])('picker-lists-markets-with-figures at %ix%i', (cols, rows) => {
    const { chart, trades } = computeLayout(cols, rows);
    const store = pickerStore();
    movePickerSelection(store, 1);
    pane = renderPane(store, <MarketPicker width={chart.width + trades.width} height={chart.height} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ Market {2}.+─┐$/);
    expect(lines[0]).toHaveLength(chart.width + trades.width);
    expect(lines[1]).toContain('/ ▏');
    expect(pane.frame()).toMatch(/last +24h/);
    expect(pane.frame()).toMatch(/•? BTC +66,915\.4 +\+0\.65%/);
    expect(pane.frame()).toMatch(/ETH +3,456\.78/);
    // The choice (ETH, one down) in inverse video; the current market marked; OI only where it has room.
    expect(pane.raw()).toMatch(/\u001B\[7m›[^\n]*ETH/);
    // At 80 columns the row is cut before OI and the "(current)" note.
    if (cols === 200) expect(pane.frame()).toMatch(/0\.125 BTC +\(current\)/);
    else expect(pane.frame()).not.toMatch(/0\.125 BTC|\(current\)/);
  });

  it('picker-filters-by-the-search: the line shows what was typed, no match says so', async () => {
    const store = pickerStore();
    setPickerQuery(store, 'eth');
    pane = renderPane(store, <MarketPicker width={52} height={13} />, 80);
    expect(pane.lines()[1]).toContain('/ eth▏');
    expect(pane.frame()).toContain('ETH');
    expect(pane.frame()).not.toMatch(/ BTC +66,915/);
    setPickerQuery(store, 'zzz');
    expect(await pane.frameWith('/ zzz▏')).toContain('no market matches');
  });
});
