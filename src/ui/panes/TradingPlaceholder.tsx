// Where order entry, positions and orders go (issue 6). Layout only for now.

import { Text } from 'ink';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

export function TradingPlaceholder({ width, height }: { width: number; height: number }) {
  const focused = useTerminal((s) => s.focus === 'trading');
  const keyScope = useTerminal((s) => s.keyScope);
  return (
    <Pane title="Positions | Open orders | Fills" width={width} height={height} focused={focused}>
      <Text color={theme.muted}>Trading: coming.</Text>
      <Text color={theme.muted}>{keyScope === 'trade' ? 'key: trade scope' : 'read-only: no trade key loaded'}</Text>
    </Pane>
  );
}
