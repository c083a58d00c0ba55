// The tape: newest trade first; side as arrow and colour. Its rows are one pre-built block, rebuilt
// only when the shown trades changed, and a trade's row painted once.

import { Text } from 'ink';
import { useMemo } from 'react';
import type { TradeView } from '../../domain/views.js';
import type { TerminalState } from '../../state/store.js';
import { sameArray } from '../../lib/memo-last.js';
import { useTerminalEqual } from '../shell/use-terminal-equal.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useTerminal } from '../shell/store-context.js';
import { paint } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import { tradesView, type TradeRow } from './view.js';

const selectTrades = (s: TerminalState): TradeView[] => s.trades;
// A trade never changes once printed: its key names it.
const sameTrades = sameArray<TradeView>((a, b) => a.key === b.key);

export function TradesPane({ width, height, rows }: { width: number; height: number; rows: number }) {
  const trades = useTerminalEqual(selectTrades, sameTrades);
  const market = useTerminal((s) => s.market);
  const focused = useTerminal((s) => s.focus === 'trades');
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const view = tradesView(trades, market, width, rows);
  // A row kept from the last frame keeps its painted line too (the same string: its cells are found by it).
  const painted = useMemo(() => new WeakMap<TradeRow, string>(), [theme]);
  const lines = useMemo(
    () =>
      view.rows.map((row) => {
        let line = painted.get(row);
        if (line === undefined) {
          line = paint(theme, row.text, row.side === 1 ? 'green' : 'red');
          painted.set(row, line);
        }
        return line;
      }),
    [view, theme, painted],
  );
  return (
    <Pane title="Trades" width={width} height={height} focused={focused}>
      <Text color={theme.muted} wrap="truncate">
        {view.header}
      </Text>
      {lines.length > 0 ? <PrebuiltLines lines={lines} width={inner} /> : <Text color={theme.muted}>no trades yet</Text>}
    </Pane>
  );
}
