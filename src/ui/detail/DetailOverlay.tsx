// The detail page over the top panes (state/detail-overlay.ts): a Journal request's raw frames and
// execution report, `:stats`, `:key`. Its lines come from ui/detail/view.ts, rebuilt when what they
// read changes; j / k, ↑ ↓, PgUp / PgDn scroll, with a marker for what is above and below; Esc closes.

import { Text } from 'ink';
import { fitText } from '../format/numbers.js';
import { scrollWindow } from '../format/scroll-window.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { detailTextRows, detailView } from './view.js';

export function DetailOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  // The same build the scroll keys bound by (ui/detail/view.ts): redrawn only when the page changes.
  const view = useTerminal((s) => detailView(s, inner));
  if (!view) return null;
  const room = detailTextRows(height);
  const { first, visible, more } = scrollWindow(view.lines.length, room, view.scroll);
  return (
    <Pane title={view.title} width={width} height={height} focused>
      <Text color={theme.muted} wrap="truncate">
        {fitText('Esc closes · j/k ↑↓ PgUp/PgDn scroll', inner)}
      </Text>
      {view.lines.slice(first, first + visible).map((line, i) => (
        <Text key={`${first + i}`} wrap="truncate">
          {fitText(line, inner)}
        </Text>
      ))}
      {more ? (
        <Text color={theme.warn} wrap="truncate">
          {fitText(more, inner)}
        </Text>
      ) : null}
    </Pane>
  );
}
