// `/` market picker: type to filter, arrows to choose, Enter selects, Esc closes.

import { Text } from 'ink';
import { filterMarkets } from '../../state/actions.js';
import { fitText } from '../format/numbers.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { useTheme } from '../theme.js';

export function MarketPicker({ width, height }: { width: number; height: number }) {
  const picker = useTerminal((s) => s.picker);
  const theme = useTheme();
  const markets = useTerminal((s) => s.markets);
  const current = useTerminal((s) => s.market?.id ?? null);
  const inner = Math.max(0, width - 2);
  const matches = filterMarkets(markets, picker.query);
  const visible = Math.max(0, height - 4);
  // Keep the selection on screen when the list is longer than the pane.
  const first = Math.max(0, Math.min(picker.selected - visible + 1, matches.length - visible));
  return (
    <Pane title="Market" width={width} height={height} focused>
      <Text wrap="truncate">{fitText(`/ ${picker.query}▏`, inner)}</Text>
      {matches.length === 0 ? <Text color={theme.muted}>no market matches</Text> : null}
      {matches.slice(first, first + visible).map((m, i) => {
        const index = first + i;
        const line = `${index === picker.selected ? '›' : ' '} ${m.symbol.padEnd(10)} ${m.name.padEnd(14)} #${m.id}${m.id === current ? '  (current)' : ''}`;
        return (
          <Text key={m.id} inverse={index === picker.selected} wrap="truncate">
            {fitText(line, inner)}
          </Text>
        );
      })}
    </Pane>
  );
}
