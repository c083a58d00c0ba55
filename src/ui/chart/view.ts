// The chart pane's view model: its title (the timeframe), its price lines, its window (the candles shown and
// their price range) and its rows as toned runs (ui/chart/pane-rows.ts). Memoised on the store slices it
// reads, the candles and lines kept while equal (the publisher sends fresh copies on every tick), so an
// unchanged chart builds nothing. The chart keys (ui/chart/bindings.ts) step by the window the pane drew:
// chartWindowOf at the candle columns the layout asks for, the pane's inner width.

import type { CandleView } from '../../domain/views.js';
import { timeframeLabel } from '../../domain/timeframes.js';
import { keepWhileEqual, memoBy, sameArray } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';
import { chartWindow, type ChartRow } from './candle-chart.js';
import { chartLines, type ChartMarkLine } from './chart-lines.js';
import { incrementalCandleChart } from './incremental-chart.js';
import { chartPaneRows } from './pane-rows.js';

export type ChartWindow = ReturnType<typeof chartWindow>;

export interface ChartPaneView {
  title: string;
  /** Exactly the pane's inner height of rows, each its inner width. */
  rows: readonly ChartRow[];
  /** The entry, liquidation, order and TP/SL prices drawn across the chart. */
  lines: readonly ChartMarkLine[];
  window: ChartWindow;
}

const heldCandles = keepWhileEqual(sameArray<CandleView>((a, b) => a.t === b.t && a.o === b.o && a.h === b.h && a.l === b.l && a.c === b.c && a.volume === b.volume));
const heldHistory = keepWhileEqual<TerminalState['candleHistory']>(
  (a, b) => a.oldestT === b.oldestT && a.newestT === b.newestT && a.loadingOlder === b.loadingOlder && a.noOlder === b.noOlder,
);
// Position rows change with every mark; the lines only when an entry, a liquidation or an order moves.
const heldLines = keepWhileEqual(sameArray<ChartMarkLine>((a, b) => a.kind === b.kind && a.price === b.price));
const linesOf = memoBy(
  (s: TerminalState) => [s.trading.orders, s.trading.positions, s.market?.id],
  (s: TerminalState): readonly ChartMarkLine[] => heldLines(s.market ? chartLines(s.trading.orders, s.trading.positions, s.market.id) : []),
);

const priceDecimalsOf = (s: TerminalState): number => s.market?.priceDecimals ?? 0;

const windowAt = memoBy(
  (candles: readonly CandleView[], priceDecimals: number, cursorT: number | null, width: number) => [candles, priceDecimals, cursorT, width],
  (candles: readonly CandleView[], priceDecimals: number, cursorT: number | null, width: number): ChartWindow => chartWindow(candles, { width, priceDecimals, cursorT }),
);

/** The window of a chart `width` candle columns wide (the pane's inner width) where the store's chart looks. */
export function chartWindowOf(s: TerminalState, width: number): ChartWindow {
  return windowAt(heldCandles(s.candles), priceDecimalsOf(s), s.chart.cursorT, width);
}

// The pane's chart draws again only the rows a moving last candle changes.
const drawChart = incrementalCandleChart();

const build = memoBy(
  (s: TerminalState, liveKey: string, width: number, height: number) => [
    heldCandles(s.candles), heldHistory(s.candleHistory), s.chart, linesOf(s), priceDecimalsOf(s), s.resolution, liveKey, width, height,
  ],
  (s: TerminalState, liveKey: string, width: number, height: number): ChartPaneView => {
    const inner = Math.max(0, width - 2);
    const candles = heldCandles(s.candles);
    const lines = linesOf(s);
    const window = chartWindowOf(s, inner);
    const model = { candles, history: heldHistory(s.candleHistory), chart: s.chart, lines, priceDecimals: priceDecimalsOf(s), resolution: s.resolution, liveKey };
    return { title: `Chart ${timeframeLabel(s.resolution)}  [ ]`, rows: chartPaneRows(model, inner, Math.max(0, height - 2), window, drawChart), lines, window };
  },
);

/** The chart `width` x `height` cells (its border included); `liveKey`: the key back to live, as shown. */
export function chartView(s: TerminalState, liveKey: string, width: number, height: number): ChartPaneView {
  return build(s, liveKey, width, height);
}
