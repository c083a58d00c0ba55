// The tape: newest trade first; side as arrow and colour.

import { Text } from 'ink';
import { formatScaledGrouped } from '../format/numbers.js';
import { tradeColumns, tradeHeaderText, tradeRowText } from '../format/trade-rows.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

export function TradesPane({ width, height, rows }: { width: number; height: number; rows: number }) {
  const trades = useTerminal((s) => s.trades);
  const market = useTerminal((s) => s.market);
  const focused = useTerminal((s) => s.focus === 'trades');
  const inner = Math.max(0, width - 2);
  const first = trades[0];
  const priceWidth = first && market ? formatScaledGrouped(first.price, market.priceDecimals).length : undefined;
  const columns = tradeColumns(inner, priceWidth);
  return (
    <Pane title="Trades" width={width} height={height} focused={focused}>
      <Text color={theme.muted} wrap="truncate">
        {tradeHeaderText(columns).padEnd(inner)}
      </Text>
      {market && trades.length > 0 ? (
        trades.slice(0, rows).map((trade) => (
          <Text key={trade.key} color={trade.side === 1 ? theme.up : theme.down} wrap="truncate">
            {tradeRowText(trade, market, columns)}
          </Text>
        ))
      ) : (
        <Text color={theme.muted}>no trades yet</Text>
      )}
    </Pane>
  );
}
