// The chart's view is built once per change of what it shows, and the chart keys step by the very window
// the pane drew (its plot width), not by one they work out again.

import { describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { chartView, chartWindowOf } from './view.js';

const MIN = 60_000;
const candles = () => Array.from({ length: 300 }, (_, i) => ({ t: i * MIN, o: 680_000, h: 680_100 + i, l: 679_900, c: 680_000, volume: 1 }));

function chartStore(width: number) {
  return createTerminalStore({
    focus: 'chart',
    market: { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 },
    resolution: 60,
    wants: { depth: 10, trades: 10, candles: width - 2 },
    candles: candles(),
    candleHistory: { oldestT: 0, newestT: 299 * MIN, loadingOlder: false, noOlder: true },
  });
}

describe('the chart view', () => {
  it.each([78, 198])('chart-keys-step-by-the-window-the-pane-drew at a %i-cell chart', (width) => {
    const store = chartStore(width);
    const view = chartView(store.getState(), 'End', width, 20);
    expect(chartWindowOf(store.getState(), store.getState().wants.candles)).toBe(view.window);
    // The plot is the inner width less the price labels ("68,039.9 "), one candle a column.
    expect(view.window.plotWidth).toBe(width - 2 - '68,039.9 '.length);
    expect(view.window.shown).toHaveLength(view.window.plotWidth);
  });

  it('chart-view-builds-nothing-on-a-fresh-copy-of-the-same-candles: the pane does not redraw on a tick that moves nothing', () => {
    const store = chartStore(198);
    const before = chartView(store.getState(), 'End', 198, 20);
    store.setState({ candles: candles() });
    expect(chartView(store.getState(), 'End', 198, 20)).toBe(before);
    store.setState({ candles: candles().map((c, i) => (i === 299 ? { ...c, c: 680_050 } : c)) });
    expect(chartView(store.getState(), 'End', 198, 20)).not.toBe(before);
  });
});
