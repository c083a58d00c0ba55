// The detail page over the top panes (state/detail-overlay.ts): a Journal request's raw frames and
// execution report, `:stats`, `:key`. Its lines come from detail/detail-lines.ts, rebuilt from the store
// on every frame; j / k, ↑ ↓, PgUp / PgDn scroll, with a marker for what is above and below; Esc closes.

import { Text } from 'ink';
import { detailLines, detailTitle } from './detail-lines.js';
import { fitText } from '../format/numbers.js';
import { scrollWindow } from '../format/scroll-window.js';
import { Pane } from '../shell/Pane.js';
import { useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';

/** Rows of the page's text at `height` (border, hint line): what the dispatcher pages by too. */
export const detailTextRows = (height: number): number => Math.max(1, height - 3);

export function DetailOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  // Selected as text: the page redraws only when what it shows changes.
  const view = JSON.parse(
    useTerminal((s) => (s.workspace.detail ? JSON.stringify({ title: detailTitle(s.workspace.detail.subject, s), lines: detailLines(s.workspace.detail.subject, s, inner), scroll: s.workspace.detail.scroll }) : 'null')),
  ) as { title: string; lines: string[]; scroll: number } | null;
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
