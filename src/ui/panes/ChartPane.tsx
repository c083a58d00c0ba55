// Candle chart with volume; `[` and `]` step the timeframe.

import { Text } from 'ink';
import { timeframeLabel } from '../../state/commands.js';
import { renderCandleChart } from '../format/candle-chart.js';
import { ownLevels } from '../format/own-orders.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { paint, type Colour } from '../ansi.js';
import type { ChartTone } from '../format/candle-chart.js';

const CHART_COLOURS: Record<ChartTone, Colour | undefined> = { up: 'green', down: 'red', axis: 'gray', plain: undefined };

export function ChartPane({ width, height }: { width: number; height: number }) {
  const candles = useTerminal((s) => s.candles);
  const market = useTerminal((s) => s.market);
  const resolution = useTerminal((s) => s.resolution);
  const focused = useTerminal((s) => s.focus === 'chart');
  const orders = useTerminal((s) => s.trading.orders);
  const own = market ? ownLevels(orders, market.id) : null;
  const lines = own ? [...[...own.resting].map((price) => ({ price, mark: '◆' })), ...[...own.triggers].map(([price, role]) => ({ price, mark: role }))] : [];
  const rows = renderCandleChart(candles, {
    width: Math.max(0, width - 2),
    height: Math.max(0, height - 2),
    priceDecimals: market?.priceDecimals ?? 0,
    resolution,
    lines,
  });
  return (
    <Pane title={`Chart ${timeframeLabel(resolution)}  [ ]`} width={width} height={height} focused={focused}>
      {rows.map((runs, y) => (
        <Text key={y} wrap="truncate">
          {runs.map((run) => paint(run.text, CHART_COLOURS[run.tone])).join('')}
        </Text>
      ))}
    </Pane>
  );
}
