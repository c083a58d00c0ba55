// `/` market picker: a table of every market (last, 24 h change and volume, funding, OI) to scan; type to
// filter, Tab / Shift-Tab to sort (watchlist markets first), arrows to choose, Enter selects, Esc closes.

import { Text } from 'ink';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { pickerView } from './view.js';

export function MarketPicker({ width, height }: { width: number; height: number }) {
  const view = useTerminal((s) => pickerView(s, width, height));
  const theme = useTheme();
  return (
    <Pane title={view.title} width={width} height={height} focused>
      <Text wrap="truncate">{view.searchLine}</Text>
      <Text color={theme.muted} wrap="truncate">
        {view.header}
      </Text>
      {view.empty ? <Text color={theme.muted}>no market matches</Text> : null}
      {view.rows.map((row) => (
        <Text key={row.id} inverse={row.chosen} wrap="truncate">
          {row.text}
        </Text>
      ))}
    </Pane>
  );
}
