// The bottom line while trading needs it: the one confirm (default Cancel, confirm/ConfirmLine.tsx), the `:`
// command line (with its refusal), or the newest toasts; otherwise the normal footer. Draws the views only.

import { Text } from 'ink';
import type { ReactNode } from 'react';
import { ConfirmLine } from '../confirm/ConfirmLine.js';
import { useNow } from '../shell/use-now.js';
import { footerHints } from '../keys/footer-hints.js';
import { useKeymap, useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { commandLineView, toastsView } from './view.js';

export function TradingBar({ width, fallback }: { width: number; fallback: ReactNode }) {
  const ui = useTerminal((s) => s.tradingUi);
  const theme = useTheme();
  const now = useNow(500);
  const keymap = useKeymap();
  // The `:` line's own keys (Enter run, Tab complete, ↑ history, Esc close) after it, as the footer shows a mode's keys.
  const lineKeys = useTerminal((s) => (s.tradingUi.commandLine === null ? '' : footerHints(keymap.bindings, { mode: 'command', pane: s.focus }, Math.max(0, width - s.tradingUi.commandLine.length - 4), s)));
  if (ui.confirm) return <ConfirmLine prompt={ui.confirm} width={width} />;
  const line = commandLineView(ui, width, lineKeys);
  if (line) {
    return (
      <Text wrap="truncate">
        <Text color={theme.focus}>{`:${line.typed}█`}</Text>
        <Text color={line.refused ? theme.down : undefined} dimColor={!line.refused}>
          {line.tail}
        </Text>
      </Text>
    );
  }
  const toasts = toastsView(ui.toasts, now, width);
  if (toasts) {
    const color = toasts.tone === 'bad' ? theme.down : toasts.tone === 'good' ? theme.up : theme.info;
    return (
      <Text wrap="truncate" color={color}>
        {toasts.text}
      </Text>
    );
  }
  return <>{fallback}</>;
}
