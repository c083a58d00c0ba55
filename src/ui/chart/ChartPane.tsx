// Candle chart with volume; `[` and `]` step the timeframe, the chart keys scroll back in time and move a
// cursor (ui/chart/bindings.ts). Drawn only when what it shows changed (the publisher hands over a
// fresh copy of the candles on every tick), as one pre-built block.

import { useMemo } from 'react';
import type { CandleHistoryView, CandleView } from '../../domain/views.js';
import type { TerminalState } from '../../state/store.js';
import { chartLines, type ChartMarkLine } from './chart-lines.js';
import { sameArray, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { displayKey } from '../help/rows.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useKeymap, useTerminal } from '../shell/store-context.js';
import { paint, type Colour } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { ChartTone } from './candle-chart.js';
import { chartView } from './view.js';

const CHART_COLOURS: Record<ChartTone, Colour | undefined> = { up: 'green', down: 'red', axis: 'gray', plain: undefined };

const selectCandles = (s: TerminalState): CandleView[] => s.candles;
const sameCandles = sameArray<CandleView>((a, b) => a.t === b.t && a.o === b.o && a.h === b.h && a.l === b.l && a.c === b.c && a.volume === b.volume);
const selectHistory = (s: TerminalState): CandleHistoryView => s.candleHistory;
const sameHistory = (a: CandleHistoryView, b: CandleHistoryView): boolean =>
  a.oldestT === b.oldestT && a.newestT === b.newestT && a.loadingOlder === b.loadingOlder && a.noOlder === b.noOlder;
// Position rows change with every mark; the lines only when an entry, a liquidation or an order moves.
const selectLines = (s: TerminalState): ChartMarkLine[] => (s.market ? chartLines(s.trading.orders, s.trading.positions, s.market.id) : []);
const sameLines = sameArray<ChartMarkLine>((a, b) => a.kind === b.kind && a.price === b.price);

export function ChartPane({ width, height }: { width: number; height: number }) {
  const candles = useTerminalEqual(selectCandles, sameCandles);
  const history = useTerminalEqual(selectHistory, sameHistory);
  const lines = useTerminalEqual(selectLines, sameLines);
  const chart = useTerminal((s) => s.chart);
  const market = useTerminal((s) => s.market);
  const resolution = useTerminal((s) => s.resolution);
  const focused = useTerminal((s) => s.focus === 'chart');
  const keymap = useKeymap();
  const theme = useTheme();
  const liveKey = displayKey(keymap.keyOf('chartLive') ?? '-');
  const view = chartView({ candles, history, chart, lines, priceDecimals: market?.priceDecimals ?? 0, resolution, liveKey }, width, height);
  const rows = useMemo(() => view.rows.map((runs) => runs.map((run) => paint(theme, run.text, CHART_COLOURS[run.tone])).join('')), [view, theme]);
  return (
    <Pane title={view.title} width={width} height={height} focused={focused}>
      <PrebuiltLines lines={rows} width={Math.max(0, width - 2)} />
    </Pane>
  );
}
