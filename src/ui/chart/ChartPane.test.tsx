// The chart drawn from its view model (ui/chart/view.ts) at its size in the 80x24 and 200x50 layouts.

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { ChartPane } from './ChartPane.js';

const MIN = 60_000;
const candles = Array.from({ length: 40 }, (_, i) => ({ t: i * MIN, o: 660_000 + i * 100, h: 660_500 + i * 100, l: 659_500 + i * 100, c: 660_200 + i * 100, volume: 1_000 + i }));

function chartStore(cursor: boolean) {
  return createTerminalStore({
    ...tradingKeys().store.getState(),
    focus: 'chart',
    resolution: 60,
    candles,
    candleHistory: { oldestT: 0, newestT: 39 * MIN, loadingOlder: false, noOlder: true },
    chart: { endT: null, cursorT: cursor ? 39 * MIN : null },
  });
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('ChartPane', () => {
  it.each([[80, 24], [200, 50]])('chart-draws-title-axis-and-cursor-readout at %ix%i', (cols, rows) => {
    const { chart } = computeLayout(cols, rows);
    pane = renderPane(chartStore(true), <ChartPane width={chart.width} height={chart.height} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ ▸ Chart 1m {2}\[ \] ─+┐$/);
    expect(lines[0]).toHaveLength(chart.width);
    expect(lines).toHaveLength(chart.height);
    const text = pane.frame();
    // The crosshair's readout: the last candle's close (66,410.0), and a price label on the axis.
    expect(text).toContain('C 66,410.0');
    // At 80 columns the readout wraps (time, O on one row; H, L on the next); at 200 it is one row.
    expect(text).toMatch(cols === 80 ? /00:39 {2}O 66,390\.0 *│\n│H 66,440\.0/ : /00:39 {2}O 66,390\.0 {2}H 66,440\.0 {2}L 66,340\.0 {2}C 66,410\.0/);
    expect(text).toMatch(/66,\d{3}\.\d/);
  });

  it('chart-without-cursor-has-no-readout', () => {
    pane = renderPane(chartStore(false), <ChartPane width={26} height={13} />, 80);
    expect(pane.frame()).not.toContain('C 66,410.0');
    expect(pane.frame()).toMatch(/66,\d{3}\.\d/);
  });
});
