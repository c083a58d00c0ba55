// The tape: newest trade first; side as arrow and colour. Its rows are one pre-built block, rebuilt
// only when the shown trades changed.

import { Text } from 'ink';
import { useMemo } from 'react';
import type { TradeView } from '../../domain/views.js';
import type { TerminalState } from '../../state/store.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { tradeColumns, tradeHeaderText, tradeRowText } from './rows.js';
import { sameArray, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useTerminal } from '../shell/store-context.js';
import { paint } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';

const selectTrades = (s: TerminalState): TradeView[] => s.trades;
// A trade never changes once printed: its key names it.
const sameTrades = sameArray<TradeView>((a, b) => a.key === b.key);

export function TradesPane({ width, height, rows }: { width: number; height: number; rows: number }) {
  const trades = useTerminalEqual(selectTrades, sameTrades);
  const market = useTerminal((s) => s.market);
  const focused = useTerminal((s) => s.focus === 'trades');
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const first = trades[0];
  const priceWidth = first && market ? formatScaledGrouped(first.price, market.priceDecimals).length : undefined;
  const lines = useMemo(() => {
    if (!market) return [];
    const columns = tradeColumns(inner, priceWidth);
    // Every glyph of a row is one cell wide (digits, separators, ▲ ▼): its length is its width.
    return trades.slice(0, rows).map((trade) => paint(theme, tradeRowText(trade, market, columns).slice(0, inner).padEnd(inner), trade.side === 1 ? 'green' : 'red'));
  }, [trades, market, inner, priceWidth, rows, theme]);
  return (
    <Pane title="Trades" width={width} height={height} focused={focused}>
      <Text color={theme.muted} wrap="truncate">
        {tradeHeaderText(tradeColumns(inner, priceWidth)).padEnd(inner)}
      </Text>
      {lines.length > 0 ? <PrebuiltLines lines={lines} width={inner} /> : <Text color={theme.muted}>no trades yet</Text>}
    </Pane>
  );
}
