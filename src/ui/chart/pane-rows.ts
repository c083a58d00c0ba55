// The chart pane's rows from its model: the info rows (scroll state, cursor readout, older history, legend; see
// chart-info.ts) on top, the candles with their price lines and cursor below. Pure, so the screen and the
// tests draw the same thing.

import type { CandleHistoryView, CandleView } from '../../domain/views.js';
import type { ChartViewState } from '../../state/chart-view.js';
import { chartWindow, cursorIndex, renderCandleChart, type ChartRow } from './candle-chart.js';
import { historyTokens, legendTokens, packInfoRows, readoutTokens, scrollTokens } from './chart-info.js';
import type { ChartMarkLine } from './chart-lines.js';

export interface ChartPaneModel {
  /** The published window (ends where the chart looks). */
  candles: readonly CandleView[];
  history: CandleHistoryView;
  chart: ChartViewState;
  lines: readonly ChartMarkLine[];
  priceDecimals: number;
  /** Candle resolution in seconds. */
  resolution: number;
  /** The key back to live, as shown (remappable). */
  liveKey: string;
}

/** Up to a third of the rows (plus one) for the info: at 80x24 the readout wraps onto three. */
function infoRowCap(height: number): number {
  return height < 6 ? Math.min(1, height) : Math.floor(height / 3) + 1;
}

/**
 * Exactly `height` rows of `width` cells; `window`: the candles shown at `width` (the view's, which the chart
 * keys step by). It is measured at the full height: the info rows change the height, never the width.
 * `render`: the chart's renderer (the pane's keeps its last rows: incremental-chart.ts).
 */
export function chartPaneRows(
  m: ChartPaneModel,
  width: number,
  height: number,
  window = chartWindow(m.candles, { width, priceDecimals: m.priceDecimals, cursorT: m.chart.cursorT }),
  render: typeof renderCandleChart = renderCandleChart,
): ChartRow[] {
  if (width <= 0 || height <= 0) return [];
  const cursorT = m.chart.cursorT;
  const cursorCandle = cursorT === null || m.candles.length === 0 ? null : (m.candles[cursorIndex(m.candles, cursorT)] ?? null);
  const info = packInfoRows(
    [
      scrollTokens({ scrolledBack: m.chart.endT !== null, shownEndT: window.shown.at(-1)?.t ?? null, history: m.history, liveKey: m.liveKey }),
      cursorCandle ? readoutTokens(cursorCandle, m.priceDecimals) : [],
      historyTokens({ scrolledBack: m.chart.endT !== null, windowFirstT: m.candles[0]?.t ?? null, history: m.history }),
      legendTokens(m.lines, window.shown.length > 0 ? window : null, m.priceDecimals),
    ],
    width,
    infoRowCap(height),
  );
  const chart = render(m.candles, { width, height: height - info.length, priceDecimals: m.priceDecimals, resolution: m.resolution, lines: m.lines, cursorT }, window);
  return [...info.map((text): ChartRow => [{ text, tone: 'plain' }]), ...chart];
}
