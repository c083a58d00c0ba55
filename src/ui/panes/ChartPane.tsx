// Candle chart with volume; `[` and `]` step the timeframe. Drawn only when what it shows changed
// (the publisher hands over a fresh copy of the candles on every tick), as one pre-built block.

import { useMemo } from 'react';
import type { CandleView } from '../../domain/views.js';
import { timeframeLabel } from '../../domain/timeframes.js';
import type { TerminalState } from '../../state/store.js';
import { renderCandleChart } from '../format/candle-chart.js';
import { ownLevels } from '../format/own-orders.js';
import { sameArray, useTerminalEqual } from '../hooks/use-terminal-equal.js';
import { Pane } from '../Pane.js';
import { PrebuiltLines } from '../PrebuiltLines.js';
import { useTerminal } from '../store-context.js';
import { paint, type Colour } from '../ansi.js';
import { useTheme } from '../theme.js';
import type { ChartTone } from '../format/candle-chart.js';

const CHART_COLOURS: Record<ChartTone, Colour | undefined> = { up: 'green', down: 'red', axis: 'gray', plain: undefined };

const selectCandles = (s: TerminalState): CandleView[] => s.candles;
const sameCandles = sameArray<CandleView>((a, b) => a.t === b.t && a.o === b.o && a.h === b.h && a.l === b.l && a.c === b.c && a.volume === b.volume);

export function ChartPane({ width, height }: { width: number; height: number }) {
  const candles = useTerminalEqual(selectCandles, sameCandles);
  const market = useTerminal((s) => s.market);
  const resolution = useTerminal((s) => s.resolution);
  const focused = useTerminal((s) => s.focus === 'chart');
  const orders = useTerminal((s) => s.trading.orders);
  const theme = useTheme();
  const marketId = market?.id;
  const priceDecimals = market?.priceDecimals ?? 0;
  const inner = Math.max(0, width - 2);
  const rows = useMemo(() => {
    const own = marketId === undefined ? null : ownLevels(orders, marketId);
    const lines = own ? [...[...own.resting].map((price) => ({ price, mark: '◆' })), ...[...own.triggers].map(([price, role]) => ({ price, mark: role }))] : [];
    const chart = renderCandleChart(candles, { width: inner, height: Math.max(0, height - 2), priceDecimals, resolution, lines });
    return chart.map((runs) => runs.map((run) => paint(theme, run.text, CHART_COLOURS[run.tone])).join(''));
  }, [candles, orders, marketId, priceDecimals, resolution, inner, height, theme]);
  return (
    <Pane title={`Chart ${timeframeLabel(resolution)}  [ ]`} width={width} height={height} focused={focused}>
      <PrebuiltLines lines={rows} width={inner} />
    </Pane>
  );
}
