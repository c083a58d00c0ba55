// The chart pane's view model: its title (the timeframe) and its rows as toned runs (ui/chart/pane-rows.ts).
// Memoised on its inputs: the pane hands in candles and lines kept while equal (the publisher sends fresh
// copies on every tick), so an unchanged chart builds nothing.

import type { CandleHistoryView, CandleView } from '../../domain/views.js';
import { timeframeLabel } from '../../domain/timeframes.js';
import { memoLast } from '../../lib/memo-last.js';
import type { ChartViewState } from '../../state/chart-view.js';
import type { ChartRow } from './candle-chart.js';
import type { ChartMarkLine } from './chart-lines.js';
import { chartPaneRows, type ChartPaneModel } from './pane-rows.js';

export interface ChartPaneView {
  title: string;
  /** Exactly the pane's inner height of rows, each its inner width. */
  rows: readonly ChartRow[];
}

const build = memoLast(
  (candles: readonly CandleView[], history: CandleHistoryView, chart: ChartViewState, lines: readonly ChartMarkLine[], priceDecimals: number, resolution: number, liveKey: string, width: number, height: number): ChartPaneView => ({
    title: `Chart ${timeframeLabel(resolution)}  [ ]`,
    rows: chartPaneRows({ candles, history, chart, lines, priceDecimals, resolution, liveKey }, Math.max(0, width - 2), Math.max(0, height - 2)),
  }),
);

/** The chart `width` x `height` cells (its border included). */
export function chartView(m: ChartPaneModel, width: number, height: number): ChartPaneView {
  return build(m.candles, m.history, m.chart, m.lines, m.priceDecimals, m.resolution, m.liveKey, width, height);
}
