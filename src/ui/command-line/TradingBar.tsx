// The bottom line while trading needs it: the one confirm (default Cancel), the `:` command line (with its
// error), or the newest toast; otherwise the normal footer.

import { Text } from 'ink';
import type { ReactNode } from 'react';
import { confirmLineFit } from '../confirm/confirm-text.js';
import { cutFromStart, typedRoom } from '../format/editor-line.js';
import { fitText } from '../format/numbers.js';
import { useNow } from '../shell/use-now.js';
import { footerHints } from '../keys/footer-hints.js';
import { useKeymap, useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { shownToasts } from '../../state/trading-actions.js';

export function TradingBar({ width, fallback }: { width: number; fallback: ReactNode }) {
  const ui = useTerminal((s) => s.tradingUi);
  const theme = useTheme();
  const now = useNow(500);
  const keymap = useKeymap();
  // The `:` line's own keys (Enter run, Tab complete, ↑ history, Esc close) after it, as the footer shows a mode's keys.
  const lineKeys = useTerminal((s) => (s.tradingUi.commandLine === null ? '' : footerHints(keymap.bindings, { mode: 'command', pane: s.focus }, Math.max(0, width - s.tradingUi.commandLine.length - 4), s)));
  if (ui.confirm) {
    return (
      <Text wrap="truncate" color={theme.warn} bold>
        {confirmLineFit(ui.confirm, width)}
      </Text>
    );
  }
  if (ui.commandLine !== null) {
    // One tail after the line: the error, else Tab's candidates, else the line's keys (dim).
    const tail = ui.commandError ? `  ✗ ${ui.commandError}` : ui.commandHint ? `  Tab: ${ui.commandHint}` : `  ${lineKeys}`;
    // An error is read whole: the typed line gives way from its start where both do not fit (the cursor end stays,
    // at least TYPED_CELLS_KEPT of it, so what the line holds is always in view).
    const line = ui.commandError ? cutFromStart(ui.commandLine, typedRoom(width - 2, tail.length)) : ui.commandLine;
    return (
      <Text wrap="truncate">
        <Text color={theme.focus}>{`:${line}█`}</Text>
        <Text color={ui.commandError ? theme.down : undefined} dimColor={!ui.commandError}>
          {fitText(tail, Math.max(0, width - line.length - 2))}
        </Text>
      </Text>
    );
  }
  // Several at once share the line, how requests ended before fills news: a fill toast never hides a panic
  // summary or an order's outcome ("partially filled ...").
  const live = shownToasts(ui.toasts, now);
  const toast = live[0];
  if (toast) {
    const color = toast.tone === 'bad' ? theme.down : toast.tone === 'good' ? theme.up : theme.info;
    const text = live.map((t) => `${t.tone === 'bad' ? '✗' : '●'} ${t.text}`).join('  ');
    return (
      <Text wrap="truncate" color={color}>
        {fitText(` ${text}`, width)}
      </Text>
    );
  }
  return <>{fallback}</>;
}
