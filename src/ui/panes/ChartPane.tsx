// Candle chart with volume; `[` and `]` step the timeframe.

import { Text } from 'ink';
import { timeframeLabel } from '../../state/commands.js';
import { renderCandleChart } from '../format/candle-chart.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { toneColor } from '../theme.js';

export function ChartPane({ width, height }: { width: number; height: number }) {
  const candles = useTerminal((s) => s.candles);
  const market = useTerminal((s) => s.market);
  const resolution = useTerminal((s) => s.resolution);
  const focused = useTerminal((s) => s.focus === 'chart');
  const rows = renderCandleChart(candles, {
    width: Math.max(0, width - 2),
    height: Math.max(0, height - 2),
    priceDecimals: market?.priceDecimals ?? 0,
  });
  return (
    <Pane title={`Chart ${timeframeLabel(resolution)}  [ ]`} width={width} height={height} focused={focused}>
      {rows.map((runs, y) => (
        <Text key={y} wrap="truncate">
          {runs.map((run, i) => (
            <Text key={i} color={toneColor(run.tone)}>
              {run.text}
            </Text>
          ))}
        </Text>
      ))}
    </Pane>
  );
}
